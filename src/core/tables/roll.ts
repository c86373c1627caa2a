// Rolling an original table by its name, as a BCDice user types it in /roll or a palette line:
// `シーン表`, `Sシーン表` (secret), `シーン表 夜の校舎` (a comment), `x3 シーン表` (three draws).
// Pure: the store finds the table, this reads the call and draws.
import { evaluateDice, type DiceResult, type DiceResultNode, type TableResult } from '../dice/index.js';
import type { RandomSource } from '../random.js';
import { readTableDice, tableKey, type TableEntry } from './original-table.js';

export interface TableCall {
  /** `x3 …`, `rep3 …`, `repeat3 …`: how many draws (unbounded here: the caller applies the dice limit) */
  repeat: number;
  /** the keys to look up, in order: the word as typed, then without an `S` prefix (a secret roll) */
  candidates: { key: string; secret: boolean }[];
  comment: string | null;
}

const WORD = /^(\S+)(?:\s+([\s\S]*))?$/;
const REPEAT = /^(?:x|rep|repeat)(\d{1,9})$/i;
const SECRET = /^[sSｓＳ]./;

/** Reads a typed roll as a table call; null when nothing is typed. */
export function readTableCall(input: string): TableCall | null {
  let m = WORD.exec(input.trim());
  if (!m) return null;
  let repeat = 1;
  const count = REPEAT.exec(m[1]!.normalize('NFKC'));
  if (count && m[2]) {
    repeat = Number(count[1]);
    m = WORD.exec(m[2].trim());
    if (!m) return null;
  }
  const word = m[1]!;
  const candidates = [{ key: tableKey(word), secret: false }];
  if (SECRET.test(word)) candidates.push({ key: tableKey(Array.from(word).slice(1).join('')), secret: true });
  return { repeat, candidates, comment: m[2]?.trim() || null };
}

export interface RollableTable {
  name: string;
  dice: string;
  entries: readonly TableEntry[];
}

/**
 * `repeat` draws on the table: a sum roll whose value is the first draw's total (as the engine's own
 * `x3 …`), whose dice are every draw's (/stats counts them), and whose tree holds each draw's entry.
 * BCDice's `\n` in an entry is a line break.
 */
export function rollOriginalTable(table: RollableTable, rng: RandomSource, repeat: number, input: string): DiceResult {
  const dice = readTableDice(table.dice);
  if (!dice) throw new Error(`stored table ${table.name} has unreadable dice ${table.dice}`);
  const expression = dice.d66 ? 'd66' : `${dice.count}d${dice.sides}`;
  const draws: TableResult['draws'] = [];
  for (let i = 0; i < repeat; i++) {
    const rolled = evaluateDice(expression, rng, 'seed');
    const node = rolled.tree as DiceResultNode;
    const entry = table.entries.find((e) => e.from <= node.value && node.value <= e.to);
    if (!entry) throw new Error(`stored table ${table.name} has no entry for ${node.value}`);
    draws.push({ dice: node, entry: entry.text.replace(/\\n/g, '\n') });
  }
  const value = draws[0]!.dice.value;
  return {
    input,
    normalized: repeat > 1 ? `x${repeat} ${table.name}` : table.name,
    kind: 'sum',
    value,
    outcome: null,
    dice: draws.flatMap((d) => d.dice.dice),
    tree: { type: 'table', name: table.name, roll: table.dice, draws, value },
  };
}
