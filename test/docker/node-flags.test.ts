// Issue 32 §1: the bot runs with V8's --initial-old-space-size, which lets the heap hold that much
// before a full collection, so commands under load wait out fewer pauses. Every way the bot is started
// (the image's CMD, npm start, npm run start:prod) and the benches that time it in their own process
// (npm run bench, the evening in npm run soak) give node the same flags; the full shard takes them from
// the CMD (bench/image-env.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageNodeFlags } from '../../bench/image-env.js';

const root = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The options a command line gives node (or tsx) before its script: `tsx --a=1 src/main.ts` → ['--a=1']. */
function flagsBefore(command: string, script: string): string[] {
  const words = command.trim().split(/\s+/);
  const at = words.indexOf(script);
  if (at < 1 || !['node', 'tsx'].includes(words[0]!)) throw new Error(`"${command}" does not run ${script} with node or tsx`);
  return words.slice(1, at);
}

describe('node flags the bot runs with', () => {
  const image = imageNodeFlags(root);

  it('the image sets the initial old space', () => {
    expect(image).toEqual(['--initial-old-space-size=128']);
  });

  it('npm start, start:prod, bench and the evening give node the image’s flags', () => {
    expect(flagsBefore(scripts.start!, 'src/main.ts')).toEqual(image);
    expect(flagsBefore(scripts['start:prod']!, 'dist/src/main.js')).toEqual(image);
    expect(flagsBefore(scripts.bench!, 'bench/run.ts')).toEqual(image);
    const soak = scripts.soak!.split('&&').map((c) => c.trim());
    expect(flagsBefore(soak.find((c) => c.includes('bench/soak-tables.ts'))!, 'bench/soak-tables.ts')).toEqual(image);
    expect(flagsBefore(soak.find((c) => c.includes('bench/soak.ts'))!, 'bench/soak.ts')).toEqual(image);
  });

  it('this node accepts them (a flag V8 does not know stops node at start)', () => {
    const run = spawnSync(process.execPath, [...image, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
