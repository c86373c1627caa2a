// BCDice parity through the real discord.js client against the fake Discord (issue 21 §1 "Must
// show"): the channel's /system decides how `2D6<=5` reads (DiceBot: the sum, as BCDice; a Fate
// channel without a system: the seed's count, seed 001 L33 "○以下の出目が出た数を達成値"); every
// BCDice command form (`choice[a, b, c]`, `rep3 2D6`, `x3 choice[a,b]`, full width); one result
// line; BCDice results stored as meaning for /stats; the bot's words in the reader's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import { storedDice } from '../../src/services/rolls.js';
import type { RollRow } from '../../src/store/schema/index.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
let dicebot: string;
let fate: string;
beforeAll(async () => {
  h = await startHarness('bcdice-parity-e2e');
  dicebot = h.fake.createTextChannel({ name: 'dicebot' });
  fate = h.fake.createTextChannel({ name: 'fate' });
  await setSystem(dicebot, 'DiceBot');
});
afterAll(async () => {
  await h?.close();
});

// BCDice's line is markdown-escaped in the embed (`choice\\[a,b\\]`): read it as the player sees it.
const shownText = (data: Parameters<typeof embedText>[0]) => embedText(data).replace(/\\(.)/g, '$1');
const lastRoll = async () => await row(h.store, 'rolls', undefined, 'newest');
const faces = (r: RollRow) => storedDice(r).map((d) => d.face);
const sum = (r: RollRow) => faces(r).reduce((a, b) => a + b, 0);
const roll = (expression: string, more: Record<string, unknown> = {}) => h.fake.command({ name: 'roll', ...more, options: [{ name: 'expression', value: expression }] });
const setSystem = (channelId: string, system: string) => h.fake.command({ name: 'system', channelId, options: [{ name: 'set', type: 1, options: [{ name: 'system', value: system }] }] });

describe("the channel's /system decides the reading of NdX<=T", () => {
  it('2D6<=5 compares the SUM in a DiceBot channel, answered by the system itself (issue 29 §1)', async () => {
    const ex = await roll('2D6<=5', { channelId: dicebot });
    const r = await lastRoll();
    expect(r).toMatchObject({ channelId: dicebot, kind: 'target', normalized: '2D6<=5', value: sum(r) });
    expect(r.outcome).toBe(sum(r) <= 5 ? 'success' : 'failure');
    expect(faces(r)).toHaveLength(2);
    expect(shownText(answerOf(ex))).toContain(`(2D6<=5) ＞ ${sum(r)}[${faces(r).join(',')}] ＞ ${sum(r)}`);
    expect(shownText(answerOf(ex))).toMatch(/Reading: BCDice, game system DiceBot/);
  });

  it('3D6<=4 sums there too; the same 2D6<=5 counts dice in a Fate channel without a system (seed 001 L33)', async () => {
    await roll('3D6<=4', { channelId: dicebot });
    const three = await lastRoll();
    expect(three).toMatchObject({ kind: 'target', value: sum(three) });

    const ex = await roll('2D6<=5', { channelId: fate });
    const r = await lastRoll();
    expect(r).toMatchObject({ channelId: fate, kind: 'count', normalized: '2d6<=5' });
    expect(r.value).toBe(faces(r).filter((f) => f <= 5).length);
    expect(shownText(answerOf(ex))).toMatch(/Reading: each die is compared with its threshold and the successes are counted/);
  });

  it('the reading note is in the table\'s language (ja, ko)', async () => {
    h.fake.setGuildLocale(h.fake.guildId, 'ja');
    // 3#: a repetition DiceBot does not read, so the engine answers, in the system's sum reading
    const ja = shownText(answerOf((await roll('3#2D6<=5', { channelId: dicebot }))));
    h.fake.setGuildLocale(h.fake.guildId, 'ko');
    const ko = shownText(answerOf((await roll('choice[가, 나]', { channelId: dicebot }))));
    h.fake.setGuildLocale(h.fake.guildId, 'en-US');
    expect(ja).toContain('読み方：このチャンネルのシステム DiceBot（BCDice）の読み方で、出目の「合計」を 5 と比べました');
    expect(ko).toContain('읽는 법: BCDice 게임 시스템 DiceBot으로 굴렸습니다.');
  });
});

