// Command mentions in every catalog line (issue 31, "Language" §3): a ja or ko line names a command the
// way that reader's Discord client does, never half in English (「先に /聖杯戦争 join」).
import { describe, expect, it } from 'vitest';
import { commandModules } from '../../commands/index.js';
import { catalogKeys, t } from '../../src/i18n/index.js';
import { commandMention, localizeCommands, optionName } from '../../src/i18n/commands.js';

describe('command mentions', () => {
  it('{/command sub} and {:command sub option} read as each client names them', () => {
    expect(commandMention('ja', 'war irregular')).toBe('/聖杯戦争 イレギュラー');
    expect(commandMention('ko', 'sheet import')).toBe('/시트 가져오기');
    expect(commandMention('en', 'war join')).toBe('/war join');
    expect(optionName('ja', 'war join master')).toBe('マスター');
    expect(localizeCommands('ko', '{/sheet import}{#로}')).toBe('/시트 가져오기{#로}');
    expect(t('ko', 'character.noActive')).toContain('/시트 가져오기로 가져오거나 /시트 사용으로');
  });

  it('an unknown path reads as written', () => {
    expect(commandMention('ja', 'nosuch thing')).toBe('/nosuch thing');
  });

  for (const locale of ['ja', 'ko'] as const) {
    it(`${locale}: no line names a command or subcommand by its English name where the client shows another`, () => {
      const english: RegExp[] = [];
      for (const m of commandModules) {
        const def = m.definition as { name: string; name_localizations?: Record<string, string>; options?: { type?: number; name: string; name_localizations?: Record<string, string> }[] };
        const local = def.name_localizations?.[locale] ?? def.name;
        if (local !== def.name) english.push(new RegExp(`(?<![A-Za-z0-9_/<.])/${def.name}(?![A-Za-z_])`));
        for (const s of def.options ?? []) {
          if (s.type !== 1 && s.type !== 2) continue;
          const subLocal = s.name_localizations?.[locale] ?? s.name;
          if (subLocal !== s.name) english.push(new RegExp(`/${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${s.name}(?![A-Za-z_])`));
        }
      }
      const mixed = catalogKeys(locale).filter((k) => !k.startsWith('cmd.') && english.some((re) => re.test(t(locale, k))));
      expect(mixed).toEqual([]);
    });
  }
});
