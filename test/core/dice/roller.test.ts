import { describe, expect, it } from 'vitest';
import { DiceError, evaluateDice, parseDice, rollDice, type DiceResult } from '../../../src/core/dice/index.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';

/** Rolls with exactly these faces and checks every scripted face was used. */
function roll(input: string, faces: number[]): DiceResult {
  const rng = scriptedRandom(faces);
  const result = evaluateDice(input, rng);
  expect(rng.remaining).toBe(0);
  return result;
}

const kept = (r: DiceResult): boolean[] => r.dice.map((d) => d.kept);
const successes = (r: DiceResult): Array<boolean | null> => r.dice.map((d) => d.success);

describe('success-counting pools (seed 001 <基本ルール> L28–53)', () => {
  it('8d6 ≤4 gives 3 successes, plus 3d6 ≤3 gives 2 → achievement 5 (the seed’s worked example)', () => {
    const r = roll('8d6<=4+3d6<=3', [1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]);
    expect(r.kind).toBe('count');
    expect(r.value).toBe(5);
    expect(r.outcome).toBeNull();
    expect(r.normalized).toBe('8d6<=4+3d6<=3');
    expect(r.dice.map((d) => d.face)).toEqual([1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]);
    expect(r.dice.map((d) => d.pool)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
    expect(successes(r)).toEqual([true, true, false, false, false, false, false, true, true, true, false]);
    expect(r.dice.every((d) => d.sides === 6 && d.kept)).toBe(true);
    expect(r.tree).toMatchObject({
      type: 'binary',
      op: '+',
      left: { type: 'pool', text: '8d6<=4', value: 3 },
      right: { type: 'pool', text: '3d6<=3', value: 2 },
      value: 5,
    });
  });

  it('counts a face equal to the threshold as a success (≤, not <)', () => {
    expect(roll('3d6<=4', [4, 4, 5]).value).toBe(2);
  });

  it('8B6<=4 is the BCDice spelling of the same pool', () => {
    expect(roll('8B6<=4', [1, 2, 3, 4, 5, 6, 1, 2]).value).toBe(6);
  });

  it('adds flat modifiers to the achievement', () => {
    expect(roll('8d6<=4+2', [1, 1, 1, 6, 6, 6, 6, 6]).value).toBe(5);
    expect(roll('8d6<=4-1', [1, 1, 1, 6, 6, 6, 6, 6]).value).toBe(2);
    expect(roll('2+8d6<=4', [1, 1, 1, 6, 6, 6, 6, 6]).value).toBe(5);
    expect(roll('8d6<=4+3d6<=3-1', [1, 1, 1, 6, 6, 6, 6, 6, 1, 2, 6]).value).toBe(4);
  });

  it('lets an achievement go negative (clamping is a rules decision, not the dice engine’s)', () => {
    expect(roll('2d6<=1-3', [6, 6]).value).toBe(-3);
  });

  it('supports every comparison', () => {
    const faces = [1, 3, 6];
    expect(roll('3d6<3', faces).value).toBe(1);
    expect(roll('3d6<=3', faces).value).toBe(2);
    expect(roll('3d6>3', faces).value).toBe(1);
    expect(roll('3d6>=3', faces).value).toBe(2);
    expect(roll('3d6=3', faces).value).toBe(1);
    expect(roll('3d6<>3', faces).value).toBe(2);
  });

  it('counts bare NdX>=T as dice, not as a sum check (wrap in parentheses for that)', () => {
    const r = roll('2d6>=5', [5, 2]);
    expect(r.kind).toBe('count');
    expect(r.value).toBe(1);
    const sum = roll('(2d6)>=5', [5, 2]);
    expect(sum.kind).toBe('target');
    expect(sum.value).toBe(7);
    expect(sum.outcome).toBe('success');
  });

  it('counts only kept dice: 5d6kh3<=4', () => {
    const r = roll('5d6kh3<=4', [6, 2, 4, 5, 1]);
    expect(kept(r)).toEqual([true, false, true, true, false]);
    expect(r.value).toBe(1); // kept 6, 4, 5: only the 4 succeeds
    expect(successes(r)).toEqual([false, null, true, false, null]);
  });

  it('compares a pool against a target: achievement 8d6<=4+3d6<=3>=5', () => {
    const pass = roll('8d6<=4+3d6<=3>=5', [1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]);
    expect(pass).toMatchObject({ kind: 'target', value: 5, outcome: 'success' });
    const fail = roll('8d6<=4+3d6<=3>=6', [1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]);
    expect(fail).toMatchObject({ kind: 'target', value: 5, outcome: 'failure' });
    expect(fail.tree).toMatchObject({ type: 'compare', cmp: '>=', target: 6, success: false, value: 5 });
  });
});

describe('single-die checks', () => {
  it('1d100<=50 reports the face and pass/fail', () => {
    const pass = roll('1d100<=50', [37]);
    expect(pass).toMatchObject({ kind: 'target', value: 37, outcome: 'success' });
    expect(pass.dice).toEqual([{ sides: 100, face: 37, kept: true, success: true, pool: 0 }]);
    expect(roll('d100<=50', [50])).toMatchObject({ value: 50, outcome: 'success' });
    expect(roll('1d100<=50', [51])).toMatchObject({ kind: 'target', value: 51, outcome: 'failure' });
  });

  it('a modifier turns it back into an achievement', () => {
    expect(roll('1d100<=50+1', [37])).toMatchObject({ kind: 'count', value: 2, outcome: null });
  });
});

describe('sums and arithmetic', () => {
  it('adds dice and modifiers', () => {
    expect(roll('2d6', [3, 4])).toMatchObject({ kind: 'sum', value: 7, outcome: null });
    expect(roll('2D6+3', [3, 4]).value).toBe(10);
    expect(roll('d20', [20]).value).toBe(20);
    expect(roll('1d4+1d8-1', [4, 8]).dice.map((d) => d.sides)).toEqual([4, 8]);
    expect(roll('1d4+1d8-1', [4, 8]).value).toBe(11);
  });

  it('honours precedence and parentheses', () => {
    expect(roll('1+2*3', []).value).toBe(7);
    expect(roll('(1+2)*3', []).value).toBe(9);
    expect(roll('3d6*2', [1, 2, 3]).value).toBe(12);
    expect(roll('2*(3d6-1)/2', [5, 3, 6]).value).toBe(13);
  });

  it('divides rounding toward −∞', () => {
    expect(roll('7/2', []).value).toBe(3);
    expect(roll('-7/2', []).value).toBe(-4);
    expect(roll('7/-2', []).value).toBe(-4);
    expect(roll('-7/-2', []).value).toBe(3);
    expect(roll('0/-2', []).value).toBe(0);
    expect(Object.is(roll('0/-2', []).value, -0)).toBe(false);
    expect(roll('(2d6+1)/2', [3, 3]).value).toBe(3);
  });

  it('supports unary minus', () => {
    expect(roll('-2d6', [3, 4]).value).toBe(-7);
    expect(roll('--3', []).value).toBe(3);
    expect(roll('2--3', []).value).toBe(5);
    expect(roll('1d6-10', [3]).value).toBe(-7);
  });

  it('refuses a division by zero that only the dice reveal', () => {
    const error = (() => {
      try {
        roll('6/(1d6-1)', [1]);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DiceError);
    expect(error).toMatchObject({ code: 'division_by_zero', column: 2 });
    expect(roll('6/(1d6-1)', [4]).value).toBe(2);
  });

  it('refuses results beyond safe integers instead of rounding them', () => {
    expect(() => roll('1000000000*1000000000', [])).toThrow(expect.objectContaining({ code: 'result_too_large', column: 11 }));
  });

  it('checks a sum against a target', () => {
    expect(roll('2d6+3>=10', [3, 4])).toMatchObject({ kind: 'target', value: 10, outcome: 'success' });
    expect(roll('2d6+3>=10', [3, 3])).toMatchObject({ kind: 'target', value: 9, outcome: 'failure' });
    expect(roll('(2d6)>=7', [1, 2])).toMatchObject({ kind: 'target', value: 3, outcome: 'failure' });
    expect(roll('1d6-10>=-5', [6])).toMatchObject({ value: -4, outcome: 'success' });
    expect(roll('(1d6)=3', [3]).outcome).toBe('success');
  });
});

describe('d66', () => {
  it('reads two d6 as tens and ones and keeps both faces', () => {
    const r = roll('d66', [3, 5]);
    expect(r.value).toBe(35);
    expect(r.dice.map((d) => [d.sides, d.face])).toEqual([
      [6, 3],
      [6, 5],
    ]);
    expect(r.tree).toMatchObject({ type: 'dice', d66: true, sides: 66, count: 1, value: 35 });
  });

  it('sums several: 2d66', () => {
    expect(roll('2d66', [1, 2, 6, 6]).value).toBe(78);
    expect(roll('1d66+1', [6, 1]).value).toBe(62);
  });

  it('counts and keeps whole d66 values', () => {
    const pool = roll('2d66>=50', [5, 1, 3, 2]);
    expect(pool.value).toBe(1);
    expect(successes(pool)).toEqual([true, true, false, false]);
    const best = roll('3d66kh1', [1, 1, 6, 2, 5, 6]);
    expect(best.value).toBe(62);
    expect(kept(best)).toEqual([false, false, true, true, false, false]);
  });
});

describe('keep and drop', () => {
  const faces = [1, 5, 3, 6];
  it.each([
    ['4d6kh3', 14, [false, true, true, true]],
    ['4d6k3', 14, [false, true, true, true]],
    ['4d6kl1', 1, [true, false, false, false]],
    ['4d6kl2', 4, [true, false, true, false]],
    ['4d6dh1', 9, [true, true, true, false]],
    ['4d6dl1', 14, [false, true, true, true]],
    ['4d6kh4', 15, [true, true, true, true]],
    ['4d6kh0', 0, [false, false, false, false]],
    ['4d6dl0', 15, [true, true, true, true]],
    ['4d6dh4', 0, [false, false, false, false]],
  ])('%s on [1,5,3,6] = %s', (input, value, flags) => {
    const r = roll(input, faces);
    expect(r.value).toBe(value);
    expect(kept(r)).toEqual(flags);
  });

  it('keeps the earlier of equal dice', () => {
    expect(kept(roll('4d6kh2', [5, 5, 5, 1]))).toEqual([true, true, false, false]);
    expect(kept(roll('4d6kl1', [2, 2, 5, 2]))).toEqual([true, false, false, false]);
  });
});

describe('repetition', () => {
  it('x3 rolls three independent results', () => {
    const r = roll('x3 2d6', [1, 2, 3, 4, 5, 6]);
    expect(r.repeats?.map((x) => x.value)).toEqual([3, 7, 11]);
    expect(r.repeats?.map((x) => x.normalized)).toEqual(['2d6', '2d6', '2d6']);
    // The main fields describe the first repetition, consistently.
    expect(r).toMatchObject({ input: 'x3 2d6', normalized: 'x3 2d6', kind: 'sum', value: 3 });
    expect(r.dice.map((d) => d.face)).toEqual([1, 2]);
  });

  it('3#8d6<=4 counts each repetition', () => {
    const r = roll('3#8d6<=4', [...Array(8).fill(1), ...Array(8).fill(6), 1, 2, 3, 4, 5, 6, 1, 2]);
    expect(r.repeats?.map((x) => x.value)).toEqual([8, 0, 6]);
    expect(r.kind).toBe('count');
  });

  it('has no repeats field without a prefix', () => {
    expect(roll('2d6', [1, 1]).repeats).toBeUndefined();
  });
});

describe('programs', () => {
  it('are parsed once and rolled many times without being changed', () => {
    const program = parseDice('5d6kh3<=4+2d66>=30+1');
    const before = JSON.stringify(program);
    const rng = seededRandom('reuse');
    const values = Array.from({ length: 50 }, () => rollDice(program, rng).value);
    expect(JSON.stringify(program)).toBe(before);
    expect(new Set(values).size).toBeGreaterThan(1);
  });

  it('evaluateDice returns independent results for the same (cached) input', () => {
    const a = roll('2d6', [1, 2]);
    const b = roll('2d6', [6, 6]);
    expect([a.value, b.value]).toEqual([3, 12]);
    expect(a.dice[0]).not.toBe(b.dice[0]);
  });
});

describe('distribution through the engine (seededRandom)', () => {
  it('2d6 averages 7 and 1000d6 stays within the dice limits', () => {
    const rng = seededRandom('two-d-six');
    let total = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) total += evaluateDice('2d6', rng).value;
    expect(Math.abs(total / n - 7)).toBeLessThan(0.1);
    const big = evaluateDice('1000d6', rng);
    expect(big.dice).toHaveLength(1000);
    expect(Math.abs(big.value / 1000 - 3.5)).toBeLessThan(0.3);
  });

  it('8d6<=4 averages 8·4/6 successes', () => {
    const rng = seededRandom('pool');
    let total = 0;
    const n = 10_000;
    for (let i = 0; i < n; i++) total += evaluateDice('8d6<=4', rng).value;
    expect(Math.abs(total / n - 16 / 3)).toBeLessThan(0.1);
  });

  it('d66 yields exactly the 36 values 11..66', () => {
    const rng = seededRandom('d66');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(evaluateDice('d66', rng).value);
    const expected = [];
    for (let t = 1; t <= 6; t++) for (let o = 1; o <= 6; o++) expected.push(t * 10 + o);
    expect([...seen].sort((a, b) => a - b)).toEqual(expected);
  });
});
