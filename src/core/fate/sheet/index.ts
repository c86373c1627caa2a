// Fate/roll dice character sheets: the pure core (no Discord, no storage).
// Import text sheets (servant / master / troop templates, seed 001 L1527–1694) and JSON (digest §9),
// export both, derive HP/MP/IV and pools, look skills up, summarize for public display.
export * from './types.js';
export { SHEET_LIMITS, SHEET_BOUNDS } from './limits.js';
export { SheetError, SHEET_ERROR_KEYS, type SheetErrorParams } from './errors.js';
export { parseGrade, gradeLevel, formatGrade, displayGrade, sameGrade } from './grades.js';
export type { SheetParseResult, SheetWarning, UnparsedLine } from './result.js';
export { UNPARSED_REASONS, WARNING_KEYS } from './result.js';
export { parseSheetText, type ParseTextOptions } from './parse-text.js';
export { parseSheetJson, exportSheetJson, SHEET_SCHEMA } from './parse-json.js';
export { exportSheetText } from './export-text.js';
export { deriveValues, derivedMismatches, statusPool, rankCheckPool, fpTotalFor, type Derived, type Pool } from './derive.js';
export { findSkill, skillNames } from './find-skill.js';
export { summarizeSheet, type SheetSummary } from './summary.js';
export { STATUS_LABELS, STANDARD_CLASSES } from './labels.js';
export { defaultSheetId, NAMELESS } from './id.js';
