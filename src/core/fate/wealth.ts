// Wealth points (財産ポイント, seed 001 L959–961): a master has 社会 level × 2 of them; spent
// points come back one at a time at each day end (after the 4 action turns).
import { gradeLevel } from './sheet/grades.js';
import type { CharacterSheet } from './sheet/types.js';

/** 社会 level × 2 (EX counts as 6); 0 without 社会 (servants). */
export function wealthMax(sheet: CharacterSheet): number {
  const soc = sheet.statuses.soc;
  if (!soc || soc.grade === '??') return 0;
  return Math.max(0, gradeLevel(soc)) * 2;
}

/** Spending `amount` of the points left; throws RangeError when it is more than is left. */
export function spendWealth(spent: number, max: number, amount: number): number {
  if (!Number.isInteger(amount) || amount < 1) throw new RangeError(`amount must be a positive integer, got ${amount}`);
  if (spent + amount > max) throw new RangeError(`only ${max - spent} wealth points left`);
  return spent + amount;
}

/** Day end (L961): one spent point comes back. */
export function recoverWealth(spent: number): number {
  return Math.max(0, spent - 1);
}
