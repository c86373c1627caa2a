import { describe, expect, it } from 'vitest';
import { commandModules } from '../commands/index.js';
import { catalogKeys, t, toLocale } from '../src/i18n/index.js';
import type { APIApplicationCommandOption } from 'discord.js';

describe('catalogs', () => {
  it('every key exists in en, ja and ko, with the same placeholders', () => {
    const en = catalogKeys('en');
    for (const locale of ['ja', 'ko'] as const) {
      expect(new Set(catalogKeys(locale))).toEqual(new Set(en));
      for (const key of en) {
        // `{name}`, `{name|을}` (the name with its particle) and `{name#을}` (the particle alone) all use `name`.
        const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)(?:[#|][^}]+)?\}/g)].map((m) => m[1]))].sort();
        expect(placeholders(t(locale, key)), `${locale} ${key}`).toEqual(placeholders(t('en', key)));
      }
    }
  });

  it('maps Discord locales, falling back to English', () => {
    expect(toLocale('ja')).toBe('ja');
    expect(toLocale('ko')).toBe('ko');
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale('fr')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });

  it('fills placeholders and falls back to English for a missing locale key', () => {
    expect(t('ja', 'roll.footer', { id: 7 })).toBe('ロール #7');
  });
});

describe('command definitions', () => {
  const walk = (options: APIApplicationCommandOption[] | undefined): APIApplicationCommandOption[] =>
    (options ?? []).flatMap((o) => [o, ...walk('options' in o ? (o.options as APIApplicationCommandOption[]) : undefined)]);

  it('carry ja and ko names and descriptions on the command and every option', () => {
    for (const module of commandModules) {
      for (const item of [module.definition, ...walk(module.definition.options)]) {
        for (const locale of ['ja', 'ko'] as const) {
          expect(item.name_localizations?.[locale], `${item.name} name ${locale}`).toBeTruthy();
          expect(item.description_localizations?.[locale], `${item.name} description ${locale}`).toBeTruthy();
          expect(item.description_localizations![locale]!.length).toBeLessThanOrEqual(100);
        }
        expect(item.description.length).toBeLessThanOrEqual(100);
      }
    }
  });

  it('names are unique per locale so the console can resolve localized names', () => {
    for (const locale of ['ja', 'ko'] as const) {
      const names = commandModules.map((m) => m.definition.name_localizations?.[locale]);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
