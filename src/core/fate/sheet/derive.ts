// Values computed from a sheet (seed 001 L862–881; digest fate-roll-dice-sheets.md §1.1–1.3, core §3.3).
import type { CharacterSheet, StatusKey } from './types.js';
import { gradeLevel } from './grades.js';
import { STATUS_KEYS } from './types.js';

export interface Pool {
  dice: number;
  threshold: number;
  /** Automatic successes (EX status: 14, L867–868). */
  auto: number;
}

export interface Derived {
  hp: number;
  mp: number;
  iv: number;
  luckPerDay: number;
  /** Effective R: rank.level + rank.bonus. */
  rankLevel: number;
  fpTotal: number;
  /** 3 for masters (L274), null otherwise. */
  sealsAtStart: number | null;
  pools: Partial<Record<StatusKey, Pool>>;
  rankCheck: { dice: number; threshold: number };
}

/**
 * FP at creation: 6 × R for servants and masters (L750–751). Troops: "ランクレベル+6" FP only at
 * levels 2, 4 and 6 (L366), on top of their level-derived statuses.
 */
export function fpTotalFor(type: CharacterSheet['type'], r: number): number {
  if (type === 'troop') return r === 2 || r === 4 || r === 6 ? r + 6 : 0;
  return 6 * r;
}

/** A status pool: 2L dice ≤ L (L864); EX = 14 automatic successes (L867); − = nothing. Marks are situational, not applied. */
export function statusPool(level: number): Pool {
  if (level >= 6) return { dice: 0, threshold: 6, auto: 14 };
  if (level <= 0) return { dice: 0, threshold: 0, auto: 0 };
  return { dice: 2 * level, threshold: level, auto: 0 };
}

/** Rank-level check (L878–879): level L → 2L dice ≤ L, but L = 6 (or more) → 12 dice ≤ 5, not EX. */
export function rankCheckPool(level: number): { dice: number; threshold: number } {
  if (level >= 6) return { dice: 12, threshold: 5 };
  if (level <= 0) return { dice: 0, threshold: 0 };
  return { dice: 2 * level, threshold: level };
}

export function deriveValues(sheet: CharacterSheet): Derived {
  const s = sheet.statuses;
  const str = gradeLevel(s.str);
  const end = gradeLevel(s.end);
  const agi = gradeLevel(s.agi);
  const mag = gradeLevel(s.mag);
  const luk = gradeLevel(s.luk);
  const r = sheet.rank.level + (sheet.rank.bonus ?? 0);
  const pools: Partial<Record<StatusKey, Pool>> = {};
  for (const key of STATUS_KEYS) {
    const g = s[key];
    if (g) pools[key] = statusPool(gradeLevel(g));
  }
  // Rank-level check: master R, servant R − 6 (L878); troop: its own level.
  const checkLevel = sheet.type === 'servant' ? r - 6 : r;
  return {
    // L870: HP = (max(耐久,筋力)×3 + min(耐久,筋力))×2 + R; MP = (魔力×3 + 幸運)×2 + R; IV = 敏捷×3 + 幸運.
    hp: (Math.max(end, str) * 3 + Math.min(end, str)) * 2 + r,
    mp: (mag * 3 + luk) * 2 + r,
    iv: agi * 3 + luk,
    // Luck rerolls per day = 幸運 level, EX +2 → 8 (L869); marks never change it (L912).
    luckPerDay: luk >= 6 ? 8 : luk,
    rankLevel: r,
    fpTotal: fpTotalFor(sheet.type, r),
    sealsAtStart: sheet.type === 'master' ? 3 : null,
    pools,
    rankCheck: rankCheckPool(checkLevel),
  };
}

/** Written HP/MP/IV that differ from the formulas (shown by the caller; a GM may have house rules). */
export function derivedMismatches(
  sheet: CharacterSheet,
  derived: Derived,
): { field: 'hp' | 'mp' | 'iv'; written: number; derived: number }[] {
  const out: { field: 'hp' | 'mp' | 'iv'; written: number; derived: number }[] = [];
  for (const field of ['hp', 'mp', 'iv'] as const) {
    const written = sheet.derivedWritten?.[field];
    if (written !== undefined && written !== derived[field]) out.push({ field, written, derived: derived[field] });
  }
  return out;
}
