// The embedded default: one SQLite file (created with its folder), migrations applied at start-up.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { batchIds, findMigrationsFolder, memoUndone, type PortableDb, type StatementOptions, type Store, type Tx } from './db.js';
import { sqliteTables } from './schema/index.js';
import { keepStatements } from './sqlite-statements.js';
import { checkpointOffThread, type CheckpointOptions, type Checkpoints } from './sqlite-checkpoints.js';

export interface SqliteStore extends Store {
  readonly dialect: 'sqlite';
  /** The raw connection, for pragmas and diagnostics. */
  readonly sqlite: Database.Database;
  /** The checkpoints' worker (./sqlite-checkpoints.ts); none for a database in memory. */
  readonly checkpoints: Checkpoints | null;
}

export function openSqliteStore(databasePath: string, migrationsFolder = findMigrationsFolder('sqlite'), options: { checkpoints?: CheckpointOptions } = {}): SqliteStore {
  if (databasePath !== ':memory:') fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const sqlite = new Database(databasePath);
  // 1 KB pages for a new file (an existing one keeps its own): a roll's commit writes the four pages it
  // touched (rolls, events, an index of each) to the WAL, and 4 KB frames made that write most of a
  // /roll's time: ~17,500 → ~21,300 /roll/s (a loaded machine), 271 → 291 bytes per roll (npm run bench).
  sqlite.pragma('page_size = 1024');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL'); // safe with WAL: a crash loses at most the last commits, never corrupts
  // The WAL file is truncated back to 16 MB after a checkpoint; checkpoints themselves run in a worker
  // once the WAL holds 4 MB (about a thousand rolls), not inside a command's commit (below).
  sqlite.pragma('journal_size_limit = 16777216');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A 2 MB page cache (SQLite's own default; better-sqlite3 builds with 16 MB): it fills with every page
  // written or read and never shrinks, so a full shard's day of rows grew the process by ~18 MB of
  // malloc's main arena (issue 32 §2); a roll touches a few pages at the tables' ends, and any other
  // page is one read from the OS's file cache away.
  sqlite.pragma('cache_size = -2000');
  const drizzleDb = drizzle(sqlite);
  migrate(drizzleDb, { migrationsFolder });
  keepStatements(sqlite);
  const checkpoints = databasePath === ':memory:' ? null : checkpointOffThread(sqlite, path.resolve(databasePath), options.checkpoints);
  const db = drizzleDb as unknown as PortableDb;

  // IMMEDIATE takes the write lock up front, so two writers never both read a stale "last use left".
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  const nextBatch = batchIds();
  const current = new AsyncLocalStorage<Tx>();
  let savepoints = 0;
  // One connection carries one transaction at a time: transactions wait here, in turn, while one
  // awaits; with none running the next starts at once. A list, not a chain of promises: a plain roll
  // pays for no promise it does not wait on (issue 32 §3).
  let busy = false;
  const waiting: (() => void)[] = [];
  const turn = () => new Promise<void>((resolve) => waiting.push(resolve));
  /** Hands the connection to the next in line, or leaves it free. */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  async function savepoint<T>(tx: Tx, fn: (tx: Tx) => T | Promise<T>): Promise<T> {
    const name = `sp${++savepoints}`;
    sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn(tx);
      sqlite.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      sqlite.exec(`ROLLBACK TO ${name}`);
      sqlite.exec(`RELEASE ${name}`);
      memoUndone(tx);
      throw error;
    }
  }

  async function run<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T> {
    if (busy) await turn();
    busy = true;
    try {
      const tx: Tx = { db, t: sqliteTables, dialect: 'sqlite', batch: nextBatch(), sqlite, memo: new Map() };
      begin.run();
      try {
        const result = await current.run(tx, () => fn(tx));
        commit.run();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) rollback.run();
        throw error;
      }
    } finally {
      release();
    }
  }

  return {
    dialect: 'sqlite',
    sqlite,
    checkpoints,
    transaction<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T> {
      const outer = current.getStore();
      if (outer) return savepoint(outer, fn);
      return run(fn);
    },
    // durable or not alike: in WAL mode with synchronous=NORMAL no commit waits for the disk
    statement<T>(fn: (tx: Tx) => T | Promise<T>, _options?: StatementOptions): Promise<T> {
      return this.transaction(fn);
    },
    reads<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T> {
      return this.transaction(fn);
    },
    async close() {
      // after the transactions already waiting; one started later fails on the closed connection
      if (busy) await turn();
      busy = true;
      try {
        await checkpoints?.close();
        if (sqlite.open) sqlite.close();
      } finally {
        release();
      }
    },
  };
}
