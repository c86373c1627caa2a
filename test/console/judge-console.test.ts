// Seed 004 from the local console: a judgement the player can foresee is refused (L133–137), and the
// Boost button works although console user ids contain ':' (L24–25, L83–101).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleSession } from '../../src/console/session.js';
import { seededRandom } from '../../src/core/random.js';
import { openStore } from '../../src/store/db.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

async function session(locale: 'en' | 'ja' | 'ko') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-judge-'));
  const store = await openStore(path.join(dir, 'c.sqlite'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.unshift(() => store.close());
  return createConsoleSession({ store, rng: seededRandom('judge-console'), log: pino({ level: 'silent' }), locale });
}

describe('MTG judgement in the console (seed 004)', () => {
  it('a library of Forests only: the result is foreseeable, so /judge is refused (L133–137)', async () => {
    const s = await session('ja');
    await s.handle('/deck import');
    await s.handle('20 Forest');
    expect(await s.handle('.')).toMatch(/20/);
    const out = await s.handle('/judge color:green difficulty:2');
    expect(out).toContain('結果が分かります');
    expect(out).toContain('必ず成功');
    expect(await s.handle('/judge color:green difficulty:9')).toContain('必ず失敗');
  });

  it('a mixed library judges, and the Boost button is pressed by the console user (L24–25, L83)', async () => {
    const s = await session('en');
    await s.handle('/deck import');
    await s.handle('20 Forest');
    await s.handle('20 Island');
    await s.handle('.');
    // Forest achieves 0 + 5, Island 0 + 0 against target 0 + 1: either result can come, so it is allowed.
    const judged = await s.handle('/judge color:green difficulty:1');
    expect(judged).not.toContain('foreseen');
    const press = /\/press (judge:boost:[^\]\s]+)/.exec(judged ?? "")?.[1];
    expect(press).toBe('judge:boost:console:you');
    const boosted = await s.handle(`/press ${press}`);
    expect(boosted).not.toContain('Only the player who judged');
    expect(boosted).toMatch(/colorless/i);
    await s.handle('/as alice');
    expect(await s.handle(`/press ${press}`)).toContain('Only the player who judged');
  });
});
