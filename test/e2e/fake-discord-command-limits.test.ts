// The fake Discord refuses command bodies the real one refuses (so `npm run deploy-commands` in the
// e2e tests fails when a command outgrows Discord's limits), and every command of the bot fits.
import { describe, expect, it } from 'vitest';
import { commandModules } from '../../commands/index.js';
import { COMMAND_SIZE_LIMIT, commandProblems, commandSize } from './fake-discord/command-limits.js';

const body = (extra: object = {}) => ({ name: 'probe', description: 'A probe', type: 1, ...extra });
const option = (i: number, extra: object = {}) => ({ name: `o${i}`, description: 'x', type: 3, ...extra });

describe('fake Discord: application command limits', () => {
  it('accepts a plain command and counts the longest localization of each field', () => {
    expect(commandProblems(body())).toEqual([]);
    const localized = body({ description_localizations: { ja: 'とても長い説明文です' } });
    expect(commandSize(localized)).toBe('probe'.length + 'とても長い説明文です'.length);
  });

  it('refuses bad names, long descriptions, 26 options or choices, and a required option after an optional one', () => {
    expect(commandProblems(body({ name: 'Probe' }))).toHaveLength(1);
    expect(commandProblems(body({ name_localizations: { ko: '공백 있음' } }))).toHaveLength(1);
    expect(commandProblems(body({ description: 'x'.repeat(101) }))).toHaveLength(1);
    expect(commandProblems(body({ options: Array.from({ length: 26 }, (_, i) => option(i)) })).join()).toMatch(/at most 25/);
    expect(commandProblems(body({ options: [option(0, { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })) })] })).join()).toMatch(/at most 25/);
    expect(commandProblems(body({ options: [option(0), option(1, { required: true })] })).join()).toMatch(/required options must come first/);
  });

  it(`refuses a command over ${COMMAND_SIZE_LIMIT} characters in total`, () => {
    const big = body({ options: Array.from({ length: 25 }, (_, i) => option(i, { description: 'd'.repeat(100), description_localizations: { ja: 'あ'.repeat(100) }, choices: Array.from({ length: 3 }, (_, j) => ({ name: 'n'.repeat(100), value: `v${j}` })) })) });
    expect(commandSize(big)).toBeGreaterThan(COMMAND_SIZE_LIMIT);
    expect(commandProblems(big).join()).toMatch(/exceeds 8000/);
  });

  it('every command the bot deploys is within the limits', () => {
    for (const m of commandModules) {
      const json = JSON.parse(JSON.stringify(m.definition));
      expect(commandProblems(json), m.definition.name).toEqual([]);
    }
  });
});
