// The house rules on imports (issue 23 §3), checked on every run rather than found by a reviewer:
// (a) no import circle among src/** and commands/**: in a circle one module can run before the other
//     has initialised its exports, and neither file can be understood (or moved) alone;
// (b) a command module does not import another command's: what two commands share lives in
//     src/services (or src/views if it renders). A command's own folder (commands/combat/*) and its
//     entry file (commands/combat.ts) are one command; the registry commands/index.ts imports them all;
// (c) the product below the commands imports none of them but the registry (the Discord and console
//     wiring look commands up there), so the layers stay one-way.
// Only imports that remain at run time count: `import type` is erased by the compiler and cannot
// make a circle (see import-graph.ts); a lazy `import('…')` counts for (b) and (c), not for (a).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles } from './circles.js';
import ts from 'typescript';
import { readImportGraph, runtimeSpecifiers, type ImportGraph } from './import-graph.js';

const root = path.resolve(import.meta.dirname, '../..');
const REGISTRY = 'commands/index.ts';

let graph: ImportGraph | undefined;
const product = (): ImportGraph => (graph ??= readImportGraph(root, ['src', 'commands']));

/** The command a file belongs to: commands/<x>.ts and commands/<x>/** are command x; others, none. */
function commandOf(file: string): string | null {
  const m = /^commands\/([^/]+?)(?:\.ts$|\/)/.exec(file);
  return m ? m[1]! : null;
}

function staticEdges(g: ImportGraph): Map<string, string[]> {
  return new Map([...g.edges].map(([from, to]) => [from, to.filter((e) => e.kind === 'static').map((e) => e.to)]));
}

/** A circle in words: its files, then each import inside it, so the message says which one to cut. */
function describeCircle(files: string[], next: Map<string, string[]>): string {
  const inside = new Set(files);
  const sorted = [...files].sort();
  const imports = sorted.flatMap((f) => (next.get(f) ?? []).filter((t) => inside.has(t)).map((t) => `${f} → ${t}`));
  return `circle of ${files.length}: ${sorted.join(', ')}\n    ${imports.join('\n    ')}`;
}

describe('circles (Tarjan)', () => {
  it('finds a two-file circle, a longer one and a file importing itself, and nothing in a tree', () => {
    const next = new Map<string, string[]>([
      ['a', ['b', 'x']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c', 'x']],
      ['self', ['self']],
      ['x', []],
      ['tree', ['x', 'a']],
    ]);
    expect(circles(next).map((c) => [...c].sort())).toEqual([['a', 'b'], ['c', 'd', 'e'], ['self']]);
    expect(circles(new Map([['r', ['s', 't']], ['s', ['t']], ['t', []]]))).toEqual([]);
  });
});

describe('runtimeSpecifiers', () => {
  it('keeps what loads a module at run time, drops what the compiler erases', () => {
    const source = [
      "import type { A } from './type-only.js';",
      "import { type B } from './type-names-only.js';", // kept: verbatimModuleSyntax emits `import {} from`
      "import { C, type D } from './value.js';",
      "import './side-effect.js';",
      "export type { E } from './type-export.js';",
      "export * from './star.js';",
      "export { F } from './re-export.js';",
      "const later = () => import('./lazy.js');",
    ].join('\n');
    const sf = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    expect(runtimeSpecifiers(sf)).toEqual([
      { spec: './type-names-only.js', kind: 'static' },
      { spec: './value.js', kind: 'static' },
      { spec: './side-effect.js', kind: 'static' },
      { spec: './star.js', kind: 'static' },
      { spec: './re-export.js', kind: 'static' },
      { spec: './lazy.js', kind: 'lazy' },
    ]);
  });
});

describe('imports of src/** and commands/**', () => {
  it('the graph is really read: every command reached from the registry, imports resolved through .js specifiers', () => {
    const g = product();
    expect(g.edges.size).toBeGreaterThan(200);
    const fromRegistry = g.edges.get(REGISTRY)?.map((e) => e.to) ?? [];
    expect(fromRegistry).toEqual(expect.arrayContaining(['commands/roll.ts', 'commands/combat.ts', 'commands/persona.ts']));
    expect(g.edges.get('commands/roll.ts')?.map((e) => e.to)).toContain('src/services/dice-roll.ts');
    // store/db.ts loads its backend lazily: read as a lazy edge, so it cannot count as a circle.
    expect(g.edges.get('src/store/db.ts')).toContainEqual({ to: 'src/store/sqlite.ts', kind: 'lazy' });
  });

  it('(a) no import circle (value imports; `import type` vanishes at run time)', () => {
    const next = staticEdges(product());
    const found = circles(next).map((c) => describeCircle(c, next));
    expect(found, `import circles:\n${found.join('\n')}`).toEqual([]);
  });

  it('(b) no command module imports another command module (shared code lives in src/services or src/views)', () => {
    const wrong: string[] = [];
    for (const [from, to] of product().edges) {
      const mine = commandOf(from);
      if (mine === null || from === REGISTRY) continue;
      for (const e of to) {
        const theirs = commandOf(e.to);
        if (theirs !== null && theirs !== mine) wrong.push(`${from} → ${e.to}`);
      }
    }
    expect(wrong, `command modules importing another command's:\n${wrong.join('\n')}`).toEqual([]);
  });

  it('(c) nothing under src/ imports a command module, only the registry', () => {
    const wrong: string[] = [];
    for (const [from, to] of product().edges) {
      if (!from.startsWith('src/')) continue;
      for (const e of to) if (e.to.startsWith('commands/') && e.to !== REGISTRY) wrong.push(`${from} → ${e.to}`);
    }
    expect(wrong, `src/ importing command modules:\n${wrong.join('\n')}`).toEqual([]);
  });
});
