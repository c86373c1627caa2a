// The bot process of the full-shard run (bench/shard.ts): the product's startBot, as src/main.ts
// calls it, in a process of its own so that its resident memory is the bot's alone (the fake Discord
// and the driver live in the parent). It answers the parent over IPC: how long it took to be ready,
// and, on request, its memory after a full GC with the size of each discord.js cache.
// Run with --expose-gc; env: DISCORD_TOKEN, DISCORD_API, DATABASE_URL.
import fs from 'node:fs';
import v8 from 'node:v8';
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
  /** discord.js REST: rate-limit handlers (one per bucket and major parameter: channel, webhook token) and bucket hashes */
  restHandlers: number;
  restHashes: number;
}

export interface Memory {
  rss: number;
  heapUsed: number;
  /** what V8 holds from the system for its heap (used or not): the GC does not give it back at once */
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** each V8 heap space's size held from the system and used, in bytes */
  spaces: Record<string, { size: number; used: number }>;
  /**
   * resident bytes by kind of mapping (Linux): malloc's main arena (brk); malloc's other arenas, one per
   * thread that allocates up to 8 a core (anonymous mappings at 64 MiB boundaries, how glibc places them);
   * other anonymous memory (V8's heap, thread stacks); files (code, the SQLite shared memory)
   */
  mappings: { brk: number; arenas: number; anonymous: number; files: number };
}

export type ToParent =
  | { kind: 'baseline'; memory: Memory }
  | { kind: 'ready'; ms: number; messageContent: boolean; mallocArenaMax: string | null }
  | { kind: 'measured'; memory: Memory; caches: CacheCounts }
  | { kind: 'idle' }
  | { kind: 'snapshotted' }
  | { kind: 'failed'; error: string };

export type ToChild = { kind: 'measure' } | { kind: 'idle' } | { kind: 'stop' } | { kind: 'snapshot'; file: string };

const send = (message: ToParent) => process.send?.(message);

async function memory(): Promise<Memory> {
  // Twice: a full collection can leave objects with finalizers for a second one. Then a second for
  // V8's background threads to finish sweeping and give freed pages back, and once more.
  globalThis.gc?.();
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  globalThis.gc?.();
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]));
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, spaces, mappings: mappings() };
}

const ARENA_ALIGN = 64n * 1024n * 1024n;

function mappings(): Memory['mappings'] {
  const sums = { brk: 0, arenas: 0, anonymous: 0, files: 0 };
  let smaps: string;
  try {
    smaps = fs.readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return sums;
  }
  let kind: keyof typeof sums = 'anonymous';
  for (const line of smaps.split('\n')) {
    const header = /^([0-9a-f]+)-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) kind = header[2] === '[heap]' ? 'brk' : header[2] && !header[2].startsWith('[') ? 'files' : BigInt(`0x${header[1]}`) % ARENA_ALIGN === 0n ? 'arenas' : 'anonymous';
    else if (line.startsWith('Rss:')) sums[kind] += Number(line.split(/\s+/)[1]) * 1024;
  }
  return sums;
}

function caches(client: Client): CacheCounts {
  const counts: CacheCounts = { guilds: 0, channels: 0, dmChannels: 0, roles: 0, members: 0, withMe: 0, users: client.users.cache.size, messages: 0, emojis: 0, stickers: 0, presences: 0, voiceStates: 0, restHandlers: client.rest.handlers.size, restHashes: client.rest.hashes.size };
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
  send({ kind: 'baseline', memory: await memory() });
  const started = process.hrtime.bigint();
  const bot = await startBot({ token: process.env.DISCORD_TOKEN!, api: process.env.DISCORD_API!, store, rng: cryptoRandom(), log: pino({ level: process.env.LOG_LEVEL ?? 'silent' }) });
  send({ kind: 'ready', ms: Number(process.hrtime.bigint() - started) / 1e6, messageContent: bot.messageContent, mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? null });
  process.on('message', (message: ToChild) => {
    if (message.kind === 'measure') void memory().then((m) => send({ kind: 'measured', memory: m, caches: caches(bot.client) }));
    else if (message.kind === 'snapshot') {
      globalThis.gc?.();
      v8.writeHeapSnapshot(message.file);
      send({ kind: 'snapshotted' });
    } else if (message.kind === 'idle') void bot.idle().then(() => send({ kind: 'idle' }));
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
