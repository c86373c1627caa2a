// Starts the product bot (real discord.js client, real SQLite file) against the fake Discord.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { seededRandom } from '../../src/core/random.js';
import { startBot, type Bot } from '../../src/discord/bot.js';
import { openStore, type Store } from '../../src/store/db.js';
import { scryfallClient } from '../../src/scryfall/client.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

export interface Harness {
  fake: FakeDiscord;
  bot: Bot;
  store: Store;
  dbPath: string;
  /** Stops the bot and closes the database, then starts both again on the same file. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(seed = 'e2e', options: { scryfall?: string } = {}): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-e2e-'));
  const dbPath = path.join(dir, 'data', 'bot.sqlite');
  const fake = await startFakeDiscord();
  const log = pino({ level: 'silent' });
  const rng = seededRandom(seed);
  const boot = async () => {
    const store = openStore(dbPath);
    const cards = options.scryfall ? scryfallClient(options.scryfall, log) : undefined;
    const bot = await startBot({ token: fake.token, api: fake.apiBase, store, rng, log, ...(cards ? { cards } : {}) });
    return { store, bot };
  };
  const harness: Harness = {
    fake,
    dbPath,
    ...(await boot()),
    async restart() {
      await harness.bot.stop();
      harness.store.close();
      Object.assign(harness, await boot());
    },
    async close() {
      await harness.bot.stop(); // before the fake closes, or discord.js keeps reconnecting
      harness.store.close();
      await fake.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** The embed text a user sees: title, description, fields, footer. */
export function embedText(body: { embeds?: Array<Record<string, any>> } | undefined): string {
  const embed = body?.embeds?.[0];
  if (!embed) return '';
  const fields = (embed.fields ?? []).map((f: { name: string; value: string }) => `${f.name}\n${f.value}`);
  return [embed.title, embed.description, ...fields, embed.footer?.text].filter(Boolean).join('\n');
}

export const EPHEMERAL = 1 << 6;
