// PostgreSQL through node-postgres, for several bot processes (and machines) sharing one database.
// Every transaction is SERIALIZABLE: when two processes spend the same seal or luck use at once, one
// of them fails to commit and runs again on the state the other left, so nothing is spent twice.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isRetryable } from './retryable.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { batchIds, findMigrationsFolder, memoUndone, type PortableDb, type RawPostgres, type StatementOptions, type Store, type TransactionOptions, type Tx } from './db.js';
import { postgresTables } from './schema/index.js';
import { keepPrepared } from './prepared.js';
import { isSqlError, nestingConnection, READS, scopeIn, Spoiled, type Attempt, type Queryable, type Scope } from './pg-nesting.js';

export interface PostgresStore extends Store {
  readonly dialect: 'postgres';
  /** connections for transactions */
  readonly pool: pg.Pool;
  /** connections for single statements (Store.statement: a plain roll) */
  readonly statementPool: pg.Pool;
  /** connections for single statements whose commit need not wait for the disk (Store.statement, durable: false) */
  readonly relaxedPool: pg.Pool;
}

/** Connections for statements that need not wait for the disk: the outbox's notes of delivery, one short statement per command with effects. */
const RELAXED_POOL_SIZE = 2;

const MAX_ATTEMPTS = 20;
/** Any fixed key: start-ups of several processes take turns applying migrations. */
const MIGRATION_LOCK = 7_020_871_001;

export interface PostgresPools {
  /** connections for transactions (PG_POOL_SIZE, default 10) */
  poolSize?: number;
  /** connections for single statements (PG_STATEMENT_POOL_SIZE, default as many as for transactions) */
  statementPoolSize?: number;
  /** connections each pool keeps open however long it is idle (PG_POOL_MIN, default 2; at most its size) */
  minOpen?: number;
  /** how long a connection beyond those may stay idle before it is closed (node-postgres's 10 s by default) */
  idleTimeoutMs?: number;
}

