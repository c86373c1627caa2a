// The war lock (store/db.ts TransactionOptions, issue 32 §1), on a real PostgreSQL server. A war's turn
// end reads all its factions; past two rows on one page, SERIALIZABLE's read lock covers the page, so
// two wars whose factions share a page (any two in a small table) made each other fail and run again:
// two a minute under the evening's mix, each doubling a war advance's answer. With the lock, war
// writers take turns before they read, and none fails.
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store, type TransactionOptions } from '../../src/store/db.js';
import { insertFaction, insertWar, updateFactionsTurn, warFactions } from '../../src/store/wars.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

let store: Store | undefined;
let db: TestDatabase | undefined;
afterEach(async () => {
  await store?.close();
  await db?.drop();
  store = db = undefined;
});

/** Two wars of 7 factions each, their rows inserted in turn so that they share the table's pages. */
async function twoWars(s: Store): Promise<[number, number]> {
  return s.transaction(async (tx) => {
    const war = (channelId: string) =>
      insertWar(tx, { guildId: '100', channelId, name: channelId, ruleset: 'percent', status: 'active', day: 1, turn: 1, irregular: null, config: {}, pendingBattle: null, boardMessageId: null, createdAt: new Date() });
    const ids: [number, number] = [await war('201'), await war('202')];
    for (let i = 0; i < 7; i++) {
      for (const warId of ids) await insertFaction(tx, { warId, name: `F${warId}-${i}`, masterId: null, servantId: null, members: [], npc: false, declared: false, eliminated: false, state: { mana: i } });
    }
    return ids;
  });
}

/** A turn end's shape: read the war's factions, then (when `go` says) write each one's state. */
function turnEnd(s: Store, warId: number, options: TransactionOptions, read: () => void, go: () => Promise<void>): { attempts: () => number; seen: () => unknown[]; done: Promise<void> } {
  let attempts = 0;
  let seen: unknown[] = [];
  const done = s.transaction(async (tx) => {
    attempts++;
    const factions = await warFactions(tx, warId);
    seen = factions.map((f) => f.state);
    read();
    if (attempts === 1) await go();
    await updateFactionsTurn(tx, factions.map((f) => ({ id: f.id, state: { mana: (f.state as { mana: number }).mana + 10 }, declared: false, eliminated: false })));
  }, options);
  return { attempts: () => attempts, seen: () => seen, done };
}

describe.runIf(testBackend === 'postgres')('the war lock (PostgreSQL)', () => {
  it('without it, two wars whose factions share a page fail each other’s SERIALIZABLE check: one runs again', async () => {
    db = await testDatabase('war-lock');
    store = await openStore(db.url);
    const [a, b] = await twoWars(store);
    // both read before either writes
    let reads = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    const onRead = () => {
      if (++reads === 2) bothRead();
    };
    const first = turnEnd(store, a, {}, onRead, () => barrier);
    const second = turnEnd(store, b, {}, onRead, () => barrier);
    await Promise.all([first.done, second.done]);
    expect(first.attempts() + second.attempts()).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('with it, the second war’s turn end reads only after the first committed, and neither runs again', async () => {
    db = await testDatabase('war-lock');
    store = await openStore(db.url);
    const [a, b] = await twoWars(store);
    let firstRead!: () => void;
    const firstHasRead = new Promise<void>((resolve) => (firstRead = resolve));
    let secondRead = false;
    let secondReadWhileFirstHeld: boolean | undefined;
    const first = turnEnd(store, a, { lock: 'wars' }, () => firstRead(), async () => {
      // the second has had time to read, if it could
      await new Promise((resolve) => setTimeout(resolve, 200));
      secondReadWhileFirstHeld = secondRead;
    });
    await firstHasRead;
    const second = turnEnd(store, b, { lock: 'wars' }, () => (secondRead = true), async () => {});
    await Promise.all([first.done, second.done]);
    expect(secondReadWhileFirstHeld).toBe(false);
    expect([first.attempts(), second.attempts()]).toEqual([1, 1]);
    expect(second.seen()).toEqual([0, 1, 2, 3, 4, 5, 6].map((mana) => ({ mana })));
    const after = await store.transaction(async (tx) => [await warFactions(tx, a), await warFactions(tx, b)]);
    expect(after.map((fs) => fs.map((f) => f.state))).toEqual([0, 1].map(() => [0, 1, 2, 3, 4, 5, 6].map((mana) => ({ mana: mana + 10 }))));
  }, 30_000);
});
