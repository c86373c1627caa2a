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

/** Step 3 of README's GM setup in each language: the first inline command in it (the setup command). */
function setupStep(heading: string): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(heading));
  const step = section.slice(section.indexOf('\n3. '), section.indexOf('\n## ', 1));
  return /`(\/[^`]+)`/.exec(step)![1]!;
}

describe('README’s three steps for the GM (issue 30 §1: no quick start named the table’s language, so a non-Community server’s board stayed English)', () => {
  it.each([
    ['## For the GM', 'en', '召喚フェイズ'],
    ['## 日本語', 'ja', '召喚フェイズ'],
    ['## 한국어', 'ko', '소환 페이즈'],
  ] as const)('%s: step 3’s command, typed as written, sets the table’s language and shows the first war’s buttons', async (heading, reader, phase) => {
    const store = await openStore(path.join(dir, `step3-${reader}.sqlite`));
    try {
      // The console's server reports English, as a non-Community server does.
      const s = createConsoleSession({ store, rng: seededRandom('step3'), log: pino({ level: 'silent' }), locale: 'en' });
      await s.handle(`/lang ${reader}`);
      const line = setupStep(heading);
      const out = (await s.handle(line)) ?? '';
      expect(out, line).not.toMatch(/^✖/m);
      expect(out).toContain('/press gm:claim:fate]');
      expect(out).toContain('/press war:join]');
      await s.handle('/press gm:claim:fate');
      const started = (await s.handle('/press war:start:fate')) ?? '';
      // The war's board is the table's: in the language step 3 named (the English step names Japanese).
      expect(started.slice(started.indexOf('── '))).toContain(phase);
    } finally {
      await store.close();
    }
  });
});

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
