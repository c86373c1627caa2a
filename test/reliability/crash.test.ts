// Crash: a process writing rolls as fast as it can is killed with SIGKILL. On SQLite the file opens
// again with PRAGMA integrity_check ok; on PostgreSQL the server (durable defaults: fsync and
// synchronous_commit on) is killed with it and recovers from its WAL. Either way every acknowledged
// roll is present and no roll is without its event row.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { rows } from '../helpers/db.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { findPostgresBin, startPostgres, type PostgresServer } from '../postgres/server.js';

const root = path.resolve(import.meta.dirname, '../..');
let database: TestDatabase | undefined;
let server: PostgresServer | undefined;
afterAll(async () => {
  await database?.drop();
  await server?.stop();
});

/** Runs the writer on url until it has acknowledged 300 rolls, then calls kill(child). */
async function writeUntilKilled(url: string, kill: (child: ReturnType<typeof spawn>) => Promise<void>): Promise<{ acknowledged: number[]; err: string }> {
  const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, path.join(import.meta.dirname, 'crash-writer.ts'), url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // Let it write a few hundred rolls, however long a loaded machine's disk takes over them (the test's
  // own timeout bounds it), then kill it without warning.
  while (out.split('\n').filter(Boolean).length < 300 && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
  await kill(child);
  await exited;
  // A line cut by the kill is not an acknowledgement.
  const acknowledged = out.split('\n').slice(0, -1).filter(Boolean).map(Number);
  return { acknowledged, err };
}

async function expectNothingLost(url: string, acknowledged: number[]): Promise<void> {
  const store = await openStore(url);
  try {
    const stored = new Set((await rows(store, 'rolls')).map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // Every roll has its event (one transaction each): nothing half-applied.
    const subjects = new Set((await rows(store, 'events')).map((e) => e.subject));
    expect([...stored].filter((id) => !subjects.has(`roll:${id}`))).toEqual([]);
  } finally {
    await store.close();
  }
}

describe.runIf(testBackend === 'sqlite')('crash under load (SQLite)', () => {
  it('SIGKILL mid-write loses no acknowledged roll and leaves nothing half-applied', async () => {
    database = await testDatabase('crash');
    const { acknowledged, err } = await writeUntilKilled(database.url, async (child) => void child.kill('SIGKILL'));
    expect(err).toBe('');
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    const store = openSqliteStore(database.url);
    try {
      expect(store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await store.close();
    }
    await expectNothingLost(database.url, acknowledged);
  }, 120_000);
});

describe.runIf(testBackend === 'postgres')('crash under load (PostgreSQL, durable defaults)', () => {
  it('the writer and the server killed mid-write: after recovery no acknowledged roll is lost, nothing half-applied', async () => {
    server = await startPostgres(findPostgresBin()!, { durable: true });
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    const settings = await admin.query<{ name: string; setting: string }>("SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit')");
    await admin.query('CREATE DATABASE crash');
    await admin.end();
    expect(Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]))).toEqual({ fsync: 'on', synchronous_commit: 'on' });
    const url = server.url.replace(/\/[^/]*$/, '/crash');
    const running = server;
    const { acknowledged } = await writeUntilKilled(url, async (child) => {
      child.kill('SIGKILL');
      await running.crash();
    });
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    await running.restart();
    await expectNothingLost(url, acknowledged);
  }, 180_000);
});
