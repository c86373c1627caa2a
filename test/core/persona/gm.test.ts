// GM tools in the core: adjustments, reinforcements, house settings, and the JA/KO natural-recovery readings.
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../src/core/random.js';
import { addReinforcement, adjustCombatant, advance, configure, createCombat, endAction, type CombatState, type CombatantInit } from '../../../src/core/persona/index.js';

const c = (id: string, side: 'pc' | 'npc', dex: number, over: Partial<CombatantInit> = {}): CombatantInit => ({ id, name: id.toUpperCase(), side, dex, agi: 1, luck: 0, hp: 30, summoned: side === 'pc', ...over });
const owner = (s: CombatState) => s.slot?.ownerId;

/** a charmed (POW 10) at x's turn in round 1, then every slot passed until a's round-2 turn: the recovery chance */
function recoveryChance(count: 'rounds' | 'turns'): number {
  const rng = scriptedRandom([100, 100, 100]);
  let s = createCombat({ combatants: [c('a', 'pc', 20, { pow: 10 }), c('x', 'npc', 15), c('y', 'npc', 10), c('z', 'npc', 5)], config: { recoveryCount: count } }).state;
  s = advance(s, rng).state; // round 1
  s = advance(s, rng).state; // a's slot
  expect(owner(s)).toBe('a');
  s = advance(endAction(s).state, rng).state;
  expect(owner(s)).toBe('x');
  s = adjustCombatant(s, 'a', { badStatus: 'charm' }).state;
  for (const who of ['x', 'y', 'z']) {
    expect(owner(s)).toBe(who);
    s = endAction(s).state;
    s = advance(s, rng).state;
  }
  // round 2 started; the next advance opens a's turn, rolling recovery first
  const step = advance(s, rng);
  return step.events.find((e) => e.key === 'persona.recovery.fail')!.params.chance as number;
}

describe('natural recovery readings (a fight setting)', () => {
  it('JA L352: POW × rounds elapsed = 10 × 1; KO L183: POW × turns elapsed (every character’s turn after the one it landed in: y, z) = 10 × 2', () => {
    expect(recoveryChance('rounds')).toBe(10);
    expect(recoveryChance('turns')).toBe(20);
  });

  it('configure validates the combination', () => {
    const s = createCombat({ combatants: [c('a', 'pc', 1), c('x', 'npc', 1)] }).state;
    expect(configure(s, { criticalMax: 10, fumbleMin: 91 }).state.config).toMatchObject({ criticalMax: 10, fumbleMin: 91 });
    expect(() => configure(s, { criticalMax: 60, fumbleMin: 51 })).toThrow();
  });
});

describe('GM adjustments and reinforcements', () => {
  it('HP to 0 incapacitates and ends the fight when a side is empty; a reinforcement waits for the next round', () => {
    const rng = scriptedRandom([]);
    let s = createCombat({ combatants: [c('a', 'pc', 20), c('x', 'npc', 15)] }).state;
    s = advance(advance(s, rng).state, rng).state;
    const joined = addReinforcement(s, c('r', 'npc', 99)).state;
    expect(joined.combatants.find((x) => x.id === 'r')!.acted).toBe(true);
    const ended = adjustCombatant(s, 'x', { hp: 0 }).state;
    expect(ended.phase).toBe('ended');
    expect(ended.endReason).toBe('pcWin');
  });
});
