// The console takes a choice as Discord shows it, in any language (audit gw-mtg §5: `/행동 행동:정보수집`
// was refused as an unknown action; only the English identifier worked).
import { describe, expect, it } from 'vitest';
import { act } from '../../commands/act.js';
import { parseConsoleOptions } from '../../src/console/parse.js';

const users = (name: string) => ({ id: `console:${name}`, name });

describe('console choices', () => {
  it('a choice typed in Korean, Japanese or English, or as its value, gives the value', () => {
    for (const typed of ['정보수집', '情報収集', 'infoGathering']) {
      expect(parseConsoleOptions(act.definition, `action:${typed}`, users).string('action')).toBe('infoGathering');
    }
    expect(parseConsoleOptions(act.definition, 'action:"Information gathering"', users).string('action')).toBe('infoGathering');
    // Anything else stays as typed, for the command to refuse.
    expect(parseConsoleOptions(act.definition, 'action:정보', users).string('action')).toBe('정보');
  });
});
