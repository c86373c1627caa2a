// Each side of a percentage battle reads its own view of it (seed 000 L28 「승률은 자기 진영 혹은 선수
// 관점」: a win rate is read from one's own side; L43: a Command Seal raises one's own final rate; README
// "Who sees what": the two sides read the status picks, superior/inferior per status and the final
// win rate, their own war power only, never the other side's values or stored mana). Through the real
// client: 遠坂 (the first side) is inferior in every status and 間桐 superior; 間桐 spends a seal;
// 遠坂 reads 20 % and 間桐 80 % with its seal as +30 %, each its own numbers only — both when /battle
// rolls at once and when it is held for seals (the seal window); the GM reads both sides' numbers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState } from '../../src/services/war/state.js';
import { row } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';
import type { FakeUser, RecordedMessage } from './fake-discord/types.js';

let h: Harness;
let channelId = '';
let gm: FakeUser;
let tohsaka: FakeUser;
let matou: FakeUser;
let bystander: FakeUser;
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const percent = async (name: string) => ((await row(h.store, 'factions', (c) => eq(c.name, name))).state as FactionState).percent!;
const run = (user: FakeUser, name: string, options: any[]) => h.fake.command({ name, channelId, user, locale: 'ja', options });
const war = (user: FakeUser, name: string, options: { name: string; value: any }[] = []) => run(user, 'war', sub(name, options));
const dmsSince = (u: FakeUser, from: number) => h.fake.dms(u.id).slice(from);
const textOf = (ms: RecordedMessage[]) => ms.map((m) => embedText(m.body)).join('\n');
const channelText = () => h.fake.channelMessages(channelId).map((m) => [m.content, embedText(m.body), ...m.edits.map(embedText)].join('\n')).join('\n');
const ids = (m: RecordedMessage): string[] => m.components.flatMap((r: any) => r.components.map((c: any) => c.custom_id));
/** The per-status lines of a battle view: 「筋力: 37 対 ?、優位」. */
const statusLines = (text: string) => text.split('\n').filter((l) => /^\S+: \S+ 対 \S+、/.test(l));

// Both servants are Sabers (+10 STR END AGI, L31). 遠坂: Lv 35, 130 points (L29); 間桐: Lv 50, 160 points.
// Every status of 遠坂 is 5 below 間桐's: 32/32/32/22/21/21 against 37/37/37/27/26/26, whatever the drawn third.
const TOHSAKA_POWERS = ['32', '22', '21'];
const MATOU_POWERS = ['37', '27', '26'];

