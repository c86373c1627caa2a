import { describe, expect, it } from 'vitest';
import { sheetMessages } from '../../../../src/i18n/messages/sheet.js';
import {
  SHEET_ERROR_KEYS, UNPARSED_REASONS, WARNING_KEYS, parseSheetText,
} from '../../../../src/core/fate/sheet/index.js';
import { fixture, fixtureNames } from './helpers.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('sheet message catalog', () => {
  const all = [...SHEET_ERROR_KEYS, ...WARNING_KEYS, ...UNPARSED_REASONS];

  it('every key the sheet core emits is in en, ja and ko, with the same placeholders', () => {
    for (const key of all) {
      const en = sheetMessages.en[key];
      expect(en, key).toBeTypeOf('string');
      for (const locale of ['ja', 'ko'] as const) {
        const text = sheetMessages[locale][key];
        expect(text, `${locale} ${key}`).toBeTypeOf('string');
        expect(placeholders(text ?? ''), `${locale} ${key}`).toEqual(placeholders(en ?? ''));
      }
    }
  });

  it('no other keys; all prefixed "sheet."', () => {
    for (const locale of ['en', 'ja', 'ko'] as const) {
      expect(Object.keys(sheetMessages[locale]).sort()).toEqual([...all].sort());
    }
    expect(all.every((k) => k.startsWith('sheet.'))).toBe(true);
  });

  it('warnings from the fixtures carry every parameter their message needs', () => {
    for (const file of fixtureNames('.txt')) {
      const r = parseSheetText(fixture(file), { source: 'file' });
      for (const w of r.warnings) {
        expect(placeholders(sheetMessages.en[w.key] ?? '(missing)'), `${file} ${w.key}`).toEqual(Object.keys(w.params).sort());
      }
      for (const u of r.unparsed) expect(UNPARSED_REASONS).toContain(u.reason);
    }
  });
});
