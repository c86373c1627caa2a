import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CharacterSheet, Grade, Graded } from '../../../../src/core/fate/sheet/index.js';

export const FIXTURES = fileURLToPath(new URL('../../../fixtures/sheets/', import.meta.url));

export function fixture(name: string): string {
  return readFileSync(FIXTURES + name, 'utf8');
}

export function fixtureNames(ext: '.txt' | '.json'): string[] {
  return readdirSync(FIXTURES).filter((f) => f.endsWith(ext)).sort();
}

export function g(grade: Grade | '??', marks = ''): Graded {
  return { grade, marks: [...marks].map((c) => ({ sign: c === '+' ? '+' : '-', mode: 'pay' as const })) };
}

/** A minimal sheet: statuses as "ABBCD-" style letters (E..A, X = EX, - = none), R as given. */
export function sheetWith(type: CharacterSheet['type'], grades: string, level: number): CharacterSheet {
  const at = (i: number): Graded => {
    const c = grades.split(' ')[i] ?? '-';
    return g((c === 'X' ? 'EX' : c) as Grade);
  };
  const sixth = at(5);
  return {
    schema: 'fate-roll-dice/sheet@1',
    id: 'test',
    type,
    name: 'test',
    rank: { names: [], level },
    fp: { total: 6 * level, spent: 0, remaining: 6 * level },
    statuses: {
      str: at(0), end: at(1), agi: at(2), mag: at(3), luk: at(4),
      ...(type === 'servant' ? { np: sixth } : { soc: sixth }),
    },
    skills: [],
    noblePhantasms: [],
    gear: [],
    combos: [],
    background: {},
  };
}
