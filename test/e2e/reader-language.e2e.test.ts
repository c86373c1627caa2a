// Every line in its reader's language (issue 31, "Language" §2): what a roll stores (its comment, a
// check's label, an opposed side's notes) is stored as a wording and worded again for each reader; an
// actor's aside is the actor's even when the command speaks to the table; a status name in a note is
// the reader's word, not the sheet's Japanese. Played through the real client in a Japanese server with
// a Korean player (and a Japanese and an English one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';
import { fixture, fateDriver, opt, sub, SERVANT_STATUSES } from './fate-driver.js';

let h: Harness;
const { fightState } = fateDriver(() => h);
let guildId = '';
const KANA = /[\u3040-\u30ff]/;
const HANGUL = /[\uac00-\ud7a3]/;
const isEphemeral = (f: { flags?: number } | undefined) => ((f?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

beforeAll(async () => {
  h = await startHarness('reader-language');
  guildId = h.fake.createGuild({ name: '聖杯戦争卓', locale: 'ja' }).guildId;
});
afterAll(async () => {
  await h?.close();
});

type User = { id: string };
const runIn = (channelId: string) => (user: User, locale: string, name: string, options: unknown) =>
  h.fake.command({ name, channelId, guildId, user: user as never, locale, options: options as never });

/** A master 한서준 and servant 세이버 (Hangul names, so a kana in a Korean reader's text is a leak). */
async function importKoreanPair(channelId: string, user: User, servantStatuses = SERVANT_STATUSES) {
  const servant = fixture('saber.txt').replaceAll('セイバー', '세이버').replace(SERVANT_STATUSES, servantStatuses);
  const master = fixture('master.txt').replaceAll('例・魔術師', '한서준').replace('【サーヴァント】セイバー', '【サーヴァント】세이버');
  for (const [file, content] of [['s.txt', servant], ['m.txt', master]] as const) {
    await runIn(channelId)(user, 'ko', 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: file, content }))]));
  }
}

