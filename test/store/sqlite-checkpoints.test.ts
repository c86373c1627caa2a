// SQLite's checkpoints run in a worker (src/store/sqlite-checkpoints.ts), not inside the commit that
// crosses the threshold on the thread that answers Discord (issue 32 §1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite.js';
import { FALLBACK_PAGES } from '../../src/store/sqlite-checkpoints.js';
import { testBackend } from '../helpers/backend.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fileStore(checkpoints?: Parameters<typeof openSqliteStore>[2]): { store: SqliteStore; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-checkpoints-'));
  dirs.push(dir);
  const file = path.join(dir, 'bot.sqlite');
  return { store: openSqliteStore(file, undefined, checkpoints), file };
}

/** `kb` rows of 1 KB, in transactions of 8 rows each, straight on the store's connection. */
function write(store: SqliteStore, kb: number): void {
  const insert = store.sqlite.prepare('INSERT INTO filler (text) VALUES (?)');
  const batch = store.sqlite.transaction(() => {
    for (let i = 0; i < 8; i++) insert.run('x'.repeat(1000));
  });
  for (let n = 0; n < kb / 8; n++) batch();
}

async function until(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!ok()) throw new Error(`never: ${what}`);
}

const walSize = (file: string) => fs.statSync(`${file}-wal`).size;

describe.skipIf(testBackend !== 'sqlite')('SQLite checkpoints off the thread', () => {
  it('leaves them to a worker, started once the WAL has grown; its checkpoint lets the WAL start over', async () => {
    const { store, file } = fileStore({ checkpoints: { frames: 256, everyMs: 10, watchMs: 10 } });
    try {
      // the store's connection checkpoints by itself only far past the worker's threshold
      expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_PAGES);
      store.sqlite.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)');
      write(store, 64);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(store.checkpoints!.running).toBe(false); // a small WAL starts nothing
      write(store, 512);
      await until('the worker checkpointed', () => store.checkpoints!.done.checkpoints > 0);
      expect(store.checkpoints!.running).toBe(true);
      // Every frame copied and no reader left on them: the next commit writes the WAL from its start,
      // so the file does not grow by what is written next (without a checkpoint it would by ~256 KB).
      // (two more checkpoints: the first may have begun while the rows were being written)
      const after = store.checkpoints!.done.checkpoints;
      await until('the whole WAL copied', () => store.checkpoints!.done.checkpoints >= after + 2 && store.checkpoints!.done.last?.copied === store.checkpoints!.done.last?.frames);
      const grown = walSize(file);
      write(store, 256);
      expect(walSize(file)).toBeLessThanOrEqual(grown);
      expect((store.sqlite.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n).toBe(832);
    } finally {
      await store.close();
    }
    expect(store.checkpoints!.running).toBe(false);
    // closed whole: the last connection's own checkpoint took the WAL away, every row in the file
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const again = openSqliteStore(file);
    try {
      expect((again.sqlite.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n).toBe(832);
    } finally {
      await again.close();
    }
  });

  it('has none for a database in memory', async () => {
    const store = openSqliteStore(':memory:');
    expect(store.checkpoints).toBeNull();
    await store.close();
  });
});
