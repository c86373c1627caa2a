// Pearson's chi-square test of observed counts against a uniform die, for /stats' reading in words.
// The p-value uses the Wilson–Hilferty normal approximation: plenty for "fair or not" wording.

export interface ChiSquare {
  chi: number;
  df: number;
  /** probability of a deviation at least this large from a fair die */
  p: number;
  /** some bucket expects fewer than five: too few rolls for the test to say anything */
  tooFew: boolean;
}

export function chiSquare(observed: readonly number[], expected: readonly number[]): ChiSquare {
  let chi = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i] ?? 0;
    if (e > 0) chi += (observed[i]! - e) ** 2 / e;
  }
  const df = Math.max(1, observed.length - 1);
  return { chi, df, p: upperTail(chi, df), tooFew: expected.some((e) => e < 5) };
}

function upperTail(x: number, df: number): number {
  if (x <= 0) return 1;
  const v = 2 / (9 * df);
  const z = (Math.cbrt(x / df) - (1 - v)) / Math.sqrt(v);
  return 1 - normalCdf(z);
}

/** Φ(z) by Abramowitz–Stegun 7.1.26 (error < 1.5e-7). */
function normalCdf(z: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Expected counts of `count` fair rolls over buckets of these widths (faces per bucket) out of `sides`. */
export function expectedCounts(count: number, widths: readonly number[], sides: number): number[] {
  return widths.map((w) => (count * w) / sides);
}
