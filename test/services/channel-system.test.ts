// The channel's system is read once per TRUST_MS per channel (a roll costs one transaction); a change
// made in this process is seen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetChannelSystem, systemOfChannel } from '../../src/services/channel-system.js';
import { openStore, type Store } from '../../src/store/db.js';
import { clearChannelSystem, setChannelSystem } from '../../src/store/systems.js';
import { testDatabase, type TestDatabase } from '../helpers/backend.js';

let database: TestDatabase;
let store: Store;
beforeAll(async () => {
  database = await testDatabase('channel-system');
  store = await openStore(database.url);
});
afterAll(async () => {
  await store.close();
  await database.drop();
});

describe('systemOfChannel', () => {
  it('reads once, keeps it for 30 s, and sees a change made here at once', async () => {
    const t0 = new Date('2026-11-25T00:00:00Z');
    const later = (ms: number) => new Date(t0.getTime() + ms);
    expect(await systemOfChannel(store, 'c1', t0)).toBeNull();
    await store.transaction((tx) => setChannelSystem(tx, { channelId: 'c1', guildId: 'g1', system: 'Cthulhu', setBy: 'u', setAt: t0 }));
    // Another process's change: not seen until the cache entry is older than 30 s.
    expect(await systemOfChannel(store, 'c1', later(1_000))).toBeNull();
    expect(await systemOfChannel(store, 'c1', later(31_000))).toBe('Cthulhu');
    // This process's change: forgotten at once.
    await store.transaction((tx) => clearChannelSystem(tx, 'c1'));
    forgetChannelSystem('c1');
    expect(await systemOfChannel(store, 'c1', later(32_000))).toBeNull();
  });
});
