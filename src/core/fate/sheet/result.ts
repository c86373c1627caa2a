// What an import returns besides the sheet.
import type { CharacterSheet, StatusKey } from './types.js';

export interface SheetWarning {
  line?: number;
  /** Catalog key in src/i18n/messages/sheet.ts (`sheet.warn.*`). */
  key: string;
  params: Record<string, string | number>;
}

export interface UnparsedLine {
  /** 1-based line number in the input. */
  line: number;
  /** The line as written (trailing spaces removed). It is also in sheet.extraText. */
  text: string;
  /** Catalog key (`sheet.unparsed.*`). */
  reason: string;
}

export interface SheetParseResult {
  sheet: CharacterSheet;
  unparsed: UnparsedLine[];
  warnings: SheetWarning[];
  /** What a text sheet wrote of its own (not defaults): whether a name, which statuses with a grade. */
  written?: { name: boolean; statuses: StatusKey[] };
}

export const UNPARSED_REASONS = [
  'sheet.unparsed.unknownField',
  'sheet.unparsed.unknownLine',
  'sheet.unparsed.badValue',
  'sheet.unparsed.partial',
  'sheet.unparsed.duplicate',
  'sheet.unparsed.tooLong',
  'sheet.unparsed.notForType',
  'sheet.unparsed.noName',
  'sheet.unparsed.kept',
] as const;

export const WARNING_KEYS = [
  'sheet.warn.statusMissing',
  'sheet.warn.marksOverMax',
  'sheet.warn.exPlus',
  'sheet.warn.unknownGrade',
  'sheet.warn.rankCountOver',
  'sheet.warn.rankLevelRange',
  'sheet.warn.rankLevelMismatch',
  'sheet.warn.irregularClass',
  'sheet.warn.typeGuessed.servant',
  'sheet.warn.typeGuessed.master',
  'sheet.warn.typeGuessed.troop',
  'sheet.warn.typeConflict',
  'sheet.warn.noName',
  'sheet.warn.npRankMissing',
  'sheet.warn.sixthStatus',
  'sheet.warn.unknownKey',
  'sheet.warn.markConditionMissing',
  'sheet.warn.writtenMismatch',
] as const;
