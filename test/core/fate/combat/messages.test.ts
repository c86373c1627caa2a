import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../src/i18n/index.js';
import { fateCombatMessages } from '../../../../src/i18n/messages/fate-combat.js';

const LOCALES: Locale[] = ['en', 'ja', 'ko'];
const DIR = join('src', 'core', 'fate', 'combat');
// The public wordings of a hidden NPC's attack lines (issue 27) are chosen where the lines are made.
const SERVICES = [join('src', 'services', 'combat', 'fate-resolve.ts')];
const placeholders = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('fate combat message catalog', () => {
  it('has every key in en, ja and ko, all prefixed fate.combat.', () => {
    const keys = new Set(LOCALES.flatMap((l) => Object.keys(fateCombatMessages[l])));
    for (const locale of LOCALES) {
      expect([...keys].filter((k) => !(k in fateCombatMessages[locale])), locale).toEqual([]);
      expect(Object.keys(fateCombatMessages[locale]).filter((k) => !k.startsWith('fate.combat.'))).toEqual([]);
    }
  });

  it('uses the same placeholders in all three languages and really translates', () => {
    for (const [key, template] of Object.entries(fateCombatMessages.en)) {
      for (const locale of ['ja', 'ko'] as const) {
        const text = fateCombatMessages[locale][key]!;
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(template));
        expect(text, `${locale} ${key}`).not.toBe(template);
        expect(text, `${locale} ${key}`).toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/);
      }
    }
  });

  it('has a message for every fate.combat key the rules use, and no unused ones', () => {
    const used = new Set<string>();
    for (const file of [...readdirSync(DIR).filter((f) => f.endsWith('.ts')).map((f) => join(DIR, f)), ...SERVICES]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/'(fate\.combat\.[\w.]+)'/g)) used.add(m[1]!);
      expect(text, `${file} builds a key from parts`).not.toMatch(/`fate\.combat\.[\w.]*\$\{/);
    }
    expect(used.size).toBeGreaterThan(25);
    for (const locale of LOCALES) {
      expect([...used].filter((k) => !(k in fateCombatMessages[locale])), locale).toEqual([]);
    }
    expect(Object.keys(fateCombatMessages.en).filter((k) => !used.has(k))).toEqual([]);
  });
});
