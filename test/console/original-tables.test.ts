// The local console reaches /table like any command (issue 29 §3): the form asked input by input, then
// a bare table name rolled as /roll would roll it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleSession } from '../../src/console/session.js';
import { scriptedRandom } from '../../src/core/random.js';
import { openStore } from '../../src/store/db.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

describe('console: original tables', () => {
  it('adds a table through the form and rolls it by its bare name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-console-tables-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const store = await openStore(path.join(dir, 'c.sqlite'));
    cleanups.unshift(() => store.close());
    const s = createConsoleSession({ store, rng: scriptedRandom([5, 6]), log: pino({ level: 'silent' }), locale: 'ja' });

    expect(await s.handle('/table add')).toContain('オリジナル表を追加');
    for (const line of ['2D6 シーン表', '2-6:静かな夜', '7-12:嵐']) expect(await s.handle(line)).toBe('');
    expect(await s.handle('.')).toContain('**シーン表**（2D6、2項目）をサーバー全体に追加しました。'.replaceAll('**', ''));

    const out = await s.handle('しーん表 導入');
    expect(out).toContain('表「シーン表」（2D6）');
    expect(out).toContain('2d6 [5, 6] = 11');
    expect(out).toContain('→ 嵐');
    expect(out).toContain('導入');
  });
});
