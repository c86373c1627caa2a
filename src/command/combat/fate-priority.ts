// 攻撃優先 / 防御優先 in a fight (seed 001 L220–225): declared for one combat turn (a round), it moves
// dice of a dual-use status (AGI or MAG) between that character's attack and defense rolls. The
// moved dice keep the threshold of the status they were taken from (L222); the core's
// priorityShift() enforces the dual-use rule (L223–224) and the limit (L225).
import { priorityLimit, priorityShift } from '../../core/fate/combat/priority.js';
import type { CheckStatus } from '../../core/fate/status-names.js';
import type { Character } from '../characters.js';
import { UserError } from '../errors.js';
import type { FateCombatant, Priority } from './state.js';

export type Role = 'attack' | 'defense';

/** Dice and threshold of one status on a sheet, or of an ad-hoc NPC's pool (its first term). */
export function diceOf(ch: Character | null, c: FateCombatant, status: CheckStatus): { dice: number; threshold: number } {
  if (ch === null) {
    const m = /^(\d+)d6<=(\d+)/i.exec(c.pool ?? '4d6<=3');
    return m ? { dice: Number(m[1]), threshold: Number(m[2]) } : { dice: 0, threshold: 1 };
  }
  const p = status === 'rank' ? ch.derived.rankCheck : ch.derived.pools[status];
  return p ? { dice: p.dice, threshold: p.threshold } : { dice: 0, threshold: 1 };
}

/** The priority declared for this round, if any. */
export function priorityNow(c: FateCombatant, round: number): Priority | null {
  return c.priority && c.priority.round === round && c.priority.shift !== 0 ? c.priority : null;
}

/**
 * Checks a declaration against the status's own dice (the most that can leave it, L225) and
 * returns the stored priority. `dice` 0 clears it.
 */
export function declarePriority(ch: Character | null, c: FateCombatant, round: number, mode: Role, dice: number, status: 'agi' | 'mag'): Priority | undefined {
  if (dice === 0) return undefined;
  const own = diceOf(ch, c, status).dice;
  const shift = mode === 'attack' ? dice : -dice;
  priorityShift({ attackDice: own, defenseDice: own, larger: own, shift, dualUse: true });
  return { round, shift, status };
}

export interface PriorityEffect {
  /** dice taken off the roll's status pool (the giving side) */
  lowerDice: number;
  /** dice added to the roll (the receiving side), with the giving status's threshold */
  extra: { dice: number; threshold: number } | null;
  note: { key: string; params: Record<string, string | number> } | null;
}

/**
 * What a declared priority does to one roll of its round. The giving roll must use the declared
 * status (only its dice can move, L223); the receiving roll gains them at that status's threshold.
 */
export function priorityEffect(ch: Character | null, c: FateCombatant, p: Priority, role: Role, status: CheckStatus): PriorityEffect {
  const moved = Math.abs(p.shift);
  const giving: Role = p.shift > 0 ? 'defense' : 'attack';
  const source = diceOf(ch, c, p.status);
  const own = diceOf(ch, c, status);
  const mode = p.shift > 0 ? 'attack' : 'defense';
  if (role === giving) {
    if (ch !== null && status !== p.status) throw new UserError(`fate.priority.wrongStatus.${p.status}`, { name: c.name });
    const max = priorityLimit({ attackDice: own.dice, defenseDice: own.dice, larger: own.dice, shift: p.shift });
    return { lowerDice: Math.min(moved, max), extra: null, note: { key: `fate.priority.gave.${mode}`, params: { dice: Math.min(moved, max) } } };
  }
  const pools = role === 'attack' ? { attackDice: own.dice, defenseDice: source.dice } : { attackDice: source.dice, defenseDice: own.dice };
  priorityShift({ ...pools, larger: Math.max(own.dice, source.dice), shift: p.shift, dualUse: true });
  return { lowerDice: 0, extra: { dice: moved, threshold: source.threshold }, note: { key: `fate.priority.got.${mode}`, params: { dice: moved, threshold: source.threshold } } };
}
