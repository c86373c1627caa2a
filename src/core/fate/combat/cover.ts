// Covering (庇う): defending against an attack aimed at someone else (seed 001 <詳細個別ルール> 庇うルール
// L471–482; ambush L455; digest fate-roll-dice-core.md §8.8, §15.10).
//
// Procedure (L474, L478): the covered character defends first; only when that defense fails may
// the coverer roll a cover defense, whose achievement is lowered by coverPenalty(). A successful
// cover counts as a successful defense; a failed one lets the coverer take the damage instead
// (coverRules().canTakeDamage). Whether a tie (L203: weapon − armor still lands) counts as a
// failed defense is not stated: the GM decides. For multi-target attacks and single-NP clashes the
// penalty also applies to the coverer's own defense (L476–477), which the caller handles.
import { FateError } from '../errors.js';
import { combatInt, type Row } from './rows.js';

export interface CoverInput {
  /** level of the status the coverer defends with (END, MAG…); ignored when usesAgi */
  defenseStatusLevel: number;
  agi: number;
  str: number;
  /** the coverer defends with AGI */
  usesAgi: boolean;
  /** the coverer's reaction modifier toward the covered character */
  reaction: number;
  /**
   * against an ambush (L475): the vigilance achievement against it and the ambusher's stealth
   * achievement; absent for an ordinary attack
   */
  ambush?: { vigilance: number; stealth: number };
}

export interface CoverBreakdown {
  /** ceil(|status − AGI| / 2), or ceil(|AGI − STR| / 2) when defending with AGI (L474) */
  statusPenalty: number;
  /** the margin by which vigilance lost to stealth (L475); 0 without an ambush */
  ambushPenalty: number;
  /** ceil(RM / 2) when the reaction modifier is positive, else 0 (L475) */
  reactionBonus: number;
  /** statusPenalty + ambushPenalty − reactionBonus: subtract from the cover defense achievement */
  total: number;
}

export const MAX_LEVEL = 99;
export const MAX_REACTION = 99;

/**
 * The net achievement minus on a cover defense (L474–475): subtract it from the cover roll's
 * achievement (clamping the result at 0, digest §15.2). Negative means a net bonus (a high
 * reaction modifier outweighs the penalty). "差" is read as the absolute difference (digest §15.10).
 * Throws FateError `fate.combat.error.coverNoVigilance` when an ambush is covered without a single
 * vigilance success (L455, L475), `fate.combat.error.outOfRange` {name, min, max}.
 */
export function coverPenalty(input: CoverInput): number {
  return coverBreakdown(input).total;
}

export function coverBreakdown(input: CoverInput): CoverBreakdown {
  combatInt('defenseStatusLevel', input.defenseStatusLevel, 0, MAX_LEVEL);
  combatInt('agi', input.agi, 0, MAX_LEVEL);
  combatInt('str', input.str, 0, MAX_LEVEL);
  combatInt('reaction', input.reaction, -MAX_REACTION, MAX_REACTION);
  const diff = input.usesAgi ? input.agi - input.str : input.defenseStatusLevel - input.agi;
  const statusPenalty = Math.ceil(Math.abs(diff) / 2);
  let ambushPenalty = 0;
  if (input.ambush !== undefined) {
    combatInt('vigilance', input.ambush.vigilance, 0, 999);
    combatInt('stealth', input.ambush.stealth, 0, 999);
    if (input.ambush.vigilance < 1) throw new FateError('fate.combat.error.coverNoVigilance');
    ambushPenalty = Math.max(0, input.ambush.stealth - input.ambush.vigilance);
  }
  const reactionBonus = input.reaction > 0 ? Math.ceil(input.reaction / 2) : 0;
  return { statusPenalty, ambushPenalty, reactionBonus, total: statusPenalty + ambushPenalty - reactionBonus };
}

/**
 * How the cover roll is made:
 * - body: an ordinary defense roll;
 * - ranged: an attack roll with a ranged or dual-use weapon, from the back row (L479);
 * - magic: a magic roll, from the back row (L480).
 */
export type CoverMeans = 'body' | 'ranged' | 'magic';

export interface CoverRules {
  /** the coverer is in the back row and must step up to the front row on declaring, whatever the result (L473) */
  moveToFront: boolean;
  /** on a failed cover the coverer may take the damage instead (L478); not when covering from the back by ranged or magic (L479–480) */
  canTakeDamage: boolean;
  /** magic from the back (L480): on a failed cover the damage margin may be taken against the cover roll's achievement */
  marginFromCoverRoll: boolean;
}

/**
 * Front ↔ front, back ↔ back and front covering back are ordinary (L473). Back covering front: by
 * body the coverer moves to the front row (L473); with a ranged/dual-use weapon or magic it stays,
 * cannot take the damage (L479–480), and by magic the margin may use the cover roll (L480). The
 * ranged and magic options only change anything from the back row covering the front row ("後衛から
 * 庇う時"); elsewhere they are an ordinary cover. Rows are effective rows (effectiveRows()).
 */
export function coverRules(coverer: Row, covered: Row, means: CoverMeans): CoverRules {
  const fromBack = coverer === 'back' && covered === 'front';
  if (!fromBack) return { moveToFront: false, canTakeDamage: true, marginFromCoverRoll: false };
  if (means === 'body') return { moveToFront: true, canTakeDamage: true, marginFromCoverRoll: false };
  return { moveToFront: false, canTakeDamage: false, marginFromCoverRoll: means === 'magic' };
}
