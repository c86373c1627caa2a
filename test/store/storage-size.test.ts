// The storage target (≤ 300 bytes per stored roll, its event row and indexes included) guarded on a
// smaller run than `npm run bench` (100,000 rolls); a size, not a time, so it is fit for a test.
import { describe, expect, it } from 'vitest';
import { measureStorage } from '../../bench/storage.js';
import { testBackend } from '../helpers/backend.js';

describe.runIf(testBackend === 'sqlite')('bytes per stored roll', () => {
  it('stays at or under 300 for a mix of rolls, secrets among them', async () => {
    expect(await measureStorage(4_000)).toBeLessThanOrEqual(300);
  }, 60_000);
});
