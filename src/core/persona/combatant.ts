// Combatant creation and the read-only questions the rules ask about one character.
import { PersonaError, type BadStatusState, type CombatState, type Combatant, type CombatantInit, type Element, type Resistance } from './types.js';
import { findBadStatus, type BadStatusDef } from './status-table.js';

function nonNegativeInt(value: number | undefined, fallback: number, field: string, id: string): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < 0) throw new PersonaError('persona.error.badField', { id, field, value: String(v) });
  return v;
}

function int(value: number | undefined, fallback: number, field: string, id: string): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v)) throw new PersonaError('persona.error.badField', { id, field, value: String(v) });
  return v;
}

function stages(value: number | undefined, field: string, id: string): number {
  const v = int(value, 0, field, id);
  if (v < -3 || v > 3) throw new PersonaError('persona.error.badField', { id, field, value: String(v) });
  return v;
}

/** A combatant at the start of a combat, every runtime field reset. Throws PersonaError on bad numbers. */
export function makeCombatant(init: CombatantInit): Combatant {
  const id = init.id;
  if (typeof id !== 'string' || id.length === 0) throw new PersonaError('persona.error.badField', { id: String(id), field: 'id', value: String(id) });
  const hp = int(init.hp, 0, 'hp', id);
  const sp = nonNegativeInt(init.sp, 0, 'sp', id);
  const personaUser = init.personaUser ?? init.side === 'pc';
  const summoned = init.summoned ?? false;
  const dex = init.dex ?? null;
  if (dex !== null) int(dex, 0, 'dex', id);
  return {
    id,
    name: init.name,
    side: init.side,
    dex,
    agi: int(init.agi, 0, 'agi', id),
    luck: int(init.luck, 0, 'luck', id),
    hp,
    hpMax: nonNegativeInt(init.hpMax, Math.max(hp, 0), 'hpMax', id),
    sp,
    spMax: nonNegativeInt(init.spMax, sp, 'spMax', id),
    defense: int(init.defense, 0, 'defense', id),
    armor: int(init.armor, 0, 'armor', id),
    siz: nonNegativeInt(init.siz, 0, 'siz', id),
    con: nonNegativeInt(init.con, 0, 'con', id),
    pow: nonNegativeInt(init.pow, 0, 'pow', id),
    personaEnd: nonNegativeInt(init.personaEnd, 0, 'personaEnd', id),
    personaMag: nonNegativeInt(init.personaMag, 0, 'personaMag', id),
    resistances: { ...(init.resistances ?? {}) },
    personaUser,
    wild: init.wild ?? false,
    personaSkill: nonNegativeInt(init.personaSkill, 0, 'personaSkill', id),
    ...(init.personaSkill === undefined && personaUser ? { noPersonaSkill: true } : {}),
    physDb: init.physDb ?? '0',
    magDb: init.magDb ?? '0',
    downResistance: nonNegativeInt(init.downResistance, 0, 'downResistance', id),
    damageTakenPct: int(init.damageTakenPct, 0, 'damageTakenPct', id),
    suku: stages(init.suku, 'suku', id),
    raku: stages(init.raku, 'raku', id),
    taru: stages(init.taru, 'taru', id),
    maka: stages(init.maka, 'maka', id),
    ...(init.level !== undefined ? { level: nonNegativeInt(init.level, 0, 'level', id) } : {}),
    ...(init.bossRank !== undefined ? { bossRank: nonNegativeInt(init.bossRank, 0, 'bossRank', id) } : {}),
    persona: typeof init.persona === 'string' && init.persona.length > 0 ? init.persona : null,
    summoned,
    everSummoned: summoned,
    down: false,
    released: false,
    dizzy: 0,
    defending: false,
    badStatus: null,
    incapacitated: hp <= 0,
    unconscious: false,
    dead: false,
    fled: false,
    acted: false,
    waiting: false,
    finishOff: null,
    lostFirstRound: false,
    evasions: 0,
    coverUsed: false,
  };
}

