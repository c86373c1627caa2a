// 攻撃優先 / 防御優先 in a fight (seed 001 L220–225): declared for one combat turn (a round), it moves
// dice of a dual-use status (AGI or MAG) between that character's attack and defense rolls. The
// moved dice keep the threshold of the status they were taken from (L222); the core's
// priorityShift() enforces the dual-use rule (L223–224) and the limit (L225).
import { planCheck } from '../../core/fate/check.js';
import { priorityLimit, priorityShift } from '../../core/fate/combat/priority.js';
import { findSkill } from '../../core/fate/sheet/index.js';
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

/** Dice and threshold of one skill on a sheet, as a check rolls it (marks included). */
function skillDice(ch: Character, name: string): { dice: number; threshold: number } {
  const pool = planCheck(ch.sheet, { status: null, skills: [name], plus: 0, minus: 0, lowerDice: 0, lowerThreshold: 0, target: null }, findSkill).pools[0]!;
  return { dice: pool.dice, threshold: pool.threshold };
}

/** Where the moved dice come from: the declared skill, else the declared status. */
function sourceOf(ch: Character | null, c: FateCombatant, p: Pick<Priority, 'status' | 'skill'>): { dice: number; threshold: number } {
  return p.skill !== undefined && ch ? skillDice(ch, p.skill) : diceOf(ch, c, p.status);
}

/** The priority declared for this round, if any. */
export function priorityNow(c: Pick<FateCombatant, 'priority'>, round: number): Priority | null {
  return c.priority && c.priority.round === round && c.priority.shift !== 0 ? c.priority : null;
}

/**
 * Checks a declaration against the status's own dice (the most that can leave it, L225) and
 * returns the stored priority. `dice` 0 clears it.
 */
export function declarePriority(ch: Character | null, c: FateCombatant, round: number, mode: Role, dice: number, status: 'agi' | 'mag', skill: string | null): Priority | undefined {
  if (dice === 0) return undefined;
  if (skill !== null && ch === null) throw new UserError('fate.priority.skillNeedsSheet', { name: c.name });
  const declared = { status, ...(skill !== null && ch ? { skill: findSkill(ch.sheet, skill)?.name ?? skill } : {}) };
  const own = sourceOf(ch, c, declared).dice;
  const shift = mode === 'attack' ? dice : -dice;
  priorityShift({ attackDice: own, defenseDice: own, larger: own, shift, dualUse: true });
  return { round, shift, ...declared };
}

export interface PriorityEffect {
  /** dice taken off the roll's status pool (the giving side, a status) */
  lowerDice: number;
  /** the giving side, a skill: the roll's skill to leave out (its remaining dice come back in `extra`) */
  removeSkill: string | null;
  /** dice added to the roll: the moved dice (receiving side), or what a giving skill keeps */
  extra: { dice: number; threshold: number } | null;
  note: { key: string; params: Record<string, string | number> } | null;
}

/**
 * What a declared priority does to one roll of its round. The giving roll must use the declared
 * status or skill (only its dice can move, L223); the receiving roll gains them at its threshold.
 */
export function priorityEffect(ch: Character | null, c: FateCombatant, p: Priority, role: Role, status: CheckStatus, skills: string[]): PriorityEffect {
  const moved = Math.abs(p.shift);
  const giving: Role = p.shift > 0 ? 'defense' : 'attack';
  const source = sourceOf(ch, c, p);
  const own = diceOf(ch, c, status);
  const mode = p.shift > 0 ? 'attack' : 'defense';
  if (role === giving) {
    if (p.skill !== undefined && ch) {
      const typed = skills.find((s) => findSkill(ch.sheet, s)?.name === p.skill);
      if (typed === undefined) throw new UserError('fate.priority.wrongSkill', { name: c.name, skill: p.skill });
      const taken = Math.min(moved, source.dice);
      const left = source.dice - taken;
      return { lowerDice: 0, removeSkill: typed, extra: left > 0 ? { dice: left, threshold: source.threshold } : null, note: { key: `fate.priority.gave.${mode}`, params: { dice: taken } } };
    }
    if (ch !== null && status !== p.status) throw new UserError(`fate.priority.wrongStatus.${p.status}`, { name: c.name });
    const max = priorityLimit({ attackDice: own.dice, defenseDice: own.dice, larger: own.dice, shift: p.shift });
    return { lowerDice: Math.min(moved, max), removeSkill: null, extra: null, note: { key: `fate.priority.gave.${mode}`, params: { dice: Math.min(moved, max) } } };
  }
  const pools = role === 'attack' ? { attackDice: own.dice, defenseDice: source.dice } : { attackDice: source.dice, defenseDice: own.dice };
  priorityShift({ ...pools, larger: Math.max(own.dice, source.dice), shift: p.shift, dualUse: true });
  return { lowerDice: 0, removeSkill: null, extra: { dice: moved, threshold: source.threshold }, note: { key: `fate.priority.got.${mode}`, params: { dice: moved, threshold: source.threshold } } };
}
