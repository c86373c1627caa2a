// Dice statistics for /stats: how many rolls, successes and failures, and each die size's face
// distribution drawn as text bars, and the buckets the /stats picture draws (each face up to d20,
// tens of faces for a d100 or any size that divides by ten).

export interface RollFacts {
  outcome: 'success' | 'failure' | null;
  dice: { sides: number; face: number }[];
}

export interface DiceStats {
  rolls: number;
  successes: number;
  failures: number;
  /** per die size, most rolled first: how often each face came up */
  sizes: { sides: number; count: number; mean: number; faces: number[]; buckets: number[]; bucketWidth: number }[];
}

/** Faces per bucket of a die size for the picture: 1 up to d20, a tenth of the faces above; 0: not drawn. */
function bucketWidthOf(sides: number): number {
  if (sides <= MAX_BAR_FACES) return 1;
  return sides % 10 === 0 ? sides / 10 : 0;
}

/** Sizes with more faces than this are summarized by their mean only. */
const MAX_BAR_FACES = 20;

export function diceStats(rolls: readonly RollFacts[]): DiceStats {
  const bySides = new Map<number, { count: number; sum: number; faces: number[]; buckets: number[] }>();
  let successes = 0;
  let failures = 0;
  for (const r of rolls) {
    if (r.outcome === 'success') successes++;
    else if (r.outcome === 'failure') failures++;
    for (const d of r.dice) {
      // A face the die cannot show is no draw of it: BCDice rolls stored before issue 29 kept a
      // percentile's tens d10 as its value (0–90), which made "d10 mean 27.58".
      if (!(d.face >= 1 && d.face <= d.sides)) continue;
      let s = bySides.get(d.sides);
      if (!s) {
        const width = bucketWidthOf(d.sides);
        s = { count: 0, sum: 0, faces: d.sides <= MAX_BAR_FACES ? new Array<number>(d.sides).fill(0) : [], buckets: width ? new Array<number>(d.sides / width).fill(0) : [] };
        bySides.set(d.sides, s);
      }
      s.count++;
      s.sum += d.face;
      if (d.sides <= MAX_BAR_FACES) s.faces[d.face - 1]!++;
      const width = bucketWidthOf(d.sides);
      if (width) s.buckets[Math.floor((d.face - 1) / width)]!++;
    }
  }
  const sizes = [...bySides.entries()]
    .map(([sides, s]) => ({ sides, count: s.count, mean: s.count ? s.sum / s.count : 0, faces: s.faces, buckets: s.buckets, bucketWidth: bucketWidthOf(sides) }))
    .sort((a, b) => b.count - a.count || a.sides - b.sides);
  return { rolls: rolls.length, successes, failures, sizes };
}

/** `1 ████████ 12` per face, bars scaled to the most frequent face. */
export function faceBars(faces: readonly number[], width = 16): string[] {
  const top = Math.max(1, ...faces);
  return faces.map((n, i) => `${String(i + 1).padStart(2)} ${'█'.repeat(Math.round((n / top) * width)).padEnd(width)} ${n}`);
}
