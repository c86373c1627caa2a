// A stored roll keeps its expression and faces, not its result tree: rolling the expression again
// with the same faces rebuilds the tree exactly (the engine draws one face per die, in order). The
// same text can be read two ways (the seed's counting, or BCDice's sum comparison: `2d6>=7`), so the
// stored form names the reading when it is not the seed's: `b:3,5` (see encodeFaces).
import { evaluateDice, type DiceReading } from './index.js';
import type { DiceKind } from './ast.js';
import type { DiceResult } from './result.js';
import { scriptedRandom } from '../random.js';

const READINGS: readonly DiceReading[] = ['seed', 'bcdice', 'system'];
const PREFIX: Readonly<Record<DiceReading, string>> = { seed: '', bcdice: 'b:', system: 's:' };

/** Two results with the same trees, values and outcomes (every repetition's), compared in place. */
function sameResult(a: DiceResult, b: DiceResult): boolean {
  const as = a.repeats ?? [a];
  const bs = b.repeats ?? [b];
  return as.length === bs.length && as.every((x, i) => x.value === bs[i]!.value && x.outcome === bs[i]!.outcome && sameJson(x.tree, bs[i]!.tree));
}

/**
 * Equal as JSON would write them (an undefined property is no property), compared in place: this runs
 * for every stored roll, so it builds no string and filters no key list.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b)) return false;
  if (array) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameJson(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const xs = Object.keys(x);
  const ys = Object.keys(y);
  let defined = 0;
  for (const key of xs) {
    const value = x[key];
    if (value === undefined) continue;
    defined++;
    if (!sameJson(value, y[key])) return false;
  }
  for (const key of ys) if (y[key] !== undefined) defined--;
  return defined === 0;
}

export interface Replayable {
  faces: number[];
  reading: DiceReading;
}

/** The faces (and reading) to store for `result`, or null when replaying would not rebuild it (a rerolled or sealed result, a BCDice system's). */
export function replayableFaces(result: DiceResult): Replayable | null {
  const rolls = result.repeats ?? [result]; // `x3 …`: every repetition's dice, in order
  if (rolls.some((r) => r.dice.some((d) => d.rerolledFrom))) return null;
  const faces = rolls.flatMap((r) => r.dice.map((d) => d.face));
  for (const reading of READINGS) {
    try {
      if (sameResult(replayDice(result.normalized, faces, reading), result)) return { faces, reading };
    } catch {
      // not this reading
    }
  }
  return null;
}

/** The result a stored expression and its faces stand for, in one reading. */
export function replayDice(normalized: string, faces: readonly number[], reading: DiceReading = 'seed'): DiceResult {
  const rng = scriptedRandom([...faces]);
  const result = evaluateDice(normalized, rng, reading);
  if (rng.remaining !== 0) throw new Error(`${rng.remaining} stored faces were not used replaying ${normalized}`);
  return result;
}

/** The stored text: faces comma-separated, prefixed `b:` for the BCDice reading, `s:` for a system channel's. */
export function encodeFaces({ faces, reading }: Replayable): string {
  return `${PREFIX[reading]}${faces.join(',')}`;
}

export function decodeFaces(text: string): Replayable {
  const reading: DiceReading = text.startsWith('b:') ? 'bcdice' : text.startsWith('s:') ? 'system' : 'seed';
  const list = reading === 'seed' ? text : text.slice(2);
  return { reading, faces: list === '' ? [] : list.split(',').map(Number) };
}

/** Replays a stored roll; checks that it gives what was stored (kind, value, outcome). */
export function replayStored(stored: { normalized: string; faces: string; kind: DiceKind; value: number; outcome: string | null }): DiceResult {
  const { faces, reading } = decodeFaces(stored.faces);
  const r = replayDice(stored.normalized, faces, reading);
  if (r.kind !== stored.kind || r.value !== stored.value || r.outcome !== stored.outcome) throw new Error(`stored faces do not rebuild ${stored.normalized}`);
  return r;
}
