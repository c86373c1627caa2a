import { describe, expect, it } from 'vitest';
import { cryptoRandom, scriptedRandom, seededRandom, type RandomSource } from '../../src/core/random.js';

function faces(rng: RandomSource, sides: number, n: number): number[] {
  return Array.from({ length: n }, () => rng.die(sides));
}

function histogram(values: number[], sides: number): number[] {
  const counts = new Array<number>(sides).fill(0);
  for (const v of values) counts[v - 1]!++;
  return counts;
}

describe('scriptedRandom', () => {
  it('hands out the given faces in order and counts what is left', () => {
    const rng = scriptedRandom([3, 1, 6]);
    expect(rng.remaining).toBe(3);
    expect([rng.die(6), rng.die(6), rng.die(6)]).toEqual([3, 1, 6]);
    expect(rng.remaining).toBe(0);
  });

  it('throws when exhausted', () => {
    const rng = scriptedRandom([2]);
    rng.die(6);
    expect(() => rng.die(6)).toThrow(/exhausted/);
  });

  it('throws when a value is not a face of the die', () => {
    expect(() => scriptedRandom([7]).die(6)).toThrow(RangeError);
    expect(() => scriptedRandom([0]).die(6)).toThrow(RangeError);
    expect(() => scriptedRandom([2.5]).die(6)).toThrow(RangeError);
    expect(scriptedRandom([100]).die(100)).toBe(100);
  });

  it('does not see later changes to the array it was given', () => {
    const values = [4];
    const rng = scriptedRandom(values);
    values[0] = 5;
    expect(rng.die(6)).toBe(4);
  });
});

describe('seededRandom', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(faces(seededRandom('abc'), 6, 50)).toEqual(faces(seededRandom('abc'), 6, 50));
    expect(faces(seededRandom(42), 1000, 50)).toEqual(faces(seededRandom(42), 1000, 50));
    expect(faces(seededRandom('abc'), 1000, 50)).not.toEqual(faces(seededRandom('abd'), 1000, 50));
    expect(faces(seededRandom(1), 1000, 50)).not.toEqual(faces(seededRandom(2), 1000, 50));
  });

  it('gives 60,000 d6 faces each within ±5% of 1/6, chi-square under a generous bound', () => {
    const n = 60_000;
    const counts = histogram(faces(seededRandom('d6-uniformity'), 6, n), 6);
    const expected = n / 6;
    for (const c of counts) expect(Math.abs(c - expected) / expected).toBeLessThan(0.05);
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(30); // df = 5: p = 0.001 is at 20.5
  });

  it('averages a d1,000,000 at its midpoint and stays in range', () => {
    const values = faces(seededRandom('big'), 1_000_000, 20_000);
    expect(values.every((v) => Number.isInteger(v) && v >= 1 && v <= 1_000_000)).toBe(true);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(Math.abs(mean - 500_000.5) / 500_000.5).toBeLessThan(0.02);
  });

  it('rejects instead of taking a plain modulo for 3·2^30 sides (halves stay balanced)', () => {
    // With u % sides the first third of the faces would be twice as likely: 62.5% in the low half.
    const sides = 3 * 2 ** 30;
    for (const rng of [seededRandom('bias'), cryptoRandom()]) {
      const values = faces(rng, sides, 20_000);
      const low = values.filter((v) => v <= sides / 2).length / values.length;
      expect(low).toBeGreaterThan(0.48);
      expect(low).toBeLessThan(0.52);
      expect(values.every((v) => Number.isInteger(v) && v >= 1 && v <= sides)).toBe(true);
    }
  });

  it('handles sides above 2^32', () => {
    const rng = seededRandom('huge');
    const sides = 2 ** 40;
    const values = faces(rng, sides, 2000);
    expect(values.every((v) => Number.isSafeInteger(v) && v >= 1 && v <= sides)).toBe(true);
    expect(values.some((v) => v > 2 ** 32)).toBe(true);
  });
});

describe('cryptoRandom', () => {
  it('stays in range and shows every face', () => {
    const rng = cryptoRandom();
    for (const sides of [1, 2, 6, 20, 100]) {
      const values = faces(rng, sides, sides * 60);
      expect(values.every((v) => Number.isInteger(v) && v >= 1 && v <= sides)).toBe(true);
      expect(new Set(values).size).toBe(sides);
    }
  });

  it('keeps going across buffer refills (more than 1,024 words)', () => {
    const counts = histogram(faces(cryptoRandom(), 6, 12_000), 6);
    for (const c of counts) expect(c).toBeGreaterThan(1600); // expected 2000; 1600 is ~9 sigma away
  });
});

describe('every source refuses a die that cannot exist', () => {
  for (const [name, make] of [
    ['crypto', () => cryptoRandom()],
    ['seeded', () => seededRandom(1)],
    ['scripted', () => scriptedRandom([1])],
  ] as const) {
    it(name, () => {
      const rng = make();
      expect(() => rng.die(0)).toThrow(RangeError);
      expect(() => rng.die(-6)).toThrow(RangeError);
      expect(() => rng.die(2.5)).toThrow(RangeError);
      expect(() => rng.die(Number.NaN)).toThrow(RangeError);
    });
  }
});
