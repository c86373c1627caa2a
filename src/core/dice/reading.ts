// Which reading a roll applied, in words: players coming from BCDice expect `2D6>=7` to compare
// the sum, the seed counts dice (`8d6<=4`), and every /roll reply says which one happened.
import { collectPools, type DiceResult } from './result.js';

export interface DiceReadingNote {
  key: 'dice.reading.sum' | 'dice.reading.sumTarget' | 'dice.reading.count' | 'dice.reading.countTarget' | 'dice.reading.face';
  params: Record<string, string | number>;
}

const SYMBOL: Readonly<Record<string, string>> = { '<=': '≤', '<': '<', '>=': '≥', '>': '>', '=': '=', '<>': '≠' };

export function describeReading(result: DiceResult): DiceReadingNote {
  const tree = result.tree;
  const operand = tree.type === 'compare' ? tree.operand : tree;
  const pools = collectPools(operand);
  if (pools.length === 0) {
    if (tree.type === 'compare') return { key: 'dice.reading.sumTarget', params: { cmp: SYMBOL[tree.cmp]!, target: tree.target } };
    return { key: 'dice.reading.sum', params: {} };
  }
  const list = pools.map((p) => `${p.count}${p.d66 ? '×d66' : `×d${p.sides}`} ${SYMBOL[p.cmp]}${p.threshold}`).join(', ');
  if (tree.type === 'compare') return { key: 'dice.reading.countTarget', params: { pools: list, cmp: SYMBOL[tree.cmp]!, target: tree.target } };
  if (result.kind === 'target') {
    const pool = pools[0]!;
    return { key: 'dice.reading.face', params: { cmp: SYMBOL[pool.cmp]!, target: pool.threshold } };
  }
  return { key: 'dice.reading.count', params: { pools: list } };
}
