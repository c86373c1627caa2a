// Discord sends an option under its registered (en) name; code that reads another name gets null on
// Discord while a test that sends the code's name passes. /war config read 'key' while it registered
// 'setting' (issue 19 §3, found by the strict fake). Every literal option name the code reads must be
// registered by some command (services are shared between commands, so not per command).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandModules } from '../../commands/index.js';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

function registeredNames(): Set<string> {
  const names = new Set<string>();
  const walk = (o: { options?: unknown[] }) => {
    for (const x of (o.options ?? []) as { name: string; options?: unknown[] }[]) {
      names.add(x.name);
      walk(x);
    }
  };
  for (const m of commandModules) walk(m.definition as { options?: unknown[] });
  return names;
}

describe('option names', () => {
  it('every option the code reads by name is one a command registers', () => {
    const names = registeredNames();
    const read = /\boptions\.(string|integer|number|boolean|user|attachment|channel|role|focused)\(\s*'([^']+)'/g;
    const unknown = [...sources(path.join(root, 'commands')), ...sources(path.join(root, 'src/services'))].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(read)].filter((m) => !names.has(m[2]!)).map((m) => `${path.relative(root, file)}: options.${m[1]}('${m[2]}')`),
    );
    expect(unknown).toEqual([]);
    expect(names.has('key')).toBe(true); // the scan sees the registry (and /war config's option)
  });
});
