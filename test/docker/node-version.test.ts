// Issue 30 §1: the image runs on the current Node LTS (24; Node 20's life ended 2026-04-30), while
// package.json's engines still admits the development machine's Node 20.19+.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const engines = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/** `>=20.19` (the only form engines uses here) against a version. */
function admits(range: string, version: string): boolean {
  const m = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range.trim());
  if (!m) throw new Error(`engines.node "${range}" is not a >= range`);
  const want = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) > want[i]!;
  return true;
}

describe('Node versions', () => {
  it('both stages of the image are on Node 24, the current LTS', () => {
    const from = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(from).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
  });

  it('engines admits Node 24 and the Node 20.19 this machine develops on', () => {
    expect(admits(engines, '24.11.0')).toBe(true);
    expect(admits(engines, '20.19.0')).toBe(true);
    expect(admits(engines, process.version)).toBe(true);
    expect(admits(engines, '20.18.3')).toBe(false);
  });
});
