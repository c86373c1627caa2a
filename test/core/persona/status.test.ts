import { describe, expect, it } from 'vitest';
import { caught } from '../../helpers/caught.js';
import { scriptedRandom, type ScriptedRandom } from '../../../src/core/random.js';
import {
  DEFAULT_BAD_STATUSES,
  DEFAULT_CONFIG,
  PersonaError,
  advance,
  attack,
  castAilment,
  createCombat,
  endAction,
  findCombatant,
  inflictionChance,
  makeCombatant,
  naturalRecoveryChance,
  recoveryStatValue,
  wait,
  type AilmentSpec,
  type BadStatusDef,
  type CombatState,
  type CombatantInit,
  type PersonaConfig,
  type Step,
} from '../../../src/core/persona/index.js';

const pc = (id: string, over: Partial<CombatantInit> = {}): CombatantInit => ({
  id,
  name: id.toUpperCase(),
  side: 'pc',
  dex: 10,
  agi: 10,
  luck: 10,
  hp: 30,
  sp: 30,
  summoned: true,
  physDb: '1D6',
  ...over,
});
const npc = (id: string, over: Partial<CombatantInit> = {}): CombatantInit => ({ ...pc(id, over), side: 'npc', personaUser: false, ...over });

function begin(list: CombatantInit[], rng: ScriptedRandom, config?: Partial<PersonaConfig>): Step {
  let step = createCombat({ combatants: list, config });
  step = advance(step.state, rng);
  return advance(step.state, rng);
}

const keys = (step: Step): string[] => step.events.map((e) => e.key);
const who = (s: CombatState, id: string) => findCombatant(s, id);
const charm = (targets: string[], over: Partial<AilmentSpec> = {}): AilmentSpec => ({
  targets,
  effect: { kind: 'status', statuses: ['charm'] },
  baseRate: 30,
  ...over,
});

