// The dice engine: parse once into a tree, roll into a result tree, render separately.
import type { RandomSource } from '../random.js';
import type { DiceProgram } from './ast.js';
import { LruCache } from './cache.js';
import { parseDice, type DiceReading } from './parser.js';
import type { DiceResult } from './result.js';
import { rollDice } from './roller.js';

export { parseDice, type DiceReading } from './parser.js';
export { rollDice } from './roller.js';
export { rerollFailed, failedDiceCount, isChangeableCheck, cloneResult, settleResult, checkResultCopy } from './reroll.js';
export { renderMarkdown, MARKDOWN_MAX_LENGTH } from './render-markdown.js';
export { renderPlain, PLAIN_MAX_LENGTH } from './render-plain.js';
export type { RenderOptions } from './render-layout.js';
export { DiceError, DICE_ERROR_CODES, diceErrorMessage } from './errors.js';
export type { DiceErrorCode, DiceErrorParams } from './errors.js';
export { DICE_LIMITS } from './limits.js';
export { diceHints, type DiceHint } from './hints.js';
export { normalizeDiceInput } from './normalize.js';
export type { NormalizedInput } from './normalize.js';
export { LruCache } from './cache.js';
export { compare } from './ast.js';
export type {
  ArithmeticOp,
  Comparison,
  DiceKind,
  DiceProgram,
  ExprNode,
  Keep,
  KeepMode,
  TargetClause,
} from './ast.js';
export { collectPools, termDie, termValue } from './result.js';
export type {
  BinaryResult,
  CompareResult,
  DiceResult,
  DiceResultNode,
  GroupResult,
  NegResult,
  NumResult,
  PoolResultNode,
  ResultNode,
  RolledDie,
  TableResult,
} from './result.js';

/** Parsed programs are immutable, so a cached one can be rolled again and again. */
const programs = new LruCache<string, DiceProgram>(256);

/**
 * parse (through a small LRU of parsed trees) + roll; throws DiceError. The rules' own expressions
 * use the seed's reading; what a player types goes through `reading: 'bcdice'` (see parser.ts).
 */
export function evaluateDice(input: string, rng: RandomSource, reading: DiceReading = 'seed'): DiceResult {
  return rollDice(readDice(input, reading), rng);
}

/**
 * Parse only (through the same LRU): whether the engine reads `input`, and within its limits,
 * without rolling a die; throws DiceError. /roll in a system channel asks this before handing the
 * expression to BCDice, and rolls the same cached program when BCDice has no reading for it.
 */
export function readDice(input: string, reading: DiceReading = 'seed'): DiceProgram {
  const key = reading === 'seed' ? input : `${reading}\u0001${input}`;
  let program = programs.get(key);
  if (program === undefined) {
    program = parseDice(input, reading);
    programs.set(key, program);
  }
  return program;
}

/** For tests and benchmarks that must measure a cold parse. */
export function clearDiceCache(): void {
  programs.clear();
}
export { describeReading, type DiceReadingNote } from './reading.js';
export { splitRollInput, type RollInput } from './command.js';
export { escapeMarkdown } from './escape.js';
