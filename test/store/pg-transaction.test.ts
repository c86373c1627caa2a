// The store's own transactions on PostgreSQL (store/postgres.ts): BEGIN, COMMIT and ROLLBACK are
// sent by the store, not drizzle, so that the war lock goes in BEGIN's message (issue 32 §1). What it
// must keep: a command's refusal rolls back and hands its connection to the next transaction; a
// connection the server closed mid-transaction is not handed to anyone again; a pooled connection keeps
// its drizzle, so the statements prepared on it are built once (store/prepared.ts).
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { findMigrationsFolder, type Tx } from '../../src/store/db.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import { prepared } from '../../src/store/prepared.js';
import { insertWar, activeWar } from '../../src/store/wars.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

let store: PostgresStore | undefined;
let db: TestDatabase | undefined;
afterEach(async () => {
  await store?.close();
  await db?.drop();
  store = db = undefined;
});

const backendPid = async (tx: Tx) => Number((await tx.pg!('select pg_backend_pid() as pid', [])).rows[0]!.pid);

const war = (channelId: string) => ({ guildId: '100', channelId, name: channelId, ruleset: 'percent' as const, status: 'active' as const, day: 1, turn: 1, irregular: null, config: {}, pendingBattle: null, boardMessageId: null, createdAt: new Date() });

describe.runIf(testBackend === 'postgres')('the store’s transactions (PostgreSQL)', () => {
  it('a refusal rolls back what it wrote and hands the same connection to the next transaction', async () => {
    db = await testDatabase('pg-transaction');
    store = await openPostgresStore(db.url, findMigrationsFolder('postgres'), { poolSize: 1 });
    let first = 0;
    await expect(
      store.transaction(async (tx) => {
        first = await backendPid(tx);
        await insertWar(tx, war('301'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const second = await store.transaction(async (tx) => ({ pid: await backendPid(tx), war: await activeWar(tx, '301') }));
    expect(second.war).toBeUndefined();
    expect(second.pid).toBe(first);
  });

  it('a connection the server closed mid-transaction fails that transaction only; the next runs on a new connection', async () => {
    db = await testDatabase('pg-transaction');
    store = await openPostgresStore(db.url, findMigrationsFolder('postgres'), { poolSize: 1 });
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      let killed = 0;
      await expect(
        store.transaction(async (tx) => {
          killed = await backendPid(tx);
          await admin.query('select pg_terminate_backend($1)', [killed]);
          await insertWar(tx, war('302'));
        }),
      ).rejects.toThrow();
      const next = await store.transaction(async (tx) => {
        await insertWar(tx, war('303'));
        return { pid: await backendPid(tx), war: await activeWar(tx, '303') };
      });
      expect(next.pid).not.toBe(killed);
      expect(next.war?.channelId).toBe('303');
      expect(store.pool.totalCount).toBe(1);
    } finally {
      await admin.end();
    }
  });

  it('a statement prepared in a transaction is built once per pooled connection, and again for a single statement', async () => {
    db = await testDatabase('pg-transaction');
    store = await openPostgresStore(db.url, findMigrationsFolder('postgres'), { poolSize: 1, statementPoolSize: 1 });
    let builds = 0;
    const one = (tx: Tx) => {
      builds++;
      return tx.db.select({ one: tx.t.wars.id }).from(tx.t.wars).limit(1);
    };
    const pids: number[] = [];
    for (let i = 0; i < 3; i++) pids.push(await store.transaction(async (tx) => (await prepared(tx, 'test_one', one).execute(), await backendPid(tx))));
    expect(builds).toBe(1);
    expect(new Set(pids).size).toBe(1);
    await store.statement(async (tx) => prepared(tx, 'test_one_statement', one).execute());
    await store.statement(async (tx) => prepared(tx, 'test_one_statement', one).execute());
    expect(builds).toBe(3);
  });
});
