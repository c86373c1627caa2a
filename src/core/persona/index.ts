// Persona-style CoC combat rules (seeds 002 JA / 003 KO; digest shared/rules/persona-combat.md).
// Pure: a CombatState and a RandomSource in, a new CombatState and `persona.*` events out.
export * from './types.js';
export { DEFAULT_BAD_STATUSES, findBadStatus, type BadStatusCategory, type BadStatusDef } from './status-table.js';
export { percentile, chanceRoll, type PercentileCheck } from './check.js';
export {
  makeCombatant,
  findCombatant,
  inCombat,
  canAct,
  isDowned,
  speedStat,
  resistanceOf,
  effectiveDefense,
  damageTakenMods,
} from './combatant.js';
export {
  expandDb,
  sumDb,
  computeDamage,
  inflictionAffinity,
  PCT_FLOOR,
  type DamageInput,
  type DamageBreakdown,
  type ElementPart,
  type InflictionAffinity,
} from './damage.js';
export { inflictionChance, naturalRecoveryChance, recoveryStatValue, inflictionBlock, type InflictionInput } from './status.js';
export { DIZZY_SLOTS, holdUpAvailable } from './down.js';
export { initiativeOf, nextActorCandidates, projectedOrder } from './initiative.js';
export { evasionChance, coverPenalty, coverRefusal, canTakePassive, type EvasionInput } from './defense.js';
export {
  DEFAULT_CONFIG,
  MAX_COMBATANTS,
  createCombat,
  declarePersona,
  endByGm,
  advance,
  wait,
  defend,
  endAction,
  personaChange,
  summonPersona,
  declareFinishOff,
  grantExtraSlot,
  type CombatSetup,
  type AdvanceOptions,
  type PersonaPatch,
} from './state.js';
export { attack, allOutAttack, type AttackSpec, type AttackAilment, type CoverDeclaration, type AllOutSpec, type AllOutKind } from './attack.js';
export { castAilment, type AilmentSpec } from './ailment.js';
export { analyze, keepAnalyzing, MAX_ANALYZE_ROUNDS, type AnalyzeSpec } from './analyze.js';
export { continueEscape, escape, escapeChance, type EscapeOdds } from './escape.js';
export { abandonCombo, continueCombo, declareCombo } from './combo.js';
export { localizePersonaParams, personaEventText, personaErrorMessage } from './text.js';
export { heal, buff, type HealSpec, type BuffStat } from './support.js';
export { adjustCombatant, addReinforcement, configure, defineBadStatus, removeBadStatus, removeCombatant, type Adjustment, type ConfigPatch } from './gm.js';
export { wildTalk, type TalkSpec, type TalkRewardChoice } from './talk.js';
export { DEFAULT_DB_LADDER, effectiveDb, dbStage } from './db-rank.js';
