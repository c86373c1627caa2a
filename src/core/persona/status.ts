// Bad statuses (バステ): infliction odds (JA L172, L187–191; KO L142, L169), one at a time (JA L350),
// natural recovery (JA L352–353; KO L183). The table itself is in status-table.ts (a default: the
// seeds lost theirs). Formulas are pure; the mutators below work on a draft state inside a rule call.
import type { RandomSource } from '../random.js';
import { chanceRoll } from './check.js';
import { statusDef } from './combatant.js';
import type { InflictionAffinity } from './damage.js';
import { findBadStatus } from './status-table.js';
import { PersonaError, ev, roundBy, type CombatState, type Combatant, type PersonaEvent, type Rounding } from './types.js';

export interface InflictionInput {
  /** the skill's base infliction rate (バステ基本付着率) */
  base: number;
  /** ブースタ補正 */
  booster?: number;
  /** 運 of the user (combination magic: the highest participating Persona's, JA L498) */
  userLuck: number;
  targetLuck: number;
  /** the user's スクカジャ/スクンダ stages: ±10 each (JA L602) */
  suku?: number;
  /** weak ×2, resist ×½ on the final target value (JA L190) */
  affinity: InflictionAffinity;
  rounding?: Rounding;
}

/**
 * Infliction chance % = (base + booster + user 運 − target 運) (JA L172, L189; KO L142), with
 * Sukukaja ±10/stage added first, then ×2 if the target is weak, ×½ if it resists (JA L190, 「最終的な
 * 目標値」). Not clamped: the d100 decides.
 */
export function inflictionChance(input: InflictionInput): number {
  const raw = input.base + (input.booster ?? 0) + input.userLuck - input.targetLuck + 10 * (input.suku ?? 0);
  if (input.affinity === 'weak') return raw * 2;
  if (input.affinity === 'resist') return roundBy(input.rounding ?? 'floor', raw / 2);
  return raw;
}

/**
 * Natural recovery chance % = (recovery stat) × (elapsed rounds) (JA L352). KO L183 counts turns;
 * JA's rounds are used. Elapsed = current round − the round the status landed, so a status from
 * earlier in the same round has 0% at the first check (digest §12 #18).
 */
export function naturalRecoveryChance(stat: number, elapsedRounds: number): number {
  return Math.max(0, stat) * Math.max(0, elapsedRounds);
}

/** CON may be replaced by the Persona's 耐, POW by its 魔 (JA L353): the higher one is used. */
export function recoveryStatValue(c: Combatant, stat: 'con' | 'pow'): number {
  return stat === 'con' ? Math.max(c.con, c.personaEnd) : Math.max(c.pow, c.personaMag);
}

/** Why a bad status cannot land, or null: Defend (JA L734), one at a time (JA L350). */
export function inflictionBlock(c: Combatant): 'defending' | 'existing' | null {
  if (c.defending) return 'defending';
  if (c.badStatus !== null) return 'existing';
  return null;
}

/** Draft mutator: put a bad status on a character (the caller has checked the odds). */
export function putBadStatus(draft: CombatState, c: Combatant, statusId: string, events: PersonaEvent[]): boolean {
  const def = findBadStatus(draft.config.badStatuses, statusId);
  if (def === undefined) throw new PersonaError('persona.error.unknownStatus', { status: statusId });
  const block = inflictionBlock(c);
  if (block !== null) {
    events.push(ev(block === 'defending' ? 'persona.status.blockedDefend' : 'persona.status.blockedExisting', { target: c.name, status: statusId }));
    return false;
  }
  c.badStatus = { id: statusId, round: draft.round, turn: draft.turnCount ?? 0 };
  events.push(ev('persona.status.inflicted', { target: c.name, status: statusId }));
  // JA L948: a Wait is cancelled when the character can no longer act or choose its actions
  if (c.waiting && (def.blocksActions || def.blocksActionChoice)) {
    c.waiting = false;
    events.push(ev('persona.wait.cancelled', { name: c.name }));
  }
  return true;
}

/** Draft mutator: the natural-recovery roll just before a character's own turn (JA L352). */
export function rollNaturalRecovery(draft: CombatState, c: Combatant, rng: RandomSource, events: PersonaEvent[]): void {
  const def = statusDef(draft, c.badStatus);
  if (c.badStatus === null || def === undefined || def.cure !== 'natural' || def.recoveryStat === null) return;
  // JA L352 counts rounds; KO L183 counts turns (a fight setting, PersonaConfig.recoveryCount)
  const elapsed = draft.config.recoveryCount === 'turns' ? (draft.turnCount ?? 0) - (c.badStatus.turn ?? 0) : draft.round - c.badStatus.round;
  const chance = naturalRecoveryChance(recoveryStatValue(c, def.recoveryStat), elapsed);
  if (chance <= 0) return;
  const check = chanceRoll(chance, rng);
  const params = { name: c.name, status: def.id, roll: check.roll, chance };
  if (check.success) {
    c.badStatus = null;
    events.push(ev('persona.recovery.success', params));
  } else {
    events.push(ev('persona.recovery.fail', params));
  }
}
