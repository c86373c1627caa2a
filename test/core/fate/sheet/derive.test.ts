import { describe, expect, it } from 'vitest';
import { deriveValues, derivedMismatches, parseSheetText } from '../../../../src/core/fate/sheet/index.js';
import { fixture, g, sheetWith } from './helpers.js';

describe('derived values (seed 001 L870)', () => {
  it('HP = (max(END,STR)×3 + min(END,STR))×2 + R (seed 001 L870)', () => {
    // STR A(5) END B(4), R 10: (15 + 4) × 2 + 10 = 48; swapping STR and END gives the same.
    expect(deriveValues(sheetWith('servant', 'A B B C C A', 10)).hp).toBe(48);
    expect(deriveValues(sheetWith('servant', 'B A B C C A', 10)).hp).toBe(48);
    expect(deriveValues(sheetWith('master', 'E C D D D D', 2)).hp).toBe((3 * 3 + 1) * 2 + 2);
  });

  it('MP = (MAG×3 + LUK)×2 + R (seed 001 L870)', () => {
    expect(deriveValues(sheetWith('servant', 'A B B C C A', 10)).mp).toBe(34);
    expect(deriveValues(sheetWith('servant', 'E E C A B -', 7)).mp).toBe((15 + 4) * 2 + 7);
  });

  it('IV = AGI×3 + LUK, no R (seed 001 L870)', () => {
    expect(deriveValues(sheetWith('servant', 'A B B C C A', 10)).iv).toBe(15);
    expect(deriveValues(sheetWith('servant', 'A B B C C A', 12)).iv).toBe(15);
  });

  it('EX counts as level 6 in the formulas (L865)', () => {
    const d = deriveValues(sheetWith('servant', 'X X X X X X', 12));
    expect(d.hp).toBe((18 + 6) * 2 + 12);
    expect(d.mp).toBe((18 + 6) * 2 + 12);
    expect(d.iv).toBe(24);
  });

  it('"+" and "−" marks never change HP, MP, IV or the luck reroll count (seed 001 L912)', () => {
    const plain = sheetWith('servant', 'A B B C C A', 10);
    const marked = sheetWith('servant', 'A B B C C A', 10);
    marked.statuses.str = g('A', '++');
    marked.statuses.end = g('B', '-');
    marked.statuses.agi = g('B', '+');
    marked.statuses.mag = g('C', '--');
    marked.statuses.luk = g('C', '+');
    const a = deriveValues(plain);
    const b = deriveValues(marked);
    expect([b.hp, b.mp, b.iv, b.luckPerDay]).toEqual([a.hp, a.mp, a.iv, a.luckPerDay]);
  });

  it('luck rerolls per day = LUK level; EX = 6 + 2 = 8 (seed 001 L869, L215)', () => {
    expect(deriveValues(sheetWith('servant', 'A B B C E A', 10)).luckPerDay).toBe(1);
    expect(deriveValues(sheetWith('servant', 'A B B C A A', 10)).luckPerDay).toBe(5);
    expect(deriveValues(sheetWith('servant', 'A B B C X A', 10)).luckPerDay).toBe(8);
    expect(deriveValues(sheetWith('servant', 'A B B C - A', 10)).luckPerDay).toBe(0);
  });

  it('the digest §8 Saber: HP 48, MP 34, IV 15, 3 rerolls, R 10, FP 60 (seed 001 L870, L869, L751)', () => {
    const { sheet } = parseSheetText(fixture('digest-saber.txt'));
    const d = deriveValues(sheet);
    expect(d).toMatchObject({ hp: 48, mp: 34, iv: 15, luckPerDay: 3, rankLevel: 10, fpTotal: 60, sealsAtStart: null });
    expect(derivedMismatches(sheet, d)).toEqual([]);
  });

  it('the digest §8.3 master: HP 11, MP 29, IV 7, 1 reroll, 3 Command Seals, R 3 (seed 001 L870, L274)', () => {
    const { sheet } = parseSheetText(fixture('digest-master.txt'));
    const d = deriveValues(sheet);
    expect(d).toMatchObject({ hp: 11, mp: 29, iv: 7, luckPerDay: 1, rankLevel: 3, fpTotal: 18, sealsAtStart: 3 });
    expect(derivedMismatches(sheet, d)).toEqual([]);
  });

  // rules/fate-roll-dice-core.md §3.4, computed from the class bases of seed 001 L660–705.
  it.each([
    ['master', 'D D D E E E', 16, 8, 7, 1],
    ['セイバー', 'A B B C D -', 38, 22, 14, 2],
    ['ランサー', 'B C A D E -', 30, 14, 16, 1],
    ['アーチャー', 'C C C E E C', 24, 8, 10, 1],
    ['ライダー', 'D D B C E D', 16, 20, 13, 1],
    ['バーサーカー', 'B C C D D -', 30, 16, 11, 2],
    ['アサシン', 'D D B E B -', 16, 14, 16, 4],
    ['キャスター', 'E E C A B -', 8, 38, 13, 4],
  ] as const)('class base %s: HP %i+R, MP %i+R, IV %i, %i rerolls (seed 001 L660–705, L870)', (who, grades, hp, mp, iv, luck) => {
    for (const r of who === 'master' ? [1, 3, 6] : [7, 9, 12]) {
      const d = deriveValues(sheetWith(who === 'master' ? 'master' : 'servant', grades, r));
      expect([d.hp, d.mp, d.iv, d.luckPerDay]).toEqual([hp + r, mp + r, iv, luck]);
    }
  });

  it('written HP/MP/IV that differ are reported, not corrected (digest §9.3)', () => {
    const { sheet } = parseSheetText(fixture('messy-servant.txt'));
    const d = deriveValues(sheet);
    expect(d.hp).toBe(43);
    expect(derivedMismatches(sheet, d)).toEqual([
      { field: 'hp', written: 44, derived: 43 },
      { field: 'mp', written: 29, derived: 33 },
    ]);
  });
});

