import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import { attackLines, flightPenalty, magicFlightTurns, resolveAttack, type AttackInput } from '../../../../src/core/fate/combat/attack.js';
import { caught } from '../../../helpers/caught.js';

const base: AttackInput = {
  attack: 5,
  defense: 3,
  weapon: 4,
  armor: 2,
  magical: false,
  targetIsServant: false,
  attackerIsServant: false,
  intent: 'incapacitate',
  targetHp: 20,
};

describe('attack resolution (§8.5)', () => {
  it('L202: a hit deals margin + weapon − armor', () => {
    expect(resolveAttack(base)).toEqual({ outcome: 'hit', margin: 2, damage: 4, hpAfter: 16, state: 'standing' });
  });

  it('L202 (digest §8.5 AMBIGUOUS): armor above margin + weapon deals 0, never negative', () => {
    expect(resolveAttack({ ...base, armor: 9 }).damage).toBe(0);
  });

  it('L203: the defender wins → no damage', () => {
    expect(resolveAttack({ ...base, attack: 2 })).toEqual({ outcome: 'miss', margin: -1, damage: 0, hpAfter: 20, state: 'standing' });
  });

  it('L203: a tie deals weapon − armor when the weapon is stronger, else 0', () => {
    expect(resolveAttack({ ...base, attack: 3 })).toMatchObject({ outcome: 'tie', margin: 0, damage: 2 });
    expect(resolveAttack({ ...base, attack: 3, weapon: 2, armor: 5 })).toMatchObject({ outcome: 'tie', damage: 0 });
  });

  it('L204: HP 0 incapacitates; dead when the attack meant to kill', () => {
    expect(resolveAttack({ ...base, targetHp: 4 })).toMatchObject({ hpAfter: 0, state: 'incapacitated' });
    expect(resolveAttack({ ...base, targetHp: 3, intent: 'kill' })).toMatchObject({ hpAfter: 0, state: 'dead' });
    expect(resolveAttack({ ...base, targetHp: 5, intent: 'kill' })).toMatchObject({ hpAfter: 1, state: 'standing' });
  });

  it('L204: an attack that does no damage kills nobody', () => {
    expect(resolveAttack({ ...base, targetHp: 0, intent: 'kill', attack: 1 })).toMatchObject({ state: 'incapacitated' });
    expect(resolveAttack({ ...base, targetHp: 0, intent: 'kill' })).toMatchObject({ state: 'dead' });
  });

  it('L205: a non-servant’s non-magical attack cannot hurt a servant', () => {
    const r = resolveAttack({ ...base, targetIsServant: true });
    expect(r).toEqual({ outcome: 'immune', margin: 2, damage: 0, hpAfter: 20, state: 'standing' });
    expect(resolveAttack({ ...base, targetIsServant: true, attack: 1 }).outcome).toBe('miss');
  });

  it('L205: magic (or a Mystic Code, or enchantment) from a master hurts a servant; servant attacks always do', () => {
    expect(resolveAttack({ ...base, targetIsServant: true, magical: true }).damage).toBe(4);
    expect(resolveAttack({ ...base, targetIsServant: true, attackerIsServant: true }).damage).toBe(4);
    expect(resolveAttack({ ...base, attackerIsServant: true }).damage).toBe(4); // masters are never immune
  });

  it('L454: ambush adds the stealth margin and doubles the margin part on a hit', () => {
    // attack 5 + 2 = 7 vs 3: margin 4, damage 2 × 4 + 4 − 2 = 10
    expect(resolveAttack({ ...base, ambushMargin: 2 })).toMatchObject({ outcome: 'hit', margin: 4, damage: 10 });
    // attack 1 + 2 = 3 vs 3: a tie, nothing to double
    expect(resolveAttack({ ...base, attack: 1, ambushMargin: 2 })).toMatchObject({ outcome: 'tie', damage: 2 });
    expect(resolveAttack({ ...base, ambushMargin: 0 }).damage).toBe(4);
  });

  it('refuses nonsense numbers', () => {
    const e = caught(() => resolveAttack({ ...base, weapon: -1 }), FateError);
    expect(e.key).toBe('fate.combat.error.outOfRange');
    expect(e.params.name).toBe('weapon');
    expect(caught(() => resolveAttack({ ...base, attack: 1.5 }), FateError).params.name).toBe('attack');
  });

  it('reports the outcome and the state', () => {
    expect(attackLines(resolveAttack({ ...base, targetHp: 3, intent: 'kill' }))).toEqual([
      { key: 'fate.combat.attack.hit', params: { margin: 2, damage: 4, hp: 0 } },
      { key: 'fate.combat.attack.dead', params: {} },
    ]);
    expect(attackLines(resolveAttack({ ...base, attack: 0 }))).toEqual([{ key: 'fate.combat.attack.miss', params: { margin: 3 } }]);
  });
});

describe('flight (§9.13)', () => {
  it('L515: melee from a non-flyer against a flyer gets −ceil(Lv/2)', () => {
    expect(flightPenalty({ melee: true, attackerFlying: false, targetFlightLevel: 3 })).toBe(2);
    expect(flightPenalty({ melee: true, attackerFlying: false, targetFlightLevel: 4 })).toBe(2);
    expect(flightPenalty({ melee: false, attackerFlying: false, targetFlightLevel: 5 })).toBe(0);
    expect(flightPenalty({ melee: true, attackerFlying: true, targetFlightLevel: 5 })).toBe(0);
    expect(flightPenalty({ melee: true, attackerFlying: false, targetFlightLevel: null })).toBe(0);
  });

  it('L517: magic flight lasts ceil(achievement/2) turns', () => {
    expect(magicFlightTurns(5)).toBe(3);
    expect(magicFlightTurns(4)).toBe(2);
  });
});
