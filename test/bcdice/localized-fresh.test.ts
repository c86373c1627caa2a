// Every localized system (ids with `:`) loads on a fresh process whatever was loaded before
// (issue 29 §1: BlackJacket:Korean, Emoklore:Korean, JuinKansen:Korean and Ventangle:Korean
// answered "Something went wrong on our side" to every roll until their base had been loaded).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('localized BCDice systems on a fresh process', () => {
  it('each loads and answers 1D6 before its base system was ever loaded', () => {
    const child = spawnSync(process.execPath, ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, path.join(root, 'test/bcdice/fresh-localized.child.ts')], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(child.status, child.stderr).toBe(0);
    const results = JSON.parse(child.stdout.trim().split('\n').pop()!) as { id: string; baseLoadedBefore: boolean | null; answered: boolean; error?: string }[];
    expect(results.length).toBeGreaterThan(30);
    expect(results.filter((r) => !r.answered)).toEqual([]);
    for (const id of ['BlackJacket:Korean', 'Emoklore:Korean', 'JuinKansen:Korean', 'Ventangle:Korean']) {
      expect(results.find((r) => r.id === id)).toEqual({ id, baseLoadedBefore: false, answered: true });
    }
  }, 150_000);
});
