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

describe('wealth items (seed 001 L963 effects 3 and 4)', () => {
  it('buying adds items; a recovery item rolls 2d6 once; skill items are used among the check’s skills', async () => {
    const { addItems, useRecoveryItems, useSkillItems } = await import('../../../src/core/fate/wealth.js');
    const { scriptedRandom } = await import('../../../src/core/random.js');
    let items = addItems(undefined, 'hp', 2);
    items = addItems(items, 'skill', 1, '魔術');
    expect(items).toEqual({ hp: 2, mp: 0, skills: { 魔術: 1 } });
    const used = useRecoveryItems(items, 'hp', 2, scriptedRandom([3, 4, 6, 1]))!;
    expect(used.rolls).toEqual([[3, 4], [6, 1]]);
    expect(used.items.hp).toBe(0);
    expect(useRecoveryItems(used.items, 'hp', 1, scriptedRandom([1, 1]))).toBeNull();
    expect(useSkillItems(items, ['直感', '魔術'], 1)).toEqual({ hp: 2, mp: 0, skills: {} });
    expect(useSkillItems(items, ['直感'], 1)).toBeNull();
    expect(useSkillItems(items, ['魔術'], 2)).toBeNull();
  });
});
