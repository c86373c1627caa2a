import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import { delayedIv, initiativeOrder, rollAchievement, type InitiativeEntry } from '../../../../src/core/fate/combat/initiative.js';
import { scriptedRandom, seededRandom } from '../../../../src/core/random.js';
import { caught } from '../../../helpers/caught.js';

/** Tie checks of two dice ≤ 3: a script of [1, 1] gives 2, [6, 6] gives 0, [1, 6] gives 1. */
const CHECK = '2d6<=3';
const e = (id: number, iv: number, delay = 0, tieChoice?: 'first' | 'last'): InitiativeEntry =>
  tieChoice === undefined ? { id, iv, delay, tieCheck: CHECK } : { id, iv, delay, tieCheck: CHECK, tieChoice };

describe('initiative (§8.2)', () => {
  it('L197: highest IV acts first, no dice when nobody ties', () => {
    const rng = scriptedRandom([]);
    expect(initiativeOrder([e(1, 5), e(2, 9), e(3, 7)], rng)).toEqual({ order: [2, 3, 1], tieRolls: [] });
  });

  it('L197/L201: a delay lowers IV, at most to 0', () => {
    expect(delayedIv(9, 4)).toBe(5);
    expect(delayedIv(9, 9)).toBe(0);
    const err = caught(() => delayedIv(3, 4), FateError);
    expect(err.key).toBe('fate.combat.error.delayTooLarge');
    expect(err.params).toEqual({ iv: 3, delay: 4 });
    expect(caught(() => initiativeOrder([e(1, 3, 4)], scriptedRandom([])), FateError).key).toBe('fate.combat.error.delayTooLarge');
    expect(initiativeOrder([e(1, 9, 5), e(2, 6)], scriptedRandom([])).order).toEqual([2, 1]);
  });

  it('L198: equal IV → opposed AGI + LUK check, the winner goes first', () => {
    const rng = scriptedRandom([6, 6, 1, 1]); // id 1 rolls 0, id 2 rolls 2
    const r = initiativeOrder([e(1, 5), e(2, 5)], rng);
    expect(r.order).toEqual([2, 1]);
    expect(r.tieRolls).toEqual([{ ids: [1, 2], rounds: [[{ id: 1, achievement: 0 }, { id: 2, achievement: 2 }]] }]);
    expect(rng.remaining).toBe(0);
  });

  it('L198: a tied opposed check is rerolled until decided', () => {
    const rng = scriptedRandom([1, 6, 6, 1, 1, 1, 1, 6]); // 1 vs 1, then 2 vs 1
    const r = initiativeOrder([e(1, 5), e(2, 5)], rng);
    expect(r.order).toEqual([1, 2]);
    expect(r.tieRolls[0]!.rounds).toEqual([
      [{ id: 1, achievement: 1 }, { id: 2, achievement: 1 }],
      [{ id: 1, achievement: 2 }, { id: 2, achievement: 1 }],
    ]);
    expect(rng.remaining).toBe(0);
  });

  it('L198: three-way tie — only those still tied reroll', () => {
    // round 1: 1 → 2, 2 → 1, 3 → 1; round 2 (2 and 3 only): 2 → 0, 3 → 2
    const rng = scriptedRandom([1, 1, 1, 6, 6, 1, 6, 6, 1, 1]);
    const r = initiativeOrder([e(1, 4), e(2, 4), e(3, 4), e(4, 8)], rng);
    expect(r.order).toEqual([4, 1, 3, 2]);
    expect(r.tieRolls[0]!.rounds[1]!.map((x) => x.id)).toEqual([2, 3]);
    expect(rng.remaining).toBe(0);
  });

  it('L198: the winner may yield (tieChoice last)', () => {
    const rng = scriptedRandom([1, 1, 6, 6]); // id 1 wins 2 to 0
    expect(initiativeOrder([e(1, 5, 0, 'last'), e(2, 5)], rng).order).toEqual([2, 1]);
  });

  it('L199: a character delayed into a tie chooses before or after, with no roll', () => {
    expect(initiativeOrder([e(1, 8, 3), e(2, 5)], scriptedRandom([])).order).toEqual([1, 2]);
    expect(initiativeOrder([e(1, 8, 3, 'last'), e(2, 5)], scriptedRandom([])).order).toEqual([2, 1]);
  });

  it('L200: both delayed into the same IV → the normal opposed check', () => {
    const rng = scriptedRandom([6, 6, 1, 1]);
    const r = initiativeOrder([e(1, 8, 3), e(2, 7, 2)], rng);
    expect(r.order).toEqual([2, 1]);
    expect(r.tieRolls).toHaveLength(1);
  });

  it('refuses duplicate ids and non-count tie checks; gives up on an unbreakable tie', () => {
    expect(caught(() => initiativeOrder([e(1, 5), e(1, 4)], scriptedRandom([])), FateError).key).toBe('fate.combat.error.duplicateId');
    const sum = caught(() => initiativeOrder([{ ...e(1, 5), tieCheck: '2d6' }, e(2, 5)], seededRandom(1)), FateError);
    expect(sum.key).toBe('fate.combat.error.notACount');
    const ex = { tieCheck: '14d6<=6' }; // EX: always 14
    const stuck = caught(() => initiativeOrder([{ ...e(1, 5), ...ex }, { ...e(2, 5), ...ex }], seededRandom(1)), FateError);
    expect(stuck.key).toBe('fate.combat.error.tieUndecided');
    expect(stuck.params.ids).toBe('1, 2');
  });

  it('rollAchievement counts the successes of every pool', () => {
    expect(rollAchievement('2d6<=3+2d6<=1', scriptedRandom([3, 4, 1, 2]))).toBe(2);
  });
});
