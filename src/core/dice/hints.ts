// Notes on rolls that are valid but probably not what was meant.
import { compare } from './ast.js';
import { collectPools, type DiceResult } from './result.js';

export interface DiceHint {
  key: 'dice.hint.poolNeverMeets';
  params: Record<string, string | number>;
}

/**
 * A pool no face can ever satisfy (`3d6>=7`) is usually a BCDice habit: there `3D6>=7` compares
 * the sum. Here it counts dice, so say how to compare the sum. A pool every face satisfies
 * (`14d6<=6`, the EX status) is deliberate and gets no hint.
 */
export function diceHints(result: DiceResult): DiceHint[] {
  const hints: DiceHint[] = [];
  for (const pool of collectPools(result.tree)) {
    const [min, max] = pool.d66 ? [11, 66] : [1, pool.sides];
    // Every comparison is monotone in the face except `=`, so the ends of the range decide.
    const reachable =
      compare(min, pool.cmp, pool.threshold) ||
      compare(max, pool.cmp, pool.threshold) ||
      (pool.cmp === '=' && pool.threshold >= min && pool.threshold <= max);
    if (!reachable) {
      const dice = `${pool.count}d${pool.sides}${pool.keep ? `${pool.keep.mode}${pool.keep.count}` : ''}`;
      hints.push({ key: 'dice.hint.poolNeverMeets', params: { pool: pool.text, sum: `(${dice})${pool.cmp}${pool.threshold}` } });
    }
  }
  return hints;
}