describe('infliction odds (JA L172, L187–191)', () => {
  it('JA L172: (base) + (booster) + (user 運) − (target 運)', () => {
    expect(inflictionChance({ base: 30, booster: 5, userLuck: 12, targetLuck: 8, affinity: 'normal' })).toBe(39);
  });

  it('JA L190: the final target is doubled on a weakness, halved on a resistance; L602: Sukukaja ±10 per stage first', () => {
    expect(inflictionChance({ base: 30, booster: 5, userLuck: 12, targetLuck: 8, affinity: 'weak' })).toBe(78);
    expect(inflictionChance({ base: 30, booster: 5, userLuck: 12, targetLuck: 8, affinity: 'resist' })).toBe(19);
    expect(inflictionChance({ base: 30, userLuck: 10, targetLuck: 10, suku: 2, affinity: 'weak' })).toBe(100);
  });

  it('JA L190 through a skill: a target weak to the skill’s element doubles the chance', () => {
    const rng = scriptedRandom([60]);
    const step = castAilment(begin([pc('a', { dex: 20 }), npc('x', { resistances: { dark: 'weak' } })], rng).state, charm(['x'], { element: 'dark' }), rng);
    expect(step.events.find((e) => e.key === 'persona.status.rollSuccess')!.params).toEqual({ name: 'A', target: 'X', status: 'charm', roll: 60, chance: 60 });
  });

  it('JA L191: a nullified infliction is not rolled (null element, Defend L734, an existing status L350)', () => {
    const rng = scriptedRandom([]);
    const start = begin([pc('a', { dex: 20 }), npc('x', { resistances: { dark: 'null' } }), npc('y'), npc('z')], rng);
    const s = structuredClone(start.state);
    who(s, 'y').defending = true;
    who(s, 'z').badStatus = { id: 'rage', round: 1 };
    const step = castAilment(s, charm(['x', 'y', 'z'], { element: 'dark' }), rng);
    expect(keys(step)).toEqual([
      'persona.ailment.declare',
      'persona.ailment.void',
      'persona.status.blockedDefend',
      'persona.status.blockedExisting',
    ]);
    expect(who(step.state, 'z').badStatus?.id).toBe('rage');
    expect(rng.remaining).toBe(0);
  });

  it('JA L194–195: a multi-status skill tries the next status after a failure and stops once one lands', () => {
    const rng = scriptedRandom([90, 10]);
    const step = castAilment(
      begin([pc('a', { dex: 20 }), npc('x')], rng).state,
      charm(['x'], { effect: { kind: 'status', statuses: ['charm', 'rage', 'confusion'] } }),
      rng,
    );
    expect(keys(step)).toEqual(['persona.ailment.declare', 'persona.status.rollFail', 'persona.status.rollSuccess', 'persona.status.inflicted']);
    expect(who(step.state, 'x').badStatus).toEqual({ id: 'rage', round: 1, turn: 1 });
  });

  it('JA L355: instant death sets HP 0 and incapacitates without damage; L1016: on a weakness it Downs first (1 More)', () => {
    const rng = scriptedRandom([10]);
    const step = castAilment(
      begin([pc('a', { dex: 20 }), npc('x', { resistances: { light: 'weak' } }), npc('y')], rng).state,
      { targets: ['x'], effect: { kind: 'instantDeath' }, baseRate: 20, element: 'light' },
      rng,
    );
    expect(keys(step)).toEqual(['persona.ailment.declare', 'persona.instantDeath.success', 'persona.down', 'persona.incapacitated', 'persona.oneMore']);
    expect(who(step.state, 'x')).toMatchObject({ hp: 0, incapacitated: true, down: false });
  });

  it('JA L129, L348: a 「付与」 added status lands only on a critical, with no roll', () => {
    const rng = scriptedRandom([50, 3, 2, 3]);
    const spec = { kind: 'magic' as const, elements: ['fire'], targets: ['x'], hitRate: 90, ailment: { status: 'confusion', rate: 'fuyo' as const } };
    let step = begin([pc('a', { dex: 20, magDb: '1D6' }), npc('x', { hp: 50 }), npc('y', { dex: 1 })], rng);
    step = attack(step.state, spec, rng);
    expect(who(step.state, 'x').badStatus).toBeNull();
    step = advance(step.state, rng);
    step = advance(endAction(step.state).state, rng); // y
    step = advance(endAction(step.state).state, rng); // round 2
    step = advance(step.state, rng);
    step = attack(step.state, spec, rng);
    expect(who(step.state, 'x').badStatus).toEqual({ id: 'confusion', round: 2, turn: 4 });
    expect(rng.remaining).toBe(0);
  });

  it('JA L351: incapacitation removes the bad status', () => {
    const rng = scriptedRandom([50, 6]);
    const start = begin([pc('a', { dex: 20 }), npc('x', { hp: 5 }), npc('y')], rng);
    const s = structuredClone(start.state);
    who(s, 'x').badStatus = { id: 'charm', round: 1 };
    const step = attack(s, { kind: 'physical', elements: ['strike'], targets: ['x'], hitRate: 90 }, rng);
    expect(keys(step).slice(-2)).toEqual(['persona.incapacitated', 'persona.status.cleared']);
    expect(who(step.state, 'x').badStatus).toBeNull();
  });
});

