// Fate/roll dice combat rules (seed 001 <戦闘ルール> L156–235, <詳細個別ルール> L424–437, L471–482,
// L513–524): pure functions; catalog keys `fate.combat.*` (src/i18n/messages/fate-combat.ts).
export {
  assertRows,
  canReach,
  combatInt,
  effectiveRows,
  rowProblem,
  type Attacker,
  type CombatLine,
  type Placement,
  type Row,
} from './rows.js';
export {
  MAX_IV,
  MAX_TIE_ROUNDS,
  delayedIv,
  initiativeOrder,
  rollAchievement,
  type InitiativeEntry,
  type InitiativeResult,
  type TieRoll,
} from './initiative.js';
export {
  MAX_ACHIEVEMENT,
  MAX_FIXED,
  MAX_HP,
  attackLines,
  flightPenalty,
  magicFlightTurns,
  resolveAttack,
  type AttackInput,
  type AttackResult,
} from './attack.js';
export { MAX_POOL_DICE, priorityLimit, priorityShift, type PriorityInput, type PriorityResult } from './priority.js';
export {
  MAX_LEVEL,
  MAX_REACTION,
  coverBreakdown,
  coverPenalty,
  coverRules,
  type CoverBreakdown,
  type CoverInput,
  type CoverMeans,
  type CoverRules,
} from './cover.js';
export {
  MAX_ESCAPE_ROUNDS,
  escapeOutcome,
  rollEscape,
  type EscapeInput,
  type EscapeOutcome,
  type EscapeResult,
} from './escape.js';
export {
  MAX_BS_COUNT,
  MAX_BS_STRENGTH,
  MAX_SOURCE_LENGTH,
  addBadStatus,
  impedimentPenalty,
  resistBadStatus,
  resistStatus,
  resistsBadStatus,
  turnStartDamage,
  type BadStatus,
  type ImpededChecks,
  type ResistOptions,
} from './bad-status.js';
