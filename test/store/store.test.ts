// The store's contract, run on SQLite and (in the postgres project) on a real PostgreSQL server.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store, type Tx } from '../../src/store/db.js';
import { appendEvent } from '../../src/store/events.js';
import { channelGm, clearChannelGm, setChannelGm } from '../../src/store/gms.js';
import { insertRoll, lastRoll, recentCheckRolls } from '../../src/store/rolls.js';
import type { SqliteStore } from '../../src/store/sqlite.js';
import { rows } from '../helpers/db.js';
import { sentQueries } from '../helpers/pg-queries.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const opened: Store[] = [];
const databases: TestDatabase[] = [];
async function open(url: string): Promise<Store> {
  const store = await openStore(url);
  opened.push(store);
  return store;
}
async function fresh(): Promise<{ url: string; store: Store }> {
  const db = await testDatabase('store');
  databases.push(db);
  return { url: db.url, store: await open(db.url) };
}
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const db of databases.splice(0)) await db.drop();
});

const sampleRoll = (id: string, value: number) => ({
  createdAt: new Date(1_700_000_000_000),
  guildId: 'g1',
  channelId: 'c1',
  userId: id,
  expression: '8d6<=4',
  normalized: '8d6<=4',
  kind: 'count' as const,
  value,
  outcome: null,
  faces: '3',
  result: { any: 'tree' },
  comment: 'attack',
  secret: false,
});

const claim = (userId: string) => ({ channelId: 'c1', guildId: 'g1', userId, locale: 'ja', assignedBy: userId, assignedAt: new Date() });

