// BCDice habits through the real discord.js client against the fake Discord (issue 13 §1 "Must show"):
// `2D6>=7` as a sum, `8d6<=4` as a count (seed 001 ダイス判定: dice at or under the status level
// count as successes), each with the reading stated; `S2D6` as a verifiable secret; a BCDice system
// per channel answering `PT60` (PersonaO) and `F8+11-5>=50` (ToshiakiHolyGrailWar).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import { isSystemLoaded } from '../../src/bcdice/index.js';
import { storedDice } from '../../src/services/rolls.js';
import type { RollRow } from '../../src/store/schema/index.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('bcdice-e2e');
});
afterAll(async () => {
  await h?.close();
});

const lastRoll = async () => await row(h.store, 'rolls', undefined, 'newest');
const faces = (r: RollRow) => storedDice(r).map((d) => d.face);
const roll = (expression: string, more: Record<string, unknown> = {}) =>
  h.fake.command({ name: 'roll', ...more, options: [{ name: 'expression', value: expression }] });

describe('/roll reads comparisons the way BCDice users expect', () => {
  it('2D6>=7 compares the SUM with 7 and says so', async () => {
    const ex = await roll('2D6>=7');
    const r = await lastRoll();
    expect(r).toMatchObject({ kind: 'target', normalized: '2d6>=7' });
    const [a, b] = faces(r);
    expect(r.value).toBe(a! + b!);
    expect(r.outcome).toBe(a! + b! >= 7 ? 'success' : 'failure');
    const shown = embedText(answerOf(ex));
    expect(shown).toMatch(/Reading: the SUM of the dice is compared with 7/);
    expect(shown).toContain(String(a! + b!));
  });

  it('8d6<=4 counts the dice showing 4 or less (seed 001 success counting) and says so, in Japanese too', async () => {
    h.fake.setGuildLocale(h.fake.guildId, 'ja'); // a public roll reads the table's language (issue 18)
    const ex = await roll('8d6<=4', { locale: 'ko' });
    h.fake.setGuildLocale(h.fake.guildId, 'en-US');
    const r = await lastRoll();
    expect(r).toMatchObject({ kind: 'count', normalized: '8d6<=4' });
    expect(r.value).toBe(faces(r).filter((f) => f <= 4).length);
    expect(embedText(answerOf(ex))).toMatch(/読み方：ダイスを1個ずつ閾値と比べ、成功数を数えました/);
  });

  it('a comment after a space is the comment; /r is /roll', async () => {
    const ex = await roll('1D100<=50 目星');
    expect(await lastRoll()).toMatchObject({ normalized: '1d100<=50', comment: '目星', kind: 'target' });
    expect(embedText(answerOf(ex))).toContain('目星');
    const short = await h.fake.command({ name: 'r', options: [{ name: 'expression', value: '3D6<=10' }] });
    expect(await lastRoll()).toMatchObject({ kind: 'target', normalized: '3d6<=10' });
    expect(embedText(answerOf(short))).toMatch(/SUM/);
  });

  it('what the engine does not read goes to BCDice: choice[a,b,c], C(10*3+2), 5B6 (listed, no sum)', async () => {
    const choice = await roll('choice[alpha,beta,gamma]');
    expect(embedText(answerOf(choice))).toMatch(/＞ (alpha|beta|gamma)/);
    expect(embedText(answerOf(choice))).toMatch(/Reading: BCDice, game system DiceBot/);
    const calc = await roll('C(10*3+2)');
    expect(embedText(answerOf(calc))).toContain('32');
    const listed = await roll('5B6');
    const r = await lastRoll();
    expect(faces(r)).toHaveLength(5);
    expect(embedText(answerOf(listed))).toContain(faces(r).join(','));
  });

  it('S2D6 is a verifiable secret: ephemeral, DM to the GM, only a commitment in the channel, then /reveal', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'secret' });
    await h.fake.command({ name: 'gm', user: gm, channelId, options: [{ name: 'claim', type: 1 }] });
    const ex = await roll('S2D6 奇襲', { user: player, channelId });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    const r = await lastRoll();
    expect(r).toMatchObject({ secret: true, comment: '奇襲', normalized: '2d6' });
    const dm = await h.fake.waitFor(() => h.fake.dms(gm.id)[0]);
    expect(embedText(dm.body)).toContain(String(r.value));
    const posted = h.fake.channelMessages(channelId).map((m) => embedText(m.body));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatch(/sha256:[0-9a-f]{64}/);
    expect(posted[0]).not.toContain('奇襲');
    const id = Number(/Secret #(\d+)/.exec(posted[0]!)![1]);
    const revealed = embedText(answerOf((await h.fake.command({ name: 'reveal', user: player, channelId, options: [{ name: 'id', value: id }] }))));
    const json = /```json\n(.+)\n```/.exec(revealed)![1]!;
    expect(posted[0]).toContain(createHash('sha256').update(json).digest('hex'));
    expect(JSON.parse(json).result.value).toBe(r.value);
  });
});

