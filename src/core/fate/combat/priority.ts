// Attack-priority / Defense-priority (攻撃優先 / 防御優先) (seed 001 <戦闘ルール> L220–225; digest
// fate-roll-dice-core.md §8.6, §15.8).
import { FateError } from '../errors.js';
import { combatInt } from './rows.js';

export interface PriorityInput {
  /** dice of the attack pool that dice move into or out of */
  attackDice: number;
  /** dice of the defense pool that dice move into or out of */
  defenseDice: number;
  /** dice count of the larger of the two base statuses used for attack and for defense (L225) */
  larger: number;
  /** dice moved for this combat turn: + from defense to attack (攻撃優先), − from attack to defense (防御優先) */
  shift: number;
  /**
   * the dice taken come from a status or skill usable for both attack and defense (L223–224: MAG,
   * AGI, dual-use skills; never STR, END or a one-sided skill)
   */
  dualUse: boolean;
}

export interface PriorityResult {
  attackDice: number;
  defenseDice: number;
  /** dice moved (|shift|) */
  moved: number;
  /**
   * the pool they were taken from: they keep its threshold (L222: "判定基準値は減らした側の…
   * 基準値そのまま"), so they are rolled as their own pool, e.g. 8d6<=4 + 4d6<=5
   */
  from: 'attack' | 'defense' | null;
}

export const MAX_POOL_DICE = 999;

/**
 * Moves dice between the attack and the defense roll of one combat turn (L221). At most the lesser
 * of the two limits of L225 (digest §15.8): the larger base status's dice count, and the dice the
 * giving side has (neither side below 0 dice). Example L225 / digest §8.6: Lancer AGI A for both
 * (10 dice ≤ 5 each), attack-priority 4 → attack 14 dice, defense 6.
 * Throws FateError `fate.combat.error.priorityNotDualUse`, `fate.combat.error.priorityTooMany` {max},
 * `fate.combat.error.outOfRange` {name, min, max}.
 */
export function priorityShift(input: PriorityInput): PriorityResult {
  combatInt('attackDice', input.attackDice, 0, MAX_POOL_DICE);
  combatInt('defenseDice', input.defenseDice, 0, MAX_POOL_DICE);
  combatInt('larger', input.larger, 0, MAX_POOL_DICE);
  combatInt('shift', input.shift, -MAX_POOL_DICE, MAX_POOL_DICE);
  const { attackDice, defenseDice, larger, shift } = input;
  if (shift === 0) return { attackDice, defenseDice, moved: 0, from: null };
  if (!input.dualUse) throw new FateError('fate.combat.error.priorityNotDualUse');
  const max = priorityLimit(input);
  const moved = Math.abs(shift);
  if (moved > max) throw new FateError('fate.combat.error.priorityTooMany', { max });
  return shift > 0
    ? { attackDice: attackDice + moved, defenseDice: defenseDice - moved, moved, from: 'defense' }
    : { attackDice: attackDice - moved, defenseDice: defenseDice + moved, moved, from: 'attack' };
}

/** The most dice the shift's direction allows: min(larger, dice on the giving side) (L225). */
export function priorityLimit(input: Pick<PriorityInput, 'attackDice' | 'defenseDice' | 'larger' | 'shift'>): number {
  const giving = input.shift >= 0 ? input.defenseDice : input.attackDice;
  return Math.min(input.larger, giving);
}
