// The store's floor for a plain roll (issue 32 §3): the very statements a /roll writes, captured from
// one real /roll of each bench expression, replayed straight through the driver without the command
// around them — on SQLite the same BEGIN IMMEDIATE, inserts and COMMIT through better-sqlite3; on
// PostgreSQL the same single statement from the same number of clients. /roll's rate is then read as
// a share of this floor measured in the same run, which holds across machines where absolute rates
// move by 2×.
import type Database from 'better-sqlite3';
import type { QueryConfig } from 'pg';
import type { Store } from '../src/store/db.js';
import type { PostgresStore } from '../src/store/postgres.js';
import type { SqliteStore } from '../src/store/sqlite.js';

type Method = 'run' | 'get' | 'all';
type Captured = { sql: string; method: Method; args: unknown[] }[];

/** Runs each roll with a fresh list for the statements it sends (`collect` hands the list to the spy), then `restore`. */
async function eachRoll<T>(rolls: (() => Promise<void>)[], collect: (sent: T[]) => void, restore: () => void): Promise<T[][]> {
  const out: T[][] = [];
  try {
    for (const roll of rolls) {
      const sent: T[] = [];
      collect(sent);
      await roll();
      out.push(sent);
    }
  } finally {
    restore();
  }
  return out;
}

/**
 * Runs `rolls` (one /roll each) and returns, for each, the write statements it sent to SQLite with
 * their arguments (reads, such as a channel's settings, are left out: the floor is the writes).
 */
export async function captureSqlite(store: Store, rolls: (() => Promise<void>)[]): Promise<Captured[]> {
  const db = (store as SqliteStore).sqlite;
  // The store prepares its statements once and keeps them: record on the statements' prototype.
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<Method, (...a: unknown[]) => unknown>;
  const original = { run: proto.run, get: proto.get, all: proto.all };
  let current: Captured = [];
  for (const method of ['run', 'get', 'all'] as const) {
    proto[method] = function (this: Database.Statement, ...args: unknown[]) {
      if (/^\s*(insert|update|delete)/i.test(this.source)) current.push({ sql: this.source, method, args });
      return original[method].apply(this, args);
    };
  }
  const out = await eachRoll<Captured[number]>(rolls, (sent) => (current = sent), () => Object.assign(proto, original));
  if (out.some((c) => c.length === 0)) throw new Error('store floor: a /roll wrote nothing through better-sqlite3 (capture broken)');
  return out;
}

/** `count` rolls' writes replayed on SQLite, each in its own BEGIN IMMEDIATE … COMMIT, as /roll does. */
export function sqliteFloor(store: Store, captured: Captured[], count: number): { perSecond: number } {
  const db = (store as SqliteStore).sqlite;
  // the same statements, called the same way (an INSERT … RETURNING is read with get/all)
  const prepared = captured.map((writes) => writes.map((w) => {
    const statement = db.prepare(w.sql);
    return { call: (statement[w.method] as (...a: unknown[]) => unknown).bind(statement), args: w.args };
  }));
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    begin.run();
    for (const w of prepared[i % prepared.length]!) w.call(...w.args);
    commit.run();
  }
  return { perSecond: count / (Number(process.hrtime.bigint() - start) / 1e9) };
}

/** The statements each /roll sent to PostgreSQL (a plain roll sends one, straight on the statements pool). */
export async function capturePostgres(store: Store, rolls: (() => Promise<void>)[]): Promise<QueryConfig[][]> {
  const pool = (store as PostgresStore).statementPool as unknown as { query: (...a: unknown[]) => unknown };
  const query = pool.query.bind(pool);
  let current: QueryConfig[] = [];
  pool.query = (...args: unknown[]) => {
    const [first, values] = args;
    // pool.query(text, values), pool.query(config) or pool.query(config, values), as drizzle sends it
    const config = typeof first === 'string' ? { text: first, values: values as unknown[] } : Array.isArray(values) ? { ...(first as QueryConfig), values } : (first as QueryConfig);
    if (/^\s*(with|insert|update|delete)/i.test(config.text)) current.push(config);
    return query(...args);
  };
  const out = await eachRoll<QueryConfig>(rolls, (sent) => (current = sent), () => (pool.query = query));
  if (out.some((c) => c.length !== 1)) throw new Error(`store floor: a plain /roll should send one statement on the pool, saw ${out.map((c) => c.length).join(',')}`);
  return out;
}

/** `count` of those statements from `clients` concurrent loops on the same pool. */
export async function postgresFloor(store: Store, captured: QueryConfig[][], count: number, clients: number): Promise<{ perSecond: number }> {
  const pool = (store as PostgresStore).statementPool;
  const each = Math.ceil(count / clients);
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < each; i++) await pool.query(captured[i % captured.length]![0]!);
    }),
  );
  return { perSecond: (each * clients) / (Number(process.hrtime.bigint() - start) / 1e9) };
}