export async function openPostgresStore(url: string, migrationsFolder = findMigrationsFolder('postgres'), pools: PostgresPools = {}): Promise<PostgresStore> {
  const poolSize = pools.poolSize ?? Number(process.env.PG_POOL_SIZE ?? 10);
  // Connections kept open through a quiet spell: a table's first command after 10 s without one (most
  // of an evening, between scenes) would otherwise wait for a new connection, a server process started
  // and signed in (issue 32: up to 15 ms on this machine's own server, more across a network).
  const minOpen = pools.minOpen ?? Number(process.env.PG_POOL_MIN ?? 2);
  const idle = pools.idleTimeoutMs === undefined ? {} : { idleTimeoutMillis: pools.idleTimeoutMs };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, min: Math.min(minOpen, poolSize), ...idle });
  // Single statements (a plain roll, a remembered language) have connections of their own: under load
  // (issue 32 §1) every transaction connection was held by a command's transaction — a war advance, a
  // turn, each a dozen round trips — and a plain /roll waited in the pool's queue behind them, for up
  // to 0.6 s. A statement holds its connection for one round trip only.
  const statementPoolSize = pools.statementPoolSize ?? Number(process.env.PG_STATEMENT_POOL_SIZE ?? poolSize);
  const statements = new pg.Pool({ connectionString: url, max: statementPoolSize, min: Math.min(minOpen, statementPoolSize), ...idle });
  // synchronous_commit off for the whole session of these connections (a startup option, so no statement
  // of the statements pool's can ever run without its flush): see StatementOptions.durable.
  const relaxed = new pg.Pool({ connectionString: url, max: RELAXED_POOL_SIZE, min: Math.min(minOpen, RELAXED_POOL_SIZE), options: '-c synchronous_commit=off', ...idle });
  // An idle connection the server closed (restart, failover) is dropped from the pool and replaced on
  // the next query; without a listener, node-postgres would raise it as an uncaught error.
  pool.on('error', () => undefined);
  statements.on('error', () => undefined);
  relaxed.on('error', () => undefined);
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // on the connection that holds the lock: with PG_POOL_SIZE=1 a second one would never come
    await migrate(drizzle({ client: lock }), { migrationsFolder });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }

  const nextBatch = batchIds();
  const current = new AsyncLocalStorage<Tx>();

  /** Each transaction handle's nested transaction (none for an outermost one) and attempt. */
  const scopes = new WeakMap<Tx, Scope>();
  const attempts = new WeakMap<Tx, Attempt>();
  const scopeNow = () => {
    const tx = current.getStore();
    return tx ? scopes.get(tx) : undefined;
  };

  /** Each transaction handle's connection (the attempt's, through ./pg-nesting.ts). */
  const connections = new WeakMap<Tx, Queryable>();

  /**
   * Each pooled connection's drizzle, kept while the pool keeps the connection: the statements
   * prepared on it (./prepared.ts) are built once, not for every transaction (drizzle's query builder
   * costs more than a short statement's round trip; issue 32 §1). The attempt running on it is set
   * when it starts.
   */
  const bound = new WeakMap<pg.PoolClient, Bound>();
  const bind = (client: pg.PoolClient, run: Attempt): Bound => {
    const kept = bound.get(client);
    if (kept) {
      kept.attempt = run;
      return kept;
    }
    const connection = nestingConnection(client, () => fresh.attempt, scopeNow);
    const db = drizzle({ client: connection as unknown as pg.PoolClient }) as unknown as PortableDb;
    keepPrepared(db);
    const fresh: Bound = { attempt: run, connection, db, pg: rawOn(connection) };
    bound.set(client, fresh);
    return fresh;
  };

  /**
   * One run of an outermost transaction, on a connection of its own. BEGIN is sent by this store, not
   * drizzle, so that the war lock goes in the same message (several statements without parameters
   * are one simple-protocol query): one round trip, not two, for every war command (issue 32 §1).
   */
  async function attempt<T>(fn: (tx: Tx) => T | Promise<T>, batch: string, optimistic: boolean, options: TransactionOptions): Promise<T> {
    const run: Attempt = { optimistic };
    const client = await pool.connect();
    // A checked-out connection has no listener of the pool's: a server that closes it (restart,
    // failover, terminate) would raise its error as uncaught. The statement waiting on it fails instead.
    client.on('error', ignore);
    let broken: Error | undefined;
    try {
      // LOCK TABLE takes no snapshot: the transaction's snapshot is taken after the lock is held (db.ts TransactionOptions)
      await client.query(options.lock === 'wars' ? BEGIN_WAR_LOCKED : BEGIN);
      const { connection, db, pg: raw } = bind(client, run);
      const tx: Tx = { db, t: postgresTables, dialect: 'postgres', batch, pg: raw, memo: new Map() };
      attempts.set(tx, run);
      connections.set(tx, connection);
      let result: T;
      try {
        result = await current.run(tx, () => fn(tx));
      } catch (error) {
        // a nested failure that reached the top undoes all of it either way; anything else after a spoil runs again
        if (run.spoiled && run.spoiled.error !== error) throw new Spoiled();
        throw error;
      }
      if (run.spoiled) throw new Spoiled(); // caught below it, and its writes kept: run again with savepoints
      await client.query('commit');
      return result;
    } catch (error) {
      // After a failed COMMIT (or BEGIN) the server answers this with a warning. A connection that
      // cannot even roll back is closed, not handed to the next transaction.
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }

  /** A transaction inside another (./pg-nesting.ts): its writes are undone alone when it fails. */
  async function nested<T>(outer: Tx, fn: (tx: Tx) => T | Promise<T>): Promise<T> {
    const run = attempts.get(outer)!;
    const scope = scopeIn(scopes.get(outer));
    const inner: Tx = { ...outer };
    scopes.set(inner, scope);
    attempts.set(inner, run);
    connections.set(inner, connections.get(outer)!);
    try {
      return await current.run(inner, () => fn(inner));
    } catch (error) {
      if (run.optimistic) {
        if ((scope.wrote || isSqlError(error)) && !run.spoiled) run.spoiled = { error };
        if (scope.wrote) memoUndone(outer);
      } else if (scope.sent) {
        await scope.sent;
        await connections.get(outer)!.query(`rollback to savepoint ${scope.name}`);
        memoUndone(outer);
      }
      throw error;
    }
  }

  return {
    dialect: 'postgres',
    pool,
    statementPool: statements,
    relaxedPool: relaxed,
    async transaction<T>(fn: (tx: Tx) => T | Promise<T>, options: TransactionOptions = {}): Promise<T> {
      const outer = current.getStore();
      if (outer) return nested(outer, fn);
      const batch = nextBatch();
      let optimistic = true;
      for (let n = 1; ; n++) {
        try {
          return await attempt(fn, batch, optimistic, options);
        } catch (error) {
          if (error instanceof Spoiled && optimistic) {
            optimistic = false;
            continue;
          }
          if (!isRetryable(error) || n >= MAX_ATTEMPTS) throw error;
          // Back off a little, randomly, so the processes that collided do not collide again.
          await sleep(Math.random() * Math.min(50, 2 ** n));
        }
      }
    },
    async statement<T>(fn: (tx: Tx) => T | Promise<T>, options: StatementOptions = {}): Promise<T> {
      const outer = current.getStore();
      if (outer) return fn(outer);
      // Straight on the pool, in autocommit: a single statement is its own transaction.
      const on = options.durable === false ? relaxed : statements;
      let sent = false;
      const once = {
        query: (...args: unknown[]) => {
          if (sent) throw new Error('Store.statement sent a second statement; use Store.transaction');
          sent = true;
          return (on.query as (...a: unknown[]) => unknown).apply(on, args);
        },
      };
      return fn({ db: drizzle({ client: once as unknown as pg.Pool }) as unknown as PortableDb, t: postgresTables, dialect: 'postgres', batch: nextBatch(), pg: rawOn(once) });
    },
    async reads<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T> {
      const outer = current.getStore();
      if (outer) return fn(outer);
      const reader = {
        query: (...args: unknown[]) => {
          const first = args[0] as string | { text?: string };
          if (!READS.test(typeof first === 'string' ? first : (first?.text ?? ''))) throw new Error('Store.reads sent a statement other than SELECT; use Store.transaction');
          return (statements.query as (...a: unknown[]) => unknown).apply(statements, args);
        },
      };
      return fn({ db: drizzle({ client: reader as unknown as pg.Pool }) as unknown as PortableDb, t: postgresTables, dialect: 'postgres', batch: nextBatch(), pg: rawOn(reader) });
    },
    async close() {
      await Promise.all([pool, statements, relaxed].map((p) => (p.ended ? undefined : p.end())));
    },
  };
}

