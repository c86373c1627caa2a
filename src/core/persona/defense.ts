// Passive actions: Persona evasion and Cover (JA L955–978; KO L392–412; digest §7).
import { canAct, statusDef } from './combatant.js';
import { roundBy, type CombatState, type Combatant, type Rounding } from './types.js';

export interface EvasionInput {
  /** the Persona's 速 (JA L969) */
  agi: number;
  /** スクカジャ/スクンダ stages: ±10 each (JA L602) */
  suku?: number;
  /** other skill modifiers (JA L970 「各種スキル等の補正」) */
  mods?: number;
  /** evasions this round including this one; a magic critical counts 2 (JA L971) */
  count: number;
  /** SIZ of the character being covered: −SIZ×2 (JA L963), taken after the division (digest §7.1) */
  coveredSiz?: number;
  rounding?: Rounding;
}

/** Persona evasion % = {(速) + (modifiers)} / (evasions this round) (JA L970), minus the Cover penalty. */
export function evasionChance(input: EvasionInput): number {
  const count = Math.max(1, input.count);
  const raw = input.agi + 10 * (input.suku ?? 0) + (input.mods ?? 0);
  return roundBy(input.rounding ?? 'floor', raw / count) - coverPenalty(input.coveredSiz ?? 0);
}

/** Cover penalty on the coverer's passive action: (covered character's SIZ) × 2 (JA L963). */
export function coverPenalty(coveredSiz: number): number {
  return Math.max(0, coveredSiz) * 2;
}

/**
 * Can take a passive action (evade, cover): able to act (not Down, Dizzy, incapacitated; JA L1022),
 * not analyzing (JA L427) and, for a Persona user, Persona summoned (Persona evasion uses the Persona's 速, JA L969; ordinary
 * Dodge does not work against skills, JA L135).
 */
export function canTakePassive(state: CombatState, c: Combatant): boolean {
  // an analyst takes no action at all, passive ones included, while the analysis runs (JA L427)
  return canAct(state, c) && (!c.personaUser || c.summoned) && !c.analyzing;
}

/**
 * Why `coverer` may not cover `target` against this attack, as an error key, or null (JA L961–962):
 * own Persona summoned, once per round, the target must want it (the caller declares it) and must
 * not have declared an evasion already; allies only, never oneself.
 */
export function coverRefusal(state: CombatState, coverer: Combatant, target: Combatant, targetEvading: boolean): string | null {
  if (coverer.id === target.id) return 'persona.error.coverSelf';
  if (coverer.side !== target.side) return 'persona.error.coverEnemy';
  if (!canTakePassive(state, coverer)) return 'persona.error.coverUnable';
  // Cover is declared, a choice: 悩殺・激昂… take it away (JA L948 「行動選択が出来なくなった」)
  if (statusDef(state, coverer.badStatus)?.blocksActionChoice === true) return 'persona.error.coverNoChoice';
  if (coverer.coverUsed) return 'persona.error.coverUsed';
  if (targetEvading) return 'persona.error.coverAfterEvade';
  return null;
}
