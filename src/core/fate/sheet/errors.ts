// Sheet errors carry a catalog key (src/i18n/messages/sheet.ts) and its params; the words live in the
// catalog so the same error reads naturally in en, ja and ko.
import { KeyedError } from '../../keyed-error.js';

export type SheetErrorParams = Record<string, string | number>;

export class SheetError extends KeyedError {
  override readonly name = 'SheetError';
}

/** Every error key this module throws (all present in the catalog; a test checks). */
export const SHEET_ERROR_KEYS = [
  'sheet.error.empty',
  'sheet.error.tooLong',
  'sheet.error.fileTooLarge',
  'sheet.error.notASheet',
  'sheet.error.badJson',
  'sheet.error.badSchema',
  'sheet.error.missingField',
  'sheet.error.wrongType',
  'sheet.error.badEnum',
  'sheet.error.emptyName',
  'sheet.error.stringTooLong',
  'sheet.error.outOfRange',
  'sheet.error.tooManyItems',
] as const;
