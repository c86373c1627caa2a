import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandModules } from '../../commands/index.js';
import { loadConfig } from '../../src/config.js';
import { deployCommands } from '../../src/discord/deploy.js';
import { EPHEMERAL, embedText, startHarness, type Harness } from './harness.js';

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
    expect(en.callback.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    const text = embedText(en.callback.data);
    for (const m of commandModules) expect(text).toContain(`/${m.definition.name}`);
    expect(text).toContain('Example');
    const ja = embedText((await h.fake.command({ name: 'help', locale: 'ja' })).callback.data);
    expect(ja).toContain('/ダイス');
    expect(ja).toContain('例');
    const ko = embedText((await h.fake.command({ name: 'help', locale: 'ko' })).callback.data);
    expect(ko).toContain('/주사위');
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
