// The state machine rule by rule: initiative, Wait, slots, Down/Dizzy/Release, passive actions,
// finish-off, incapacitation. Every die is scripted; `rng.remaining` proves no extra die was rolled.
import { describe, expect, it } from 'vitest';
import { caught } from '../../helpers/caught.js';
import { scriptedRandom, type ScriptedRandom } from '../../../src/core/random.js';
import {
  PersonaError,
  advance,
  allOutAttack,
  attack,
  createCombat,
  declareFinishOff,
  declarePersona,
  defend,
  endAction,
  findCombatant,
  nextActorCandidates,
  personaChange,
  projectedOrder,
  summonPersona,
  wait,
  type AttackSpec,
  type CombatState,
  type CombatantInit,
  type Side,
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
  personaSkill: 50,
  summoned: true,
  physDb: '1D6',
  magDb: '1D6',
  ...over,
});
const npc = (id: string, over: Partial<CombatantInit> = {}): CombatantInit => ({
  id,
  name: id.toUpperCase(),
  side: 'npc',
  dex: 5,
  agi: 10,
  luck: 10,
  hp: 30,
  physDb: '1D6',
  magDb: '1D6',
  ...over,
});

/** create, start round 1, open the first slot */
function begin(list: CombatantInit[], rng: ScriptedRandom, surprised: Side | null = null): Step {
  let step = createCombat({ combatants: list, surprised });
  step = advance(step.state, rng);
  return advance(step.state, rng);
}

const keys = (step: Step): string[] => step.events.map((e) => e.key);
const who = (s: CombatState, id: string) => findCombatant(s, id);
const slash = (targets: string[], over: Partial<AttackSpec> = {}): AttackSpec => ({
  kind: 'physical',
  elements: ['slash'],
  targets,
  hitRate: 90,
  ...over,
});
const err = (fn: () => unknown): string => caught(fn, PersonaError).key;

