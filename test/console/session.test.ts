import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleSession } from '../../src/console/session.js';
import { scriptedRandom } from '../../src/core/random.js';
import { openStore, type Store } from '../../src/store/db.js';
import { lastRoll } from '../../src/store/rolls.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-console-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function session(faces: number[], locale: 'en' | 'ja' | 'ko' = 'en'): Promise<{ store: Store; s: ReturnType<typeof createConsoleSession> }> {
  const store = await openStore(path.join(tempDir(), 'c.sqlite'));
  cleanups.unshift(() => store.close());
  return { store, s: createConsoleSession({ store, rng: scriptedRandom(faces), log: pino({ level: 'silent' }), locale }) };
}

describe('console session', () => {
  it('rolls the same expression Discord does, stores it, and prints plain text', async () => {
    const { store, s } = await session([1, 2, 3, 4, 5, 6, 1, 6, 2, 3, 4]);
    const out = await s.handle('/roll 8d6<=4+3d6<=3 comment:Attack');
    expect(out).toContain('Attack');
    expect(out).toContain('8d6<=4+3d6<=3');
    expect(out).not.toContain('**');
    // Pool 1: 1 2 3 4 5 6 1 6 → 5 successes; pool 2: 2 3 4 → 2 successes; achievement 7.
    const row = await store.transaction(async (tx) => await lastRoll(tx, 'console:you', 'console:table'));
    expect(row?.value).toBe(7);
    expect(out).toMatch(/\b7\b/);
  });

  it('a bare expression is a roll and full-width input works', async () => {
    const { store, s } = await session([3, 5]);
    await s.handle('２ｄ６＋３');
    expect((await store.transaction(async (tx) => await lastRoll(tx, 'console:you', 'console:table')))?.value).toBe(11);
  });

  it('plays several users: GM claim, then a secret roll shows the DM copy addressed to the GM', async () => {
    const { s } = await session([2, 2, 7, 7, 7, 7]); // two dice, then the commitment's nonce
    expect(await s.handle('/gm claim')).toContain('@you');
    await s.handle('/as alice');
    const out = await s.handle('/roll 2d6 secret:true comment:hide');
    expect(out).toMatch(/DM to @you/);
    expect(out).toContain('hide');
  });

  it('errors are localized and name the column; localized command names work', async () => {
    const { s } = await session([], 'ja');
    const out = await s.handle('/ダイス 8d6<=');
    expect(out).toContain('✖');
    expect(out).toMatch(/6/);
    expect(out).toMatch(/[ぁ-んァ-ヶ一-龯]/);
    expect(await s.handle('/nope')).toContain('nope');
    expect(await s.handle('/exit')).toBeNull();
  });
});

describe('npm start without a token', () => {
  it('opens the console, answers typed commands from stdin, creates the database, and exits at end of input', () => {
    const dir = tempDir();
    const db = path.join(dir, 'sub', 'start.sqlite');
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: db, LANG: 'en_US.UTF-8' };
    // Run from an empty folder so a developer's .env (with a real token) is never read here.
    const root = path.resolve(import.meta.dirname, '../..');
    const tsx = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
    const result = spawnSync(process.execPath, ['--import', tsx, path.join(root, 'src/main.ts')], {
      cwd: dir,
      input: '/roll 8d6<=4\n/help\n',
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('8d6<=4');
    expect(result.stdout).toContain('/roll');
    expect(fs.existsSync(db)).toBe(true);
  });
});