beforeAll(async () => {
  h = await startHarness('pvp-battle-sides');
  h.fake.setGuildLocale(h.fake.guildId, 'ja');
  channelId = h.fake.createTextChannel({ name: 'fuyuki' });
  ({ gm, player: tohsaka, player2: matou, moderator: bystander } = h.fake.users);
  await run(gm, 'gm', sub('claim'));
  await war(gm, 'start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: '冬木' }]);
  await war(tohsaka, 'join', [{ name: 'faction', value: '遠坂' }, { name: 'class', value: 'saber' }, { name: 'level', value: 35 }, { name: 'statuses', value: '22 22 22 22 21 21' }, { name: 'mag', value: 30 }]);
  await war(matou, 'join', [{ name: 'faction', value: '間桐' }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]);
  await war(gm, 'advance');
});
afterAll(async () => {
  await h?.close();
});

/** What a side must never read of the other: its war power per status, its rate, its mana. */
function expectOwnViewOnly(text: string, side: { own: string; other: string; otherPowers: string[]; otherRate: number; result: '優位' | '劣位' }) {
  const lines = statusLines(text);
  expect(lines).toHaveLength(3);
  // Its own war power against "?", and its own superiority per status.
  for (const l of lines) expect(l).toMatch(new RegExp(`^\\S+: \\d+ 対 \\?、${side.result}$`));
  for (const p of side.otherPowers) expect(lines.join('\n')).not.toContain(`: ${p} 対`);
  expect(text).not.toContain(`勝率${side.otherRate}%`);
  expect(text).not.toContain(`最終勝率 ${side.otherRate}%`);
  // Numbers made of both sides' numbers are the GM's alone.
  expect(text).not.toMatch(/総戦力差 [+-]?\d|最大レベル差 [+-]?\d|スキル・その他 [+-]?\d|^勝率 \d/m);
  expect(text).toContain('相手の数値が分かってしまうため、両陣営には表示しません');
  // The other faction's mana, seals and retreat are its own.
  expect(text).not.toContain(`${side.other}：戦闘終了`);
  expect(text).not.toContain(`${side.other}の敗北`);
  expect(text).not.toContain(`${side.other}の令呪`);
  expect(text).toContain(`${side.own}：戦闘終了`);
}

async function settleRetreats() {
  for (const name of ['遠坂', '間桐']) {
    if ((await percent(name)).pendingRetreat) await war(gm, 'retreat', [{ name: 'choice', value: 'seals' }, { name: 'faction', value: name }]);
  }
}

describe('each side reads its own view of a battle (seed 000 L28, L43)', () => {
  it('rolled at once: 遠坂 reads 20 %, 間桐 80 % with its own seal as +30 %; neither reads the other’s numbers; the GM reads both', async () => {
    const from = { t: h.fake.dms(tohsaka.id).length, m: h.fake.dms(matou.id).length, gm: h.fake.dms(gm.id).length };
    // 3 inferior for 遠坂: base 0; total war power −15, level 35 − 50 = −15, GM +80 → 50; 間桐's seal −30 → 20 (L27, L28, L43).
    const ex = await run(gm, 'battle', [{ name: 'ours', value: '遠坂' }, { name: 'theirs', value: '間桐' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'other', value: 80 }, { name: 'their_seals', value: 1 }]);
    expect(ephemeral(ex)).toBe(true);
    await h.fake.waitFor(() => dmsSince(tohsaka, from.t).some((m) => /出目/.test(embedText(m.body))) && dmsSince(matou, from.m).some((m) => /出目/.test(embedText(m.body))));
    const t = textOf(dmsSince(tohsaka, from.t));
    const m = textOf(dmsSince(matou, from.m));

    // 遠坂, the first side: inferior in every status, its own 20 %, nothing of 間桐's seal or numbers.
    expect(t).toContain('筋力: 32 対 ?、劣位');
    expect(t).toContain('3つとも劣位: 基礎勝率 0%');
    expect(t).toContain('最終勝率 20%');
    expect(t).toMatch(/出目\d+（勝率20%）/);
    expect(t).not.toMatch(/令呪 [+-]?\d+%/);
    expectOwnViewOnly(t, { own: '遠坂', other: '間桐', otherPowers: MATOU_POWERS, otherRate: 80, result: '劣位' });

    // 間桐, the second side: superior in every status from its side, its own 80 %, its seal +30 % for itself.
    expect(m).toContain('筋力: 37 対 ?、優位');
    expect(m).toContain('敏捷: 37 対 ?、優位');
    expect(m).toContain('3つとも優位: 基礎勝率 100%');
    expect(m).toContain('令呪 +30%');
    expect(m).not.toContain('令呪 -30%');
    expect(m).toContain('最終勝率 80%');
    expect(m).toMatch(/出目\d+（21以上で勝利、勝率80%）/);
    expectOwnViewOnly(m, { own: '間桐', other: '遠坂', otherPowers: TOHSAKA_POWERS, otherRate: 20, result: '優位' });

    // The GM reads the first side's view with both sides' numbers.
    const gmText = embedText(answerOf(ex));
    expect(gmText).toContain('筋力: 32 対 37、劣位');
    expect(gmText).toContain('敏捷: 32 対 37、劣位');
    expect(gmText).toContain('3つとも劣位: 基礎勝率 0%');
    expect(gmText).toContain('総戦力差 -15%');
    expect(gmText).toContain('最大レベル差 -15%');
    expect(gmText).toContain('スキル・その他 +80%');
    expect(gmText).toContain('勝率 50%');
    expect(gmText).toContain('間桐の令呪 -30%');
    expect(gmText).toContain('最終勝率 20%');
    expect(gmText).toContain('遠坂：戦闘終了');
    expect(gmText).toContain('間桐：戦闘終了');
    expect((await percent('間桐')).sealsLeft).toBe(2);

    // The GM had it as the reply; nobody else got anything; the channel hears who won, no number.
    expect(h.fake.dms(bystander.id)).toEqual([]);
    await h.fake.waitFor(() => /が勝利しました/.test(channelText()));
    expect(channelText()).not.toMatch(/\d+%|対/);
  });

  it('held for seals: each side reads its own rate so far, 間桐 adds a seal, and each reads its own final rate', async () => {
    await settleRetreats();
    const from = { t: h.fake.dms(tohsaka.id).length, m: h.fake.dms(matou.id).length, gm: h.fake.dms(gm.id).length };
    const matouSeals = (await percent('間桐')).sealsLeft;
    // 0 − 15 − 15 + 70 = 40 for 遠坂, 60 for 間桐; 間桐's seal in the window: 10 and 90.
    const held = await run(gm, 'battle', [{ name: 'ours', value: '遠坂' }, { name: 'theirs', value: '間桐' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'other', value: 70 }, { name: 'seal_window', value: true }]);
    expect(ephemeral(held)).toBe(true);

    const dmT = await h.fake.waitFor(() => dmsSince(tohsaka, from.t).find((m) => m.components.length > 0));
    const dmM = await h.fake.waitFor(() => dmsSince(matou, from.m).find((m) => m.components.length > 0));
    const heldT = embedText(dmT.body);
    const heldM = embedText(dmM.body);
    expect(heldT).toContain('筋力: 32 対 ?、劣位');
    expect(heldT).toContain('最終勝率 40%');
    expect(heldT).not.toContain('60%');
    expect(heldM).toContain('筋力: 37 対 ?、優位');
    expect(heldM).toContain('3つとも優位: 基礎勝率 100%');
    expect(heldM).toContain('最終勝率 60%');
    expect(heldM).not.toContain('40%');
    expect(heldM).toContain(`使える令呪：${matouSeals}画`); // its own seals left (one went in the first battle)
    expect(heldT).toContain(`使える令呪：${(await percent('遠坂')).sealsLeft}画`);
    for (const p of TOHSAKA_POWERS) expect(statusLines(heldM).join('\n')).not.toContain(`: ${p} 対`);
    for (const p of MATOU_POWERS) expect(statusLines(heldT).join('\n')).not.toContain(`: ${p} 対`);

    const gmHeld = embedText(answerOf(held));
    expect(gmHeld).toContain('筋力: 32 対 37、劣位');
    expect(gmHeld).toContain('最終勝率 40%');

    const sealM = ids(dmM).find((id) => id.startsWith('battle:seal:'))!;
    const readyM = ids(dmM).find((id) => id.startsWith('battle:ready:'))!;
    const readyT = ids(dmT).find((id) => id.startsWith('battle:ready:'))!;
    await h.fake.button({ customId: sealM, user: matou, guildId: null, locale: 'ja', message: dmM });
    await h.fake.button({ customId: readyM, user: matou, guildId: null, locale: 'ja', message: dmM });
    const rolled = await h.fake.button({ customId: readyT, user: tohsaka, guildId: null, locale: 'ja', message: dmT });
    expect(ephemeral(rolled)).toBe(true);
    expect(embedText(answerOf(rolled))).not.toMatch(/\d+%/);

    const hasRoll = (u: FakeUser, n: number) => dmsSince(u, n).some((m) => /出目/.test(embedText(m.body)));
    await h.fake.waitFor(() => hasRoll(tohsaka, from.t) && hasRoll(matou, from.m) && hasRoll(gm, from.gm));
    const t = textOf(dmsSince(tohsaka, from.t).filter((m) => m.components.length === 0));
    const m = textOf(dmsSince(matou, from.m).filter((m) => m.components.length === 0));
    const gmText = textOf(dmsSince(gm, from.gm));

    expect(t).toContain('最終勝率 10%');
    expect(t).toMatch(/出目\d+（勝率10%）/);
    expect(t).not.toMatch(/令呪 [+-]?\d+%/);
    expectOwnViewOnly(t, { own: '遠坂', other: '間桐', otherPowers: MATOU_POWERS, otherRate: 90, result: '劣位' });

    expect(m).toContain('令呪 +30%');
    expect(m).not.toContain('令呪 -30%');
    expect(m).toContain('最終勝率 90%');
    expect(m).toMatch(/出目\d+（11以上で勝利、勝率90%）/);
    expectOwnViewOnly(m, { own: '間桐', other: '遠坂', otherPowers: TOHSAKA_POWERS, otherRate: 10, result: '優位' });

    // The GM's copy (a DM: a side's press rolled it) reads both sides' numbers, from the first side.
    expect(gmText).toContain('筋力: 32 対 37、劣位');
    expect(gmText).toContain('間桐の令呪 -30%');
    expect(gmText).toContain('最終勝率 10%');
    expect(gmText).toContain('遠坂：戦闘終了');
    expect(gmText).toContain('間桐：戦闘終了');
    expect((await percent('間桐')).sealsLeft).toBe(matouSeals - 1);
    expect(h.fake.dms(bystander.id)).toEqual([]);
  });

  it('a battle rolled by a side’s "ready" is still the GM’s secret: that side cannot publish the other side’s numbers', async () => {
    await settleRetreats();
    const from = { t: h.fake.dms(tohsaka.id).length, m: h.fake.dms(matou.id).length };
    const posts = h.fake.channelMessages(channelId).length;
    await run(gm, 'battle', [{ name: 'ours', value: '遠坂' }, { name: 'theirs', value: '間桐' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'seal_window', value: true }]);
    const dmT = await h.fake.waitFor(() => dmsSince(tohsaka, from.t).find((m) => m.components.length > 0));
    const dmM = await h.fake.waitFor(() => dmsSince(matou, from.m).find((m) => m.components.length > 0));
    await h.fake.button({ customId: ids(dmM).find((id) => id.startsWith('battle:ready:'))!, user: matou, guildId: null, locale: 'ja', message: dmM });
    await h.fake.button({ customId: ids(dmT).find((id) => id.startsWith('battle:ready:'))!, user: tohsaka, guildId: null, locale: 'ja', message: dmT });
    const commitment = await h.fake.waitFor(() => h.fake.channelMessages(channelId).slice(posts).map((m) => /秘密 #(\d+)/.exec(embedText(m.body))?.[1]).find(Boolean));
    const refused = await run(tohsaka, 'reveal', [{ name: 'id', value: Number(commitment) }]);
    expect(ephemeral(refused)).toBe(true);
    expect(embedText(answerOf(refused))).toContain('持ち主かチャンネルのGMだけ');
    expect(channelText()).not.toMatch(/"powers"/);
  });

  it('a held battle that can no longer be rolled as held: the side whose press tried reads only that, not the other side’s seals; the GM reads why', async () => {
    await settleRetreats();
    const from = { t: h.fake.dms(tohsaka.id).length, m: h.fake.dms(matou.id).length };
    // 間桐's seal is committed when the GM holds the battle (L43) …
    await run(gm, 'battle', [{ name: 'ours', value: '遠坂' }, { name: 'theirs', value: '間桐' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'their_seals', value: 1 }, { name: 'seal_window', value: true }]);
    const dmT = await h.fake.waitFor(() => dmsSince(tohsaka, from.t).find((m) => m.components.length > 0));
    const dmM = await h.fake.waitFor(() => dmsSince(matou, from.m).find((m) => m.components.length > 0));
    // … then 間桐 spends every seal it has for mana (L46), which nobody else is told.
    while ((await percent('間桐')).sealsLeft > 0) await war(matou, 'use', [{ name: 'item', value: 'sealMana' }]);
    await h.fake.button({ customId: ids(dmM).find((id) => id.startsWith('battle:ready:'))!, user: matou, guildId: null, locale: 'ja', message: dmM });
    const failed = await h.fake.button({ customId: ids(dmT).find((id) => id.startsWith('battle:ready:'))!, user: tohsaka, guildId: null, locale: 'ja', message: dmT });
    expect(ephemeral(failed)).toBe(true);
    expect(embedText(answerOf(failed))).toContain('保留した時のままでは戦闘を振れませんでした');
    expect(embedText(answerOf(failed))).not.toMatch(/間桐|令呪は\d+画/);
    // The GM's Roll now names the reason.
    const roll = await h.fake.button({ customId: ids(dmT).find((id) => id.startsWith('battle:ready:'))!.replace('ready', 'roll').replace(/:\d+$/, ':0'), user: gm, locale: 'ja' });
    expect(embedText(answerOf(roll))).toContain('間桐 の令呪は0画しかありません');
  });
});