describe('natural recovery (JA L352–353, L949)', () => {
  it('JA L352: (recovery stat) × (elapsed rounds) %', () => {
    expect(naturalRecoveryChance(12, 2)).toBe(24);
    expect(naturalRecoveryChance(12, 0)).toBe(0);
  });

  it('JA L353: CON and POW may be replaced by the Persona’s 耐 and 魔 (the higher is used)', () => {
    const c = makeCombatant({ ...pc('a'), con: 8, personaEnd: 11, pow: 14, personaMag: 9 });
    expect(recoveryStatValue(c, 'con')).toBe(11);
    expect(recoveryStatValue(c, 'pow')).toBe(14);
  });

  it('JA L352: rolled just before the afflicted character’s own turn, with the rounds elapsed since the infliction', () => {
    const rng = scriptedRandom([30, 31]);
    let step = createCombat({ combatants: [pc('a', { dex: 20, pow: 10, con: 15 }), npc('x')] });
    step = advance(step.state, rng);
    const s = structuredClone(step.state);
    s.round = 3;
    who(s, 'a').badStatus = { id: 'petrify', round: 1 };
    // petrify (default table: CON): 15 × 2 = 30 → 30 ≤ 30 cured, the turn goes on
    step = advance(s, rng);
    expect(step.events[0]).toEqual({ key: 'persona.recovery.success', params: { name: 'A', status: 'petrify', roll: 30, chance: 30 } });
    expect(step.state.slot?.ownerId).toBe('a');
  });

  it('an action-blocking status (default table: petrify) loses the slot when recovery fails', () => {
    const rng = scriptedRandom([31]);
    let step = createCombat({ combatants: [pc('a', { dex: 20, con: 15 }), npc('x')] });
    step = advance(step.state, rng);
    const s = structuredClone(step.state);
    s.round = 3;
    who(s, 'a').badStatus = { id: 'petrify', round: 1 };
    step = advance(s, rng);
    expect(keys(step)).toEqual(['persona.recovery.fail', 'persona.turn.start', 'persona.slot.lostStatus', 'persona.turn.end', 'persona.turn.start', 'persona.slot.original']);
    expect(step.state.slot?.ownerId).toBe('x');
  });

  it('JA L948: a status that takes away action choice cancels a Wait; initiative is normal again', () => {
    const rng = scriptedRandom([10]);
    let step = begin([pc('a', { dex: 20 }), npc('x', { dex: 10 }), pc('b', { dex: 5 })], rng);
    step = advance(wait(step.state).state, rng);
    expect(step.state.turn?.actorId).toBe('x');
    step = castAilment(step.state, charm(['a']), rng);
    expect(keys(step).slice(-2)).toEqual(['persona.status.inflicted', 'persona.wait.cancelled']);
    expect(who(step.state, 'a')).toMatchObject({ waiting: false, acted: false });
    step = advance(step.state, rng);
    expect(step.state.turn).toEqual({ actorId: 'a', fromWait: false });
  });
});

describe('the bad-status table (seeds JA L345–349, KO L171–181 lost it)', () => {
  it('ships a DEFAULT table with only the names the seeds give, and no elemental 「付与」 status (the seeds name none)', () => {
    expect(DEFAULT_BAD_STATUSES.map((s) => s.name.ja)).toEqual(['悩殺', '激昂', '混乱', '暴走', '石化']);
    expect(DEFAULT_BAD_STATUSES.map((s) => s.name.ko)).toContain('뇌쇄');
    expect(DEFAULT_BAD_STATUSES.some((s) => s.category === 'element')).toBe(false);
    expect(DEFAULT_CONFIG.badStatuses).toEqual(DEFAULT_BAD_STATUSES);
  });

  it('the GM replaces it through the config; statuses outside the table are refused', () => {
    const poison: BadStatusDef = {
      id: 'poison',
      name: { en: 'Poison', ja: '毒', ko: '독' },
      category: 'body',
      blocksActions: false,
      blocksActionChoice: false,
      randomAction: false,
      cure: 'natural',
      recoveryStat: 'con',
    };
    const rng = scriptedRandom([1]);
    const start = begin([pc('a', { dex: 20 }), npc('x')], rng, { badStatuses: [poison] });
    expect(caught(() => castAilment(start.state, charm(['x']), rng), PersonaError).key).toBe('persona.error.unknownStatus');
    const step = castAilment(start.state, charm(['x'], { effect: { kind: 'status', statuses: ['poison'] } }), rng);
    expect(who(step.state, 'x').badStatus?.id).toBe('poison');
  });
});