describe('every BCDice command form', () => {
  it('choice[a, b, c] with spaces picks one item (no more "「c」は使えない文字です")', async () => {
    const ex = await roll('choice[alpha, beta, gamma]', { locale: 'ja' });
    expect((answerOf(ex).flags ?? 0) & EPHEMERAL).toBe(0);
    const shown = shownText(answerOf(ex));
    expect(shown).toMatch(/\(choice\[alpha,beta,gamma\]\) ＞ (alpha|beta|gamma)/);
    expect(shown).not.toContain('使えない文字');
    const r = await lastRoll();
    // stored as meaning: the position picked, which is the one die BCDice rolled
    expect(faces(r)).toHaveLength(1);
    expect(r.value).toBe(faces(r)[0]);
    expect(shown).toContain(['alpha', 'beta', 'gamma'][r.value - 1]!);
  });

  it('choice a b c, choice(a,b), and a comment after the brackets', async () => {
    expect(shownText(answerOf((await roll('choice 右 左'))))).toMatch(/\(choice 右 左\) ＞ (右|左)/);
    expect(shownText(answerOf((await roll('choice(北,南)'))))).toMatch(/＞ (北|南)/);
    await roll('choice[戦う, 逃げる] 行動');
    expect(await lastRoll()).toMatchObject({ comment: '行動' });
  });

  it('rep3 2D6 and repeat3 2D6 roll three times; x3 choice[a,b] too; rep21 is refused with the limit', async () => {
    const rep = shownText(answerOf((await roll('rep3 2D6'))));
    expect(rep).toMatch(/Roll 1 of 3[\s\S]*Roll 2 of 3[\s\S]*Roll 3 of 3/);
    const r = await lastRoll();
    expect(r).toMatchObject({ normalized: 'x3 2d6' });
    expect(faces(r)).toHaveLength(6);
    await roll('repeat3 2D6');
    expect(await lastRoll()).toMatchObject({ normalized: 'x3 2d6' });

    const choice = shownText(answerOf((await roll('x3 choice[a,b]'))));
    expect(choice.match(/\(choice\[a,b\]\) ＞ [ab]/g)).toHaveLength(3);
    expect(choice).toMatch(/Roll 3 of 3/);
    expect(faces(await lastRoll())).toHaveLength(3);

    const refused = await roll('rep21 2D6', { locale: 'ko' });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(shownText(answerOf(refused))).toContain('반복은 1~20회까지입니다(입력: 21회)');
  });

  it('full width is folded before the handover: Ｃ（１＋２） and ｃｈｏｉｃｅ［あ，い］', async () => {
    expect(shownText(answerOf((await roll('Ｃ（１＋２）'))))).toContain('c(1+2) ＞ 3');
    expect(await lastRoll()).toMatchObject({ value: 3 });
    expect(shownText(answerOf((await roll('ｃｈｏｉｃｅ［あ，い］'))))).toMatch(/\(choice\[あ,い\]\) ＞ (あ|い)/);
  });

  it('a word neither engine reads is named as such, in the reader\'s language', async () => {
    const ex = await roll('hello', { locale: 'ja' });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(shownText(answerOf(ex))).toContain('「hello」はダイス式でも、このチャンネルのシステム DiceBot のコマンドでもありません');
  });
});

describe('BCDice results: one line, stored as meaning', () => {
  it('a Cthulhu CCB<=50 prints its verdict once and stores face and success/failure, which /stats counts', async () => {
    const channelId = h.fake.createTextChannel({ name: 'cthulhu' });
    await setSystem(channelId, 'Cthulhu');
    const user = h.fake.createUser({ username: 'investigator' });
    const ex = await roll('CCB<=50 目星', { channelId, user });
    const r = await lastRoll();
    const face = faces(r)[0]!;
    expect(r).toMatchObject({ kind: 'target', value: face, outcome: face <= 50 ? 'success' : 'failure', comment: '目星' });
    const shown = shownText(answerOf(ex));
    const verdicts = shown.match(/成功|失敗|Success|Failure/g) ?? [];
    expect(verdicts).toHaveLength(1); // BCDice's own `＞ 失敗`, not a second "Failure" line under it

    await roll('5B6', { channelId, user });
    const listed = await lastRoll();
    expect(listed).toMatchObject({ kind: 'sum', value: sum(listed) });
    await roll('5B6>=4', { channelId, user });
    const counted = await lastRoll();
    expect(counted).toMatchObject({ kind: 'count', value: faces(counted).filter((f) => f >= 4).length });

    const stats = shownText(answerOf((await h.fake.command({ name: 'stats', channelId, user, options: [] }))));
    expect(stats).toContain(`3 rolls · ${face <= 50 ? 1 : 0} successes · ${face <= 50 ? 0 : 1} failures`);
  });
});
