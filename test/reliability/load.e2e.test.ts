// A short load through the real client on every run (issue 23 §2): /roll at 200/s across 50 channels
// for 2 s on this project's backend — the same loadRun as `npm run bench` and `npm run soak` (60 s).
// Every interaction answered with a public reply, none failed, every roll stored once in its channel.
// No timing assertion: speed is measured by the benchmarks, not by tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRun, type LoadResult } from '../../bench/load.js';
import { openStore } from '../../src/store/db.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { rows } from '../helpers/db.js';

const options = { rate: 200, seconds: 2, channels: 50 };
let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase('load');
});
afterAll(async () => {
  await database?.drop();
});

describe(`load through the real client (${testBackend})`, () => {
  it('answers all 400 /roll interactions sent at 200/s across 50 channels, stores each roll once, 0 errors', async () => {
    const result: LoadResult = await loadRun(database.url, testBackend, options);
    expect(result.failures).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.sent).toBe(400);
    expect(result.answered).toBe(400);
    const store = await openStore(database.url);
    try {
      const stored = await rows(store, 'rolls');
      expect(stored).toHaveLength(400);
      expect(new Set(stored.map((r) => r.channelId)).size).toBe(50);
    } finally {
      await store.close();
    }
  }, 60_000);
});
