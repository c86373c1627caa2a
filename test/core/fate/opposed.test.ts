import { describe, expect, it } from 'vitest';
import { MAX_TIE_ROUNDS, opposedOutcome, type OpposedRound } from '../../../src/core/fate/opposed.js';
import { MAX_LUCK_ROUNDS, planSummoning, summoningOrder } from '../../../src/core/fate/summoning.js';
import { findSkill } from '../../../src/core/fate/sheet/index.js';
import type { CharacterSheet } from '../../../src/core/fate/sheet/types.js';

const script = (rounds: OpposedRound[]) => () => rounds.shift() ?? { active: 1, passive: 1 };

describe('opposed checks (seed 001 L41)', () => {
  it('the higher achievement wins by at least 1; the margin is the difference', () => {
    expect(opposedOutcome({ active: 5, passive: 3 }, 'draw', script([]))).toMatchObject({ winner: 'active', margin: 2, tie: null });
    expect(opposedOutcome({ active: 2, passive: 3 }, 'draw', script([]))).toMatchObject({ winner: 'passive', margin: 1 });
  });

  it('a tie follows the GM’s reading: draw, passive side, active side, or both reroll until one wins', () => {
    expect(opposedOutcome({ active: 4, passive: 4 }, 'draw', script([]))).toMatchObject({ winner: null, tie: 'draw' });
    expect(opposedOutcome({ active: 4, passive: 4 }, 'passive', script([]))).toMatchObject({ winner: 'passive', margin: 0, tie: 'passive' });
    expect(opposedOutcome({ active: 4, passive: 4 }, 'active', script([]))).toMatchObject({ winner: 'active', margin: 0, tie: 'active' });
    const r = opposedOutcome({ active: 4, passive: 4 }, 'reroll', script([{ active: 2, passive: 2 }, { active: 1, passive: 3 }]));
    expect(r).toMatchObject({ winner: 'passive', margin: 2, tie: 'reroll', undecided: false });
    expect(r.rounds).toEqual([{ active: 4, passive: 4 }, { active: 2, passive: 2 }, { active: 1, passive: 3 }]);
  });

  it('negative achievements count as 0 (digest §1.7); rerolls that can never differ stop, undecided', () => {
    expect(opposedOutcome({ active: -3, passive: 0 }, 'passive', script([]))).toMatchObject({ winner: 'passive', rounds: [{ active: 0, passive: 0 }] });
    const stuck = opposedOutcome({ active: 14, passive: 14 }, 'reroll', () => ({ active: 14, passive: 14 }));
    expect(stuck).toMatchObject({ winner: null, undecided: true });
    expect(stuck.rounds).toHaveLength(MAX_TIE_ROUNDS + 1);
  });
});

describe('summoning (seed 001 L108–114)', () => {
  const master = { type: 'master', rank: { names: [], level: 3 }, statuses: { str: { grade: 'E', marks: [] }, luk: { grade: 'E', marks: [] }, mag: { grade: 'B', marks: [] }, soc: { grade: 'D', marks: [] } }, skills: [{ name: '魔術・宝石', section: 'personal', level: { grade: 'C', marks: [] }, fpPerLevel: 2, fpSpent: 0, details: '' }] } as unknown as CharacterSheet;

  it('solo rolls 幸運 + 魔力, catalyst 魔力 + 社会, a magic skill adding its dice (L108–109)', () => {
    expect(planSummoning(master, 'solo', [], findSkill).expression).toBe('2d6<=1+8d6<=4');
    expect(planSummoning(master, 'catalyst', ['魔術・宝石'], findSkill).expression).toBe('8d6<=4+3d6<=3+4d6<=2');
    expect(() => planSummoning({ ...master, type: 'servant' }, 'solo', [], findSkill)).toThrow();
  });

  it('solo before catalyst, each by total; equal totals roll Luck against each other until one wins (L110–112)', () => {
    const luck = new Map<number, number[]>([[2, [3, 4]], [3, [3, 1]]]);
    const order = summoningOrder(
      [
        { id: 1, method: 'catalyst', total: 9 },
        { id: 2, method: 'solo', total: 5 },
        { id: 3, method: 'solo', total: 5 },
        { id: 4, method: 'solo', total: 7 },
      ],
      (id) => luck.get(id)!.shift()!,
    );
    expect(order.map((p) => [p.id, p.place, p.luckRolls])).toEqual([[4, 1, []], [2, 2, [3, 4]], [3, 3, [3, 1]], [1, 4, []]]);
  });

  it('Luck that can never differ (EX against EX) stops, marked for the GM', () => {
    const order = summoningOrder([{ id: 1, method: 'solo', total: 3 }, { id: 2, method: 'solo', total: 3 }], () => 14);
    expect(order.every((p) => p.undecided && p.luckRolls.length === MAX_LUCK_ROUNDS)).toBe(true);
  });
});
