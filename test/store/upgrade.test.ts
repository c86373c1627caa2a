// A group's existing SQLite file, written before rolls were stored compactly and Discord ids as
// 8-byte blobs, opens with the new code: nothing lost, every id and roll reads back as before. The same
// for a PostgreSQL database written while its ids were text (migrations/postgres/0007).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { storedResult } from '../../src/services/rolls.js';
import { evaluateDice } from '../../src/core/dice/index.js';
import { seededRandom } from '../../src/core/random.js';
import { findMigrationsFolder, type Dialect } from '../../src/store/db.js';
import { channelGm } from '../../src/store/gms.js';
import { lastRoll } from '../../src/store/rolls.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { rows } from '../helpers/db.js';
import { testBackend, testDatabase } from '../helpers/backend.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was up to `lastTag`, to build a database of that age. */
function migrationsUpTo(lastTag: string, dir: string, dialect: Dialect = 'sqlite'): string {
  const source = findMigrationsFolder(dialect);
  const target = path.join(dir, 'old-migrations');
  fs.cpSync(source, target, { recursive: true });
  const journalFile = path.join(target, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return target;
}

describe.runIf(testBackend === 'sqlite')('upgrading an existing SQLite file', () => {
  it('keeps rolls stored as JSON and turns text Discord ids into compact ones that read back the same', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-upgrade-'));
    dirs.push(dir);
    const file = path.join(dir, 'old.sqlite');
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0006_user_locales', dir) });
    const result = evaluateDice('8d6<=4', seededRandom('old roll'));
    const user = '412345678901234567';
    const channel = '312345678901234567';
    old
      .prepare('INSERT INTO rolls (created_at, guild_id, channel_id, user_id, expression, normalized, kind, value, outcome, dice, result, comment, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)')
      .run(1_700_000_000_000, '212345678901234567', channel, user, '８ｄ６≦４', '8d6<=4', result.kind, result.value, result.outcome, JSON.stringify(result.dice), JSON.stringify(result.tree), 'old');
    old.prepare("INSERT INTO channel_gms (channel_id, guild_id, user_id, locale, assigned_by, assigned_at) VALUES (?, NULL, 'console:you', 'ja', 'console:you', 0)").run(channel);
    old.close();

    const store = openSqliteStore(file);
    try {
      const [stored] = await rows(store, 'rolls');
      expect(stored).toMatchObject({ userId: user, channelId: channel, guildId: '212345678901234567', faces: '', comment: 'old' });
      expect(storedResult(stored!).tree).toEqual(result.tree);
      expect(storedResult(stored!).input).toBe('８ｄ６≦４');
      // Found by the ids the code passes, now compared as blobs.
      expect((await store.transaction((tx) => lastRoll(tx, user, channel)))?.id).toBe(stored!.id);
      expect((await store.transaction((tx) => channelGm(tx, channel)))?.userId).toBe('console:you');
      const raw = store.sqlite.prepare('SELECT typeof(user_id) AS t, length(user_id) AS n FROM rolls').get();
      expect(raw).toEqual({ t: 'blob', n: 8 });
      const gm = store.sqlite.prepare('SELECT typeof(channel_id) AS c, typeof(user_id) AS u FROM channel_gms').get();
      expect(gm).toEqual({ c: 'blob', u: 'text' }); // the console's ids stay text
      expect(await rows(store, 'channelGms', (c) => eq(c.channelId, channel))).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

describe.runIf(testBackend === 'postgres')('upgrading an existing PostgreSQL database', () => {
  it('turns text Discord ids into 8-byte bytea that read back the same; other ids keep every character', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-upgrade-'));
    dirs.push(dir);
    const database = await testDatabase('upgrade', { empty: true });
    const user = '412345678901234567';
    const channel = '312345678901234567';
    const tooBig = '9923372036854775807'; // 19 digits past 2⁶³: not a snowflake, kept as text
    const old = new pg.Pool({ connectionString: database.url });
    try {
      await pgMigrate(pgDrizzle(old), { migrationsFolder: migrationsUpTo('0006_pending_battle', dir, 'postgres') });
      await old.query(
        "INSERT INTO rolls (created_at, guild_id, channel_id, user_id, normalized, kind, value, faces) VALUES (now(), '212345678901234567', $1, $2, '2d6', 'sum', 7, '3,4')",
        [channel, user],
      );
      await old.query("INSERT INTO channel_gms (channel_id, guild_id, user_id, locale, assigned_by, assigned_at) VALUES ($1, NULL, 'console:ゆう', 'ja', $2, now())", [channel, tooBig]);
    } finally {
      await old.end();
    }
    const store = await openPostgresStore(database.url);
    try {
      const [stored] = await rows(store, 'rolls');
      expect(stored).toMatchObject({ userId: user, channelId: channel, guildId: '212345678901234567', faces: '3,4' });
      expect((await store.transaction((tx) => lastRoll(tx, user, channel)))?.id).toBe(stored!.id);
      expect(await store.transaction((tx) => channelGm(tx, channel))).toMatchObject({ userId: 'console:ゆう', assignedBy: tooBig, guildId: null });
      const raw = (await store.pool.query("SELECT length(user_id) AS n, get_byte(user_id, 0) AS first FROM rolls UNION ALL SELECT length(user_id), get_byte(user_id, 0) FROM channel_gms")).rows;
      expect(raw).toEqual([{ n: 8, first: 0x05 }, { n: 1 + Buffer.byteLength('console:ゆう'), first: 0xff }]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