describe(`store (${testBackend})`, () => {
  it('keeps a roll, with every die and its time to the millisecond, across closing and reopening', async () => {
    const { url, store } = await fresh();
    await store.transaction(async (tx) => {
      await insertRoll(tx, sampleRoll('u1', 2));
      await insertRoll(tx, sampleRoll('u1', 5));
      await insertRoll(tx, sampleRoll('u2', 1));
    });
    await store.close();

    const again = await open(url); // migrations run again and must be a no-op
    const last = await again.transaction((tx) => lastRoll(tx, 'u1', 'c1'));
    expect(last?.value).toBe(5);
    expect(last?.faces).toBe('3');
    expect(last?.result).toEqual({ any: 'tree' });
    expect(last?.createdAt.getTime()).toBe(1_700_000_000_000);
    expect(await again.transaction((tx) => lastRoll(tx, 'u1', 'other-channel'))).toBeUndefined();
  });

  it('recent check rolls skip sums, repeated rolls and BCDice answers by their columns, newest first, keeping a rerolled check', async () => {
    const { store } = await fresh();
    const ids = await store.transaction(async (tx) => [
      await insertRoll(tx, { ...sampleRoll('u1', 2), result: null, faces: '1,5,6,2,3,4,5,6' }), // a check, replayed from its faces
      await insertRoll(tx, { ...sampleRoll('u1', 3), result: { type: 'pool', text: '8d6<=4' } }), // a check rewritten by Luck: its tree
      await insertRoll(tx, { ...sampleRoll('u1', 7), kind: 'sum', normalized: '2d6', result: null, faces: '3,4' }),
      await insertRoll(tx, { ...sampleRoll('u1', 1), normalized: 'x2 2d6<=3', result: null, faces: '1,5,6,6' }),
      await insertRoll(tx, { ...sampleRoll('u1', 4), normalized: '3R6[5]>=3', result: { type: 'bcdice', system: 'DiceBot', text: '成功数4' } }),
      await insertRoll(tx, { ...sampleRoll('u2', 5), result: null }), // another player
    ]);
    const found = await store.transaction((tx) => recentCheckRolls(tx, 'u1', 'c1', 20));
    expect(found.map((r) => r.id)).toEqual([ids[1], ids[0]]);
    expect((await store.transaction((tx) => recentCheckRolls(tx, 'u1', 'c1', 1))).map((r) => r.id)).toEqual([ids[1]]);
  });

  it('rolls back everything in a transaction that throws', async () => {
    const { store } = await fresh();
    await expect(
      store.transaction(async (tx) => {
        await setChannelGm(tx, claim('u1'));
        await appendEvent(tx, { at: new Date(), guildId: 'g1', channelId: 'c1', actorId: 'u1', type: 'gm.claimed', subject: 'channel:c1', before: null, after: {} });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.transaction((tx) => channelGm(tx, 'c1'))).toBeUndefined();
    expect(await rows(store, 'events')).toHaveLength(0);
  });

  it('gives every event of one transaction the same batch, and another transaction another', async () => {
    const { store } = await fresh();
    const event = (type: string) => ({ at: new Date(), guildId: 'g1', channelId: 'c1', actorId: 'u1', type, subject: 'channel:c1', before: null, after: null });
    await store.transaction(async (tx) => {
      await appendEvent(tx, event('a'));
      await appendEvent(tx, event('b'));
    });
    await store.transaction((tx) => appendEvent(tx, event('c')));
    const [a, b, c] = await rows(store, 'events');
    expect(a!.batch).toBeTruthy();
    expect(b!.batch).toBe(a!.batch);
    expect(c!.batch).not.toBe(a!.batch);
  });

  it('a transaction inside another is a savepoint: its failure undoes only its own writes', async () => {
    const { store } = await fresh();
    await store.transaction(async (tx) => {
      await setChannelGm(tx, claim('u1'));
      await expect(
        store.transaction(async (inner) => {
          await setChannelGm(inner, claim('u2'));
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect((await store.transaction((tx) => channelGm(tx, 'c1')))?.userId).toBe('u1');
  });

  it('a failing transaction inside a nested one undoes only its own writes; one that only read leaves the outer usable', async () => {
    const { store } = await fresh();
    await store.transaction(async (tx) => {
      await store.transaction(async (middle) => {
        await setChannelGm(middle, claim('u1'));
        await expect(
          store.transaction(async (inner) => {
            await setChannelGm(inner, { ...claim('u2'), channelId: 'c2' });
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
        // a nested transaction that only read and failed: nothing to undo, the outer goes on
        await expect(
          store.transaction(async (inner) => {
            await channelGm(inner, 'c1');
            throw new Error('read');
          }),
        ).rejects.toThrow('read');
        await setChannelGm(middle, { ...claim('u3'), channelId: 'c3' });
      });
      expect((await channelGm(tx, 'c1'))?.userId).toBe('u1');
    });
    const gms = await store.transaction(async (tx) => [await channelGm(tx, 'c1'), await channelGm(tx, 'c2'), await channelGm(tx, 'c3')]);
    expect(gms.map((gm) => gm?.userId)).toEqual(['u1', undefined, 'u3']);
  });

  it('keeps the GM read in a transaction for it, and does not believe a nested change that was undone', async () => {
    const { store } = await fresh();
    await store.transaction(async (tx) => {
      await setChannelGm(tx, claim('u1'));
      expect((await channelGm(tx, 'c1'))?.userId).toBe('u1');
      await expect(
        store.transaction(async (inner) => {
          await setChannelGm(inner, claim('u2'));
          expect((await channelGm(inner, 'c1'))?.userId).toBe('u2');
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      expect((await channelGm(tx, 'c1'))?.userId).toBe('u1');
      await clearChannelGm(tx, 'c1');
      expect(await channelGm(tx, 'c1')).toBeUndefined();
    });
    expect(await store.transaction((tx) => channelGm(tx, 'c1'))).toBeUndefined();
  });

  it('keeps JSON exactly as written (key order, nesting, unicode)', async () => {
    const { store } = await fresh();
    const result = { z: 1, a: [{ 名: 'セイバー', 이름: '세이버' }], m: null };
    await store.transaction((tx) => insertRoll(tx, { ...sampleRoll('u1', 1), result }));
    const [row] = await rows(store, 'rolls');
    expect(JSON.stringify(row!.result)).toBe(JSON.stringify(result));
  });

  it('spends a limited resource exactly up to its limit when many commands race for it', async () => {
    // Stands for "the last seal / luck use / MP": each transaction reads the count, then takes one if any is left.
    const { url, store } = await fresh();
    // A second store on the same database is what a second bot process is (PostgreSQL); SQLite has one writer.
    const other = testBackend === 'postgres' ? await open(url) : store;
    const limit = 5;
    const attempts = 40;
    const spend = (s: Store, i: number) =>
      s.transaction(async (tx) => {
        const { events } = tx.t;
        const [{ n }] = (await tx.db.select({ n: sql<number>`count(*)` }).from(events).where(eq(events.type, 'spent'))) as [{ n: number }];
        if (Number(n) >= limit) return false;
        await appendEvent(tx, { at: new Date(), guildId: 'g1', channelId: 'c1', actorId: `u${i}`, type: 'spent', subject: 'seal:1', before: n, after: Number(n) + 1 });
        return true;
      });
    const results = await Promise.all(Array.from({ length: attempts }, (_, i) => spend(i % 2 ? other : store, i)));
    expect(results.filter(Boolean)).toHaveLength(limit);
    expect(await rows(store, 'events', (e) => eq(e.type, 'spent'))).toHaveLength(limit);
  });
});

describe.runIf(testBackend === 'sqlite')('SQLite file', () => {
  it('creates the file and its folders and applies migrations on an empty file, in WAL mode', async () => {
    const db = await testDatabase('store', { empty: true });
    databases.push(db);
    expect(fs.existsSync(db.url)).toBe(false);
    const store = (await open(db.url)) as SqliteStore;
    expect(fs.existsSync(path.dirname(db.url))).toBe(true);
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = store.sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all()
      .map((r: unknown) => (r as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(['channel_gms', 'events', 'rolls']));
  });
});

describe.runIf(testBackend === 'sqlite')('SQLite transactions in turn', () => {
  // The one connection carries one transaction at a time; the turn is a waiting list (issue 32 §3).
  it('runs transactions started while one awaits one after another, in order, a failed one passing its turn on, and closes after them', async () => {
    const { store } = await fresh();
    const order: string[] = [];
    const step = (name: string) => async (tx: Tx) => {
      order.push(`${name} begins`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await appendEvent(tx, { at: new Date(), guildId: 'g1', channelId: 'c1', actorId: 'u1', type: 'turn', subject: name, before: null, after: null });
      if (name === 'b') throw new Error('b fails');
      order.push(`${name} ends`);
      return name;
    };
    const a = store.transaction(step('a'));
    const b = store.transaction(step('b'));
    const c = store.statement(step('c'));
    const closed = store.close();
    expect(await a).toBe('a');
    await expect(b).rejects.toThrow('b fails');
    expect(await c).toBe('c');
    await closed;
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'c begins', 'c ends']);
    await expect(store.transaction(async () => 1)).rejects.toThrow();
    const again = await open((store as SqliteStore).sqlite.name);
    expect((await rows(again, 'events', (e) => eq(e.type, 'turn'))).map((e) => e.subject)).toEqual(['a', 'c']);
  });
});

describe(`user locales (${testBackend})`, () => {
  it('stores each user’s language and reads several back at once; a user never seen is missing', async () => {
    const { saveUserLocale, userLocales } = await import('../../src/store/locales.js');
    const { store } = await fresh();
    await store.transaction(async (tx) => {
      await saveUserLocale(tx, 'u1', 'ko', new Date());
      await saveUserLocale(tx, 'u2', 'ja', new Date());
      await saveUserLocale(tx, 'u1', 'en', new Date()); // changed language: the newest wins
    });
    const found = await store.transaction((tx) => userLocales(tx, ['u1', 'u2', 'u3']));
    expect(Object.fromEntries(found)).toEqual({ u1: 'en', u2: 'ja' });
  });
});

describe('Discord ids in SQLite', () => {
  it('encode to 8 bytes and back exactly; other ids stay text', async () => {
    const { encodeId, decodeId } = await import('../../src/store/schema/snowflake.js');
    for (const id of ['1', '412345678901234567', '9223372036854775807']) {
      const stored = encodeId(id);
      expect(Buffer.isBuffer(stored) && stored.length).toBe(8);
      expect(decodeId(stored)).toBe(id);
    }
    for (const id of ['console:alice', '0123', '9223372036854775808', '12345678901234567890', '', '-5']) expect(encodeId(id)).toBe(id);
  });

  it('encode for PostgreSQL to 8 bytes, or 0xFF and the text, and back exactly', async () => {
    const { encodePgId, decodePgId } = await import('../../src/store/schema/snowflake.js');
    for (const id of ['1', '412345678901234567', '9223372036854775807']) {
      expect(encodePgId(id)).toHaveLength(8);
      expect(encodePgId(id)[0]).toBeLessThan(0x80);
      expect(decodePgId(encodePgId(id))).toBe(id);
    }
    for (const id of ['console:alice', 'console:ゆう', '0123', '9223372036854775808', '12345678901234567890', '', '-5', 'abcdefg']) {
      expect(encodePgId(id)[0]).toBe(0xff);
      expect(decodePgId(encodePgId(id))).toBe(id);
    }
  });
});

describe.runIf(testBackend === 'sqlite')('a new SQLite file', () => {
  // A roll's commit writes every page it touched to the WAL: 1 KB pages made /roll ~20 % faster (bench).
  it('uses 1 KB pages', async () => {
    const database = await testDatabase('pages');
    const store = (await openStore(database.url)) as SqliteStore;
    try {
      expect(store.sqlite.pragma('page_size', { simple: true })).toBe(1024);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe("what undo and the war's bookkeeping read", () => {
  // Every stored roll writes an event; finding one command's events or a channel's last change must
  // not read through them all (events_batch_idx, events_channel_changes_idx: roll events left out).
  it('uses the indexes that leave roll events out, on both backends', async () => {
    const { batchEvents, lastBatchFor, lastWarBatch } = await import('../../src/store/wars.js');
    const { librariesOfChannel, saveLibrary } = await import('../../src/store/libraries.js');
    const database = await testDatabase('change-plans');
    const store = await openStore(database.url);
    const channel = '312345678901234567';
    try {
      // a library of the server owned by none of the given owners: only then are the channel's events searched
      await store.transaction((tx) => saveLibrary(tx, { guildId: '212345678901234567', ownerId: '412345678901234567', deck: {}, state: {}, updatedAt: new Date() }));
      const plans = await plansOf(store, async (tx) => {
        await batchEvents(tx, 'abc-1');
        await lastWarBatch(tx, channel, 1);
        await lastBatchFor(tx, channel, 'combat:1', 'combat.');
        await librariesOfChannel(tx, '212345678901234567', channel, []);
      });
      expect(plans).toHaveLength(4);
      expect(plans[0]).toMatch(/events_batch_idx/);
      for (const plan of plans.slice(1)) expect(plan).toMatch(/events_channel_changes_idx/);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe('the channel’s war, which every /war command reads first', () => {
  // wars_active_channel_idx is partial (WHERE status = 'active'): a bound status kept SQLite from it,
  // and every war command scanned every war ever started (issue 32 §1)
  it('is found through wars_active_channel_idx on both backends', async () => {
    const { activeWar } = await import('../../src/store/wars.js');
    const database = await testDatabase('war-plans');
    const store = await openStore(database.url);
    try {
      const plans = await plansOf(store, async (tx) => void (await activeWar(tx, '312345678901234567')), 'wars');
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/wars_active_channel_idx/);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe(`the default check's lookup (${testBackend})`, () => {
  // /luck reroll and /seal look back through a player's rolls here: by the pair's index, never the whole table.
  it('recentCheckRolls uses rolls_user_channel_idx on both backends', async () => {
    const database = await testDatabase('check-plans');
    const store = await openStore(database.url);
    try {
      const plans = await plansOf(store, async (tx) => void (await recentCheckRolls(tx, '112345678901234567', '312345678901234567', 20)), 'rolls');
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/rolls_user_channel_idx/);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

/** The query plan of every statement on `table` that fn sends (PostgreSQL told to avoid reading a table whole, which it prefers for an empty one). */
async function plansOf(store: Store, fn: (tx: Tx) => Promise<void>, table = 'events'): Promise<string[]> {
  const onTable = new RegExp(`"${table}"`);
  const sent: { text: string; values: unknown[] }[] = [];
  if (store.dialect === 'sqlite') {
    const { sqlite } = store as SqliteStore;
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => (sent.push({ text, values: [] }), prepare(text))) as typeof sqlite.prepare;
    try {
      await store.transaction(fn);
    } finally {
      sqlite.prepare = prepare;
    }
    return sent
      .filter((s) => onTable.test(s.text))
      .map((s) => (prepare(`EXPLAIN QUERY PLAN ${s.text}`).all(...Array((s.text.match(/\?/g) ?? []).length).fill('x')) as { detail: string }[]).map((r) => r.detail).join('\n'));
  }
  sent.push(...(await sentQueries(() => store.transaction(fn))));
  const literal = (v: unknown) => (Buffer.isBuffer(v) ? `'\\x${v.toString('hex')}'::bytea` : `'${String(v).replace(/'/g, "''")}'`);
  return store.transaction(async (tx) => {
    await tx.db.execute(sql`SET LOCAL enable_seqscan = off`);
    const plans: string[] = [];
    for (const s of sent.filter((s) => onTable.test(s.text))) {
      const text = s.text.replace(/\$(\d+)/g, (_, n: string) => literal(s.values[Number(n) - 1]));
      plans.push(((await tx.db.execute(sql.raw(`EXPLAIN ${text}`))).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}