/**
 * The war lock: the factions table in a mode that only conflicts with itself and with writes to it
 * (SHARE ROW EXCLUSIVE), so reads and boards go on while war writers take turns; COMMIT releases it.
 */
const WAR_LOCK = 'lock table "factions" in share row exclusive mode';
const BEGIN = 'begin isolation level serializable';
/** A pooled connection's drizzle and raw statements, through the nesting wrapper that reads `attempt`. */
interface Bound {
  attempt: Attempt;
  connection: Queryable;
  db: PortableDb;
  pg: RawPostgres;
}

/** BEGIN and the war lock in one simple-protocol message (no parameters): one round trip. */
const BEGIN_WAR_LOCKED = `${BEGIN}; ${WAR_LOCK}`;
const ignore = () => undefined;

/** Statements sent straight on `client` (a transaction's connection, or Store.statement's pool). */
function rawOn(client: Queryable): RawPostgres {
  return (text, values) => client.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
}

/** Resets each identity sequence past the largest id (after rows were copied in with their ids). */
export async function resetSequences(db: PortableDb, tables: string[]): Promise<void> {
  for (const table of tables) {
    await db.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT MAX(id) FROM "${table}"), 1), (SELECT MAX(id) IS NOT NULL FROM "${table}"))`),
    );
  }
}