export function findCombatant(state: CombatState, id: string): Combatant {
  const c = state.combatants.find((x) => x.id === id);
  if (c === undefined) throw new PersonaError('persona.error.unknownCombatant', { id });
  return c;
}

/** Still a participant: not dead, not fled, not incapacitated (KO L457; digest §12 #17). */
export function inCombat(c: Combatant): boolean {
  return !c.dead && !c.fled && !c.incapacitated;
}

export function statusDef(state: CombatState, status: BadStatusState | null): BadStatusDef | undefined {
  return status === null ? undefined : findBadStatus(state.config.badStatuses, status.id);
}

/**
 * Able to take active and passive actions: in combat, not Down (JA L1022), not Dizzy (JA L1078),
 * no action-blocking bad status. A Persona-Released PC can still act (normal actions).
 */
export function canAct(state: CombatState, c: Combatant): boolean {
  if (!inCombat(c) || c.down || c.dizzy > 0) return false;
  return statusDef(state, c.badStatus)?.blocksActions !== true;
}

/** Down, Released or Dizzy: what a Hold-up needs of every enemy (JA L1028). */
export function isDowned(c: Combatant): boolean {
  return c.down || c.released || c.dizzy > 0;
}

/** DEX, or 速 for a character without DEX (JA L10). Used by initiative and escape (JA L835). */
export function speedStat(c: Combatant): number {
  return c.dex ?? c.agi;
}

/**
 * The resistance that applies to an element. A Persona user's resistances and weaknesses apply
 * only while its Persona is summoned (JA L956); Defend treats every weakness as normal (JA L733).
 */
export function resistanceOf(c: Combatant, element: Element): Resistance {
  if (c.personaUser && !c.summoned) return 'normal';
  const r = c.resistances[element] ?? 'normal';
  return r === 'weak' && c.defending ? 'normal' : r;
}

/** Defense after ラクカジャ/ラクンダ: ±2 per stage (JA L601). */
export function effectiveDefense(c: Combatant): number {
  return Math.max(0, c.defense + 2 * c.raku);
}

/** The % damage-taken modifiers on a character: its own effects, plus Defend's −50 (JA L734). */
export function damageTakenMods(c: Combatant): number[] {
  return c.defending ? [c.damageTakenPct, -50] : [c.damageTakenPct];
}

/** Opponents of a side. */
export function enemiesOf(state: CombatState, side: Combatant['side']): Combatant[] {
  return state.combatants.filter((c) => c.side !== side);
}

export function alliesOf(state: CombatState, side: Combatant['side']): Combatant[] {
  return state.combatants.filter((c) => c.side === side);
}

/** The bad status that forbids Persona skills to this character, if any (the GM's table: blocksSkills or worse). */
export function skillBlockingStatus(state: CombatState, c: Combatant): BadStatusDef | undefined {
  const def = statusDef(state, c.badStatus);
  return def !== undefined && (def.blocksSkills === true || def.blocksActions) ? def : undefined;
}

/** The bad status that takes the choice of action away (悩殺・激昂・混乱・暴走: random actions, KO L174–179). */
export function choiceBlockingStatus(state: CombatState, c: Combatant): BadStatusDef | undefined {
  const def = statusDef(state, c.badStatus);
  return def !== undefined && def.blocksActionChoice ? def : undefined;
}

/** Refuses a Persona skill under a status that forbids skills (PersonaError). */
export function requireSkillsUsable(state: CombatState, c: Combatant): void {
  const def = skillBlockingStatus(state, c);
  if (def !== undefined) throw new PersonaError('persona.error.statusNoSkills', { name: c.name, status: def.id });
}

/**
 * A <ペルソナ> roll (summon, Persona change, ending a Release) needs the skill's %. The seeds give it no
 * default (JA L1074, KO L442 only say the roll must succeed), so without one the roll is refused with
 * the reason rather than made against 0.
 */
export function requirePersonaSkill(c: Combatant): void {
  if (c.noPersonaSkill) throw new PersonaError('persona.error.noPersonaSkill', { name: c.name });
}
