// A single statement never waits for a connection behind transactions (issue 32 §1). Under an evening
// of tables on PostgreSQL every pooled connection was held by a command's transaction (a war advance,
// a turn: a dozen round trips each, slow on a busy machine), and a plain /roll — one statement —
// queued behind them for up to 0.6 s, 73× its p99 alone. Statements have connections of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findMigrationsFolder } from '../../src/store/db.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

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

  it('a statement runs while every transaction connection is held', async () => {
    let released = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = () => ((released = true), resolve())));
    let begun = 0;
    const transactions = Array.from({ length: 2 }, () =>
      store.transaction(async (tx) => {
        await tx.db.execute(sql`select 1`);
        begun++;
        await held;
      }),
    );
    while (begun < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    // both transaction connections are taken and their transactions wait: the statement must not
    let answeredWhileHeld = false;
    const statement = store.statement(async (tx) => (await tx.db.execute(sql`select 41 + 1 as n`)).rows[0]).finally(() => (answeredWhileHeld = !released));
    // the transactions end only once the statement has answered (or after a generous guard, so that the
    // code before this fix fails here rather than hanging)
    const guard = setTimeout(release, 10_000);
    const row = await statement;
    release();
    clearTimeout(guard);
    await Promise.all(transactions);
    expect(row).toEqual({ n: 42 });
    expect(answeredWhileHeld).toBe(true);
  }, 20_000);
});
