// Faces attached by players (issue 30 §3) on SQLite and on PostgreSQL: the bytes kept under the
// character's key (no migration: the keyed JSON table), where they are hosted noted only while the
// face is the same one, and /data delete removing a server's faces with its characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.js';
import { getFace, saveFace, setFaceHost } from '../../src/store/faces.js';
import { insertCharacter } from '../../src/store/characters.js';
import { deleteGuildData } from '../../src/store/retention.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const GUILD = '212345678901234567';
const OWNER = '412345678901234567';
const AT = new Date(1_760_000_000_000);

describe(`faces (${testBackend})`, () => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await testDatabase('faces');
    store = await openStore(database.url);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('keeps the bytes, notes the host only for the same face, and /data delete takes them with the server', async () => {
    const id = await store.transaction((tx) =>
      insertCharacter(tx, { guildId: GUILD, ownerId: OWNER, npcChannelId: null, name: 'セイバー', type: 'servant', sheet: {}, state: {}, createdAt: AT, updatedAt: AT }),
    );
    const data = Buffer.alloc(700 * 1024, 7).toString('base64'); // a large portrait fits
    await store.transaction((tx) => saveFace(tx, id, { sha256: 'a', type: 'png', data }, AT));
    await store.transaction((tx) => setFaceHost(tx, id, 'other', { channelId: '1', messageId: '2', url: 'https://cdn/x' }, AT));
    expect((await store.transaction((tx) => getFace(tx, id)))?.host).toBeUndefined();
    await store.transaction((tx) => setFaceHost(tx, id, 'a', { channelId: '1', messageId: '2', url: 'https://cdn/x' }, AT));
    expect(await store.transaction((tx) => getFace(tx, id))).toMatchObject({ sha256: 'a', data, host: { messageId: '2' } });
    const deleted = await store.transaction((tx) => deleteGuildData(tx, GUILD));
    expect(deleted.faces).toBe(1);
    expect(await store.transaction((tx) => getFace(tx, id))).toBeUndefined();
  });
});
