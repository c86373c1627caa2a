import { describe, expect, it } from 'vitest';
import {
  evaluateDice,
  failedDiceCount,
  isChangeableCheck,
  renderMarkdown,
  renderPlain,
  rerollFailed,
  type DiceResult,
  type PoolResultNode,
} from '../../../src/core/dice/index.js';
import { FateError } from '../../../src/core/fate/errors.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import { translator } from '../../../src/i18n/index.js';
import { caught } from '../../helpers/caught.js';

const en = translator('en');

/** Rolls with exactly these faces (all of them). */
function roll(input: string, faces: number[]): DiceResult {
  const rng = scriptedRandom(faces);
  const result = evaluateDice(input, rng);
  expect(rng.remaining).toBe(0);
  return result;
}

/** Luck reroll with exactly these faces (all of them). */
function reroll(result: DiceResult, faces: number[]): DiceResult {
  const rng = scriptedRandom(faces);
  const next = rerollFailed(result, rng);
  expect(rng.remaining).toBe(0);
  return next;
}

const fateKey = (fn: () => unknown): string => caught(fn, FateError).key;

/** Tree dice and flat dice must be the same objects, in rolling order. */
function expectConsistent(r: DiceResult): void {
  const fromTree: unknown[] = [];
  const walk = (n: DiceResult['tree']): void => {
    if (n.type === 'dice' || n.type === 'pool') fromTree.push(...n.dice);
    else if (n.type === 'neg' || n.type === 'compare') walk(n.operand);
    else if (n.type === 'binary') {
      walk(n.left);
      walk(n.right);
    } else if (n.type === 'group') walk(n.inner);
  };
  walk(r.tree);
  expect(fromTree.length).toBe(r.dice.length);
  fromTree.forEach((d, i) => expect(d).toBe(r.dice[i]));
}

// Seed 001 L215–216: 8d6, 4 or less succeeds; 5 succeed and 3 fail → achievement 5; one Luck use
// rerolls the 3 failed dice, 2 of them come up 4 or less → achievement 7.
const DIGEST_FACES = [1, 2, 3, 4, 4, 5, 6, 6];

