import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandModules } from '../../commands/index.js';
import { loadConfig } from '../../src/config.js';
import { deployCommands } from '../../src/discord/deploy.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('/help', () => {
  it('lists every command with an example, ephemerally, in the user’s language', async () => {
    const en = await h.fake.command({ name: 'help' });
    expect(answerOf(en).flags & EPHEMERAL).toBe(EPHEMERAL);
    // more commands than one embed's 25 fields: the list goes on on the next page (test/e2e/help-pages.e2e.test.ts)
    const next = await h.fake.button({ customId: 'help:page:-:1' });
    const text = `${embedText(answerOf(en))}\n${embedText(answerOf(next))}`;
    for (const m of commandModules) expect(text).toContain(`/${m.definition.name}`);
    expect(text).toContain('Example');
    const ja = embedText(answerOf((await h.fake.command({ name: 'help', locale: 'ja' }))));
    expect(ja).toContain('/ダイス');
    expect(ja).toContain('例');
    const ko = embedText(answerOf((await h.fake.command({ name: 'help', locale: 'ko' }))));
    expect(ko).toContain('/주사위');
  });
});

describe('where the registered commands are offered', () => {
  // Registered as deploy-commands does (globally): the fake refuses a command in a DM as Discord's client
  // would not offer it there (contexts without BOT_DM), so this pins which commands a DM offers.
  it('offers only the dice, /help, /stats and /system in the bot’s DM; every other command is guild-only', () => {
    // An option no command has: the fake refuses before dispatching, first for the place, else for the option.
    const refusal = (name: string): string => {
      try {
        void h.fake.command({ name, guildId: null, options: [{ name: 'probe', value: 'x' }] });
        return 'dispatched';
      } catch (error) {
        return String(error);
      }
    };
    const offeredInDm = commandModules
      .map((m) => m.definition.name)
      .filter((name) => {
        const why = refusal(name);
        expect(why, name).toMatch(/not offer it in a DM|no option "probe"/);
        return !/not offer it in a DM/.test(why);
      });
    expect(offeredInDm.sort()).toEqual(['help', 'r', 'roll', 'stats', 'system']);
  });

  it('answers /roll and /help in a DM', async () => {
    const roll = await h.fake.command({ name: 'roll', guildId: null, options: [{ name: 'expression', value: '2d6' }] });
    expect(roll.payload.context).toBe(1);
    expect(embedText(answerOf(roll)) || answerOf(roll).content).toMatch(/2d6|2D6/);
    const help = await h.fake.command({ name: 'help', guildId: null });
    expect(embedText(answerOf(help))).toContain('/roll');
  });
});

describe('npm run deploy-commands', () => {
  it('registers the bot’s own definitions to the guild when DISCORD_GUILD_ID is set, else globally', async () => {
    const base = { DISCORD_TOKEN: h.fake.token, DISCORD_CLIENT_ID: h.fake.applicationId, DISCORD_API: h.fake.apiBase };
    expect(await deployCommands(loadConfig({ ...base, DISCORD_GUILD_ID: h.fake.guildId }))).toBe(commandModules.length);
    const registered = h.fake.commandsRegistered(h.fake.guildId) as Array<{ name: string; name_localizations: Record<string, string> }>;
    expect(registered.map((c) => c.name).sort()).toEqual(commandModules.map((m) => m.definition.name).sort());
    expect(registered.find((c) => c.name === 'roll')?.name_localizations).toEqual({ ja: 'ダイス', ko: '주사위' });

    await deployCommands(loadConfig(base));
    expect((h.fake.commandsRegistered('global') as unknown[]).length).toBe(commandModules.length);
  });
});
