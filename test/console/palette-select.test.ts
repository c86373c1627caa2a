// The console chooses from a select menu as Discord does (issue 19 §2): a palette of more than a
// few lines lists its options with the `/press <id> <value>` that chooses each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleSession } from '../../src/console/session.js';
import { scriptedRandom } from '../../src/core/random.js';
import { openStore } from '../../src/store/db.js';
import { lastRoll } from '../../src/store/rolls.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

describe('console select menus', () => {
  it('lists a palette’s lines as /press lines and rolls the chosen one; a forged value is stale', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-console-select-'));
    const store = await openStore(path.join(dir, 'c.sqlite'));
    cleanups.push(async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const s = createConsoleSession({ store, rng: scriptedRandom([4, 4, 4, 4, 4, 4]), log: pino({ level: 'silent' }), locale: 'en' });
    await s.handle('/palette edit name:p');
    for (const line of ['p', '.', '.', '1d6 a', '2d6 b', '3d6 c', '4d6 d', '5d6 e', '6d6 f', '.']) await s.handle(line);
    const shown = await s.handle('.');
    expect(shown).toContain('Choose a line (1–6 of 6)');
    const press = /\[6\. 6d6 f: (\/press palette:pick:\d+:0 5)\]/.exec(shown ?? '');
    expect(press).not.toBeNull();
    await s.handle(press![1]!);
    expect((await store.transaction(async (tx) => await lastRoll(tx, 'console:you', 'console:table')))?.value).toBe(24);
    const forged = await s.handle(press![1]!.replace(/ 5$/, ' x'));
    expect(forged).toMatch(/no longer valid/);
  });
});
