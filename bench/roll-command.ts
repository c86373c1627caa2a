// /roll through command + store (parse, roll, one transaction with roll and event rows, view) with no
// Discord I/O: commands per second and per-command p50/p99 latency, on SQLite (one client) and on a
// durable PostgreSQL (one client, and eight at once).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { roll } from '../commands/roll.js';
import { runCommand } from '../src/services/run.js';
import type { CommandContext, CommandOptions } from '../src/services/types.js';
import { cryptoRandom } from '../src/core/random.js';
import { translator } from '../src/i18n/index.js';
import { openStore, type Store } from '../src/store/db.js';
import { findPostgresBin, startPostgres } from '../test/postgres/server.js';
import { formatNs, percentile } from './stats.js';
import { capturePostgres, captureSqlite, postgresFloor, sqliteFloor } from './store-floor.js';

const EXPRESSIONS = ['8d6<=4', '10d6<=5+4d6<=4', '2d6+3', '1d100<=50'];

function optionsFor(expression: string): CommandOptions {
  return {
    subcommand: () => null,
    string: (name) => (name === 'expression' ? expression : null),
    integer: () => null,
    boolean: () => null,
    user: () => null,
    attachment: () => null,
  };
}

function ctxOf(store: Store, client: number): CommandContext {
  return {
    user: { id: `10000000000000${String(1000 + client)}`, name: 'bench' },
    guildId: '200000000000000001',
    channelId: `30000000000000${String(1000 + client)}`,
    locale: 'en',
    t: translator('en'), table: { locale: 'en', t: translator('en') },
    canManageChannel: false,
    store,
    rng: cryptoRandom(),
    now: () => new Date(),
  };
}

/**
 * `count` /roll commands through command + store, issued by `clients` concurrent loops (each its own
 * user and channel, as that many players at once); per-command latency and the total rate.
 */
export async function timeRolls(store: Store, count: number, clients = 1): Promise<{ perSecond: number; sorted: number[] }> {
  const log = pino({ level: 'silent' });
  const options = EXPRESSIONS.map(optionsFor);
  const latencies: number[] = [];
  const each = Math.ceil(count / clients);
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const ctx = ctxOf(store, c);
      for (let i = 0; i < each; i++) {
        const t0 = process.hrtime.bigint();
        const { outcome } = await runCommand(roll, ctx, options[i % options.length]!, log);
        latencies.push(Number(process.hrtime.bigint() - t0));
        if (outcome !== 'ok') throw new Error(`bench roll failed: ${outcome}`);
      }
    }),
  );
  const totalNs = Number(process.hrtime.bigint() - start);
  return { perSecond: (each * clients) / (totalNs / 1e9), sorted: latencies.sort((a, b) => a - b) };
}

const line = (label: string, r: { perSecond: number; sorted: number[] }) =>
  `  ${label.padEnd(34)} ${Math.round(r.perSecond).toLocaleString('en-US')} commands/s, p50 ${formatNs(percentile(r.sorted, 0.5))}, p99 ${formatNs(percentile(r.sorted, 0.99))}`;

/**
 * One /roll of each bench expression, as closures the floor capture runs. Their user has rolled once
 * before: a user's first roll in a minute also remembers their language and name (services/locales.ts),
 * which no other roll writes, so the floor would otherwise replay those upserts with every fourth roll.
 */
async function oneOfEach(store: Store): Promise<(() => Promise<void>)[]> {
  const log = pino({ level: 'silent' });
  const ctx = ctxOf(store, 99);
  const rolls = EXPRESSIONS.map((e) => async () => {
    await runCommand(roll, ctx, optionsFor(e), log);
  });
  await rolls[0]!();
  return rolls;
}

const floorLine = (label: string, rollRate: number, floor: { perSecond: number }) =>
  `  ${label.padEnd(34)} ${Math.round(floor.perSecond).toLocaleString('en-US')} rolls' writes/s; /roll at ${Math.round((100 * rollRate) / floor.perSecond)} % of it (goal ≥ 60 %)`;

/** `backends`: both by default; bench/roll-floor.ts may run one (ROLL_FLOOR_BACKEND). */
export async function benchRollCommand(count = 20_000, backends: readonly ('sqlite' | 'postgres')[] = ['sqlite', 'postgres']): Promise<string[]> {
  const lines = [`/roll via command + store (${count} commands, ${EXPRESSIONS.join(', ')} in turn):`];
  if (backends.includes('sqlite')) lines.push(...(await sqliteLines(count)));
  if (backends.includes('postgres')) lines.push(...(await postgresLines(count)));
  return lines;
}

async function sqliteLines(count: number): Promise<string[]> {
  const lines: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-bench-'));
  const store = await openStore(path.join(dir, 'bench.sqlite'));
  try {
    await timeRolls(store, 2_000); // warm-up
    const rolled = await timeRolls(store, count);
    lines.push(line('SQLite (WAL file on disk), 1 client', rolled));
    const captured = await captureSqlite(store, await oneOfEach(store));
    sqliteFloor(store, captured, 2_000); // warm-up
    lines.push(floorLine('  its floor: the same writes raw', rolled.perSecond, sqliteFloor(store, captured, count)));
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

async function postgresLines(count: number): Promise<string[]> {
  const lines: string[] = [];
  const bin = findPostgresBin();
  if (!bin) return [...lines, '  PostgreSQL skipped: no server binaries (apt-get install postgresql)'];
  // The server's durable defaults (fsync, synchronous_commit on): what a group runs.
  const server = await startPostgres(bin, { durable: true });
  try {
    const pgStore = await openStore(server.url);
    try {
      await timeRolls(pgStore, 1_000, 8); // warm-up
      const captured = await capturePostgres(pgStore, await oneOfEach(pgStore));
      const one = await timeRolls(pgStore, Math.min(count, 5_000));
      lines.push(line('PostgreSQL (durable), 1 client', one));
      lines.push(floorLine('  its floor: the same statement raw', one.perSecond, await postgresFloor(pgStore, captured, Math.min(count, 5_000), 1)));
      const eight = await timeRolls(pgStore, count, 8);
      lines.push(line('PostgreSQL (durable), 8 clients', eight));
      lines.push(floorLine('  its floor: the same statement raw', eight.perSecond, await postgresFloor(pgStore, captured, count, 8)));
    } finally {
      await pgStore.close();
    }
  } finally {
    await server.stop();
  }
  return lines;
}
