// The console takes a choice as Discord shows it, in any language (audit gw-mtg §5: `/행동 행동:정보수집`
// was refused as an unknown action; only the English identifier worked).
import { describe, expect, it } from 'vitest';
import { act } from '../../commands/act.js';
import { war } from '../../commands/war.js';
import { parseConsoleOptions } from '../../src/console/parse.js';
import { translator } from '../../src/i18n/index.js';
import { actionOf } from '../../src/services/war/action-kinds.js';
import type { CommandContext } from '../../src/services/types.js';

const users = (name: string) => ({ id: `console:${name}`, name });

describe('console choices', () => {
  it('a choice typed in Korean, Japanese or English, or as its value, gives the value', () => {
    for (const typed of ['"% 룰"', '%ルール', '"percentage rules"', 'percent']) {
      expect(parseConsoleOptions(war.definition, `start ruleset:${typed} name:W`, users).string('ruleset')).toBe('percent');
    }
    // Anything else stays as typed, for the command to refuse.
    expect(parseConsoleOptions(war.definition, 'start ruleset:룰 name:W', users).string('ruleset')).toBe('룰');
  });

  it('/act’s action (autocompleted by the war’s ruleset, issue 31) is read back from its name in any language', () => {
    const ctx = { t: translator('en') } as CommandContext;
    for (const typed of ['정보수집', '情報収集', 'Information gathering', 'infoGathering']) {
      expect(parseConsoleOptions(act.definition, `action:"${typed}"`, users).string('action')).toBe(typed);
      expect(actionOf(ctx, 'percent', typed)).toBe('infoGathering');
    }
    expect(actionOf(ctx, 'fate', '装備の準備')).toBe('preparation');
    expect(() => actionOf(ctx, 'percent', '정보')).toThrow();
    expect(() => actionOf(ctx, 'fate', 'soulEating')).toThrow();
  });
});
