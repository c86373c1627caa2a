// bench/stats.ts shareOfDrawsAbove: how often a kind sent few times misses a percentile goal by chance
// (issue 32 §1, the evening of tables reads each kind sent 60 times from its slowest answer).
import { describe, expect, it } from 'vitest';
import { shareOfDrawsAbove, seededRandom } from '../../bench/stats.js';

describe('shareOfDrawsAbove', () => {
  it('one slow answer in 840: 60 drawn hold it in 60/840 of the draws, and then their p99 is that answer', () => {
    const values = [...Array.from({ length: 839 }, () => 5), 100];
    const share = shareOfDrawsAbove(values, 60, 0.99, 10, 20_000, seededRandom(1));
    expect(share).toBeGreaterThan(60 / 840 - 0.01);
    expect(share).toBeLessThan(60 / 840 + 0.01);
  });

  it('reads the nearest-rank percentile of the draw, not its slowest, when the draw is large enough to pass it by', () => {
    // of 200 drawn, p99 is the 198th: one slow answer in the draw never lifts it; a draw of slow ones always does
    const one = [...Array.from({ length: 839 }, () => 5), 100];
    expect(shareOfDrawsAbove(one, 200, 0.99, 10, 2_000, seededRandom(2))).toBe(0);
    const all = Array.from({ length: 840 }, () => 100);
    expect(shareOfDrawsAbove(all, 200, 0.99, 10, 100, seededRandom(3))).toBe(1);
  });

  it('draws without replacement: all of them drawn is the whole set every time', () => {
    const values = Array.from({ length: 60 }, (_, i) => i);
    expect(shareOfDrawsAbove(values, 60, 0.99, 58.5, 50, seededRandom(4))).toBe(1);
    expect(shareOfDrawsAbove(values, 60, 0.99, 59, 50, seededRandom(4))).toBe(0);
  });

  it('refuses a draw larger than the set or of nothing', () => {
    expect(shareOfDrawsAbove([1, 2], 3, 0.99, 0, 10, seededRandom(5))).toBeNaN();
    expect(shareOfDrawsAbove([1, 2], 0, 0.99, 0, 10, seededRandom(5))).toBeNaN();
  });

  it('the same seed draws the same', () => {
    const values = Array.from({ length: 840 }, (_, i) => (i * 7919) % 97);
    const a = shareOfDrawsAbove(values, 60, 0.99, 90, 1_000, seededRandom(9));
    expect(shareOfDrawsAbove(values, 60, 0.99, 90, 1_000, seededRandom(9))).toBe(a);
  });
});
