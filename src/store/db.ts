// The store's one seam: a transaction handle that repositories use the same way on SQLite and on
// PostgreSQL. DATABASE_URL picks the backend; everything above this file is the same for both.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { Tables } from './schema/index.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The query API both drivers share when awaited: select → rows, insert/update … returning → rows.
 * Typed as drizzle's PostgreSQL database so that SQLite-only calls (.get(), .all(), .run()) do not
 * compile; the SQLite store hands its own drizzle database in under this type.
 */
export type PortableDb = PgDatabase<NodePgQueryResultHKT>;

/** What repositories take: the open transaction, its dialect's tables, and the command's batch id. */
export interface Tx {
  readonly db: PortableDb;
  readonly t: Tables;
  readonly dialect: Dialect;
  /** Events written by one command (one outermost transaction) share it: undo reverts a batch. */
  readonly batch: string;
  /** SQLite only: the connection itself, for the hottest inserts (prepared.ts rawInsert). */
  readonly sqlite?: RawSqlite;
  /**
   * PostgreSQL only: a parameterized statement sent as it is on this transaction's connection (in
   * Store.statement, the pool), for the hottest insert (store/rolls.ts insertRollWithEvent): drizzle
   * building the statement anew for every roll was most of a roll's own time (npm run bench).
   */
  readonly pg?: RawPostgres;
  /**
   * Facts read once in this transaction (one attempt of it), shared by the transactions inside it: the
   * channel's GM (store/gms.ts), the table's settings (store/settings.ts). Several parts of a command
   * ask for them (the handler, who may read the reply, a board's render and its picture setting), and
   * on PostgreSQL each read was a round trip. The store function that writes a fact updates or drops
   * it here; a nested transaction undone drops them all (memoUndone).
   */
  readonly memo?: Map<string, unknown>;
}

/** What insertRollWithEvent needs of a PostgreSQL connection: one parameterized statement, its rows. */
export type RawPostgres = (text: string, values: readonly unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** What rawInsert needs of a better-sqlite3 connection. */
export interface RawSqlite {
  prepare(sql: string): { run(...params: unknown[]): { lastInsertRowid: number | bigint } };
}

export interface TransactionOptions {
  /**
   * 'wars': the transaction writes a war's rows (its factions, declarations, turn), and on PostgreSQL
   * takes the war lock before its first read, so such transactions run one after another across every
   * process. Why: SERIALIZABLE's read locks cover a whole page once a transaction reads more than two
   * rows on it (max_pred_locks_per_page), and a war reads all its factions, so two wars whose factions
   * share a page (any two, in a small table) made each other fail and run again (issue 32 §1, two a
   * minute under the evening's mix). A lock taken before the snapshot means they never overlap. A
   * writer that does not take it is still correct: the database decides, as before. SQLite writes one
   * transaction at a time anyway.
   */
  lock?: 'wars';
}

export interface StatementOptions {
  /**
   * false: its commit need not wait for the disk. Only for what is safe to do twice: the outbox's note
   * that effects were delivered (lost, they are sent again; each message create carries its nonce, an
   * edit repeats harmlessly). PostgreSQL runs it on connections of their own with synchronous_commit
   * off: a database crash in the next fraction of a second may lose it (the next durable commit makes
   * it durable too), and it adds no flush of the WAL of its own, nor waits for one (issue 32: the
   * evening's commits each waited for this disk). SQLite's commits already do not wait (WAL,
   * synchronous=NORMAL). Default true.
   */
  durable?: boolean;
}

export interface Store {
  readonly dialect: Dialect;
  /**
   * Runs fn in one transaction: all of it commits or none of it does. SQLite takes the write lock up
   * front (BEGIN IMMEDIATE, one transaction at a time); PostgreSQL runs SERIALIZABLE and runs fn again
   * on a serialization failure, so fn must not act outside the database (send replies after it).
   * A call inside another on the same store becomes a savepoint of the outer one (and its options
   * are the outer one's).
   */
  transaction<T>(fn: (tx: Tx) => T | Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs fn, which sends exactly one statement (atomic by itself), where nothing limited is spent: a
   * plain roll and its event (store/rolls.ts insertRollWithEvent). PostgreSQL sends it alone, without
   * BEGIN/COMMIT or SERIALIZABLE: one round trip instead of four, and a second statement throws.
   * SQLite runs it as transaction(). Inside a transaction it is part of that transaction.
   */
  statement<T>(fn: (tx: Tx) => T | Promise<T>, options?: StatementOptions): Promise<T>;
  /**
   * Runs fn, which only reads, for something shown and checked again after (a board's state: its
   * edit reads it again and edits once more if it changed meanwhile), where each statement may see
   * the latest commit. PostgreSQL sends each as it is on the statements pool: no BEGIN, COMMIT or
   * SERIALIZABLE's read locks (which make writers fail and retry), and no transaction connection held
   * while fn computes; a statement other than SELECT throws. SQLite runs it as transaction(). Inside a
   * transaction it is part of that transaction.
   */
  reads<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A nested transaction was undone: what it wrote may be in the memo, so nothing there is trusted any more. */
export function memoUndone(tx: Tx): void {
  tx.memo?.clear();
}

/** DATABASE_URL: `postgres://…` or `postgresql://…` for PostgreSQL, anything else is a SQLite file. */
export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

export async function openStore(url: string): Promise<Store> {
  if (dialectOf(url) === 'postgres') {
    const { openPostgresStore } = await import('./postgres.js');
    return openPostgresStore(url);
  }
  const { openSqliteStore } = await import('./sqlite.js');
  return openSqliteStore(url);
}

/** Batch ids unique across processes sharing one database: a random prefix per store, then a counter. */
export function batchIds(): () => string {
  const prefix = randomBytes(5).toString('base64url'); // 40 bits: two processes colliding is negligible
  let counter = 0;
  return () => `${prefix}-${++counter}`;
}

/** migrations/<dialect> sits at the project root in a checkout (src/store) and in the built image (dist/src/store). */
export function findMigrationsFolder(dialect: Dialect, start = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'migrations', dialect);
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No migrations/${dialect} folder found above ${start}`);
  }
}
