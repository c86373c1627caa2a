// Crash: a process writing rolls as fast as it can is killed with SIGKILL; the file opens again with
// PRAGMA integrity_check ok, every acknowledged roll present, and no roll without its event row.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { rows } from '../helpers/db.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const root = path.resolve(import.meta.dirname, '../..');
let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.drop();
});

describe.runIf(testBackend === 'sqlite')('crash under load (SQLite)', () => {
  it('SIGKILL mid-write loses no acknowledged roll and leaves nothing half-applied', async () => {
    database = await testDatabase('crash');
    const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
    const child = spawn(process.execPath, ['--import', loader, path.join(import.meta.dirname, 'crash-writer.ts'), database.url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Let it write for a while (at least a few hundred rolls), then kill it without warning.
    const deadline = Date.now() + 20_000;
    while (out.split('\n').filter(Boolean).length < 300 && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await exited;
    expect(err).toBe('');
    const acknowledged = out.split('\n').filter(Boolean).map(Number);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    const store = openSqliteStore(database.url);
    try {
      expect(store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set((await rows(store, 'rolls')).map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      // Every roll has its event (one transaction each): nothing half-applied.
      const subjects = new Set((await rows(store, 'events')).map((e) => e.subject));
      expect([...stored].filter((id) => !subjects.has(`roll:${id}`))).toEqual([]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
