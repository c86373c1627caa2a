// Every choice of every registered command carries ja and ko name_localizations (issue 13 §3): the
// test deploys the commands to the fake Discord, walks the JSON Discord received, and lists any
// choice whose Japanese or Korean name is missing or merely the English one left in place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { deployCommands } from '../../src/discord/deploy.js';
import { startHarness, type Harness } from './harness.js';


let h: Harness;
beforeAll(async () => {
  h = await startHarness('choices');
});
afterAll(async () => {
  await h?.close();
});

interface Option {
  name: string;
  choices?: { name: string; value: string | number; name_localizations?: Record<string, string> | null }[];
  options?: Option[];
}

function missing(command: string, options: Option[] | undefined, path: string[], out: string[]): void {
  for (const o of options ?? []) {
    const here = [...path, o.name];
    for (const c of o.choices ?? []) {
      for (const locale of ['ja', 'ko']) {
        const localized = c.name_localizations?.[locale];
        if (!localized) out.push(`/${command} ${here.join(' ')} ${String(c.value)}: no ${locale}`);
      }
    }
    missing(command, o.options, here, out);
  }
}

describe('deployed command JSON', () => {
  it('every choice of every command has ja and ko names', async () => {
    await deployCommands(loadConfig({ DISCORD_TOKEN: h.fake.token, DISCORD_CLIENT_ID: h.fake.applicationId, DISCORD_API: h.fake.apiBase, DISCORD_GUILD_ID: h.fake.guildId }));
    const registered = h.fake.commandsRegistered(h.fake.guildId) as Array<{ name: string; options?: Option[] }>;
    expect(registered.length).toBeGreaterThan(10);
    const gaps: string[] = [];
    for (const command of registered) {
      missing(command.name, command.options, [], gaps);
    }
    expect(gaps).toEqual([]);
  });

  it('uses contexts and integration_types, not the deprecated dm_permission', async () => {
    const registered = h.fake.commandsRegistered(h.fake.guildId) as Array<{ name: string; contexts?: number[]; integration_types?: number[]; dm_permission?: boolean }>;
    for (const c of registered) {
      expect(c.dm_permission, c.name).toBeUndefined();
      expect(c.contexts?.length, c.name).toBeGreaterThan(0);
      expect(c.integration_types?.length, c.name).toBeGreaterThan(0);
    }
    expect(registered.find((c) => c.name === 'roll')).toMatchObject({ contexts: [0, 1, 2], integration_types: [0, 1] });
    expect(registered.find((c) => c.name === 'war')).toMatchObject({ contexts: [0], integration_types: [0] });
  });
});