describe('pools and rank-level checks', () => {
  it('status pool = 2L dice ≤ L (seed 001 L864); EX = 14 automatic successes (L867)', () => {
    const d = deriveValues(sheetWith('servant', 'A B E C D X', 10));
    expect(d.pools.str).toEqual({ dice: 10, threshold: 5, auto: 0 });
    expect(d.pools.end).toEqual({ dice: 8, threshold: 4, auto: 0 });
    expect(d.pools.agi).toEqual({ dice: 2, threshold: 1, auto: 0 });
    expect(d.pools.np).toEqual({ dice: 0, threshold: 6, auto: 14 });
    expect(d.pools.soc).toBeUndefined();
  });

  it('a "−" (none) status has an empty pool (L885)', () => {
    expect(deriveValues(sheetWith('servant', 'A B B C D -', 10)).pools.np).toEqual({ dice: 0, threshold: 0, auto: 0 });
  });

  it('rank-level check: servant uses R−6, master R; level 6 → 12 dice ≤5, not EX (seed 001 L878–879)', () => {
    expect(deriveValues(sheetWith('servant', 'A B B C D -', 12)).rankCheck).toEqual({ dice: 12, threshold: 5 });
    expect(deriveValues(sheetWith('servant', 'A B B C D -', 10)).rankCheck).toEqual({ dice: 8, threshold: 4 });
    expect(deriveValues(sheetWith('servant', 'A B B C D -', 7)).rankCheck).toEqual({ dice: 2, threshold: 1 });
    expect(deriveValues(sheetWith('master', 'D D D E E E', 6)).rankCheck).toEqual({ dice: 12, threshold: 5 });
    expect(deriveValues(sheetWith('master', 'D D D E E E', 3)).rankCheck).toEqual({ dice: 6, threshold: 3 });
  });

  it('troop: R = its level for HP/MP and the rank check; FP = level + 6 at levels 2, 4, 6 only (seed 001 L366–368)', () => {
    const troop = deriveValues(sheetWith('troop', 'C C C C C C', 3));
    expect([troop.hp, troop.mp, troop.iv, troop.rankLevel]).toEqual([27, 27, 12, 3]);
    expect(troop.rankCheck).toEqual({ dice: 6, threshold: 3 });
    expect([1, 2, 3, 4, 5, 6].map((l) => deriveValues(sheetWith('troop', 'C C C C C C', l)).fpTotal)).toEqual([0, 8, 0, 10, 0, 12]);
  });

  it('FP at creation = 6 × R, R including a 成長性 bonus (seed 001 L751, L1349)', () => {
    const s = sheetWith('servant', 'A B B C D -', 10);
    expect(deriveValues(s).fpTotal).toBe(60);
    s.rank.bonus = 1;
    expect(deriveValues(s)).toMatchObject({ rankLevel: 11, fpTotal: 66 });
  });
});
