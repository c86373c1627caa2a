// SQLite's page cache is bounded (issue 32 §2): it keeps every page written or read up to its size and
// never gives one back, and better-sqlite3 builds it at 16 MB, so a full shard's day of rows grew the
// bot's malloc main arena by ~20 MB. The connection the store opens keeps 2 MB (SQLite's own default).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testBackend } from '../helpers/backend.js';

const root = path.resolve(import.meta.dirname, '../..');

describe.runIf(testBackend === 'sqlite' && fs.existsSync('/proc/self/smaps'))('the SQLite connection’s page cache', () => {
  it('holds about 2 MB after 16 MB of rows written and read, not 16 MB (issue 32 §2)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-page-cache-'));
    try {
      const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
      const grew = (connection: 'store' | 'plain') => {
        const run = spawnSync(process.execPath, ['--import', loader, path.join(root, 'test/store/page-cache-child.ts'), path.join(dir, `${connection}.sqlite`), '16', connection], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, MALLOC_ARENA_MAX: '2' },
        });
        expect(run.stderr).toBe('');
        return JSON.parse(run.stdout) as number;
      };
      const asOpened = grew('store');
      const control = grew('plain');
      // the instrument sees a page cache: the same writes with better-sqlite3's 16 MB grew it by ~16 MB
      // more (what start-up left free in the arena absorbs part of either, alike: compared, not alone)
      expect(control - asOpened).toBeGreaterThan(10 * 1024 * 1024);
      // 2,000 KiB of 1 KB pages and their headers, with room for malloc's own slack (16 MB: ~18 MB)
      expect(asOpened).toBeLessThan(6 * 1024 * 1024);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
