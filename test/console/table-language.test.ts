// The console shows what reaches the table in the channel's language, as Discord does (issue 30: the
// fight tracker came out in the GM's language). A tracker or board update with render() is drawn from
// the database, like src/discord/board.ts draws it, never taken from the view its command built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsoleSession } from '../../src/console/session.js';
import { seededRandom } from '../../src/core/random.js';
import { openStore } from '../../src/store/db.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-console-table-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const section = (out: string, heading: string) => out.slice(out.indexOf(heading));

describe('the console’s tracker', () => {
  it('is in the channel’s language (/gm language ja) while the GM types in English', async () => {
    const store = await openStore(path.join(dir, 'tracker.sqlite'));
    try {
      const s = createConsoleSession({ store, rng: seededRandom('tracker'), log: pino({ level: 'silent' }), locale: 'en' });
      await s.handle('/gm claim');
      await s.handle('/gm language language:ja');
      await s.handle('/combat start ruleset:fate');
      const out = (await s.handle('/combat add who:Viper side:them hp:50 iv:1 pool:8d6<=4')) ?? '';
      const tracker = section(out, '── board #table ──');
      expect(tracker).toContain('Viper');
      // The GM's own answer stays English; the tracker is the table's Japanese.
      expect(tracker).not.toContain('Setting up');
      expect(tracker).toMatch(/[ぁ-んァ-ヶ一-龯]/);
      // The war board, already right, stays so.
      const war = (await s.handle('/war start ruleset:fate name:F')) ?? '';
      expect(section(war, '── board #table ──')).toContain('召喚フェイズ');
    } finally {
      await store.close();
    }
  });
});
