// A stored roll keeps its expression and faces, not its result tree: rolling the expression again
// with the same faces rebuilds the tree exactly (the engine draws one face per die, in order).
import { evaluateDice } from './index.js';
import type { DiceResult } from './result.js';
import { scriptedRandom } from '../random.js';

/** The faces to store for `result`, or null when replaying them would not rebuild it (a rerolled or sealed result). */
export function replayableFaces(result: DiceResult): number[] | null {
  const rolls = result.repeats ?? [result]; // `x3 …`: every repetition's dice, in order
  if (rolls.some((r) => r.dice.some((d) => d.rerolledFrom))) return null;
  const faces = rolls.flatMap((r) => r.dice.map((d) => d.face));
  try {
    const again = replayDice(result.normalized, faces);
    const trees = (r: DiceResult) => JSON.stringify((r.repeats ?? [r]).map((x) => [x.tree, x.value, x.outcome]));
    return trees(again) === trees(result) ? faces : null;
  } catch {
    return null;
  }
}

/** The result a stored expression and its faces stand for. */
export function replayDice(normalized: string, faces: readonly number[]): DiceResult {
  const rng = scriptedRandom([...faces]);
  const result = evaluateDice(normalized, rng);
  if (rng.remaining !== 0) throw new Error(`${rng.remaining} stored faces were not used replaying ${normalized}`);
  return result;
}
