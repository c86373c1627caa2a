// Front and back rows (seed 001 <戦闘ルール> L161–195; <装備> L998–1000 for weapon reach; digest
// fate-roll-dice-core.md §8.1, §8.3). Also the two small helpers every combat module shares.
import { FateError } from '../errors.js';

export type Row = 'front' | 'back';

export interface Placement {
  id: number;
  side: string;
  row: Row;
  /** not incapacitated and not escaped: only active characters hold a row */
  active: boolean;
}

/** A line of a report: a `fate.combat.*` catalog key and its parameters, worded by the reader's language. */
export interface CombatLine {
  key: string;
  params: Record<string, string | number>;
}

/** Whole number in [min, max], else FateError `fate.combat.error.outOfRange` {name, min, max}. */
export function combatInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new FateError('fate.combat.error.outOfRange', { name, min, max });
  }
}

/**
 * A side that has active characters in its back row and none in its front row, or null. Such a
 * placement is refused (L169–173: "前衛に誰も居ないのに後衛にキャラクターを配置する、という事は不可能");
 * check it when rows are chosen at the start of combat (L197) or changed. Mid-combat, when the
 * whole front row falls, nobody is refused: effectiveRows() moves the back row up (L173–177).
 * Inactive characters hold no row. The first offending side in input order is reported.
 */
export function rowProblem(ps: Placement[]): { side: string } | null {
  for (const side of sidesOf(ps)) {
    const active = ps.filter((p) => p.side === side && p.active);
    if (active.some((p) => p.row === 'back') && !active.some((p) => p.row === 'front')) return { side };
  }
  return null;
}

/** rowProblem() as a guard: FateError `fate.combat.error.backWithoutFront` {side}. */
export function assertRows(ps: Placement[]): void {
  const problem = rowProblem(ps);
  if (problem !== null) throw new FateError('fate.combat.error.backWithoutFront', { side: problem.side });
}

/**
 * The row each character effectively stands in. A side with no active character in its front row
 * has been closed in on: everyone of that side counts as front row (L173–177, "結果として、上記の形に
 * なってしまいます"). Every placement gets an entry (inactive ones too, by the same rule).
 */
export function effectiveRows(ps: Placement[]): Map<number, Row> {
  const collapsed = new Set(sidesOf(ps).filter((side) => !ps.some((p) => p.side === side && p.active && p.row === 'front')));
  const rows = new Map<number, Row>();
  for (const p of ps) rows.set(p.id, collapsed.has(p.side) ? 'front' : p.row);
  return rows;
}

export interface Attacker {
  /** the attacker's effective row (effectiveRows) */
  row: Row;
  /** a ranged (射撃) or dual-use (両用) weapon, or a ranged mount (L999–1000, L1013–1014) */
  ranged: boolean;
  /** an attack by magic (MAG + 魔術 skill, L213) */
  magic: boolean;
  /**
   * lifts the melee limit on the *target* row: ambush (L457), anti-army and similar NPs (L1088),
   * skills such as サムライ (L1249, L1281). It does not let a back-row melee attacker strike.
   */
  anyTargetRow?: boolean;
}

/**
 * Whether an attack can reach a target in the given row.
 * - Magic: from either row to either row (L213).
 * - Ranged and dual-use weapons: from either row to either row (L999–1000).
 * - Melee (白兵): only from the front row, only against the front row (L998: "自分が前衛に居る時、
 *   相手の前衛に対してのみ使用可能"); anyTargetRow lifts the target part only.
 * targetSideFrontEmpty: the target's side has nobody active in front, so its back row is the front
 * (L173–177); pass false when `target` already comes from effectiveRows().
 */
export function canReach(attacker: Attacker, target: Row, targetSideFrontEmpty: boolean): boolean {
  if (attacker.magic || attacker.ranged) return true;
  if (attacker.row !== 'front') return false;
  return target === 'front' || targetSideFrontEmpty || attacker.anyTargetRow === true;
}

function sidesOf(ps: Placement[]): string[] {
  return [...new Set(ps.map((p) => p.side))];
}
