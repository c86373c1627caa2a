// The real entry point (src/main.ts) as a child process against the fake Discord: it connects,
// answers, logs one JSON line per command without secrets, and stops cleanly on SIGTERM; on whichever
// database DATABASE_URL names (a SQLite file, or PostgreSQL in the postgres project).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { rows } from '../helpers/db.js';
import { openStore } from '../../src/store/db.js';
import { answered } from './harness.js';

const root = path.resolve(import.meta.dirname, '../..');
let fake: FakeDiscord | undefined;
let database: TestDatabase | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-main-'));
afterAll(async () => {
  await fake?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start with a token', () => {
  it('connects through DISCORD_API, answers /roll, logs the command, and exits 0 on SIGTERM', async () => {
    fake = await startFakeDiscord();
    database = await testDatabase('main');
    const db = database.url;
    const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, path.join(root, 'src/main.ts')], {
      cwd: dir, // no .env here
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DISCORD_TOKEN: fake.token, DISCORD_API: fake.apiBase, DATABASE_URL: db, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await fake.waitFor(() => stdout.includes('connected to Discord'), 15_000);
    const secret = 'the master hides in the church';
    const ex = await fake.command({ name: 'roll', options: [{ name: 'expression', value: '8d6<=4' }, { name: 'comment', value: secret }, { name: 'secret', value: true }] });
    expect(answered(ex)).toBe(true);
    await fake.waitFor(() => stdout.includes('"msg":"command"'));

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const command = lines.find((l) => l.msg === 'command')!;
    expect(command).toMatchObject({ command: 'roll', guild: fake.guildId, channel: fake.channelId, user: fake.users.player.id, outcome: 'ok' });
    expect(typeof command.durationMs).toBe('number');
    expect(lines.some((l) => l.msg === 'stopped')).toBe(true);
    expect(stdout).not.toContain(secret);
    expect(stdout).not.toContain(fake.token);
    if (testBackend === 'sqlite') expect(fs.existsSync(db)).toBe(true);
    const store = await openStore(db);
    try {
      expect((await rows(store, 'rolls')).map((r) => r.normalized)).toEqual(['8d6<=4']);
    } finally {
      await store.close();
    }
  });
});
