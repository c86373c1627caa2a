// Input bounds for sheet import. The text and JSON importers enforce the same bounds, so every
// sheet the text importer builds passes the JSON validator (lists are bounded by the file size).

export const SHEET_LIMITS = {
  /** A sheet pasted into a Discord modal (characters, code points). */
  maxTextLength: 4000,
  /** An uploaded .txt or .json file (UTF-8 bytes). */
  maxFileBytes: 256 * 1024,
  /** Names: character, class, true name, skills, gear, ranks, combos. */
  maxNameLength: 100,
  /** Short one-line fields: sex, height text, profile values, grade/MP/dice "written" forms… */
  maxFieldLength: 2000,
  /** Marks on one grade before the value is refused as unusable (the rule maximum is 2 or 3: a warning). */
  maxMarksHard: 10,
} as const;

/** Largest numbers accepted (all integers ≥ 0 except fixed values, which may be negative). */
export const SHEET_BOUNDS = {
  rankLevel: 99,
  seals: 99,
  derived: 99_999,
  points: 10_000,
  mp: 100_000,
  dice: 1000,
  threshold: 6,
  fixed: 10_000,
  measure: 100_000,
} as const;

/** A run of digits as a number, or undefined when above `max`. */
export function boundedInt(digits: string, max: number): number | undefined {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n <= max ? n : undefined;
}
