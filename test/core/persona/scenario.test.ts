// A full two-side fight, roll by roll: start-of-combat summons, a weakness Down and its 1 More, a
// second Down → Hold-up → All-out attack, a bad status, a physical critical Down, round 2 with
// natural recovery and a group escape that ends the combat.
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../src/core/random.js';
import {
  advance,
  allOutAttack,
  attack,
  castAilment,
  createCombat,
  declarePersona,
  endAction,
  escape,
  findCombatant,
  type CombatState,
  type CombatantInit,
  type Step,
} from '../../../src/core/persona/index.js';

const roster: CombatantInit[] = [
  { id: 'yu', name: 'Yu', side: 'pc', dex: 14, agi: 12, luck: 10, hp: 40, sp: 30, personaSkill: 60, physDb: '1D6', magDb: '1D4', pow: 10 },
  { id: 'chie', name: 'Chie', side: 'pc', dex: 10, agi: 10, luck: 8, hp: 40, sp: 20, personaSkill: 50, physDb: '1D6+1D4', pow: 12 },
  { id: 'slime', name: 'Slime', side: 'npc', dex: 12, agi: 12, luck: 5, hp: 60, defense: 1, resistances: { fire: 'weak' } },
  { id: 'pixie', name: 'Pixie', side: 'npc', dex: 8, agi: 10, luck: 6, hp: 20, resistances: { ice: 'weak', elec: 'resist' } },
];

const keys = (step: Step): string[] => step.events.map((e) => e.key);
const hp = (s: CombatState, id: string): number => findCombatant(s, id).hp;

