// The outbox's note that effects were delivered need not wait for the disk (issue 32 §1): on a durable
// PostgreSQL every commit waits for its WAL flush, and under an evening of tables the settling DELETE
// was one more flush per command with effects. Lost in a database crash, the effects are sent again
// with their nonces; a plain roll (one statement too) still waits for the disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Client } from 'discord.js';
import { pino } from 'pino';
import pg from 'pg';
import { findMigrationsFolder, type Tx } from '../../src/store/db.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { saveEffects, settle } from '../../src/discord/outbox.js';
import { cryptoRandom } from '../../src/core/random.js';
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

  it('the outbox settles delivered effects there, and only there', async () => {
    const now = new Date();
    const saved = await store.transaction((tx) => saveEffects(tx, [{ kind: 'dm', userId: '410000000000000001', view: { locale: 'en', tone: 'info', title: 't', blocks: [], ephemeral: false } }], '210000000000000001', now));
    const sent: string[] = [];
    const spy = (pool: typeof store.relaxedPool, name: string) => {
      const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
      pool.query = ((...a: unknown[]) => {
        const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text;
        sent.push(`${name}: ${text.split(' ')[0]}`);
        return query(...a);
      }) as typeof pool.query;
      return () => void (pool.query = query as typeof pool.query);
    };
    const undo = [spy(store.relaxedPool, 'relaxed'), spy(store.statementPool, 'statements'), spy(store.pool, 'transactions')];
    try {
      const deps = { client: {} as Client, store, log: pino({ level: 'silent' }), rng: cryptoRandom(), now: () => now };
      await settle(deps, saved.map((s) => ({ id: s.id, attempts: 1, result: { ok: true as const }, effect: s.effect, guildId: '210000000000000001' })));
    } finally {
      for (const u of undo) u();
    }
    expect(sent).toEqual(['relaxed: delete']);
    expect(await store.reads((tx) => tx.db.select().from(tx.t.outbox))).toEqual([]);
  });
});
