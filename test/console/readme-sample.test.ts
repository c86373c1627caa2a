// README's console sample, typed line by line into the console as a developer would (issue 30: it
// pressed `/press luck:reroll:3`, a button no answer had offered — the check was roll #4). Every line
// must answer without an error, and every `/press` must press a button an earlier answer showed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsoleSession } from '../../src/console/session.js';
import { seededRandom } from '../../src/core/random.js';
import { openStore } from '../../src/store/db.js';

const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-readme-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The lines of README's console block: the prompt and the `←` notes taken off. */
export function readmeConsoleLines(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('In the console, type the same commands as on Discord:');
  const block = /```\n([\s\S]*?)```/.exec(readme.slice(start))![1]!;
  return block
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.replace(/^\S+@#\S+>\s*/, '').replace(/\s+←.*$/, '').trim());
}

describe('README’s console sample', () => {
  it('runs as written: no line fails, and each /press presses a button shown before it', async () => {
    const store = await openStore(path.join(dir, 'readme.sqlite'));
    const s = createConsoleSession({ store, rng: seededRandom('readme'), log: pino({ level: 'silent' }), locale: 'en' });
    const lines = readmeConsoleLines();
    expect(lines.some((l) => l.startsWith('/press '))).toBe(true);
    const cwd = process.cwd();
    process.chdir(root); // file: paths in the sample are the repository's
    let shown = '';
    try {
      for (const line of lines) {
        if (line.startsWith('/press ')) expect(shown, `${line}: no earlier answer offered it`).toContain(`/press ${line.slice('/press '.length).trim()}]`);
        const out = (await s.handle(line)) ?? '';
        expect(out, `${line} answered with an error`).not.toMatch(/^✖/m);
        shown += `\n${out}`;
      }
    } finally {
      process.chdir(cwd);
      await store.close();
    }
  });
});