describe('a Korean player at a Japanese table reads Korean (issue 31)', () => {
  let room = '';
  it('the aside after /attack is the attacker’s: 「행운 1/1」, not 「幸運 1/1」 (seed 001 L50, L215)', async () => {
    const { gm, player } = h.fake.users;
    room = h.fake.createTextChannel({ name: 'fight', guildId });
    const run = runIn(room);
    await run(gm, 'ja', 'gm', sub('claim'));
    await importKoreanPair(room, player);
    await run(gm, 'ja', 'combat', sub('start', [opt('ruleset', 'fate')]));
    await run(gm, 'ja', 'combat', sub('add', [opt('who', '세이버'), opt('side', 'us')]));
    await run(gm, 'ja', 'combat', sub('add', [opt('who', 'Golem'), opt('side', 'them'), opt('hp', 60), opt('iv', 1), opt('pool', '10d6<=4')]));
    await run(gm, 'ja', 'combat', sub('next'));
    const attack = await run(player, 'ko', 'attack', [opt('target', 'Golem'), opt('status', 'str'), opt('weapon', 0)]);
    expect(embedText(answerOf(attack))).toMatch(KANA); // the table's post is Japanese
    await h.fake.waitFor(() => attack.followUps.some(isEphemeral));
    const aside = attack.followUps.filter(isEphemeral).map(embedText).join('\n');
    expect(aside).toMatch(/행운 \d+\/\d+/);
    expect(aside).not.toMatch(KANA);
  });

  it('the DM after a Command Seal is approved is Korean: 「영주: 세이버가 Golem을 공격」, not 「が … を攻撃」 (seed 001 L291)', async () => {
    const { gm, player } = h.fake.users;
    const rollId = (await fightState(room)).pending!.rollId;
    const gmBefore = h.fake.dms(gm.id).length;
    const before = h.fake.dms(player.id).length;
    await runIn(room)(player, 'ko', 'seal', [opt('effect', 'auto'), opt('master', '한서준'), opt('roll', rollId)]);
    const dm = await h.fake.waitFor(() => h.fake.dms(gm.id).slice(gmBefore).find((m) => m.components.length > 0));
    const approve = dm.components.flatMap((r: any) => r.components).find((b: any) => String(b.custom_id).startsWith('seal:approve:'));
    await h.fake.button({ customId: approve.custom_id, user: gm, guildId: null, message: dm, locale: 'ja' } as never);
    await h.fake.waitFor(() => h.fake.dms(player.id).length >= before + 2);
    const dms = h.fake.dms(player.id).slice(before).map((m) => embedText(m.body)).join('\n');
    expect(dms).toContain('세이버가 Golem을 공격');
    expect(dms).not.toMatch(KANA);
    // the table's post of the sealed roll stays Japanese
    const post = h.fake.channelMessages(room).map((m) => embedText(m.body)).filter((t) => t.includes('Golem')).at(-1)!;
    expect(post).toContain('세이버 が Golem を攻撃');
  });

  it('a mark note in a Korean channel names the status in Korean: 「민첩의 "+"」, not the sheet’s 敏捷 (seed 001 L897–902)', async () => {
    const { gm, player } = h.fake.users;
    const ko = h.fake.createTextChannel({ name: 'ko-table', guildId });
    const run = runIn(ko);
    await run(gm, 'ja', 'gm', sub('claim'));
    await run(gm, 'ja', 'gm', sub('language', [opt('language', 'ko')]));
    await importKoreanPair(ko, h.fake.users.player2, '筋力B 耐久B 敏捷A+ 魔力C 幸運C 宝具A');
    const check = await run(h.fake.users.player2, 'ko', 'check', [opt('status', 'agi'), opt('character', '세이버'), opt('marks', true)]);
    const text = embedText(answerOf(check));
    expect(text).toMatch(/민첩의 "\+"/);
    expect(text).not.toContain('敏捷');
    void player;
  });

  it('a Japanese table’s opposed check by a Korean player names its statuses in Japanese, not 「민첩」「행운」 (seed 001 L41)', async () => {
    const { gm, player, player2 } = h.fake.users;
    const ja = h.fake.createTextChannel({ name: 'opposed', guildId });
    const run = runIn(ja);
    await run(gm, 'ja', 'gm', sub('claim'));
    await importKoreanPair(ja, player);
    const other = fixture('saber.txt').replaceAll('セイバー', 'ランサー');
    await run(player2, 'ja', 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'l.txt', content: other }))]));
    const opposed = await run(player, 'ko', 'check', [opt('status', 'agi'), opt('character', '세이버'), opt('against', 'ランサー'), opt('against_status', 'luk')]);
    const text = embedText(answerOf(opposed)).replace(/세이버|한서준/g, '');
    expect(text).toContain('敏捷');
    expect(text).toContain('幸運');
    expect(text).not.toMatch(HANGUL);
  });

  it('a luck reroll by an English player at a Japanese table names the status in Japanese, not 「Strength」 (issue 30; seed 001 L215)', async () => {
    const { gm } = h.fake.users;
    const en = { ...h.fake.users.player2 };
    const room2 = h.fake.createTextChannel({ name: 'luck', guildId });
    const run = runIn(room2);
    await run(gm, 'ja', 'gm', sub('claim'));
    const sheet = fixture('saber.txt').replaceAll('セイバー', 'Rider').replace(SERVANT_STATUSES, '筋力E 耐久B 敏捷B 魔力C 幸運C 宝具A');
    await run(en, 'en', 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'r.txt', content: sheet }))]));
    // 筋力E: 2 dice ≤ 1, almost always a failed die to reroll
    let rerolled = '';
    for (let i = 0; i < 6 && !rerolled; i++) {
      await run(en, 'en', 'check', [opt('status', 'str'), opt('character', 'Rider')]);
      const luck = await run(en, 'en', 'luck', sub('reroll'));
      if (!isEphemeral(answerOf(luck) as never)) rerolled = embedText(answerOf(luck));
    }
    expect(rerolled).toContain('筋力');
    expect(rerolled).not.toContain('Strength');
  });
});
