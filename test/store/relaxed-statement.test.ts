// The outbox's note that effects were delivered need not wait for the disk (issue 32 §1): on a durable
// PostgreSQL every commit waits for its WAL flush, and under an evening of tables the settling DELETE
// was one more flush per command with effects. Lost in a database crash, the effects are sent again
// with their nonces; a plain roll (one statement too) still waits for the disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { findMigrationsFolder, type Tx } from '../../src/store/db.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const synchronousCommit = async (tx: Tx) => ((await tx.db.execute(sql`show synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit;

describe.runIf(testBackend === 'postgres')('PostgreSQL: a statement that need not wait for the disk', () => {
  let database: TestDatabase;
  let store: PostgresStore;
  beforeAll(async () => {
    database = await testDatabase('relaxed');
    // the suite's server does not flush (test/postgres/server.ts): this database does, as a group's would
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const name = ((await admin.query('select current_database() as name')).rows[0] as { name: string }).name;
    await admin.query(`alter database "${name}" set synchronous_commit = on`);
    await admin.end();
    store = await openPostgresStore(database.url, findMigrationsFolder('postgres'));
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('runs with synchronous_commit off; a plain statement and a transaction keep it on', async () => {
    expect(await store.statement(synchronousCommit, { durable: false })).toBe('off');
    expect(await store.statement(synchronousCommit)).toBe('on');
    expect(await store.transaction(synchronousCommit)).toBe('on');
    // inside a transaction it is part of that transaction, which waits for the disk
    expect(await store.transaction(() => store.statement(synchronousCommit, { durable: false }))).toBe('on');
  });
});
