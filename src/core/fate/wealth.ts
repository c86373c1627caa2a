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

/**
 * Items bought with wealth points (L963): each point buys one item, used once. Effect 3: an item
 * that recovers 2d6 of HP or of MP (chosen when bought), on oneself or another. Effect 4: an item
 * that adds +1 to one check of the skill named when bought; several may be used at once.
 */
export interface WealthItems {
  hp: number;
  mp: number;
  /** skill name as on the sheet → items held */
  skills: Record<string, number>;
}

export const MAX_ITEMS = 99;

export type WealthItemKind = 'hp' | 'mp' | 'skill';

export function addItems(items: WealthItems | undefined, kind: WealthItemKind, count: number, skill?: string): WealthItems {
  const base: WealthItems = { hp: items?.hp ?? 0, mp: items?.mp ?? 0, skills: { ...(items?.skills ?? {}) } };
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  if (kind === 'skill') {
    if (!skill) throw new RangeError('a skill item names its skill');
    base.skills[skill] = Math.min(MAX_ITEMS, (base.skills[skill] ?? 0) + count);
  } else {
    base[kind] = Math.min(MAX_ITEMS, base[kind] + count);
  }
  return base;
}

/** Uses `count` HP or MP items: returns the items left and one 2d6 roll per item. Null when too few are held. */
export function useRecoveryItems(items: WealthItems | undefined, kind: 'hp' | 'mp', count: number, rng: { die(sides: number): number }): { items: WealthItems; rolls: [number, number][] } | null {
  const held = items?.[kind] ?? 0;
  if (!Number.isInteger(count) || count < 1 || count > held) return null;
  const rolls: [number, number][] = Array.from({ length: count }, () => [rng.die(6), rng.die(6)]);
  return { items: { hp: items?.hp ?? 0, mp: items?.mp ?? 0, skills: { ...(items?.skills ?? {}) }, [kind]: held - count }, rolls };
}

/** Uses `count` skill items among the check's skills, in the order given; null when too few are held. */
export function useSkillItems(items: WealthItems | undefined, skills: readonly string[], count: number): WealthItems | null {
  const left = { ...(items?.skills ?? {}) };
  let need = count;
  for (const name of skills) {
    const take = Math.min(need, left[name] ?? 0);
    if (take > 0) left[name] = (left[name] ?? 0) - take;
    need -= take;
  }
  if (need > 0) return null;
  for (const name of Object.keys(left)) if (left[name] === 0) delete left[name];
  return { hp: items?.hp ?? 0, mp: items?.mp ?? 0, skills: left };
}
