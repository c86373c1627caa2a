// The must-show round of issue 11: a Korean GM and three factions (two Korean players, one Japanese)
// play a percentage-rules round through the real discord.js client — declare, resolve, a battle with
// a made charm, a loss with a retreat by seals, the turn end — and every DM reaches its recipient in
// the recipient's language, while no faction's secret shows in another faction's payloads or the channel.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState } from '../../src/services/war/state.js';
import { row } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';
import type { FakeUser } from './fake-discord/types.js';

let h: Harness;
let channelId = '';
let gm: FakeUser;
let tohsaka: FakeUser; // ko, Archer, makes a reinforcement charm
let matou: FakeUser; // ja, gathers information on the Church
let church: FakeUser; // ko, Assassin, raids Matou
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const percent = async (name: string) => ((await row(h.store, 'factions', (c) => eq(c.name, name))).state as FactionState).percent!;
const channelText = () => h.fake.channelMessages(channelId).map((m) => [m.content, embedText(m.body), ...m.edits.map(embedText)].join('\n')).join('\n');
const dmsOf = (u: FakeUser) => h.fake.dms(u.id).map((m) => embedText(m.body));
/** Everything a user was shown: their DMs and their own command replies. */
const seen = new Map<string, string[]>();
const run = async (user: FakeUser, locale: string, name: string, options: any[]) => {
  const ex = await h.fake.command({ name, channelId, user, locale, options });
  seen.set(user.id, [...(seen.get(user.id) ?? []), embedText(answerOf(ex))]);
  return ex;
};
const payloadsOf = (u: FakeUser) => [...(seen.get(u.id) ?? []), ...dmsOf(u)].join('\n');

const KANA = /[\u3040-\u30ff]/;
const ENGLISH = /\b(the|mana|turn|rolled|success|failure|wins|declared|faction|seals?)\b/i;
const NAMES = /토오사카|마키리|교회/g;
/** A DM is Korean: Hangul beyond the faction names, no kana, no English sentence words. */
function expectKorean(text: string) {
  expect(text).not.toMatch(KANA);
  expect(text).not.toMatch(ENGLISH);
  expect(text.replace(NAMES, '')).toMatch(/[\uac00-\ud7a3]/);
}
/** A DM is Japanese: kana, no English sentence words (faction names stay as written). */
function expectJapanese(text: string) {
  expect(text).toMatch(KANA);
  expect(text).not.toMatch(ENGLISH);
}

// Unique markers of each faction's secrets.
const SECRET = { tohsaka: '보석마술 준비 XQ1', matou: '蟲の偵察 XQ2', church: '새벽 습격 XQ3' };

beforeAll(async () => {
  h = await startHarness('pvp-ko');
  h.fake.setGuildLocale(h.fake.guildId, 'ko'); // a Korean server: the table reads Korean (issue 18)
  channelId = h.fake.createTextChannel({ name: 'seihai' });
  gm = h.fake.users.gm;
  tohsaka = h.fake.users.player;
  matou = h.fake.users.player2;
  church = h.fake.createUser({ username: 'player_three', globalName: 'Player Three' });
  await run(gm, 'ko', 'gm', sub('claim'));
  await run(gm, 'ko', 'war', sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: '후유키' }]));
  // Statuses allocated by the players (seed 000 L23, L29: Lv 50 servant = 160 points, Lv 20 master = 80).
  await run(tohsaka, 'ko', 'war', sub('join', [{ name: 'faction', value: '토오사카' }, { name: 'class', value: 'archer' }, { name: 'archer_bonus', value: 'agi' }, { name: 'level', value: 50 }, { name: 'statuses', value: '40 30 30 20 20 20' }, { name: 'master_level', value: 20 }, { name: 'master_statuses', value: '10 10 10 50 0 0' }]));
  await run(matou, 'ja', 'war', sub('join', [{ name: 'faction', value: '마키리' }, { name: 'class', value: 'rider' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]));
  await run(church, 'ko', 'war', sub('join', [{ name: 'faction', value: '교회' }, { name: 'class', value: 'assassin' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 25 }]));
  await run(gm, 'ko', 'war', sub('advance'));
});
afterAll(async () => {
  await h?.close();
});

