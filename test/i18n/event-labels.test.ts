// /war log names every event in the reader's words (issue 20: it showed raw keys such as `luck.reset`,
// `character.activated`). Every event type the code writes — found in the source where events are
// appended — has a label in en, ja and ko.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogKeys } from '../../src/i18n/index.js';

const root = path.join(import.meta.dirname, '..', '..');
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

const WRITERS = [
  /\btype: '([a-z]+\.[a-zA-Z]+)'/g, // appendEvent({ … type: 'x.y' … })
  /saveCharacter\(tx, ctx, [^,]+, '([a-z]+\.[a-zA-Z]+)'/g,
  /saveCombatState\(tx, ctx, [^,]+, '([a-z]+\.[a-zA-Z]+)'/g,
  /rewriteRoll\(tx, ctx, [^)]*?, '([a-z]+\.[a-zA-Z]+)'\)/g,
  /\bchange\(\s*ctx,\s*'([a-z]+\.[a-zA-Z]+)'/g,
  /\bevent\(tx, ctx, '([a-z]+\.[a-zA-Z]+)'/g,
];

describe('event labels', () => {
  it('every event type written by a command has a /war log label in each language', () => {
    const types = new Set<string>();
    for (const file of [...sources(path.join(root, 'src')), ...sources(path.join(root, 'commands'))]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const re of WRITERS) for (const m of text.matchAll(re)) types.add(m[1]!);
    }
    expect(types.size).toBeGreaterThan(60);
    for (const locale of ['en', 'ja', 'ko'] as const) {
      const keys = new Set(catalogKeys(locale));
      const missing = [...types].filter((t) => !keys.has(`warcmd.logType.${t}`)).sort();
      expect(missing, locale).toEqual([]);
    }
  });
});