describe('rerollFailed (幸運, seed 001 L215–217)', () => {
  it('luck reroll rerolls only failed dice: 8d6≤4 → 5, reroll 3 → 7 (seed 001 L215–216)', () => {
    const first = roll('8d6<=4', DIGEST_FACES);
    expect(first.value).toBe(5);
    expect(failedDiceCount(first)).toBe(3);

    const second = reroll(first, [2, 6, 3]); // exactly 3 faces: only the failed dice are rolled
    expect(second.value).toBe(7);
    expect(second.dice.map((d) => d.face)).toEqual([1, 2, 3, 4, 4, 2, 6, 3]);
    expect(second.dice.map((d) => d.success)).toEqual([true, true, true, true, true, true, false, true]);
    expect(second.dice.map((d) => d.rerolledFrom)).toEqual([
      undefined, undefined, undefined, undefined, undefined, [5], [6], [6],
    ]);
    expect((second.tree as PoolResultNode).value).toBe(7);
    expect(failedDiceCount(second)).toBe(1);
    expectConsistent(second);
  });

  it('does not touch the stored result (a new result is returned)', () => {
    const first = roll('8d6<=4', DIGEST_FACES);
    const before = JSON.stringify(first);
    reroll(first, [1, 1, 1]);
    expect(JSON.stringify(first)).toBe(before);
  });

  it('a second use rerolls the dice still failed, keeping the history (digest §15.3, seed L215)', () => {
    const first = roll('8d6<=4', DIGEST_FACES);
    const second = reroll(first, [2, 6, 3]);
    const third = reroll(second, [5]); // only the one die still failed
    expect(third.value).toBe(7);
    expect(third.dice[6]!.rerolledFrom).toEqual([6, 6]);
    const fourth = reroll(third, [1]);
    expect(fourth.value).toBe(8);
    expect(fourth.dice[6]!.rerolledFrom).toEqual([6, 6, 5]);
    expect(failedDiceCount(fourth)).toBe(0);
  });

  it('rerolls every pool with its own threshold and keeps flat modifiers (seed L35, L37)', () => {
    // 8d6<=4: 1 3 5 6 5 6 6 4 → 3;  3d6<=3: 2 3 6 → 2;  +2 → 7
    const first = roll('8d6<=4+3d6<=3+2', [1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]);
    expect(first.value).toBe(7);
    expect(failedDiceCount(first)).toBe(6);
    // pool 0 failures (5 6 5 6 6) → 4 5 1 6 2 : 3 new;  pool 1 failure (6) → 4 (≤3? no)
    const second = reroll(first, [4, 5, 1, 6, 2, 4]);
    expect(second.value).toBe(3 + 3 + 2 + 2);
    expect(second.tree).toMatchObject({ type: 'binary', left: { type: 'binary', left: { value: 6 }, right: { value: 2 } } });
    expect(second.dice.map((d) => d.pool)).toEqual(first.dice.map((d) => d.pool));
    expectConsistent(second);
  });

  it('judges the target again: a failed check can become a success (seed L39, digest §15.1)', () => {
    const first = roll('8d6<=4>=7', DIGEST_FACES);
    expect(first.outcome).toBe('failure');
    const second = reroll(first, [2, 6, 3]);
    expect(second.outcome).toBe('success');
    expect(second.value).toBe(7);
    expect(second.tree).toMatchObject({ type: 'compare', success: true, value: 7 });
  });

  it('leaves dice dropped by keep/drop alone', () => {
    const first = roll('5d6kh3<=4', [6, 2, 4, 5, 1]); // kept 6 4 5 → 1 success
    expect(failedDiceCount(first)).toBe(2);
    const second = reroll(first, [1, 3]);
    expect(second.value).toBe(3);
    expect(second.dice.map((d) => d.face)).toEqual([1, 2, 4, 3, 1]);
    expect(second.dice.map((d) => d.kept)).toEqual([true, false, true, true, false]);
  });

  it('rerolls both faces of a failed d66', () => {
    const first = roll('2d66<=30', [3, 5, 2, 1]); // 35 fails, 21 succeeds
    const second = reroll(first, [1, 4]);
    expect(second.value).toBe(2);
    expect(second.dice.map((d) => d.face)).toEqual([1, 4, 2, 1]);
    expect(renderMarkdown(second, en)).toContain('2d66<=30 → [~~35~~→**14**, **21**] = 2');
  });

  it('a lone one-die check stays a pass/fail on the face', () => {
    const first = roll('1d100<=50', [88]);
    const second = reroll(first, [12]);
    expect(second.value).toBe(12);
    expect(second.outcome).toBe('success');
  });

  it('a check with no failed die comes back with the same values and rolls nothing', () => {
    const first = roll('3d6<=6', [6, 6, 6]);
    expect(failedDiceCount(first)).toBe(0);
    const second = reroll(first, []);
    expect(second.value).toBe(first.value);
    expect(second.dice.map((d) => d.face)).toEqual([6, 6, 6]);
  });

  it('refuses a roll with no pool and a repeated roll', () => {
    expect(fateKey(() => rerollFailed(roll('2d6+3', [1, 2]), scriptedRandom([])))).toBe('fate.error.notACheck');
    expect(fateKey(() => rerollFailed(roll('x2 2d6<=3', [1, 5, 6, 6]), scriptedRandom([])))).toBe('fate.error.repeatedRoll');
  });

  it('tells which results Luck or a seal can change: a single check with a pool (seed 001 L215), not a sum, a sum against a target, a BCDice answer or x2', () => {
    expect(isChangeableCheck(roll('8d6<=4', [1, 5, 6, 2, 3, 4, 5, 6]))).toBe(true);
    expect(isChangeableCheck(reroll(roll('3d6<=3', [1, 5, 6]), [2, 4]))).toBe(true); // rerolled once: still a check
    expect(isChangeableCheck(evaluateDice('8B6>=4', scriptedRandom([1, 2, 3, 4, 5, 6, 1, 2]), 'system'))).toBe(true); // BCDice's B pool, read by the engine
    expect(isChangeableCheck(roll('2d6+3', [1, 2]))).toBe(false);
    expect(isChangeableCheck(evaluateDice('2d6>=7', scriptedRandom([3, 5]), 'bcdice'))).toBe(false); // the SUM is compared
    expect(isChangeableCheck(roll('x2 2d6<=3', [1, 5, 6, 6]))).toBe(false);
    const bcdice: DiceResult = { input: '3R6[5]>=3', normalized: '3R6[5]>=3', kind: 'count', value: 4, outcome: null, dice: [], tree: { type: 'bcdice', system: 'DiceBot', text: '(3R6[5]>=3) ＞ 6,3,6 + 2,5 + 1 ＞ 成功数4', value: 4, dice: [] } };
    expect(isChangeableCheck(bcdice)).toBe(false);
  });

  it('works on a result read back from storage (JSON), where tree and flat dice are copies', () => {
    const stored = JSON.parse(JSON.stringify(roll('8d6<=4+3d6<=3', [1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]))) as DiceResult;
    const second = reroll(stored, [1, 1, 1, 1, 1, 1]);
    expect(second.value).toBe(11);
    expect(second.dice.every((d) => d.success === true)).toBe(true);
    expectConsistent(second);
  });

  it('renders the old face struck through, then the new one (markdown and plain)', () => {
    const second = reroll(roll('8d6<=4+1', DIGEST_FACES), [2, 6, 3]);
    expect(renderMarkdown(second, en)).toBe(
      [
        '`8d6<=4+1`',
        '8d6<=4 → [**1**, **2**, **3**, **4**, **4**, ~~5~~→**2**, ~~6~~→6, ~~6~~→**3**] = 7',
        'Achievement: 7 + 1 = **8**',
      ].join('\n'),
    );
    expect(renderPlain(second, en).split('\n')[1]).toBe('8d6<=4 → [1*, 2*, 3*, 4*, 4*, (5)→2*, (6)→6, (6)→3*] = 7');
  });

  it('never loses a success and never exceeds the dice rolled (seeded, 500 checks)', () => {
    const rng = seededRandom('luck');
    for (let i = 0; i < 500; i++) {
      const first = evaluateDice('10d6<=3+4d6<=2', rng);
      const second = rerollFailed(first, rng);
      expect(second.value).toBeGreaterThanOrEqual(first.value);
      expect(second.value - first.value).toBeLessThanOrEqual(failedDiceCount(first));
      first.dice.forEach((d, k) => {
        if (d.success) expect(second.dice[k]!.face).toBe(d.face);
      });
    }
  });
});