describe('/system: any BCDice game system, per channel', () => {
  it('autocompletes over the systems the bcdice package ships', async () => {
    const ac = await h.fake.autocomplete({ name: 'system', options: [{ name: 'set', type: 1, options: [{ name: 'system', value: 'toshiaki', focused: true }] }] });
    expect(answerOf(ac).choices.map((c: { value: string }) => c.value)).toContain('ToshiakiHolyGrailWar');
    const ko = await h.fake.autocomplete({ name: 'system', options: [{ name: 'set', type: 1, options: [{ name: 'system', value: 'cthulhu7th:k', focused: true }] }] });
    expect(answerOf(ko).choices.map((c: { value: string }) => c.value)).toContain('Cthulhu7th:Korean');
  });

  it('PT60 is answered in the PersonaO channel, refused elsewhere; F8+11-5>=50 in the ToshiakiHolyGrailWar channel', async () => {
    const persona = h.fake.createTextChannel({ name: 'persona' });
    const grail = h.fake.createTextChannel({ name: 'grail' });
    const set = await h.fake.command({ name: 'system', channelId: persona, options: [{ name: 'set', type: 1, options: [{ name: 'system', value: 'PersonaO' }] }] });
    expect((answerOf(set).flags ?? 0) & EPHEMERAL).toBe(0);
    expect(embedText(answerOf(set))).toContain('PersonaO');
    await h.fake.command({ name: 'system', channelId: grail, options: [{ name: 'set', type: 1, options: [{ name: 'system', value: 'ToshiakiHolyGrailWar' }] }] });
    // Choosing a system loads it at once, so the channel's first roll does not wait for BCDice to load.
    await h.fake.waitFor(() => isSystemLoaded('ToshiakiHolyGrailWar'));

    const pt = await roll('PT60', { channelId: persona });
    expect((answerOf(pt).flags ?? 0) & EPHEMERAL).toBe(0);
    const ptText = embedText(answerOf(pt));
    expect(ptText).toMatch(/PT60|\(1D100<=60\)/i);
    expect(ptText).toMatch(/成功|失敗|クリティカル|ファンブル|Success|Failure/);
    expect(ptText).toMatch(/Reading: BCDice, game system PersonaO/);
    expect(await lastRoll()).toMatchObject({ channelId: persona, normalized: 'PT60' });

    const elsewhere = await roll('PT60', { channelId: grail });
    expect(answerOf(elsewhere).flags & EPHEMERAL).toBe(EPHEMERAL);

    const f = await roll('F8+11-5>=50', { channelId: grail });
    const fText = embedText(answerOf(f));
    expect(fText).toMatch(/F8\+11-5>=50 ＞ \(14D6>=50\)/);
    expect(fText).toMatch(/成功|失敗/);
    const r = await lastRoll();
    expect(faces(r)).toHaveLength(14);
    expect(r.value).toBe(faces(r).reduce((a, b) => a + b, 0));
    expect(r.outcome).toBe(r.value >= 50 ? 'success' : 'failure');

    // The channel's system decides the reading (issue 21 §1): 8d6<=4 sums against 4 here, as
    // ToshiakiHolyGrailWar reads it; B still counts.
    await roll('8d6<=4', { channelId: grail });
    const summed = await lastRoll();
    expect(summed).toMatchObject({ kind: 'target', channelId: grail, value: faces(summed).reduce((a, b) => a + b, 0), outcome: 'failure' });
    await roll('8B6<=4', { channelId: grail });
    expect(await lastRoll()).toMatchObject({ kind: 'count', channelId: grail });

    const help = await h.fake.command({ name: 'help', channelId: grail, options: [{ name: 'command', value: 'system' }] });
    expect(embedText(answerOf(help))).toContain('F8+11-5>=50');
  });

  it('/help command: shows one command with all its options, localized; the reading rule is in /help', async () => {
    const ja = embedText(answerOf((await h.fake.command({ name: 'help', locale: 'ja', options: [{ name: 'command', value: 'counter' }] }))));
    expect(ja).toContain('/カウンター');
    expect(ja).toMatch(/作成 — /);
    expect(ja).toMatch(/\*\*最大\*\* （省略可）/);
    expect(ja).toMatch(/選択肢：しない, 日の終わり/);
    const all = embedText(answerOf((await h.fake.command({ name: 'help' }))));
    expect(all).toMatch(/compare the SUM of the dice/);
    const ac = await h.fake.autocomplete({ name: 'help', options: [{ name: 'command', value: 'pal', focused: true }] });
    expect(answerOf(ac).choices).toEqual([{ name: '/palette', value: 'palette' }]);
  });

  it('a channel with a GM lets only the GM change the system', async () => {
    const { gm, player2 } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'gm-system' });
    await h.fake.command({ name: 'gm', user: gm, channelId, options: [{ name: 'claim', type: 1 }] });
    const refused = await h.fake.command({ name: 'system', user: player2, channelId, options: [{ name: 'set', type: 1, options: [{ name: 'system', value: 'PersonaO' }] }] });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    const show = await h.fake.command({ name: 'system', channelId, options: [{ name: 'show', type: 1 }] });
    expect(embedText(answerOf(show))).toMatch(/DiceBot/);
  });
});
