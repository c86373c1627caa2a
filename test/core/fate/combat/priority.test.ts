import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import { priorityLimit, priorityShift } from '../../../../src/core/fate/combat/priority.js';
import { caught } from '../../../helpers/caught.js';

describe('attack-priority / defense-priority (§8.6)', () => {
  it('L221 (digest §8.6 example): Lancer AGI A for both, attack-priority 4 → 14 and 6 dice', () => {
    expect(priorityShift({ attackDice: 10, defenseDice: 10, larger: 10, shift: 4, dualUse: true })).toEqual({
      attackDice: 14,
      defenseDice: 6,
      moved: 4,
      from: 'defense',
    });
  });

  it('L221: defense-priority moves dice from attack to defense; L222: they keep the attack pool’s threshold', () => {
    expect(priorityShift({ attackDice: 8, defenseDice: 6, larger: 8, shift: -3, dualUse: true })).toEqual({
      attackDice: 5,
      defenseDice: 9,
      moved: 3,
      from: 'attack',
    });
  });

  it('L223–224: only dice usable for both attack and defense can move (not STR or END)', () => {
    expect(caught(() => priorityShift({ attackDice: 8, defenseDice: 6, larger: 8, shift: 2, dualUse: false }), FateError).key).toBe(
      'fate.combat.error.priorityNotDualUse',
    );
    expect(priorityShift({ attackDice: 8, defenseDice: 6, larger: 8, shift: 0, dualUse: false }).moved).toBe(0);
  });

  it('L225 (digest §15.8): at most the lesser of the larger base status’s dice and the giving side’s dice', () => {
    // larger = 6 caps it below the 10 defense dice
    expect(priorityLimit({ attackDice: 4, defenseDice: 10, larger: 6, shift: 1 })).toBe(6);
    const tooMany = caught(() => priorityShift({ attackDice: 4, defenseDice: 10, larger: 6, shift: 7, dualUse: true }), FateError);
    expect(tooMany.key).toBe('fate.combat.error.priorityTooMany');
    expect(tooMany.params).toEqual({ max: 6 });
    // the giving side's 4 dice cap it below larger = 10
    expect(priorityShift({ attackDice: 4, defenseDice: 10, larger: 10, shift: -4, dualUse: true }).attackDice).toBe(0);
    expect(caught(() => priorityShift({ attackDice: 4, defenseDice: 10, larger: 10, shift: -5, dualUse: true }), FateError).params).toEqual({
      max: 4,
    });
  });
});
