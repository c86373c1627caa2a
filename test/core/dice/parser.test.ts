import { describe, expect, it } from 'vitest';
import {
  DICE_ERROR_CODES,
  DICE_LIMITS,
  DiceError,
  evaluateDice,
  parseDice,
  type DiceErrorCode,
} from '../../../src/core/dice/index.js';
import type { RandomSource } from '../../../src/core/random.js';

function parseError(input: string): DiceError {
  try {
    parseDice(input);
  } catch (error) {
    if (error instanceof DiceError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

describe('parseDice: canonical spelling and kind', () => {
  it.each([
    // sums
    ['2d6', '2d6', 'sum'],
    ['d6', '1d6', 'sum'],
    ['2D6+3', '2d6+3', 'sum'],
    ['8B6', '8d6', 'sum'],
    [' 2 d6 + 1d8 - 3 ', '2d6+1d8-3', 'sum'],
    ['2*(3d6-1)/2', '2*(3d6-1)/2', 'sum'],
    ['-2d6', '-2d6', 'sum'],
    ['2--3', '2--3', 'sum'],
    ['7', '7', 'sum'],
    ['d66', '1d66', 'sum'],
    ['3d66', '3d66', 'sum'],
    ['4d6k3', '4d6kh3', 'sum'],
    ['4d6kh3', '4d6kh3', 'sum'],
    ['4D6KL1', '4d6kl1', 'sum'],
    ['4d6dh1', '4d6dh1', 'sum'],
    ['4d6dl1', '4d6dl1', 'sum'],
    // success-counting pools
    ['8d6<=4', '8d6<=4', 'count'],
    ['8B6<=4', '8d6<=4', 'count'],
    ['8d6=<4', '8d6<=4', 'count'],
    ['8d6 <= 4 + 3d6 <= 3 + 2', '8d6<=4+3d6<=3+2', 'count'],
    ['8d6<=4-1', '8d6<=4-1', 'count'],
    ['2+8d6<=4', '2+8d6<=4', 'count'],
    ['5d6kh3<=4', '5d6kh3<=4', 'count'],
    ['2d6>=5', '2d6>=5', 'count'], // bare dice + comparison counts dice (BCDice's B semantics)
    ['3d6<5', '3d6<5', 'count'],
    ['3d6>5', '3d6>5', 'count'],
    ['3d6=6', '3d6=6', 'count'],
    ['3d6!=6', '3d6<>6', 'count'],
    ['1d100<=50+1', '1d100<=50+1', 'count'],
    ['2d66>=50', '2d66>=50', 'count'],
    // target checks
    ['2d6+3>=10', '2d6+3>=10', 'target'],
    ['(2d6)>=7', '(2d6)>=7', 'target'],
    ['1d6-10>=-5', '1d6-10>=-5', 'target'],
    ['1d100<=50', '1d100<=50', 'target'], // one die counted = pass/fail
    ['d100<=50', '1d100<=50', 'target'],
    ['8d6<=4+3d6<=3>=5', '8d6<=4+3d6<=3>=5', 'target'],
    // repetition
    ['x3 8d6<=4', 'x3 8d6<=4', 'count'],
    ['3#8d6<=4', 'x3 8d6<=4', 'count'],
    ['X2 2d6', 'x2 2d6', 'sum'],
  ])('%s → %s (%s)', (input, normalized, kind) => {
    const program = parseDice(input);
    expect(program.normalized).toBe(normalized);
    expect(program.kind).toBe(kind);
    // The canonical spelling means the same thing when read back.
    const again = parseDice(normalized);
    expect(again.normalized).toBe(normalized);
    expect(again.kind).toBe(kind);
  });

  it('builds a tree with pools numbered in reading order', () => {
    const p = parseDice('8d6<=4+3d6<=3+2');
    expect(p.poolCount).toBe(2);
    expect(p.diceCount).toBe(11);
    const e = p.expr;
    expect(e.type).toBe('binary');
    if (e.type !== 'binary' || e.left.type !== 'binary') throw new Error('shape');
    expect(e.left.left).toMatchObject({ type: 'pool', index: 0, cmp: '<=', threshold: 4, dice: { count: 8, sides: 6 } });
    expect(e.left.right).toMatchObject({ type: 'pool', index: 1, cmp: '<=', threshold: 3, dice: { count: 3, sides: 6 } });
    expect(e.right).toMatchObject({ type: 'num', value: 2 });
  });

  it('respects precedence: * and / before + and -, left to right', () => {
    const p = parseDice('1+2*3-4/2');
    expect(p.expr).toMatchObject({
      type: 'binary',
      op: '-',
      left: { op: '+', right: { op: '*' } },
      right: { op: '/' },
    });
  });

  it('counts a d66 as two dice', () => {
    expect(parseDice('3d66').diceCount).toBe(6);
    expect(parseDice('500d66').diceCount).toBe(1000);
  });

  it('accepts exactly the limits', () => {
    expect(parseDice('1000d6').diceCount).toBe(1000);
    expect(parseDice('1d1000000').expr).toMatchObject({ sides: 1_000_000 });
    expect(parseDice('x20 50d6').repeat).toBe(20);
    expect(() => parseDice(`1${'+1'.repeat(99)}`)).not.toThrow(); // 199 characters
    expect(() => parseDice(`${'('.repeat(16)}1${')'.repeat(16)}`)).not.toThrow();
    expect(() => parseDice('1d6+1000000000')).not.toThrow();
  });
});

describe('parseDice: errors name what is wrong and where (1-based columns in the input as typed)', () => {
  const cases: Array<[string, DiceErrorCode, number | null, Record<string, string | number>?]> = [
    ['', 'empty', null],
    ['   ', 'empty', null],
    ['　', 'empty', null],
    [`1${'+1'.repeat(100)}`, 'too_long', null, { length: 201, max: 200 }],
    ['2d6?', 'unexpected_char', 4, { char: '?' }],
    ['２ｄ６？', 'unexpected_char', 4, { char: '？' }], // the character as typed, not its ASCII form
    ['🎲2d6', 'unexpected_char', 1, { char: '🎲' }],
    ['2d6+🎲', 'unexpected_char', 5],
    ['2d6)', 'unexpected_token', 4, { token: ')' }],
    ['2d6 3', 'unexpected_token', 5, { token: '3' }],
    ['2d6#', 'unexpected_token', 4, { token: '#' }],
    ['4d6kh3d6', 'unexpected_token', 7, { token: 'd' }],
    ['2x3', 'unexpected_token', 2, { token: 'x' }],
    ['*2', 'unexpected_token', 1, { token: '*' }],
    ['1<2<3', 'unexpected_token', 4, { token: '<' }],
    ['2d6+', 'unexpected_end', 5, { after: '+' }],
    ['-', 'unexpected_end', 2, { after: '-' }],
    ['x3', 'unexpected_end', 3, { after: '3' }],
    ['(2d6', 'unclosed_paren', 1],
    ['((1)', 'unclosed_paren', 1],
    ['8d6<=', 'expected_number', 6, { after: '<=' }],
    ['8d6<=x', 'expected_number', 6, { after: '<=' }],
    ['8d6＜＝', 'expected_number', 6, { after: '<=' }],
    ['８ｄ６≦', 'expected_number', 5, { after: '<=' }],
    ['4d6kh', 'expected_number', 6, { after: 'kh' }],
    ['4d6k', 'expected_number', 5, { after: 'k' }],
    ['2d', 'expected_number', 3, { after: 'd' }],
    ['2d+1', 'expected_number', 3, { after: 'd' }],
    ['x', 'expected_number', 2, { after: 'x' }],
    ['2d6>=', 'expected_number', 6, { after: '>=' }],
    ['(2d6)>=', 'expected_number', 8, { after: '>=' }],
    ['(2d6)>=-', 'expected_number', 9, { after: '-' }],
    ['1001d6', 'too_many_dice', 1, { count: 1001, max: 1000 }],
    ['500d6+501d6', 'too_many_dice', 7, { count: 1001, max: 1000 }],
    ['501d66', 'too_many_dice', 1, { count: 1002, max: 1000 }],
    ['x2 501d6', 'too_many_dice', 4, { count: 1002, max: 1000 }],
    ['x20 51d6', 'too_many_dice', 5, { count: 1020, max: 1000 }],
    ['1000000000d6', 'too_many_dice', 1],
    ['1d1000001', 'too_many_sides', 3, { sides: 1_000_001, max: 1_000_000 }],
    ['2d0', 'zero_sides', 3],
    ['0d6', 'zero_dice', 1],
    ['0d6<=4', 'zero_dice', 1],
    ['4d6kh5', 'bad_keep', 4, { keep: 5, count: 4 }],
    ['4d6dl5', 'bad_keep', 4, { keep: 5, count: 4 }],
    ['d6k2', 'bad_keep', 3, { keep: 2, count: 1 }],
    ['x21 1d6', 'bad_repeat', 2, { repeat: 21, max: 20 }],
    ['x0 1d6', 'bad_repeat', 2],
    ['0#1d6', 'bad_repeat', 1],
    ['6/0', 'division_by_zero', 2],
    ['1d6/(2-2)', 'division_by_zero', 4],
    ['1d6/-0', 'division_by_zero', 4],
    ['8d6<=4*2', 'pool_arithmetic', 7, { token: '*' }],
    ['8d6<=4/2', 'pool_arithmetic', 7, { token: '/' }],
    ['2*8d6<=4', 'pool_arithmetic', 2, { token: '*' }],
    ['(8d6<=4)+1', 'pool_arithmetic', 1, { token: '(' }],
    ['8d6<=4+(1)', 'pool_arithmetic', 8, { token: '(' }],
    ['８ｄ６≦４＊２', 'pool_arithmetic', 6, { token: '*' }], // ≦ became two characters; the column did not move
    ['2d6+8d6<=4', 'pool_mixed', 1, { dice: '2d6' }],
    ['8d6<=4+1d6', 'pool_mixed', 8, { dice: '1d6' }],
    ['12345678901d6', 'number_too_large', 1, { max: 1_000_000_000 }],
    ['1d6+99999999999', 'number_too_large', 5],
    [`1+${'9'.repeat(150)}`, 'number_too_large', 3],
    [`${'('.repeat(17)}1${')'.repeat(17)}`, 'too_deep', 17, { max: 16 }],
    [`${'-'.repeat(17)}1`, 'too_deep', 17],
  ];

  it.each(cases)('%s → %s at column %s', (input, code, column, params) => {
    const error = parseError(input);
    expect(error).toBeInstanceOf(DiceError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.column).toBe(column);
    if (params) expect(error.params).toMatchObject(params);
    expect(error.message).toContain(code);
  });

  it('covers every error code (result_too_large happens while rolling, see roller tests)', () => {
    const covered = new Set<string>(cases.map(([, code]) => code));
    covered.add('result_too_large');
    covered.add('list_dice'); // BCDice reading only: test/core/dice/reading.test.ts
    covered.add('not_understood'); // the BCDice handover's: test/services/typed-dice.test.ts
    covered.add('choice_items');
    expect([...DICE_ERROR_CODES].filter((c) => !covered.has(c))).toEqual([]);
  });

  it('checks limits before a single die is rolled', () => {
    const noDice: RandomSource = {
      die() {
        throw new Error('rolled a die');
      },
    };
    for (const input of ['1001d6', '1d2000000', '4d6kh5', '8d6<=4*2', 'x21 1d6']) {
      expect(() => evaluateDice(input, noDice)).toThrow(DiceError);
    }
  });

  it('exposes the limits', () => {
    expect(DICE_LIMITS).toMatchObject({ maxDice: 1000, maxSides: 1_000_000, maxLength: 200 });
  });
});
