// /roll's reading of what a player types, by channel (issue 21 §1): a /system channel reads like
// BCDice, a channel without one keeps the seed's counting (seed 001 L33: "○d6個ダイスを振り、
// そのうち○以下の出目が出た数を達成値"), and the BCDice handover takes every form BCDice users type.
import { describe, expect, it } from 'vitest';
import { DiceError } from '../../src/core/dice/index.js';
import { scriptedRandom } from '../../src/core/random.js';
import { evaluateTyped } from '../../src/services/typed-dice.js';

const refusal = async (input: string, system: string | null = null): Promise<DiceError> => {
  try {
    await evaluateTyped(input, system, scriptedRandom(Array(60).fill(1)));
  } catch (error) {
    if (error instanceof DiceError) return error;
    throw error;
  }
  throw new Error(`${input} was not refused`);
};

describe('the channel decides the reading of NdX<=T', () => {
  it('2D6<=5 and 3D6<=4 compare the sum in a DiceBot channel (the system answers them, issue 29 §1), and the note names the system', async () => {
    const two = await evaluateTyped('2D6<=5', 'DiceBot', scriptedRandom([1, 3]));
    expect(two.result).toMatchObject({ kind: 'target', value: 4, outcome: 'success', tree: { type: 'bcdice', text: '(2D6<=5) ＞ 4[1,3] ＞ 4 ＞ 成功' } });
    expect(two.reading).toEqual({ key: 'dice.reading.bcdice', params: { system: 'DiceBot' } });
    const three = await evaluateTyped('3D6<=4', 'DiceBot', scriptedRandom([1, 1, 3]));
    expect(three.result).toMatchObject({ kind: 'target', value: 5, outcome: 'failure' });
  });

  it('8d6<=4 follows a ToshiakiHolyGrailWar channel (sum), and counts without a system (seed 001 L33)', async () => {
    const faces = [1, 2, 3, 4, 5, 6, 1, 2];
    const grail = await evaluateTyped('8d6<=4', 'ToshiakiHolyGrailWar', scriptedRandom(faces));
    expect(grail.result).toMatchObject({ kind: 'target', value: 24, outcome: 'failure' });
    const fate = await evaluateTyped('8d6<=4', null, scriptedRandom(faces));
    expect(fate.result).toMatchObject({ kind: 'count', value: 6, outcome: null });
    expect(fate.reading.key).toBe('dice.reading.count');
  });

  it('B counts in every channel (8B6<=4), as in BCDice', async () => {
    const r = await evaluateTyped('8B6<=4', 'DiceBot', scriptedRandom([1, 2, 3, 4, 5, 6, 1, 2]));
    expect(r.result).toMatchObject({ kind: 'count', value: 6 });
  });
});

describe('every BCDice command form', () => {
  it.each([
    ['choice[a, b, c]', 3, '(choice[a,b,c]) ＞ c'],
    ['choice a b c', 2, '(choice a b c) ＞ b'],
    ['choice(a,b)', 1, '(choice(a,b)) ＞ a'],
  ])('%s picks the scripted item and stores its position', async (input, face, text) => {
    const r = await evaluateTyped(input, null, scriptedRandom([face]));
    expect(r.result.tree).toMatchObject({ type: 'bcdice', text });
    expect(r.result).toMatchObject({ kind: 'sum', value: face });
    expect(r.comment).toBeNull();
  });

  it('a comment after the brackets is the comment: choice[戦う, 逃げる] 行動', async () => {
    const r = await evaluateTyped('choice[戦う, 逃げる] 行動', null, scriptedRandom([2]));
    expect(r.comment).toBe('行動');
    expect(r.result.tree).toMatchObject({ text: '(choice[戦う,逃げる]) ＞ 逃げる' });
  });

  it('rep3 2D6 and repeat3 2D6 repeat in the engine; x3 choice[a,b] repeats the BCDice command', async () => {
    for (const input of ['rep3 2D6', 'repeat3 2D6']) {
      const r = await evaluateTyped(input, null, scriptedRandom([1, 2, 3, 4, 5, 6]));
      expect(r.result.normalized).toBe('x3 2d6');
      expect(r.result.repeats?.map((x) => x.value)).toEqual([3, 7, 11]);
    }
    const choice = await evaluateTyped('x3 choice[a,b]', null, scriptedRandom([2, 1, 2]));
    expect(choice.result.normalized).toBe('x3 choice[a,b]');
    expect(choice.result.repeats?.map((x) => x.tree.type === 'bcdice' && x.tree.text)).toEqual(['(choice[a,b]) ＞ b', '(choice[a,b]) ＞ a', '(choice[a,b]) ＞ b']);
    // stored as one BCDice line holding every repetition and every die
    expect(choice.result.tree).toMatchObject({ type: 'bcdice', text: '#1\n(choice[a,b]) ＞ b\n\n#2\n(choice[a,b]) ＞ a\n\n#3\n(choice[a,b]) ＞ b' });
    expect(choice.result.dice.map((d) => d.face)).toEqual([2, 1, 2]);
  });

  it('keeps the repetition limit, with its number, for the engine and for BCDice commands', async () => {
    expect(await refusal('rep21 2D6')).toMatchObject({ code: 'bad_repeat', params: { repeat: 21, max: 20 } });
    expect(await refusal('x21 choice[a,b]')).toMatchObject({ code: 'bad_repeat', column: 2, params: { repeat: 21, max: 20 } });
    expect(await refusal('repeat99 choice[a,b]')).toMatchObject({ code: 'bad_repeat', column: 7 });
  });

  it('folds full width before the handover: Ｃ（１＋２）, ｃｈｏｉｃｅ［あ，い］', async () => {
    const calc = await evaluateTyped('Ｃ（１＋２）', null, scriptedRandom([]));
    expect(calc.result).toMatchObject({ value: 3, tree: { text: 'c(1+2) ＞ 3' } });
    const choice = await evaluateTyped('ｃｈｏｉｃｅ［あ，い］', null, scriptedRandom([2]));
    expect(choice.result.tree).toMatchObject({ text: '(choice[あ,い]) ＞ い' });
  });

  it('stores BCDice results as meaning: 5B6 its sum, 5B6>=4 in the system its success count, a check its verdict', async () => {
    expect((await evaluateTyped('5B6', null, scriptedRandom([2, 2, 2, 1, 1]))).result).toMatchObject({ kind: 'sum', value: 8, outcome: null });
    const counted = await evaluateTyped('3R6[5]>=3', null, scriptedRandom([6, 3, 6, 2, 5, 1]));
    expect(counted.result).toMatchObject({ kind: 'count', value: 4 });
    const cc = await evaluateTyped('CCB<=50 目星', 'Cthulhu', scriptedRandom([73]));
    expect(cc.result).toMatchObject({ kind: 'target', value: 73, outcome: 'failure' });
    expect(cc.comment).toBe('目星');
  });

  it('says what is wrong when neither engine reads it', async () => {
    expect(await refusal('choice a')).toMatchObject({ code: 'choice_items', column: null });
    expect(await refusal('hello')).toMatchObject({ code: 'not_understood', params: { command: 'hello', system: 'DiceBot' } });
    expect(await refusal('PT60', 'Cthulhu')).toMatchObject({ code: 'not_understood', params: { system: 'Cthulhu' } });
    expect(await refusal('2D6>=')).toMatchObject({ code: 'expected_number', column: 6 });
  });
});

