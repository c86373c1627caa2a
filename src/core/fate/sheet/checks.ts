// Rule checks shared by the text and JSON importers. They produce warnings, never errors: a GM may
// run house rules, and the sheet stays usable.
import type { SheetWarning } from './result.js';
import type { CharacterSheet, Graded } from './types.js';
import { STANDARD_CLASS_SPELLINGS } from './labels.js';
import { looseKey } from './normalize.js';

/** Maximum marks: statuses 2, skills 3 (seed 001 L914). */
export const MAX_STATUS_MARKS = 2;
export const MAX_SKILL_MARKS = 3;
/** Ranks per character (L747–751). */
export const MAX_RANKS = 6;

/** Marks over the maximum (L914), "+" on EX (L868), "??" where only a skill may have it. */
export function gradeWarnings(field: string, g: Graded, max: number, line?: number, statusLike = false): SheetWarning[] {
  const out: SheetWarning[] = [];
  const at = line === undefined ? {} : { line };
  if (g.marks.length > max) out.push({ ...at, key: 'sheet.warn.marksOverMax', params: { field, count: g.marks.length, max } });
  if (g.grade === 'EX' && g.marks.some((m) => m.sign === '+')) out.push({ ...at, key: 'sheet.warn.exPlus', params: { field } });
  if (statusLike && g.grade === '??') out.push({ ...at, key: 'sheet.warn.unknownGrade', params: { field } });
  return out;
}

/** R from the rank names: servant 6 + count, master count (L747–751); troops print a number. */
export function rankFromNames(type: CharacterSheet['type'], count: number): number {
  return type === 'servant' ? 6 + count : count;
}

const LEVEL_RANGE: Record<CharacterSheet['type'], [number, number]> = {
  servant: [7, 12],
  master: [1, 6],
  troop: [1, 6],
};

/** Rank count and level range (L747–751, troops L337–364), irregular class (L709–718). */
export function sheetWarnings(sheet: CharacterSheet): SheetWarning[] {
  const out: SheetWarning[] = [];
  const { names, level } = sheet.rank;
  if (sheet.type !== 'troop' && names.length > MAX_RANKS) {
    out.push({ key: 'sheet.warn.rankCountOver', params: { count: names.length, max: MAX_RANKS } });
  }
  const [min, max] = LEVEL_RANGE[sheet.type];
  if (level < min || level > max) out.push({ key: 'sheet.warn.rankLevelRange', params: { level, min, max } });
  if (sheet.type !== 'troop') {
    const derived = rankFromNames(sheet.type, names.length);
    if (derived !== level) out.push({ key: 'sheet.warn.rankLevelMismatch', params: { written: level, derived } });
  }
  const className = sheet.servant?.className ?? '';
  if (sheet.type === 'servant' && className !== '' && !STANDARD_CLASS_SPELLINGS.some((c) => looseKey(c) === looseKey(className))) {
    out.push({ key: 'sheet.warn.irregularClass', params: { className } });
  }
  return out;
}
