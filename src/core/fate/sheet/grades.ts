// Grades (− E D C B A EX, and ?? for the ?? skill) with "+"/"−" marks: seed 001 L862–869, L893–915.
//
// Canonical written form (formatGrade): the grade letters, then one character per mark in order,
// "+" for plus and U+2212 "−" for minus (the seed's own minus sign, e.g. "A−", "B−−"); the "none"
// grade is the ASCII "-" as in the seed's class tables ("宝具-", L668). parseGrade reads every usual
// spelling: ASCII "-", U+2212 "−", full-width "－", dashes, a katakana "ー" typed for a minus,
// full-width letters and "＋", lower case, and "なし"/"無し"/"−(無し)" for the none grade.
import { LEVEL, type Grade, type Graded, type Mark } from './types.js';
import { MINUS_CLASS, widthNorm } from './normalize.js';
import { SHEET_LIMITS } from './limits.js';

const GRADE_SOURCE = `(EX|ex|Ex|[A-Ea-e]|\\?\\?|なし|無し|[${MINUS_CLASS}])`;
const MARKS_SOURCE = `([+${MINUS_CLASS}]*)`;
const GRADE_RE = new RegExp(`^${GRADE_SOURCE}${MARKS_SOURCE}(\\((?:なし|無し)\\))?$`);

/** Regex source for a grade with marks, for use inside larger patterns (two capture groups). */
export const GRADE_TOKEN = `${GRADE_SOURCE}${MARKS_SOURCE}`;

/** Structure of a grade token already split into its grade and marks parts. */
export function gradeFromParts(gradePart: string, marksPart: string): Graded | null {
  let grade: Grade | '??';
  const g = gradePart.toUpperCase();
  if (g === 'EX' || g === 'A' || g === 'B' || g === 'C' || g === 'D' || g === 'E') grade = g;
  else if (g === '??') grade = '??';
  else grade = '-'; // なし, 無し or a minus sign
  if ((grade === '-' || grade === '??') && marksPart.length > 0) return null; // "--", "??+": not a grade
  if ([...marksPart].length > SHEET_LIMITS.maxMarksHard) return null;
  const marks: Mark[] = [...marksPart].map((ch) => ({ sign: ch === '+' ? '+' : '-', mode: 'pay' }));
  return { grade, marks };
}

/**
 * "A+", "B−−", "EX", "-", "−", "E", "??", "Ａ＋", "d-", "なし" → a Graded (marks in "pay" mode, the
 * default pattern of L901); null if the text is not a grade. `written` is set only when the text is
 * not already the canonical spelling, so parseGrade(formatGrade(g)) deep-equals g.
 */
export function parseGrade(written: string): Graded | null {
  const text = written.trim();
  const m = GRADE_RE.exec(widthNorm(text));
  if (!m) return null;
  const [, gradePart = '', marksPart = '', none] = m;
  const graded = gradeFromParts(gradePart, marksPart);
  if (!graded) return null;
  if (none !== undefined && (graded.grade !== '-' || graded.marks.length > 0)) return null;
  if (text !== formatGrade(graded)) graded.written = text;
  return graded;
}

/** Numeric level (L862–866): − 0, E 1 … A 5, EX 6; "??" counts as 0. Marks never change it (L912). */
export function gradeLevel(g: Graded | Grade): number {
  if (typeof g === 'string') return LEVEL[g];
  return g.grade === '??' ? 0 : LEVEL[g.grade];
}

/** Canonical spelling: "A+", "B−−" (U+2212), "EX", "-", "??". */
export function formatGrade(g: Graded): string {
  return g.grade + g.marks.map((mark) => (mark.sign === '+' ? '+' : '\u2212')).join('');
}

/** Same grade and the same mark signs in the same order (modes/conditions and `written` ignored). */
export function sameGrade(a: Graded, b: Graded): boolean {
  return (
    a.grade === b.grade &&
    a.marks.length === b.marks.length &&
    a.marks.every((mark, i) => mark.sign === b.marks[i]?.sign)
  );
}

/** What to print for a grade: its `written` form when that still reads as the same grade, else canonical. */
export function displayGrade(g: Graded): string {
  if (g.written !== undefined) {
    const reread = parseGrade(g.written);
    if (reread && sameGrade(reread, g)) return g.written.trim();
  }
  return formatGrade(g);
}

/** The common condition text when every mark is a "condition" mark with the same text, else undefined. */
export function sharedCondition(g: Graded): string | undefined {
  const first = g.marks[0];
  if (!first || first.mode !== 'condition' || first.condition === undefined) return undefined;
  return g.marks.every((m) => m.mode === 'condition' && m.condition === first.condition) ? first.condition : undefined;
}

/** Turn every mark of `g` into a condition mark with `condition` (for "敏捷A+(直線時)"). */
export function withCondition(g: Graded, condition: string): Graded {
  return { ...g, marks: g.marks.map((m) => ({ sign: m.sign, mode: 'condition', condition })) };
}
