// The BCDice reading of what players type (issue 13 §1): `2D6>=7` compares the sum, `8d6<=4`
// counts dice as the seed's checks do (seed 001: ダイス判定 counts dice ≤ the status level), `B`
// always counts, and every reply can state which reading it applied.
import { describe, expect, it } from 'vitest';
import { DiceError, describeReading, evaluateDice, parseDice, splitRollInput } from '../../../src/core/dice/index.js';
import { scriptedRandom } from '../../../src/core/random.js';
import { encodeFaces, replayableFaces, replayStored } from '../../../src/core/dice/replay.js';

const roll = (input: string, faces: number[]) => evaluateDice(input, scriptedRandom(faces), 'bcdice');

describe('BCDice reading of a dice term followed by a comparison', () => {
  it('2D6>=7 compares the SUM (3+4 = 7 ≥ 7: success), as BCDice answers (2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功', () => {
    const r = roll('2D6>=7', [3, 4]);
    expect(r).toMatchObject({ kind: 'target', value: 7, outcome: 'success', normalized: '2d6>=7' });
    expect(describeReading(r).key).toBe('dice.reading.sumTarget');
    expect(roll('2d6>=5', [1, 2])).toMatchObject({ value: 3, outcome: 'failure' });
  });

  it('8d6<=4 counts the dice showing 4 or less (seed 001 ダイス判定), and says so', () => {
    const r = roll('8d6<=4', [1, 2, 3, 4, 5, 6, 4, 5]);
    expect(r).toMatchObject({ kind: 'count', value: 5 });
    expect(describeReading(r)).toMatchObject({ key: 'dice.reading.count' });
    expect(roll('8d6<4', [1, 2, 3, 4, 5, 6, 4, 5]).value).toBe(3);
  });

  it('<= with a target at or above the sides (3D6<=10) compares the sum', () => {
    const r = roll('3D6<=10', [6, 3, 2]);
    expect(r).toMatchObject({ kind: 'target', value: 11, outcome: 'failure' });
    expect(roll('14d6<=6', Array(14).fill(1))).toMatchObject({ kind: 'target', value: 14, outcome: 'failure' });
  });

  it('B always counts, with any comparison; B alone is left to BCDice (it lists dice)', () => {
    expect(roll('8B6<=4', [1, 2, 3, 4, 5, 6, 4, 5])).toMatchObject({ kind: 'count', value: 5, normalized: '8b6<=4' });
    expect(roll('5B6>=4', [1, 6, 6, 6, 2])).toMatchObject({ kind: 'count', value: 3 });
    expect(() => parseDice('5B6', 'bcdice')).toThrow(DiceError);
    expect(() => parseDice('5B6', 'bcdice')).toThrow(/list_dice/);
  });

  it('pools still add into an achievement checked against a target: 8d6<=4+3d6<=3>=5', () => {
    const r = roll('8d6<=4+3d6<=3>=5', [1, 1, 1, 5, 5, 5, 5, 5, 1, 6, 6]);
    expect(r).toMatchObject({ value: 4, outcome: 'failure' });
    expect(describeReading(r).key).toBe('dice.reading.countTarget');
  });

  it('the seed reading (the rules’ own expressions) keeps counting: 14d6<=6 is the EX status', () => {
    expect(evaluateDice('14d6<=6', scriptedRandom(Array(14).fill(6)))).toMatchObject({ kind: 'count', value: 14 });
    expect(evaluateDice('2d6>=7', scriptedRandom([3, 4]))).toMatchObject({ kind: 'count', value: 0 });
  });

  it('a lone die reads as a pass/fail on the face (1d100<=50)', () => {
    const r = roll('1D100<=50', [42]);
    expect(r).toMatchObject({ kind: 'target', value: 42, outcome: 'success' });
    expect(describeReading(r).key).toBe('dice.reading.face');
  });
});

describe('splitRollInput: the S prefix and a comment after a space', () => {
  it('reads BCDice habits', () => {
    expect(splitRollInput('1D100<=50 目星')).toEqual({ expression: '1D100<=50', comment: '目星', secret: false });
    expect(splitRollInput('S2D6')).toEqual({ expression: '2D6', comment: null, secret: true });
    expect(splitRollInput('s8d6<=4 奇襲')).toEqual({ expression: '8d6<=4', comment: '奇襲', secret: true });
    expect(splitRollInput('2d6 + 3 攻撃')).toEqual({ expression: '2d6 + 3', comment: '攻撃', secret: false });
    expect(splitRollInput('x3 2D6')).toEqual({ expression: 'x3 2D6', comment: null, secret: false });
  });

  it('leaves what it cannot read to BCDice: first word, then the comment', () => {
    expect(splitRollInput('choice[a,b,c] 誰が')).toEqual({ expression: 'choice[a,b,c]', comment: '誰が', secret: false });
    expect(splitRollInput('SPT60')).toEqual({ expression: 'SPT60', comment: null, secret: false });
  });
});

describe("a /system channel's reading (issue 21 §1): only B counts, every NdX + comparison compares the sum", () => {
  const system = (input: string, faces: number[]) => evaluateDice(input, scriptedRandom(faces), 'system');

  it('2D6<=5 and 8d6<=4 compare the sum, as BCDice answers (2D6<=5) ＞ 2[1,1] ＞ 2 ＞ 成功', () => {
    expect(system('2D6<=5', [1, 1])).toMatchObject({ kind: 'target', value: 2, outcome: 'success', normalized: '2d6<=5' });
    expect(system('8d6<=4', [1, 1, 1, 1, 1, 1, 1, 1])).toMatchObject({ kind: 'target', value: 8, outcome: 'failure' });
    expect(system('8B6<=4', [1, 2, 3, 4, 5, 6, 1, 1])).toMatchObject({ kind: 'count', value: 6 });
  });

  it('is stored with its reading (s:), so the faces rebuild the sum and not a count', () => {
    const r = system('2D6<=5', [1, 3]);
    const stored = replayableFaces(r);
    expect(stored).toEqual({ faces: [1, 3], reading: 'system' });
    expect(encodeFaces(stored!)).toBe('s:1,3');
    expect(replayStored({ normalized: r.normalized, faces: 's:1,3', kind: r.kind, value: r.value, outcome: r.outcome })).toMatchObject({ value: 4, outcome: 'success' });
  });

  it('rep3 and repeat3 are repetition prefixes, as x3 is (BCDice spellings)', () => {
    expect(parseDice('rep3 2D6', 'bcdice')).toMatchObject({ repeat: 3, normalized: 'x3 2d6' });
    expect(parseDice('REPEAT2 1d100<=50', 'system')).toMatchObject({ repeat: 2, normalized: 'x2 1d100<=50' });
    expect(() => parseDice('2d6 rep3', 'bcdice')).toThrow(DiceError);
  });
});
