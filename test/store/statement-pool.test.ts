// A single statement never waits for a connection behind transactions (issue 32 §1). Under an evening
// of tables on PostgreSQL every pooled connection was held by a command's transaction (a war advance,
// a turn: a dozen round trips each, slow on a busy machine), and a plain /roll — one statement —
// queued behind them for up to 0.6 s, 73× its p99 alone. Statements have connections of their own, and
// the reads a command makes when its channel's cache entry expired (the table's language, its game
// system) are statements too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findMigrationsFolder } from '../../src/store/db.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { resolveTable } from '../../src/services/table.js';
import { systemOfChannel } from '../../src/services/channel-system.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { holdTransactions } from '../helpers/held-transactions.js';

describe.runIf(testBackend === 'postgres')('PostgreSQL: statements beside busy transactions', () => {
  let database: TestDatabase;
  let store: PostgresStore;
  beforeAll(async () => {
    database = await testDatabase('statements');
    store = await openPostgresStore(database.url, findMigrationsFolder('postgres'), { poolSize: 2, statementPoolSize: 1 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** Runs `read` while both transaction connections are held by open transactions; whether it answered before they ended. */
  async function whileHeld<T>(read: () => Promise<T>): Promise<{ value: T; answeredWhileHeld: boolean }> {
    const held = await holdTransactions(store, 2);
    let answeredWhileHeld = false;
    // the transactions end only once the read has answered (or after a generous guard, so that the code
    // before this fix fails here rather than hanging)
    const guard = setTimeout(held.release, 10_000);
    const value = await read().finally(() => (answeredWhileHeld = !held.released));
    held.release();
    clearTimeout(guard);
    await held.ended;
    return { value, answeredWhileHeld };
  }

  it('a statement runs while every transaction connection is held', async () => {
    const { value, answeredWhileHeld } = await whileHeld(() => store.statement(async (tx) => (await tx.db.execute(sql`select 41 + 1 as n`)).rows[0]));
    expect(value).toEqual({ n: 42 });
    expect(answeredWhileHeld).toBe(true);
  }, 20_000);

  it('a channel’s table (its language) and its game system are read beside them too, when not cached', async () => {
    const now = new Date();
    const table = await whileHeld(() => resolveTable(store, { channelId: '310000000000000001', guildId: '210000000000000001' }, 'ko', now));
    expect(table.value.locale).toBe('ko'); // nothing stored: the caller's language
    expect(table.answeredWhileHeld).toBe(true);
    const system = await whileHeld(() => systemOfChannel(store, '310000000000000002', now));
    expect(system.value).toBeNull();
    expect(system.answeredWhileHeld).toBe(true);
  }, 40_000);
});
