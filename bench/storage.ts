// Bytes on disk per stored roll, its event row and indexes included: /roll through command + store,
// 100,000 mixed rolls (counting pools, sums, percentiles, comments, secrets) into a fresh SQLite file,
// and into a fresh PostgreSQL database (every table's and index's main fork, TOAST included).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { roll } from '../commands/roll.js';
import { runCommand } from '../src/services/run.js';
import type { CommandContext, CommandOptions } from '../src/services/types.js';
import { seededRandom } from '../src/core/random.js';
import { translator } from '../src/i18n/index.js';
import { openStore, type Store } from '../src/store/db.js';
import type { PostgresStore } from '../src/store/postgres.js';
import type { SqliteStore } from '../src/store/sqlite.js';
import { findPostgresBin, startPostgres } from '../test/postgres/server.js';

const MIX: { expression: string; comment?: string; secret?: boolean }[] = [
  { expression: '8d6<=4' },
  { expression: '10d6<=5+4d6<=4', comment: '宝具' },
  { expression: '2d6+3' },
  { expression: '1d100<=50', comment: '目星' },
  { expression: '6d6<=3+2' },
  { expression: '1d100<=70', secret: true },
  { expression: 'd66' },
  { expression: '２ｄ６＋１' },
];

function optionsFor(m: (typeof MIX)[number]): CommandOptions {
  return {
    subcommand: () => null,
    string: (name) => (name === 'expression' ? m.expression : name === 'comment' ? (m.comment ?? null) : null),
    integer: () => null,
    boolean: (name) => (name === 'secret' ? (m.secret ?? null) : null),
    user: () => null,
    attachment: () => null,
  };
}

async function usedBytes(store: Store): Promise<number> {
  if (store.dialect === 'postgres') {
    // The main fork of the bot's tables, their indexes and TOAST (not the catalogs'): free-space and
    // visibility maps are vacuum's bookkeeping, 24 KB per table whatever it holds.
    const { rows } = await (store as PostgresStore).pool.query(
      `WITH mine AS (SELECT oid, reltoastrelid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'),
            toast AS (SELECT reltoastrelid AS oid FROM mine WHERE reltoastrelid <> 0),
            every AS (SELECT oid FROM mine UNION ALL SELECT oid FROM toast UNION ALL SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT oid FROM mine UNION ALL SELECT oid FROM toast))
       SELECT sum(pg_relation_size(oid))::float AS b FROM every`,
    );
    return Number(rows[0]!['b']);
  }
  const { sqlite } = store as SqliteStore;
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  const free = sqlite.pragma('freelist_count', { simple: true }) as number;
  return (pages - free) * pageSize;
}

/** Bytes per stored roll (roll + event rows + indexes) after `count` mixed /roll commands into the database at `url`. */
export async function measureStorage(count: number, url?: string): Promise<number> {
  const dir = url ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-storage-'));
  const store = await openStore(url ?? path.join(dir!, 'storage.sqlite'));
  const log = pino({ level: 'silent' });
  // Ten players in five channels of one server: realistic ids (snowflakes) and index shapes.
  const ctxFor = (i: number): CommandContext => ({
    user: { id: `41234567890123${String(1000 + (i % 10))}`, name: 'bench' },
    guildId: '200000000000000001',
    channelId: `30000000000000${String(1000 + (i % 5))}`,
    locale: 'ja',
    t: translator('ja'), table: { locale: 'ja', t: translator('ja') },
    canManageChannel: false,
    store,
    rng: seededRandom('storage'),
    now: () => new Date(1_760_000_000_000 + i * 1000),
  });
  const options = MIX.map(optionsFor);
  try {
    const empty = await usedBytes(store);
    for (let i = 0; i < count; i++) {
      const { outcome } = await runCommand(roll, ctxFor(i), options[i % options.length]!, log);
      if (outcome !== 'ok') throw new Error(`storage bench roll failed: ${outcome}`);
    }
    return ((await usedBytes(store)) - empty) / count;
  } finally {
    await store.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchStorage(count = 100_000): Promise<string[]> {
  const lines = [`storage: ${count.toLocaleString('en-US')} mixed rolls (${MIX.map((m) => m.expression).join(', ')}; one in eight secret, with its commitment), roll + event rows + indexes:`];
  const perRoll = await measureStorage(count);
  lines.push(`  SQLite      ${perRoll.toFixed(1)} bytes per roll (${((perRoll * count) / 1e6).toFixed(1)} MB; target ≤ 300)`);
  const bin = findPostgresBin();
  if (!bin) return [...lines, '  PostgreSQL skipped: no server binaries'];
  const server = await startPostgres(bin, { durable: true });
  try {
    const perPgRoll = await measureStorage(count, server.url);
    lines.push(`  PostgreSQL  ${perPgRoll.toFixed(1)} bytes per roll (${((perPgRoll * count) / 1e6).toFixed(1)} MB; target ≤ 400)`);
  } finally {
    await server.stop();
  }
  return lines;
}
