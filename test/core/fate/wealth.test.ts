// Wealth points (seed 001 L959–961).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSheetText } from '../../../src/core/fate/sheet/index.js';
import type { CharacterSheet } from '../../../src/core/fate/sheet/types.js';
import { recoverWealth, spendWealth, wealthMax } from '../../../src/core/fate/wealth.js';

const sheet = (file: string) => parseSheetText(fs.readFileSync(path.join(import.meta.dirname, '../../e2e/fixtures', file), 'utf8')).sheet as CharacterSheet;

describe('wealth points', () => {
  it('a master has 社会 × 2 (社会D = 4, L959); a servant none', () => {
    expect(wealthMax(sheet('master.txt'))).toBe(4);
    expect(wealthMax(sheet('saber.txt'))).toBe(0);
  });
  it('spending is bounded by what is left; each day end gives one back (L961)', () => {
    expect(spendWealth(0, 4, 3)).toBe(3);
    expect(() => spendWealth(3, 4, 2)).toThrow(RangeError);
    expect(recoverWealth(3)).toBe(2);
    expect(recoverWealth(0)).toBe(0);
  });
});
