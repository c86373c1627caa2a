// /stats' reading of a die against a fair one (issue 22 §1): Pearson's chi-square and its p-value,
// and the buckets the picture draws (each face up to d20, tens for d100).
import { describe, expect, it } from 'vitest';
import { chiSquare, expectedCounts } from '../../../src/core/stats/chi-square.js';
import { diceStats } from '../../../src/core/stats/dice-stats.js';

describe('chi-square against a fair die', () => {
  it('p at the textbook 5 % critical values (df 5: 11.07, df 9: 16.92) and 1 % (df 5: 15.09)', () => {
    // observed chosen so that Σ (o − e)² / e equals the critical value with e = 100 per face
    const withChi = (chi: number, faces: number) => {
      const d = Math.sqrt(chi * 100 / 2);
      return [100 + d, 100 - d, ...new Array<number>(faces - 2).fill(100)];
    };
    expect(chiSquare(withChi(11.07, 6), new Array(6).fill(100)).p).toBeCloseTo(0.05, 2);
    expect(chiSquare(withChi(16.92, 10), new Array(10).fill(100)).p).toBeCloseTo(0.05, 2);
    expect(chiSquare(withChi(15.09, 6), new Array(6).fill(100)).p).toBeCloseTo(0.01, 2);
  });

  it('a perfectly even count reads p = 1; fewer than five expected per bucket is "too few"', () => {
    expect(chiSquare([10, 10, 10], [10, 10, 10])).toMatchObject({ chi: 0, df: 2, p: 1, tooFew: false });
    expect(chiSquare([2, 1, 1], expectedCounts(4, [1, 1, 1], 3)).tooFew).toBe(true);
  });

  it('d100 is drawn in tens; sizes up to d20 face by face; d30 in threes; d37 not at all', () => {
    const widthOf = (sides: number) => diceStats([{ outcome: null, dice: [{ sides, face: 1 }] }]).sizes[0]!.bucketWidth;
    expect([6, 20, 100, 30, 37].map(widthOf)).toEqual([1, 1, 10, 3, 0]);
    const s = diceStats([{ outcome: null, dice: [1, 10, 11, 100, 55].map((face) => ({ sides: 100, face })) }]);
    expect(s.sizes[0]!.buckets).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(s.sizes[0]!.faces).toEqual([]); // the text still gives up on d100's faces
  });
});
