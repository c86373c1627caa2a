// The original tables' repository (issue 29 §3) on SQLite and on PostgreSQL: a channel's own table
// before the server's of the same key, one table per key and scope (the partial unique indexes), the
// count per server, replacing in place, and /data delete removing a server's tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.js';
import { countGuildTables, deleteTable, saveTable, tableInScope, tablesByKeys, tablesHere, type NewOriginalTable } from '../../src/store/original-tables.js';
import { deleteGuildData } from '../../src/store/retention.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const GUILD = '212345678901234567';
const OTHER_GUILD = '212345678901234568';
const HERE = '312345678901234567';
const THERE = '312345678901234568';
const AUTHOR = '412345678901234567';

const table = (over: Partial<NewOriginalTable> = {}): NewOriginalTable => ({
  guildId: GUILD,
  channelId: null,
  authorId: AUTHOR,
  name: 'シーン表',
  key: 'シーン表',
  dice: '2D6',
  entries: [{ from: 2, to: 12, text: 'サーバーの夜' }],
  createdAt: new Date(1_760_000_000_000),
  updatedAt: new Date(1_760_000_000_000),
  ...over,
});

describe(`original tables (${testBackend})`, () => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await testDatabase('otables');
    store = await openStore(database.url);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('stores entries as JSON and finds a channel’s own table before the server’s', async () => {
    await store.transaction(async (tx) => {
      await saveTable(tx, table());
      await saveTable(tx, table({ channelId: HERE, entries: [{ from: 2, to: 12, text: 'チャンネルの夜' }] }));
      await saveTable(tx, table({ name: '遭遇表', key: '遭遇表', channelId: THERE }));
    });
    const found = await store.transaction((tx) => tablesByKeys(tx, GUILD, HERE, ['シーン表']));
    expect(found.map((r) => [r.channelId, r.entries[0]!.text])).toEqual([
      [HERE, 'チャンネルの夜'],
      [null, 'サーバーの夜'],
    ]);
    const elsewhere = await store.transaction((tx) => tablesByKeys(tx, GUILD, THERE, ['シーン表', '遭遇表']));
    expect(elsewhere.map((r) => r.name).sort()).toEqual(['シーン表', '遭遇表']);
    expect(elsewhere.find((r) => r.name === 'シーン表')!.channelId).toBeNull();
    expect((await store.transaction((tx) => tablesHere(tx, GUILD, HERE))).map((r) => r.channelId)).toEqual([HERE, null]);
    expect(await store.transaction((tx) => tablesByKeys(tx, OTHER_GUILD, HERE, ['シーン表']))).toEqual([]);
    expect(await store.transaction((tx) => countGuildTables(tx, GUILD))).toBe(3);
  });

  it('holds one table per key in each scope, and replaces one in place', async () => {
    await expect(store.transaction((tx) => saveTable(tx, table()))).rejects.toThrow();
    await expect(store.transaction((tx) => saveTable(tx, table({ channelId: HERE })))).rejects.toThrow();
    const before = (await store.transaction((tx) => tableInScope(tx, GUILD, null, 'シーン表')))!;
    const id = await store.transaction((tx) => saveTable(tx, table({ dice: '1D6', entries: [{ from: 1, to: 6, text: '新しい' }], updatedAt: new Date(1_770_000_000_000) }), before));
    expect(id).toBe(before.id);
    const after = (await store.transaction((tx) => tableInScope(tx, GUILD, null, 'シーン表')))!;
    expect(after).toMatchObject({ dice: '1D6', entries: [{ from: 1, to: 6, text: '新しい' }], createdAt: before.createdAt });
    await store.transaction((tx) => deleteTable(tx, after.id));
    expect(await store.transaction((tx) => tableInScope(tx, GUILD, null, 'シーン表'))).toBeUndefined();
  });

  it('/data delete removes the server’s tables and no other server’s', async () => {
    await store.transaction((tx) => saveTable(tx, table({ guildId: OTHER_GUILD })));
    const deleted = await store.transaction((tx) => deleteGuildData(tx, GUILD));
    expect(deleted.originalTables).toBe(2);
    expect(await store.transaction((tx) => countGuildTables(tx, GUILD))).toBe(0);
    expect(await store.transaction((tx) => countGuildTables(tx, OTHER_GUILD))).toBe(1);
  });
});
