// Opens the SQLite file (creating it and its folder), applies migrations, and hands out transactions.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema>;
/**
 * What repositories take. Store.transaction runs on the one connection, so the transaction's handle
 * is the database itself; the type keeps repositories from being called outside a transaction by habit.
 */
export type Tx = Db;

export interface Store {
  readonly db: Db;
  /** The raw connection, for pragmas and diagnostics. */
  readonly sqlite: Database.Database;
  /** Runs fn in one SQLite transaction (BEGIN IMMEDIATE): all of it commits or none of it does. */
  transaction<T>(fn: (tx: Tx) => T): T;
  close(): void;
}

const batches = new WeakMap<Db, string>();

/** The batch of the transaction running on this database (null outside one). */
export function currentBatch(tx: Tx): string | null {
  return batches.get(tx) ?? null;
}

export function openStore(databasePath: string, migrationsFolder = findMigrationsFolder()): Store {
  if (databasePath !== ':memory:') fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const sqlite = new Database(databasePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL'); // safe with WAL: a crash loses at most the last commits, never corrupts
  // Checkpoint (the fsync'd copy from WAL to the database) every ~16 MB instead of ~4 MB: fewer
  // fsyncs under bursts of rolls; the WAL file is truncated back after each checkpoint.
  sqlite.pragma('wal_autocheckpoint = 4000');
  sqlite.pragma('journal_size_limit = 16777216');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  // One better-sqlite3 transaction function for the store's life (drizzle's db.transaction builds a
  // new one per call, which prepares BEGIN/COMMIT each time). IMMEDIATE takes the write lock up
  // front, so two writers never both read a stale "last use left". Nested calls become savepoints.
  const immediate = sqlite.transaction((fn: (tx: Tx) => unknown) => fn(db)).immediate;
  let batchCounter = 0;
  const batchPrefix = Date.now().toString(36);
  return {
    db,
    sqlite,
    transaction: <T>(fn: (tx: Tx) => T) => {
      // Every event written inside one outermost transaction gets the same batch id.
      if (batches.has(db)) return immediate(fn) as T;
      batches.set(db, `${batchPrefix}-${++batchCounter}`);
      try {
        return immediate(fn) as T;
      } finally {
        batches.delete(db);
      }
    },
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

/** migrations/ sits at the project root in a checkout (src/store) and in the built image (dist/src/store). */
export function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No migrations folder found above ${start}`);
  }
}