describe('a full round on both sides (JA L11–37)', () => {
  it('summons, Down + 1 More, Hold-up + All-out attack, bad status, natural recovery, escape', () => {
    const rng = scriptedRandom([30, 20, 40, 3, 4, 10, 4, 6, 6, 4, 20, 3, 2, 2, 7, 70]);
    let step = createCombat({ combatants: roster });
    expect(step.state.phase).toBe('declaration');

    // ② JA L48: each Persona user summons with <ペルソナ>
    step = declarePersona(step.state, 'yu', rng);
    expect(keys(step)).toEqual(['persona.declare.summonOk']);
    step = declarePersona(step.state, 'chie', rng);

    // ③ round 1
    step = advance(step.state, rng);
    expect(step.state.phase).toBe('roundStart');
    expect(step.state.round).toBe(1);

    // ④ highest DEX first: Yu 14
    step = advance(step.state, rng);
    expect(keys(step)).toEqual(['persona.turn.start', 'persona.slot.original']);
    expect(step.state.slot).toMatchObject({ ownerId: 'yu', kind: 'original' });

    // Agi-style fire 2db on the Slime (weak to fire): hit 40 ≤ 90, 2D4 = 3+4 = 7, defense ignored (JA L161)
    step = attack(step.state, { skill: 'Agi', kind: 'magic', elements: ['fire'], targets: ['slime'], coefficient: 2, hitRate: 90 }, rng);
    expect(keys(step)).toEqual([
      'persona.attack.declareSkill',
      'persona.hit.success',
      'persona.damage.roll',
      'persona.damage.weak',
      'persona.damage.taken',
      'persona.down',
      'persona.oneMore',
    ]);
    expect(step.events.find((e) => e.key === 'persona.damage.roll')!.params).toEqual({ name: 'Yu', expr: '2D4', total: 7 });
    expect(hp(step.state, 'slime')).toBe(53);
    expect(findCombatant(step.state, 'slime').down).toBe(true);
    expect(step.state.holdUp).toBeNull();

    // JA L1025: the 1 More comes before any other turn
    step = advance(step.state, rng);
    expect(step.state.slot).toMatchObject({ ownerId: 'yu', kind: 'oneMore', holdUp: false });
    step = attack(step.state, { skill: 'Bufu', kind: 'magic', elements: ['ice'], targets: ['pixie'], hitRate: 90 }, rng);
    expect(hp(step.state, 'pixie')).toBe(16);
    // JA L1028: every enemy is Down and two allies can act → Hold-up
    expect(keys(step).slice(-3)).toEqual(['persona.down', 'persona.oneMore', 'persona.holdUp']);
    expect(step.state.holdUp).toEqual({ side: 'pc', ownerId: 'yu' });

    // JA L1029, L1108: Bokosuka Press instead of the 1 More: 1D6 + (1D6+1D4) = 6+6+4, no defense or armor
    step = advance(step.state, rng);
    expect(step.state.slot).toMatchObject({ ownerId: 'yu', kind: 'oneMore', holdUp: true });
    step = allOutAttack(step.state, { kind: 'bokosuka' }, rng);
    expect(step.events.find((e) => e.key === 'persona.damage.roll')!.params).toMatchObject({ expr: '2D6+1D4', total: 16 });
    expect(hp(step.state, 'slime')).toBe(37);
    expect(findCombatant(step.state, 'pixie').incapacitated).toBe(true);
    // JA L1035: Down is removed from those hit; L1030: the Hold-up ends with the slot
    expect(findCombatant(step.state, 'slime').down).toBe(false);
    expect(keys(step)).toContain('persona.allOut.recover');
    expect(keys(step)).toContain('persona.holdUp.end');
    expect(step.state.holdUp).toBeNull();

    // ⑨ → ④: the Slime (12) before Chie (10)
    step = advance(step.state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.turn.start', 'persona.slot.original']);
    expect(step.state.turn?.actorId).toBe('slime');
    // JA L172: 40 + 0 + 5 − 8 = 37 %, rolled 20
    step = castAilment(step.state, { skill: 'Marin Karin', targets: ['chie'], effect: { kind: 'status', statuses: ['charm'] }, baseRate: 40 }, rng);
    expect(step.events.find((e) => e.key === 'persona.status.rollSuccess')!.params).toMatchObject({ roll: 20, chance: 37 });
    expect(findCombatant(step.state, 'chie').badStatus).toEqual({ id: 'charm', round: 1, turn: 2 });

    // Chie's turn: the status landed this round, 0 rounds elapsed → no recovery roll (JA L352)
    step = advance(step.state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.turn.start', 'persona.slot.original', 'persona.status.randomAction']);
    // the GM picks her random action: a physical attack; 03 is a critical → ×2, no defense, Down (JA L130, L1015)
    step = attack(step.state, { kind: 'physical', elements: ['slash'], targets: ['slime'], hitRate: 70 }, rng);
    expect(keys(step)).toContain('persona.hit.critical');
    expect(step.events.find((e) => e.key === 'persona.damage.critical')!.params).toMatchObject({ amount: 8 });
    expect(hp(step.state, 'slime')).toBe(29);
    expect(keys(step).slice(-3)).toEqual(['persona.down', 'persona.oneMore', 'persona.holdUp']);

    // she lets the 1 More go
    step = advance(step.state, rng);
    expect(step.state.slot).toMatchObject({ ownerId: 'chie', kind: 'oneMore', holdUp: true });
    step = endAction(step.state);
    expect(step.state.holdUp).toBeNull();

    // ⑩ everyone able has acted (the incapacitated Pixie gets no slot) → round 2
    step = advance(step.state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.round.end', 'persona.round.start']);
    expect(step.state.round).toBe(2);

    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('yu');
    step = endAction(step.state);
    // JA L1021: the Slime's Down ends just before its next slot
    step = advance(step.state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.turn.start', 'persona.down.end', 'persona.slot.original']);
    step = endAction(step.state);

    // JA L352: natural recovery just before Chie's turn: POW 12 × 1 round = 12 %, rolled 7
    step = advance(step.state, rng);
    expect(step.events[1]).toEqual({ key: 'persona.recovery.success', params: { name: 'Chie', status: 'charm', roll: 7, chance: 12 } });
    expect(findCombatant(step.state, 'chie').badStatus).toBeNull();

    // JA L837: both flee in the slower one's slot: 50 + (14 + 10 − 12) × 2 = 74, rolled 70
    step = escape(step.state, ['yu', 'chie'], rng);
    // the enemies whose DEX went into the chance are named (issue 27: a hidden one's DEX is the GM's); Pixie is down
    expect(step.events[0]).toEqual({ key: 'persona.escape.success', params: { names: 'Yu, Chie', against: 'Slime', roll: 70, chance: 74 } });
    // JA L842: no PC left in combat → combat over; KO L457: nobody wins
    expect(step.state.phase).toBe('ended');
    expect(step.state.endReason).toBe('escape');
    expect(keys(step)).toEqual(['persona.escape.success', 'persona.combat.end.escape']);
    expect(findCombatant(step.state, 'yu').fled).toBe(true);
    expect(rng.remaining).toBe(0);
    // the log holds every event of every step
    expect(step.state.log.length).toBeGreaterThan(40);
  });
});
