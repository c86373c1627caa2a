import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FateError, fateErrorMessage } from '../../../src/core/fate/errors.js';
import { translator, type Locale } from '../../../src/i18n/index.js';
import { fateMessages } from '../../../src/i18n/messages/fate.js';

const LOCALES: Locale[] = ['en', 'ja', 'ko'];
const placeholders = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** A translator over the fate catalog alone (the lead merges it into the app catalog). */
const tr =
  (locale: Locale) =>
  (key: string, params: Record<string, string | number> = {}): string =>
    (fateMessages[locale][key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
      params[name] === undefined ? whole : String(params[name]),
    );

describe('fate message catalog', () => {
  it('has every fate.* key in en, ja and ko, all prefixed fate.', () => {
    const keys = new Set(LOCALES.flatMap((l) => Object.keys(fateMessages[l])));
    for (const locale of LOCALES) {
      expect([...keys].filter((k) => !(k in fateMessages[locale])), locale).toEqual([]);
      expect(Object.keys(fateMessages[locale]).filter((k) => !k.startsWith('fate.'))).toEqual([]);
    }
  });

  it('uses the same placeholders in all three languages and really translates', () => {
    for (const [key, template] of Object.entries(fateMessages.en)) {
      for (const locale of ['ja', 'ko'] as const) {
        const text = fateMessages[locale][key]!;
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(template));
        expect(text, `${locale} ${key}`).not.toBe(template);
        expect(text, `${locale} ${key}`).toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/);
      }
    }
  });

  it('has a message for every fate.error / fate.note key the rules use', () => {
    const files = ['check.ts', 'errors.ts', 'luck.ts', 'resources.ts', 'seals.ts', 'status-names.ts']
      .map((f) => join('src', 'core', 'fate', f))
      .concat(join('src', 'core', 'dice', 'reroll.ts'));
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'(fate\.(?:error|note)\.\w+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const locale of LOCALES) {
      expect([...used].filter((k) => !(k in fateMessages[locale])), locale).toEqual([]);
    }
  });

  it('fateErrorMessage names the status in the reader’s language', () => {
    const e = new FateError('fate.error.statusNone', { status: 'soc' });
    expect(fateErrorMessage(e, tr('en'), 'en')).toBe('Social is "−" (none) on this sheet, so it cannot be rolled.');
    expect(fateErrorMessage(e, tr('ja'), 'ja')).toBe('このシートの社会は「−（無し）」なので判定できません。');
    expect(fateErrorMessage(e, tr('ko'), 'ko')).toContain('사회');
  });

  it('still works through the app translator (missing keys show themselves until merged)', () => {
    const text = fateErrorMessage(new FateError('fate.error.noLuckLeft'), translator('en'), 'en');
    expect(['No Luck rerolls are left today.', 'fate.error.noLuckLeft']).toContain(text);
  });
});
