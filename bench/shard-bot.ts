// The bot process of the full-shard run (bench/shard.ts): the product's startBot, as src/main.ts
// calls it, in a process of its own so that its resident memory is the bot's alone (the fake Discord
// and the driver live in the parent). It answers the parent over IPC: how long it took to be ready,
// and, on request, its memory after a full GC with the size of each discord.js cache.
// Run with --expose-gc; env: DISCORD_TOKEN, DISCORD_API, DATABASE_URL.
import type { Client } from 'discord.js';
import { pino } from 'pino';
import { cryptoRandom } from '../src/core/random.js';
import { startBot } from '../src/discord/bot.js';
import { openStore } from '../src/store/db.js';

export interface CacheCounts {
  guilds: number;
  channels: number;
  dmChannels: number;
  roles: number;
  members: number;
  /** guilds whose cache has the bot's own member (guild.members.me) */
  withMe: number;
  users: number;
  messages: number;
  emojis: number;
  stickers: number;
  presences: number;
  voiceStates: number;
}

export interface Memory {
  rss: number;
  heapUsed: number;
  /** what V8 holds from the system for its heap (used or not): the GC does not give it back at once */
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export type ToParent =
  | { kind: 'baseline'; memory: Memory }
  | { kind: 'ready'; ms: number; messageContent: boolean }
  | { kind: 'measured'; memory: Memory; caches: CacheCounts }
  | { kind: 'idle' }
  | { kind: 'failed'; error: string };

export type ToChild = { kind: 'measure' } | { kind: 'idle' } | { kind: 'stop' };

const send = (message: ToParent) => process.send?.(message);

function memory(): Memory {
  // Twice: a full collection can leave objects with finalizers for a second one.
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
}

function caches(client: Client): CacheCounts {
  const counts: CacheCounts = { guilds: 0, channels: 0, dmChannels: 0, roles: 0, members: 0, withMe: 0, users: client.users.cache.size, messages: 0, emojis: 0, stickers: 0, presences: 0, voiceStates: 0 };
  counts.guilds = client.guilds.cache.size;
  for (const channel of client.channels.cache.values()) {
    counts.channels++;
    if (channel.isDMBased()) counts.dmChannels++;
    if ('messages' in channel) counts.messages += channel.messages.cache.size;
  }
  for (const guild of client.guilds.cache.values()) {
    counts.roles += guild.roles.cache.size;
    counts.members += guild.members.cache.size;
    if (guild.members.me) counts.withMe++;
    counts.emojis += guild.emojis.cache.size;
    counts.stickers += guild.stickers.cache.size;
    counts.presences += guild.presences.cache.size;
    counts.voiceStates += guild.voiceStates.cache.size;
  }
  return counts;
}

async function main(): Promise<void> {
  const store = await openStore(process.env.DATABASE_URL!);
  send({ kind: 'baseline', memory: memory() });
  const started = process.hrtime.bigint();
  const bot = await startBot({ token: process.env.DISCORD_TOKEN!, api: process.env.DISCORD_API!, store, rng: cryptoRandom(), log: pino({ level: process.env.LOG_LEVEL ?? 'silent' }) });
  send({ kind: 'ready', ms: Number(process.hrtime.bigint() - started) / 1e6, messageContent: bot.messageContent });
  process.on('message', (message: ToChild) => {
    if (message.kind === 'measure') send({ kind: 'measured', memory: memory(), caches: caches(bot.client) });
    else if (message.kind === 'idle') void bot.idle().then(() => send({ kind: 'idle' }));
    else if (message.kind === 'stop') {
      void bot
        .stop()
        .then(() => store.close())
        .finally(() => process.exit(0));
    }
  });
}

main().catch((error: unknown) => {
  send({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
