// Cost growth: /roll latency as the store fills, at 10 k, 100 k and 1 M stored rolls (each with its
// event row), on SQLite and on a durable PostgreSQL; then bytes per roll on PostgreSQL (table, TOAST
// and indexes, rolls and events). The store is filled by copying the rolls the bench itself made
// (same users, channels and index shapes) in bulk SQL, then timed through command + store again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type Store } from '../src/store/db.js';
import type { PostgresStore } from '../src/store/postgres.js';
import type { SqliteStore } from '../src/store/sqlite.js';
import { findPostgresBin, startPostgres } from '../test/postgres/server.js';
import { timeRolls } from './roll-command.js';
import { formatNs, percentile } from './stats.js';

const SIZES = [10_000, 100_000, 1_000_000];
const TEMPLATE = 1_000;

interface Raw {
  query(sql: string): Promise<Record<string, unknown>[]>;
  exec(sql: string): Promise<void>;
}

function rawOf(store: Store): Raw {
  if (store.dialect === 'sqlite') {
    const db = (store as SqliteStore).sqlite;
    return { query: async (sql) => db.prepare(sql).all() as Record<string, unknown>[], exec: async (sql) => void db.exec(sql) };
  }
  const pool = (store as PostgresStore).pool;
  return { query: async (sql) => (await pool.query(sql)).rows, exec: async (sql) => void (await pool.query(sql)) };
}

const columns = async (raw: Raw, table: string) => Object.keys((await raw.query(`SELECT * FROM ${table} LIMIT 1`))[0]!).filter((c) => c !== 'id').map((c) => `"${c}"`).join(', ');

/** Copies the first TEMPLATE rolls (and their events) until the table holds `target` rolls. */
async function fillTo(store: Store, raw: Raw, target: number): Promise<void> {
  const count = async () => Number((await raw.query('SELECT count(*) AS n FROM rolls'))[0]!['n']);
  const rollCols = await columns(raw, 'rolls');
  const eventCols = await columns(raw, 'events');
  const [firstRoll, firstEvent] = [(await raw.query('SELECT min(id) AS m FROM rolls'))[0]!['m'], (await raw.query('SELECT min(id) AS m FROM events'))[0]!['m']];
  for (let have = await count(); have < target; have = await count()) {
    const copies = Math.max(1, Math.min(200, Math.floor((target - have) / TEMPLATE)));
    const series = store.dialect === 'sqlite' ? `(WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${copies}) SELECT i FROM k)` : `generate_series(1, ${copies})`;
    await raw.exec(`INSERT INTO rolls (${rollCols}) SELECT ${rollCols} FROM rolls, ${series} AS s WHERE rolls.id < ${Number(firstRoll) + TEMPLATE}`);
    await raw.exec(`INSERT INTO events (${eventCols}) SELECT ${eventCols} FROM events, ${series} AS s WHERE events.id < ${Number(firstEvent) + TEMPLATE}`);
  }
}

async function growth(store: Store, label: string): Promise<string[]> {
  const raw = rawOf(store);
  await timeRolls(store, TEMPLATE, 4); // the rows to copy: four players in four channels
  const out: string[] = [];
  for (const size of SIZES) {
    await fillTo(store, raw, size);
    if (store.dialect === 'postgres') await raw.exec('ANALYZE');
    const r = await timeRolls(store, 3_000, store.dialect === 'sqlite' ? 1 : 8);
    out.push(`  ${label.padEnd(22)} ${size.toLocaleString('en-US').padStart(9)} rolls: p50 ${formatNs(percentile(r.sorted, 0.5))}, p99 ${formatNs(percentile(r.sorted, 0.99))}, ${Math.round(r.perSecond).toLocaleString('en-US')}/s`);
  }
  if (store.dialect === 'postgres') {
    const [row] = await raw.query("SELECT (pg_total_relation_size('rolls') + pg_total_relation_size('events'))::float / (SELECT count(*) FROM rolls) AS b");
    out.push(`  PostgreSQL bytes per roll (roll + event rows, TOAST and indexes, at ${SIZES.at(-1)!.toLocaleString('en-US')}): ${Number(row!['b']).toFixed(1)}`);
  }
  return out;
}

export async function benchGrowth(): Promise<string[]> {
  const lines = ['cost growth: /roll through command + store as the store fills (SQLite 1 client, PostgreSQL durable 8 clients):'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-growth-'));
  try {
    const store = await openStore(path.join(dir, 'growth.sqlite'));
    try {
      lines.push(...(await growth(store, 'SQLite')));
    } finally {
      await store.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const bin = findPostgresBin();
  if (!bin) return [...lines, '  PostgreSQL skipped: no server binaries'];
  const server = await startPostgres(bin, { durable: true });
  try {
    const store = await openStore(server.url);
    try {
      lines.push(...(await growth(store, 'PostgreSQL (durable)')));
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
  return lines;
}
