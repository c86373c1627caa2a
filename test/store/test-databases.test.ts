// testDatabase() hands each test a copy of the run's migrated template (issue 23 §2): several at once,
// as the workers ask for them (PostgreSQL refuses a template anyone is connected to), each migrated
// before the store opens it and independent of the others; an empty one on request.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { findMigrationsFolder, openStore, type Store } from '../../src/store/db.js';
import { insertRoll } from '../../src/store/rolls.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { rows } from '../helpers/db.js';

const opened: Store[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const db of databases.splice(0)) await db.drop();
});

const journalLength = (): number =>
  (JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(testBackend), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** Migrations recorded as applied, read without the store (whose migrator would apply them). */
async function applied(url: string): Promise<number> {
  if (testBackend === 'sqlite') {
    if (!fs.existsSync(url)) return 0;
    const file = new Database(url, { readonly: true });
    try {
      const table = file.prepare("select 1 from sqlite_master where name = '__drizzle_migrations'").get();
      return table ? (file.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n : 0;
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
    if (!found.rows[0].present) return 0;
    return (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n as number;
  } finally {
    await client.end();
  }
}

const roll = {
  createdAt: new Date(1_700_000_000_000),
  guildId: 'g1',
  channelId: 'c1',
  userId: 'u1',
  expression: '2d6',
  normalized: '2d6',
  kind: 'sum' as const,
  value: 7,
  outcome: null,
  faces: '34',
  result: {},
  comment: null,
  secret: false,
};

describe(`test databases (${testBackend})`, () => {
  it('four made at once from the template are each migrated before opening, and hold their own rows', async () => {
    const made = await Promise.all([1, 2, 3, 4].map(() => testDatabase('template')));
    databases.push(...made);
    for (const db of made) expect(await applied(db.url)).toBe(journalLength());
    const stores = await Promise.all(made.map((db) => openStore(db.url)));
    opened.push(...stores);
    await stores[0]!.transaction((tx) => insertRoll(tx, roll));
    expect(await Promise.all(stores.map(async (s) => (await rows(s, 'rolls')).length))).toEqual([1, 0, 0, 0]);
  });

  it('an empty one has no migrations applied until the store opens it', async () => {
    const db = await testDatabase('template', { empty: true });
    databases.push(db);
    expect(await applied(db.url)).toBe(0);
    opened.push(await openStore(db.url));
    expect(await applied(db.url)).toBe(journalLength());
  });
});