// Issue 29 §1: in a channel with a BCDice system, the system answers what it reads, with its own
// criticals, fumbles and automatic results; the engine answers what the system has no reading for.
describe("the channel's system answers first", () => {
  it('SwordWorld2.5: 2D6>=13 on 6,6 is 自動的成功 (the sum 12 alone would fail), flagged critical', async () => {
    const r = await evaluateTyped('2D6>=13', 'SwordWorld2.5', scriptedRandom([6, 6]));
    expect(r.result).toMatchObject({ kind: 'target', value: 12, outcome: 'success', tree: { type: 'bcdice', system: 'SwordWorld2.5', critical: true } });
    expect(r.result.tree.type === 'bcdice' && r.result.tree.text).toMatch(/自動的成功$/);
  });

  it('MonotoneMuseum:Korean: 1D6>=2 with a 2 is an automatic failure, flagged fumble', async () => {
    const r = await evaluateTyped('1D6>=2', 'MonotoneMuseum:Korean', scriptedRandom([2]));
    expect(r.result).toMatchObject({ value: 2, outcome: 'failure', tree: { type: 'bcdice', fumble: true } });
    expect(r.result.tree.type === 'bcdice' && r.result.tree.text).toMatch(/자동실패$/);
  });

  it("the seed's pools (8d6<=4+3d6<=3) and 3#2D6, which the system does not read, are the engine's", async () => {
    const pools = await evaluateTyped('8d6<=4+3d6<=3', 'DiceBot', scriptedRandom([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 1]));
    expect(pools.result).toMatchObject({ kind: 'count', value: 8, normalized: '8d6<=4+3d6<=3' });
    expect(pools.reading.key).toBe('dice.reading.count');
    const repeated = await evaluateTyped('3#2D6', 'DiceBot', scriptedRandom([1, 2, 3, 4, 5, 6]));
    expect(repeated.result.repeats?.map((x) => x.value)).toEqual([3, 7, 11]);
    expect(repeated.result.tree.type).not.toBe('bcdice');
  });

  it('spaces inside an expression are taken out before the handover, the comment kept: 2d6 + 3 回避, 2D6 >= 7', async () => {
    const plus = await evaluateTyped('2d6 + 3 回避', 'DiceBot', scriptedRandom([1, 2]));
    expect(plus).toMatchObject({ comment: '回避', result: { value: 6, tree: { type: 'bcdice', text: '(2D6+3) ＞ 3[1,2]+3 ＞ 6' } } });
    const target = await evaluateTyped('2D6 >= 7', 'DiceBot', scriptedRandom([3, 4]));
    expect(target.result).toMatchObject({ outcome: 'success', tree: { type: 'bcdice', text: '(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功' } });
  });

  it('what the engine reads but refuses for its limits stays refused before BCDice rolls a die', async () => {
    for (const [input, code] of [['1001d6', 'too_many_dice'], ['0d6', 'zero_dice'], ['2d0', 'zero_sides'], ['x21 1D6', 'bad_repeat']] as const) {
      const rng = { asked: 0, die: () => ++rng.asked };
      await expect(evaluateTyped(input, 'DiceBot', rng)).rejects.toMatchObject({ code });
      expect(rng.asked).toBe(0);
    }
  });

  it('a channel without a system keeps the engine first: 2D6>=13 on 6,6 is a plain failure there', async () => {
    const r = await evaluateTyped('2D6>=13', null, scriptedRandom([6, 6]));
    expect(r.result).toMatchObject({ outcome: 'failure', normalized: '2d6>=13' });
    expect(r.result.tree.type).toBe('compare');
  });
});
