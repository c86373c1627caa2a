// PostgreSQL keeps a few connections open through a quiet spell (issue 32). node-postgres closes a
// connection idle for 10 s; a table's first command after a quiet spell (between scenes, most of an
// evening) then waited for a new one — a server process started and signed in — and in the evening of
// tables the first war advances after the quiet floor waited up to 15 ms for it. Each pool now keeps
// PG_POOL_MIN (default 2) open however long it idles; connections beyond those still close.
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { findMigrationsFolder } from '../../src/store/db.js';
import { openPostgresStore, type PostgresPools, type PostgresStore } from '../../src/store/postgres.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { holdTransactions } from '../helpers/held-transactions.js';

describe.runIf(testBackend === 'postgres')('PostgreSQL: connections kept through a quiet spell', () => {
  let database: TestDatabase | undefined;
  let store: PostgresStore | undefined;
  afterEach(async () => {
    await store?.close();
    await database?.drop();
    store = undefined;
    database = undefined;
  });

  /** Three transactions and three statements at once (three connections in each pool), then a quiet spell past the idle timeout. */
  async function busyThenQuiet(pools: PostgresPools): Promise<{ transactions: number; statements: number }> {
    database = await testDatabase('pool-min');
    store = await openPostgresStore(database.url, findMigrationsFolder('postgres'), { poolSize: 4, statementPoolSize: 4, idleTimeoutMs: 100, ...pools });
    const s = store;
    // three statements kept waiting on a lock another connection holds, each on a connection of its own
    // (a short sleep let one end before the third began on a loaded machine: two connections)
    const gate = new pg.Client({ connectionString: database.url });
    await gate.connect();
    await gate.query('select pg_advisory_lock(4242)');
    const statements = Array.from({ length: 3 }, () => s.statement(async (tx) => await tx.db.execute(sql`select pg_advisory_xact_lock_shared(4242)`)));
    const held = await holdTransactions(s, 3);
    expect(s.pool.totalCount).toBe(3);
    while (s.statementPool.totalCount < 3 || s.statementPool.waitingCount > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(s.statementPool.totalCount).toBe(3);
    await gate.end();
    held.release();
    await Promise.all([held.ended, ...statements]);
    await new Promise((resolve) => setTimeout(resolve, 600)); // the quiet spell: 6 idle timeouts
    return { transactions: s.pool.totalCount, statements: s.statementPool.totalCount };
  }

  it('each pool keeps two connections open (the default); the third closes', async () => {
    expect(await busyThenQuiet({})).toEqual({ transactions: 2, statements: 2 });
  }, 20_000);

  it('as many as PG_POOL_MIN asks (none: every idle connection closes, as node-postgres does by itself)', async () => {
    expect(await busyThenQuiet({ minOpen: 0 })).toEqual({ transactions: 0, statements: 0 });
  }, 20_000);

  it('the first command after the quiet spell finds an open connection: no new one is made', async () => {
    await busyThenQuiet({});
    const s = store!;
    let made = 0;
    s.pool.on('connect', () => made++);
    s.statementPool.on('connect', () => made++);
    await s.transaction(async (tx) => await tx.db.execute(sql`select 1`));
    await s.statement(async (tx) => await tx.db.execute(sql`select 1`));
    expect(made).toBe(0);
  }, 20_000);
});