describe('a Korean three-faction PvP round (seed 000), each DM in its recipient’s language', () => {
  it('join takes the player’s allocation and MAG; a missing mag: is asked for, not taken as 0 (seed 000 L23, L29, L31, L35)', async () => {
    const p = await percent('토오사카');
    expect(p.allocation).toEqual({ str: 40, end: 30, agi: 30, mag: 20, luk: 20, np: 20 });
    expect(p).toMatchObject({ masterMag: 50, mana: 200, archerPick: 'agi' });
    const refused = await h.fake.command({ name: 'war', channelId, user: h.fake.users.moderator, locale: 'ko', options: sub('join', [{ name: 'faction', value: '무명' }, { name: 'level', value: 50 }]) });
    expect(ephemeral(refused)).toBe(true);
    expect(embedText(answerOf(refused))).toContain('마스터의 마');
  });

  it('declarations: each reply in the declarer’s language, no Assassin revealed to the gatherer, the GM told in Korean (seed 000 L3, L11, L13, L16)', async () => {
    const a = await run(tohsaka, 'ko', 'act', [{ name: 'action', value: 'mysticCode' }, { name: 'item', value: 'charmStrength' }, { name: 'creator', value: 'master' }, { name: 'text', value: SECRET.tohsaka }]);
    expect(ephemeral(a)).toBe(true);
    expect(embedText(answerOf(a))).toContain('100%'); // master MAG 50 × 2 (L3)
    const b = await run(matou, 'ja', 'act', [{ name: 'action', value: 'infoGathering' }, { name: 'mode', value: 'deep' }, { name: 'targets', value: '교회' }, { name: 'text', value: SECRET.matou }]);
    expect(ephemeral(b)).toBe(true);
    const matouReply = embedText(answerOf(b));
    expectJapanese(matouReply);
    expect(matouReply).not.toMatch(/アサシン|어쌔신|Assassin/); // the Church's class is not the gatherer's to know (L13, L31)
    expect(matouReply).toContain('50%');
    const c = await run(church, 'ko', 'act', [{ name: 'action', value: 'contact' }, { name: 'targets', value: '마키리' }, { name: 'raid', value: true }, { name: 'text', value: SECRET.church }]);
    expect(ephemeral(c)).toBe(true);
    expectKorean(embedText(answerOf(c)));

    const gmDms = await h.fake.waitFor(() => (dmsOf(gm).some((d) => d.includes('모든 진영이 선언했습니다')) ? dmsOf(gm) : undefined));
    for (const dm of gmDms) expectKorean(dm.replace(/XQ\d|蟲の偵察/g, ''));
    const all = gmDms.join('\n');
    expect(all).toContain('어쌔신 진영 대상 −20%'); // the GM sees the real modifier
    for (const secret of Object.values(SECRET)) expect(all).toContain(secret);
    expect(channelText()).toMatch(/sha256:[0-9a-f]{64}/);
  });

  it('resolve: each faction hears its own results in its own language; the raided faction is told (seed 000 L3–4, L11, L18)', async () => {
    const before = { t: dmsOf(tohsaka).length, m: dmsOf(matou).length, c: dmsOf(church).length };
    const ex = await run(gm, 'ko', 'war', sub('resolve'));
    expect(ephemeral(ex)).toBe(true);
    await h.fake.waitFor(() => dmsOf(tohsaka).length > before.t && dmsOf(matou).length > before.m && dmsOf(church).length > before.c);
    const t = dmsOf(tohsaka).slice(before.t).join('\n');
    const m = dmsOf(matou).slice(before.m).join('\n');
    const c = dmsOf(church).slice(before.c).join('\n');
    expectKorean(t);
    expectJapanese(m);
    expectKorean(c);
    expect(t).toContain('작성: 강화부');
    expect(m).toMatch(/情報収集：(成功|失敗)/);
    expect(m).toContain('교회があなたの陣営を襲撃します');
    expect(c).toContain('마키리를 습격 (추가 마력 20)'); // a morning raid costs 20 (L11)
    expect(await percent('토오사카')).toMatchObject({ items: { charmStrength: 1 } });
    expect(await percent('교회')).toMatchObject({ mana: 150 - 20 });
  });

  it('/war log names each declaration by its faction and action in the GM’s Korean, never as a bare #id; a secret keeps its /reveal id', async () => {
    const log = await run(gm, 'ko', 'war', sub('log'));
    expect(ephemeral(log)).toBe(true);
    const lines = embedText(answerOf(log)).split('\n');
    expect(lines.some((l) => l.includes('마키리의 선언 (정보수집)'))).toBe(true);
    expect(lines.some((l) => l.includes('교회의 선언 (다른 진영과 접촉 (습격 포함))'))).toBe(true);
    // Only a secret's line carries "#id" (the id /reveal takes); a declaration never does.
    const hashed = lines.filter((l) => /(?<!<)#\d+/.test(l));
    expect(hashed.length).toBeGreaterThan(0);
    for (const l of hashed) expect(l).toMatch(/비밀/);
    expect(lines.filter((l) => l.includes('선언')).every((l) => !/(?<!<)#\d+/.test(l))).toBe(true);
  });

  it('the faction view: a member sees only their own, in their language; the GM sees all (seed 000 L3–4)', async () => {
    const own = await run(tohsaka, 'ko', 'war', sub('faction_view'));
    expect(ephemeral(own)).toBe(true);
    const text = embedText(answerOf(own));
    expect(text).toContain('강화부 ×1');
    expect(text).not.toContain('마키리');
    const other = await run(tohsaka, 'ko', 'war', sub('faction_view', [{ name: 'faction', value: '교회' }]));
    expect(embedText(answerOf(other))).not.toContain('어쌔신');
    const gmView = await run(gm, 'ko', 'war', sub('faction_view'));
    expect(embedText(answerOf(gmView))).toMatch(/토오사카[\s\S]*마키리[\s\S]*교회/);
  });

  it('a battle with the made charm, a certain loss, and a retreat by seals (seed 000 L4, L22, L43, L47)', async () => {
    const before = { t: dmsOf(tohsaka).length, c: dmsOf(church).length };
    // charms beyond what is held are refused (L3–4)
    const tooMany = await run(gm, 'ko', 'battle', [{ name: 'ours', value: '토오사카' }, { name: 'theirs', value: '교회' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'charms', value: 2 }]);
    expect(embedText(answerOf(tooMany))).toContain('토오사카의 강화부는 1개뿐입니다');
    // −100 and the Church's +30 seal make the rate 0 whatever the statuses: Tohsaka loses for certain.
    const ex = await run(gm, 'ko', 'battle', [{ name: 'ours', value: '토오사카' }, { name: 'theirs', value: '교회' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'charms', value: 1 }, { name: 'other', value: -100 }, { name: 'their_seals', value: 1 }]);
    expect(ephemeral(ex)).toBe(true);
    expect(embedText(answerOf(ex))).toContain('**교회** 승리');
    expect(await percent('토오사카')).toMatchObject({ items: { charmStrength: 0 }, pendingRetreat: { seals: 1 } });
    expect(await percent('교회')).toMatchObject({ sealsLeft: 2 });
    await h.fake.waitFor(() => dmsOf(tohsaka).length > before.t && dmsOf(church).length > before.c);
    const t = dmsOf(tohsaka).slice(before.t).join('\n');
    expectKorean(t);
    expect(t).toContain('토오사카의 패배: 영주 1획을 소모해 철퇴');
    const c = dmsOf(church).slice(before.c).join('\n');
    expectKorean(c);
    expect(dmsOf(matou).join('\n')).not.toContain('승률'); // the third faction is not told the numbers
    // Mana is private (seed 000 L33, L38): each side reads its own battle cost, never the other's stored mana.
    const own = (name: string, p: { mana: number }) => `${name}: 전투 종료, 영령의 레벨만큼 마력 −50 (마력 ${p.mana})`;
    expect(t).toContain(own('토오사카', await percent('토오사카')));
    expect(t).not.toMatch(/교회: 전투 종료/);
    expect(c).toContain(own('교회', await percent('교회')));
    expect(c).not.toMatch(/토오사카: 전투 종료/);
    await h.fake.waitFor(() => channelText().includes('토오사카와 교회가 싸워 **교회**가 이겼습니다'));

    // Until the loss is settled, the turn cannot end (nothing is dropped silently).
    const blocked = await run(gm, 'ko', 'war', sub('advance'));
    expect(embedText(answerOf(blocked))).toContain('패배 처리가 끝나지 않았습니다');
    const retreat = await run(tohsaka, 'ko', 'war', sub('retreat', [{ name: 'choice', value: 'seals' }]));
    expect(embedText(answerOf(retreat))).toContain('토오사카는 영주 1획을 소모해 철퇴했습니다');
    expect(await percent('토오사카')).toMatchObject({ sealsLeft: 2 });
    expect((await percent('토오사카')).pendingRetreat).toBeUndefined();
  });

  it('turn end: upkeep reports in each recipient’s language, and no faction’s secret anywhere else (seed 000 L37–38)', async () => {
    const before = { t: dmsOf(tohsaka).length, m: dmsOf(matou).length, c: dmsOf(church).length };
    const ex = await run(gm, 'ko', 'war', sub('advance'));
    expect(ephemeral(ex)).toBe(true);
    await h.fake.waitFor(() => dmsOf(tohsaka).length > before.t && dmsOf(matou).length > before.m && dmsOf(church).length > before.c);
    expectKorean(dmsOf(tohsaka).slice(before.t).join('\n'));
    const m = dmsOf(matou).slice(before.m).join('\n');
    expectJapanese(m);
    expect(m).toContain('消費魔力');
    expectKorean(dmsOf(church).slice(before.c).join('\n'));

    // Every DM each player ever got is in their language.
    for (const dm of dmsOf(tohsaka)) expectKorean(dm);
    for (const dm of dmsOf(church)) expectKorean(dm);
    for (const dm of dmsOf(matou)) expectJapanese(dm);

    // Secrets: each faction's declaration text, its made item and its class stay with it and the GM.
    const channel = channelText();
    for (const secret of Object.values(SECRET)) expect(channel).not.toContain(secret);
    expect(channel).not.toMatch(/강화부|어쌔신|아처|라이더|정보수집/);
    const of = { tohsaka: payloadsOf(tohsaka), matou: payloadsOf(matou), church: payloadsOf(church) };
    expect(of.matou).not.toContain(SECRET.tohsaka);
    expect(of.church).not.toContain(SECRET.tohsaka);
    expect(of.matou).not.toMatch(/강화부|強化符/);
    // The Church saw the charm used against it in the battle, never its making.
    expect(of.church).not.toContain('작성: 강화부');
    expect(of.tohsaka).not.toContain(SECRET.matou);
    expect(of.church).not.toContain(SECRET.matou);
    expect(of.tohsaka).not.toContain(SECRET.church);
    expect(of.matou).not.toContain(SECRET.church);
    expect(of.tohsaka).not.toMatch(/어쌔신/);
    expect(of.matou).not.toMatch(/アサシン|어쌔신/);
  });

  it('soul eating sensed: the Korean DM resolves the particle for the eater’s name and names the grade in Korean; the Japanese player reads Japanese (seed 000 L6)', async () => {
    await run(gm, 'ko', 'war', sub('set', [{ name: 'faction', value: '교회' }, { name: 'field', value: 'territory' }, { name: 'value', value: 'large' }]));
    let sensed = false;
    for (let i = 0; i < 15 && !sensed; i++) {
      const before = { t: dmsOf(tohsaka).length, m: dmsOf(matou).length, c: dmsOf(church).length };
      await run(church, 'ko', 'act', [{ name: 'action', value: 'soulEating' }]);
      await run(gm, 'ko', 'war', sub('resolve'));
      await h.fake.waitFor(() => dmsOf(church).length > before.c);
      const own = dmsOf(church).slice(before.c).join('\n');
      if (own.includes('혼식: 들켰습니다')) {
        await h.fake.waitFor(() => dmsOf(tohsaka).length > before.t && dmsOf(matou).length > before.m);
        const t = dmsOf(tohsaka).slice(before.t).join('\n');
        // 교회 ends in a vowel: 는, attached — never "은(는)" or a spaced "교회 는" (issue 11, Language).
        expect(t).toContain('혼식을 감지: 교회는 거점(대영지)에 있습니다. 개입할 수 있습니다: /성배전쟁 개입.'); // the command as a Korean client names it (issue 31)
        expect(t).not.toMatch(/\(는\)|\(가\)|\(를\)|교회 는/);
        expectKorean(t);
        const m = dmsOf(matou).slice(before.m).join('\n');
        expect(m).toContain('魂食いを察知：교회は拠点（大領地）にいます。');
        sensed = true;
      } else {
        expect(own).toMatch(/혼식: 들키지 않았습니다 \(굴림 \d+ > 50\)\./);
        await run(gm, 'ko', 'war', sub('advance'));
      }
    }
    expect(sensed).toBe(true);
  });
});
