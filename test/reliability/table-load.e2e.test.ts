// A short evening of tables on every run (issue 32 §1): the same run as `npm run soak` (bench/table-load.ts),
// 35 channels of Fate fights, Persona fights with hidden shadows, Fate wars of 7 factions, percentage
// wars, checks, palettes, secret and plain rolls at 60 interactions a second, for a few seconds, on this
// project's backend. It asserts the exact counts — no errors, every interaction answered, every expected
// DM delivered exactly once (none missing, none twice), every board change followed by an edit, the
// outbox empty, no repeated nonce — and prints the timings as ratios, and the requests the fake's global
// limit refused (a timing too: the fake shares the bot's event loop, and a stall hands it requests sent a
// second apart at once). No timing assertion: speed is measured by `npm run soak`, not by tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableLoadHeader, tableLoadLines, tableLoadRun, type TableLoadOptions } from '../../bench/table-load.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const options: TableLoadOptions = { rate: 60, seconds: 4, quietSeconds: 1 };
let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase('table-load');
});
afterAll(async () => {
  await database?.drop();
});

describe(`an evening of tables under load (${testBackend})`, () => {
  it('answers every interaction of the mix, delivers every DM once and every board change, leaves the outbox empty', async () => {
    const result = await tableLoadRun(database.url, testBackend, options);
    console.log([tableLoadHeader(options), ...tableLoadLines(result, options)].join('\n'));
    expect(result.failures).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.sent).toBe(60 * 5);
    expect(result.answered).toBe(result.sent);
    expect(result.dmsMissing).toBe(0);
    expect(result.dmsExtra).toBe(0);
    expect(result.boardsMissing).toBe(0);
    expect(result.outboxLeft).toBe(0);
    expect(result.nonceHits).toBe(0);
    // every kind of the mix ran, and those with effects had them found at the fake
    for (const kind of result.kinds) expect(kind.sent, kind.kind).toBeGreaterThan(0);
    expect(result.kinds.filter((k) => Number.isFinite(k.effectP50Ms)).length).toBeGreaterThanOrEqual(6);
  }, 240_000);
});