describe('start of combat and initiative (JA L47–68)', () => {
  it('JA L49, L64: a failed start-of-combat summon still summons, but the character gets no turn in round 1', () => {
    const rng = scriptedRandom([80]);
    let step = createCombat({ combatants: [pc('a', { dex: 12, summoned: false }), npc('x')] });
    step = declarePersona(step.state, 'a', rng);
    expect(keys(step)).toEqual(['persona.declare.summonFail']);
    expect(who(step.state, 'a').summoned).toBe(true);
    step = advance(step.state, rng);
    expect(keys(step)).toEqual(['persona.round.start', 'persona.round.lostSummon']);
    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('x');
    step = advance(endAction(step.state).state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.round.end', 'persona.round.start']);
    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('a');
    expect(err(() => declarePersona(step.state, 'a', rng))).toBe('persona.error.phase');
  });

  it('JA L64: the surprised side gets no turn in the first round', () => {
    const rng = scriptedRandom([]);
    const step = begin([pc('a', { dex: 18 }), npc('x', { dex: 3 })], rng, 'pc');
    expect(step.state.turn?.actorId).toBe('x');
    expect(step.state.log.map((e) => e.key)).toContain('persona.round.surprised');
  });

  it('JA L10: a character without DEX uses 速', () => {
    const rng = scriptedRandom([]);
    const step = begin([pc('a', { dex: 10 }), npc('x', { dex: null, agi: 11 })], rng);
    expect(step.state.turn?.actorId).toBe('x');
  });

  it('JA L63: on a PC–NPC tie the PC acts first; L62: ties within a side are that side’s choice', () => {
    const rng = scriptedRandom([]);
    let step = begin([npc('x', { dex: 10 }), npc('y', { dex: 10 }), pc('a', { dex: 10 })], rng);
    expect(step.state.turn?.actorId).toBe('a');
    step = endAction(step.state);
    expect(nextActorCandidates(step.state).map((c) => c.id)).toEqual(['x', 'y']);
    expect(err(() => advance(step.state, rng, { actorId: 'a' }))).toBe('persona.error.notNextActor');
    step = advance(step.state, rng, { actorId: 'y' });
    expect(step.state.turn?.actorId).toBe('y');
  });

  it('JA L61: initiative is compared again at every pick (a finish-off declarer drops to 0, L885)', () => {
    const rng = scriptedRandom([]);
    let step = createCombat({ combatants: [pc('a', { dex: 20 }), npc('x', { dex: 10, hp: 0 }), npc('y', { dex: 5 })] });
    step = advance(step.state, rng);
    expect(projectedOrder(step.state).map((c) => c.id)).toEqual(['a', 'y']);
    step = declareFinishOff(step.state, 'a', ['x']);
    expect(projectedOrder(step.state).map((c) => c.id)).toEqual(['y', 'a']);
    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('y');
  });
});

describe('Wait (JA L945–954)', () => {
  it('JA L947, L949, L950: initiative 0 until round end, the turn comes back without natural recovery; at 0 it is a forfeit', () => {
    // a's poison (a GM status that leaves the choice of action: one that takes it cannot Wait, JA L948)
    // landed in round 0: POW 10 × 1 round = 10 %; rolled 99 before a's first turn only
    const rng = scriptedRandom([99]);
    const poison = { id: 'poison', name: { en: 'Poison', ja: '毒', ko: '독' }, category: 'body' as const, blocksActions: false, blocksActionChoice: false, randomAction: false, cure: 'natural' as const, recoveryStat: 'pow' as const };
    let step = createCombat({ combatants: [pc('a', { dex: 15, pow: 10 }), npc('x', { dex: 10 }), pc('b', { dex: 5 })], config: { badStatuses: [poison] } });
    step = advance(step.state, rng);
    const s = structuredClone(step.state);
    who(s, 'a').badStatus = { id: 'poison', round: 0 };
    step = advance(s, rng);
    expect(keys(step)).toEqual(['persona.recovery.fail', 'persona.turn.start', 'persona.slot.original']);
    step = wait(step.state);
    expect(keys(step)).toEqual(['persona.wait']);
    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('x');
    step = advance(endAction(step.state).state, rng);
    expect(step.state.turn?.actorId).toBe('b');
    step = advance(endAction(step.state).state, rng);
    expect(step.state.turn).toEqual({ actorId: 'a', fromWait: true });
    expect(step.events[1]).toEqual({ key: 'persona.turn.startWait', params: { name: 'A', initiative: 0 } });
    step = wait(step.state);
    expect(keys(step)).toEqual(['persona.wait.forfeit']);
    step = advance(step.state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.round.end', 'persona.round.start']);
    expect(rng.remaining).toBe(0);
  });

  it('JA L948: a status that takes the choice of action (rage) cannot begin a Wait (issue 20)', () => {
    const rng = scriptedRandom([]);
    let step = createCombat({ combatants: [pc('a', { dex: 15 }), npc('x', { dex: 10 })] });
    step = advance(step.state, rng);
    const s = structuredClone(step.state);
    who(s, 'a').badStatus = { id: 'rage', round: 0 };
    s.combatants.forEach((c) => (c.pow = 0));
    step = advance(s, rng);
    expect(err(() => wait(step.state))).toBe('persona.error.waitNoChoice');
  });

  it('JA L946: only on the original slot (not in a 1 More)', () => {
    const rng = scriptedRandom([50, 3]);
    let step = begin([pc('a', { dex: 20 }), npc('x', { resistances: { slash: 'weak' } }), npc('y')], rng);
    step = advance(attack(step.state, slash(['x']), rng).state, rng);
    expect(step.state.slot?.kind).toBe('oneMore');
    expect(err(() => wait(step.state))).toBe('persona.error.waitOriginalOnly');
  });
});

describe('Down, Dizzy, Release (JA L1010–1085)', () => {
  it('JA L1021: Down lasts until just before its next slot; L1077–1081: Down again → Dizzy, the next slot is lost, both clear before the slot after next', () => {
    const rng = scriptedRandom([50, 3, 50, 3]);
    let step = begin([pc('a', { dex: 20 }), pc('b', { dex: 15 }), npc('x', { dex: 10, hp: 100, resistances: { slash: 'weak' } }), npc('y', { dex: 1 })], rng);
    step = attack(step.state, slash(['x']), rng);
    expect(who(step.state, 'x').down).toBe(true);
    step = advance(step.state, rng);
    step = attack(step.state, slash(['x']), rng);
    // JA L1019 / digest §12 #6: no second Down, so no 1 More
    expect(keys(step).slice(-1)).toEqual(['persona.dizzy']);
    expect(who(step.state, 'x').dizzy).toBe(2);
    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('b');
    step = advance(endAction(step.state).state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.turn.start', 'persona.slot.lostDizzy', 'persona.turn.end', 'persona.turn.start', 'persona.slot.original']);
    expect(step.state.turn?.actorId).toBe('y');
    expect(who(step.state, 'x').down).toBe(true);
    step = advance(endAction(step.state).state, rng); // round 2
    step = advance(step.state, rng);
    step = advance(endAction(step.state).state, rng);
    step = advance(endAction(step.state).state, rng);
    expect(keys(step)).toEqual(['persona.turn.end', 'persona.turn.start', 'persona.dizzy.end', 'persona.slot.original']);
    expect(who(step.state, 'x')).toMatchObject({ down: false, dizzy: 0 });
    expect(rng.remaining).toBe(0);
  });

  it('JA L1085: Down resistance is rolled per occurrence; success negates it and gives no 1 More', () => {
    const rng = scriptedRandom([50, 3, 20]);
    let step = begin([pc('a', { dex: 20 }), npc('x', { downResistance: 30, resistances: { slash: 'weak' } })], rng);
    step = attack(step.state, slash(['x']), rng);
    expect(keys(step).slice(-1)).toEqual(['persona.down.resisted']);
    expect(step.state.pending).toEqual([]);
  });

  it('JA L735: a Down on a defending character removes the Defend instead; L733: Defend turns weaknesses normal', () => {
    const rng = scriptedRandom([50, 3, 2, 3]);
    let step = begin([pc('a', { dex: 20 }), npc('x', { resistances: { slash: 'weak' }, defense: 2 })], rng);
    const s = structuredClone(step.state);
    who(s, 'x').defending = true;
    // weak treated as normal → defense applies, −50 %: (3 × 0.5 = 1) − 2 → 0, no Down
    step = attack(s, slash(['x']), rng);
    expect(keys(step)).not.toContain('persona.damage.weak');
    expect(who(step.state, 'x').defending).toBe(true);
    // next round: a physical critical would Down it → the Defend goes instead
    step = advance(step.state, rng); // x's turn
    step = advance(endAction(step.state).state, rng);
    step = advance(step.state, rng);
    const s2 = structuredClone(step.state);
    who(s2, 'x').defending = true;
    step = attack(s2, slash(['x']), rng);
    expect(keys(step).slice(-1)).toEqual(['persona.down.defendBroken']);
    expect(who(step.state, 'x')).toMatchObject({ down: false, defending: false });
  });

  it('JA L1071: a PC Persona user is Released instead of Downed; L1074–1075: only a successful Persona-change roll ends it', () => {
    const rng = scriptedRandom([50, 4, 70, 10]);
    let step = begin([npc('x', { dex: 20 }), pc('a', { dex: 10, resistances: { fire: 'weak' } })], rng);
    step = attack(step.state, { kind: 'magic', elements: ['fire'], targets: ['a'], hitRate: 90 }, rng);
    expect(keys(step).slice(-2)).toEqual(['persona.release', 'persona.oneMore']);
    expect(who(step.state, 'a')).toMatchObject({ released: true, summoned: false, down: false });
    step = advance(step.state, rng); // x's 1 More
    step = advance(endAction(step.state).state, rng);
    expect(step.state.turn?.actorId).toBe('a');
    expect(err(() => attack(step.state, slash(['x']), rng))).toBe('persona.error.notSummoned');
    expect(err(() => summonPersona(step.state, { spendSlot: true }, rng))).toBe('persona.error.releasedNeedsRoll');
    step = personaChange(step.state, null, rng);
    expect(keys(step)).toEqual(['persona.release.continue']);
    expect(step.state.phase).toBe('idle');
    step = advance(step.state, rng); // round 2, x
    step = advance(step.state, rng);
    step = advance(endAction(step.state).state, rng);
    step = personaChange(step.state, null, rng);
    expect(keys(step)).toEqual(['persona.release.end']);
    expect(who(step.state, 'a')).toMatchObject({ released: false, summoned: true });
    expect(step.state.phase).toBe('slot');
  });

  it('JA L1028, KO L425: no Hold-up with fewer than two allies able to act, so no All-out attack', () => {
    const rng = scriptedRandom([50, 3]);
    let step = begin([pc('a', { dex: 20 }), npc('x', { resistances: { slash: 'weak' } })], rng);
    step = attack(step.state, slash(['x']), rng);
    expect(keys(step)).not.toContain('persona.holdUp');
    step = advance(step.state, rng);
    expect(err(() => allOutAttack(step.state, { kind: 'bokosuka' }, rng))).toBe('persona.error.noHoldUp');
  });
});

describe('Persona change and summoning (JA L83–84, L786–799)', () => {
  it('JA L794: success keeps the slot; L798: current HP stays above a lower max; L787: once per slot', () => {
    const rng = scriptedRandom([20]);
    let step = begin([pc('a', { dex: 20, wild: true, hp: 30 }), npc('x')], rng);
    step = personaChange(step.state, { name: 'Jack Frost', hpMax: 20, resistances: { fire: 'weak' } }, rng);
    expect(keys(step)).toEqual(['persona.change.success']);
    expect(step.state.phase).toBe('slot');
    expect(who(step.state, 'a')).toMatchObject({ persona: 'Jack Frost', hp: 30, hpMax: 20, resistances: { fire: 'weak' } });
    expect(err(() => personaChange(step.state, { name: 'Pixie' }, rng))).toBe('persona.error.changeUsed');
  });

  it('digest §12 #16: a failed change still changes the Persona and uses the slot; a non-Wild cannot change', () => {
    const rng = scriptedRandom([90]);
    const start = begin([pc('a', { dex: 20, wild: true }), pc('b', { dex: 1 }), npc('x')], rng);
    const step = personaChange(start.state, { name: 'Jack Frost' }, rng);
    expect(keys(step)).toEqual(['persona.change.fail']);
    expect(step.state.phase).toBe('idle');
    expect(who(step.state, 'a').persona).toBe('Jack Frost');
    const s = structuredClone(start.state);
    who(s, 'a').wild = false;
    expect(err(() => personaChange(s, { name: 'Pixie' }, rng))).toBe('persona.error.notWild');
  });

  it('JA L83: summon mid-combat by a successful roll (slot kept) or by spending the slot', () => {
    const rng = scriptedRandom([30]);
    let step = begin([pc('a', { dex: 20, summoned: false }), pc('b', { dex: 15, summoned: false }), npc('x')], rng);
    expect(err(() => attack(step.state, slash(['x']), rng))).toBe('persona.error.notSummoned');
    step = summonPersona(step.state, {}, rng);
    expect(keys(step)).toEqual(['persona.summon.success']);
    expect(step.state.phase).toBe('slot');
    step = advance(endAction(step.state).state, rng);
    step = summonPersona(step.state, { spendSlot: true }, rng);
    expect(keys(step)).toEqual(['persona.summon.spent']);
    expect(step.state.phase).toBe('idle');
    expect(who(step.state, 'b').summoned).toBe(true);
  });
});

describe('hit checks and passive actions (JA L127–135, L955–978)', () => {
  it('JA L976–977: hit critical + evasion fumble: Down and Dizzy at once without Down resistance', () => {
    const rng = scriptedRandom([1, 100, 3]);
    const step = attack(begin([pc('a', { dex: 20 }), npc('x', { hp: 50 })], rng).state, slash(['x'], { evade: ['x'] }), rng);
    expect(keys(step)).toEqual([
      'persona.attack.declare.physical',
      'persona.hit.critical',
      'persona.evade.fumble',
      'persona.damage.roll',
      'persona.damage.critical',
      'persona.damage.taken',
      'persona.down',
      'persona.dizzy',
      'persona.oneMore',
    ]);
  });

  it('JA L977: with Down resistance the Down is forced, with no resistance roll', () => {
    const rng = scriptedRandom([1, 100, 3]);
    const step = attack(begin([pc('a', { dex: 20 }), npc('x', { hp: 50, downResistance: 90 })], rng).state, slash(['x'], { evade: ['x'] }), rng);
    expect(who(step.state, 'x')).toMatchObject({ down: true, dizzy: 0 });
    expect(rng.remaining).toBe(0);
  });

  it('JA L975: an evasion fumble alone makes the attack a critical (physical: ×2, Down)', () => {
    const rng = scriptedRandom([50, 99, 3]);
    const step = attack(begin([pc('a', { dex: 20 }), npc('x', { hp: 50 })], rng).state, slash(['x'], { evade: ['x'] }), rng);
    expect(who(step.state, 'x')).toMatchObject({ hp: 44, down: true, dizzy: 0 });
  });

  it('JA L972–974: an evasion critical makes every later evasion of the attack succeed, counting only once', () => {
    const rng = scriptedRandom([50, 2, 50, 50]);
    const step = attack(begin([pc('a', { dex: 20 }), npc('x')], rng).state, slash(['x'], { hits: 3, evade: ['x'] }), rng);
    expect(keys(step).filter((k) => k.startsWith('persona.evade'))).toEqual(['persona.evade.critical', 'persona.evade.auto', 'persona.evade.auto']);
    expect(who(step.state, 'x').evasions).toBe(1);
    expect(keys(step)).not.toContain('persona.damage.roll');
  });

  it('JA L971: against a magic critical the evasion uses two counts (one roll)', () => {
    const rng = scriptedRandom([3, 25, 1]);
    const step = attack(begin([pc('a', { dex: 20 }), npc('x', { agi: 40 })], rng).state, { kind: 'magic', elements: ['ice'], targets: ['x'], hitRate: 90, evade: ['x'] }, rng);
    expect(step.events.find((e) => e.key === 'persona.evade.fail')!.params).toEqual({ name: 'X', roll: 25, chance: 20 });
    expect(who(step.state, 'x').evasions).toBe(2);
  });

  it('JA L961–963: the coverer takes the evasion (−SIZ×2) and the damage; once per round; not after the target declared evasion', () => {
    const rng = scriptedRandom([50, 30, 5]);
    const start = begin([npc('x', { dex: 20 }), pc('a', { siz: 10 }), pc('b', { agi: 40 })], rng);
    const step = attack(start.state, slash(['a'], { cover: [{ by: 'b', target: 'a', evade: true }] }), rng);
    expect(step.events.find((e) => e.key === 'persona.cover')!.params).toEqual({ name: 'B', target: 'A', penalty: 20 });
    // the covered character's SIZ is in the chance: it is named (issue 27)
    expect(step.events.find((e) => e.key === 'persona.evade.fail')!.params).toEqual({ name: 'B', covered: 'A', roll: 30, chance: 20 });
    expect(who(step.state, 'a').hp).toBe(30);
    expect(who(step.state, 'b').hp).toBe(25);
    expect(who(step.state, 'b').coverUsed).toBe(true);
    expect(err(() => attack(start.state, slash(['a'], { evade: ['a'], cover: [{ by: 'b', target: 'a' }] }), rng))).toBe('persona.error.coverAfterEvade');
    const s = structuredClone(start.state);
    who(s, 'b').coverUsed = true;
    expect(err(() => attack(s, slash(['a'], { cover: [{ by: 'b', target: 'a' }] }), rng))).toBe('persona.error.coverUsed');
  });

  it('JA L133: an auto-success attack needs no roll and cannot be evaded', () => {
    const rng = scriptedRandom([4]);
    const step = attack(begin([pc('a', { dex: 20 }), npc('x')], rng).state, slash(['x'], { hitRate: 'auto', evade: ['x'] }), rng);
    expect(keys(step)).toEqual(['persona.attack.declare.physical', 'persona.evade.autoHit', 'persona.damage.roll', 'persona.damage.taken']);
    expect(rng.remaining).toBe(0);
  });

  it('JA L132 / KO L127: a fumbled hit check sends the attack to a random target (anyone but the attacker, ally included)', () => {
    // pool in roster order: B (ally), X, Y; die(3) = 1 → B, the attacker's own ally; 1D6 = 4 → B takes 4
    const rng = scriptedRandom([97, 1, 4]);
    const step = attack(begin([pc('a', { dex: 20 }), pc('b'), npc('x'), npc('y')], rng).state, slash(['x']), rng);
    expect(keys(step).slice(0, 3)).toEqual(['persona.attack.declare.physical', 'persona.hit.fumbleRandom', 'persona.damage.roll']);
    expect(step.events[1]!.params).toMatchObject({ target: 'X', random: 'B' });
    expect([who(step.state, 'b').hp, who(step.state, 'x').hp]).toEqual([26, 30]);
  });

  it('JA L140: one damage roll for every target of a multi-target skill', () => {
    const rng = scriptedRandom([50, 50, 5]);
    const step = attack(begin([pc('a', { dex: 20 }), npc('x'), npc('y')], rng).state, slash(['x', 'y']), rng);
    expect(keys(step).filter((k) => k === 'persona.damage.roll')).toHaveLength(1);
    expect([who(step.state, 'x').hp, who(step.state, 'y').hp]).toEqual([25, 25]);
  });

  it('JA L116: the skill cannot be used if the cost is short or would bring HP to 0; nothing changes', () => {
    const rng = scriptedRandom([]);
    const start = begin([pc('a', { dex: 20, hp: 10, sp: 5 }), npc('x')], rng);
    expect(err(() => attack(start.state, slash(['x'], { cost: { hp: 10 } }), rng))).toBe('persona.error.hpCost');
    expect(err(() => attack(start.state, slash(['x'], { cost: { sp: 6 } }), rng))).toBe('persona.error.notEnoughSp');
    expect(who(start.state, 'a')).toMatchObject({ hp: 10, sp: 5 });
  });

  it('JA L145, L269: a reflected attack hits the attacker through its own resistances; L148: reflected again it is Null', () => {
    const rng = scriptedRandom([50, 5, 50, 5]);
    const start = begin([pc('a', { dex: 20, defense: 1 }), pc('b', { dex: 15, resistances: { slash: 'reflect' } }), npc('x', { resistances: { slash: 'reflect' } })], rng);
    let step = attack(start.state, slash(['x']), rng);
    expect(step.events.find((e) => e.key === 'persona.damage.reflected')!.params).toEqual({ name: 'A', target: 'X', amount: 5 });
    expect(who(step.state, 'a').hp).toBe(26);
    expect(who(step.state, 'x').hp).toBe(30);
    step = advance(step.state, rng);
    step = attack(step.state, slash(['x']), rng);
    expect(keys(step)).toContain('persona.damage.null');
    expect(who(step.state, 'b').hp).toBe(30);
  });
});

describe('incapacitation, death, finish-off, end of combat (JA L876–894, L1161–1167)', () => {
  it('JA L884–886, L894: the declarer acts at initiative 0 and 1 damage to the declared target kills it', () => {
    const rng = scriptedRandom([50, 3, 50, 2]);
    let step = begin([pc('a', { dex: 20 }), pc('b', { dex: 15 }), npc('x', { dex: 10, hp: 2 }), npc('y', { dex: 5 })], rng);
    step = attack(step.state, slash(['x']), rng);
    expect(who(step.state, 'x').incapacitated).toBe(true);
    step = advance(step.state, rng);
    step = advance(endAction(step.state).state, rng); // y
    step = advance(endAction(step.state).state, rng); // round 2 start
    expect(err(() => attack(step.state, slash(['x']), rng))).toBe('persona.error.noSlot');
    step = declareFinishOff(step.state, 'b', ['x']);
    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('a');
    expect(err(() => attack(step.state, slash(['x']), rng))).toBe('persona.error.badTarget');
    step = advance(endAction(step.state).state, rng);
    expect(step.state.turn?.actorId).toBe('y');
    step = advance(endAction(step.state).state, rng);
    expect(step.state.turn).toEqual({ actorId: 'b', fromWait: false });
    step = attack(step.state, slash(['x']), rng);
    expect(keys(step).slice(-1)).toEqual(['persona.finishOff.kill']);
    expect(who(step.state, 'x').dead).toBe(true);
  });

  it('JA L1165: a Persona user who never summoned in this combat dies at HP 0', () => {
    const rng = scriptedRandom([50, 4]);
    const step = attack(begin([npc('x', { dex: 20 }), pc('a', { summoned: false, hp: 3 }), pc('b')], rng).state, slash(['a']), rng);
    expect(keys(step).slice(-1)).toEqual(['persona.death.neverSummoned']);
    expect(who(step.state, 'a')).toMatchObject({ dead: true, hp: 0 });
  });

  it('JA L1163: a summoned user is incapacitated (SAN 1D6/3D6) instead; KO L457: the last enemy down ends the combat', () => {
    const rng = scriptedRandom([50, 4, 50, 6]);
    let step = begin([npc('x', { dex: 20 }), pc('a', { hp: 3 }), pc('b', { dex: 1 })], rng);
    step = attack(step.state, slash(['a']), rng);
    expect(keys(step).slice(-1)).toEqual(['persona.incapacitated.san']);
    expect(who(step.state, 'a')).toMatchObject({ incapacitated: true, summoned: false, hp: 0 });
    step = advance(step.state, rng);
    expect(step.state.turn?.actorId).toBe('b');
    const s = structuredClone(step.state);
    who(s, 'x').hp = 5;
    step = attack(s, slash(['x']), rng);
    expect(step.state.phase).toBe('ended');
    expect(step.state.endReason).toBe('pcWin');
    expect(keys(step).slice(-2)).toEqual(['persona.combat.end.pcWin', 'persona.combat.afterKo']);
    expect(step.events.at(-1)!.params).toEqual({ name: 'A' });
    expect(who(step.state, 'a')).toMatchObject({ hp: 1, incapacitated: true, unconscious: true });
    expect(who(step.state, 'x')).toMatchObject({ hp: 0, incapacitated: true, unconscious: false });
    expect(err(() => advance(step.state, rng))).toBe('persona.error.ended');
  });
});

describe('purity and refusals', () => {
  it('a rule call never changes the state it was given', () => {
    const rng = scriptedRandom([50, 3]);
    const start = begin([pc('a', { dex: 20 }), npc('x', { resistances: { slash: 'weak' } })], rng);
    const before = structuredClone(start.state);
    attack(start.state, slash(['x']), rng);
    expect(start.state).toEqual(before);
  });

  it('acting needs an open slot of that character; advance needs the slot closed', () => {
    const rng = scriptedRandom([]);
    const start = begin([pc('a', { dex: 20 }), npc('x')], rng);
    expect(err(() => advance(start.state, rng))).toBe('persona.error.slotOpen');
    expect(err(() => defend(start.state, 'x'))).toBe('persona.error.notYourSlot');
    expect(err(() => createCombat({ combatants: [pc('a'), pc('a'), npc('x')] }))).toBe('persona.error.duplicateId');
    expect(err(() => createCombat({ combatants: [pc('a')] }))).toBe('persona.error.needBothSides');
    expect(err(() => createCombat({ combatants: [pc('a'), npc('x')], config: { criticalMax: 99, fumbleMin: 50 } }))).toBe('persona.error.badConfig');
  });
});
