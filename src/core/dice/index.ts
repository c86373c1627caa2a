// The dice engine: parse once into a tree, roll into a result tree, render separately.
import type { RandomSource } from '../random.js';
import type { DiceReading } from './parser.js';
import { readDice } from './programs.js';
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

/**
 * parse (through a small LRU of parsed trees) + roll; throws DiceError. The rules' own expressions
 * use the seed's reading; what a player types goes through `reading: 'bcdice'` (see parser.ts).
 */
export function evaluateDice(input: string, rng: RandomSource, reading: DiceReading = 'seed'): DiceResult {
  return rollDice(readDice(input, reading), rng);
}

export { readDice, clearDiceCache } from './programs.js';
export { describeReading, type DiceReadingNote } from './reading.js';
export { splitRollInput, type RollInput } from './command.js';
export { escapeMarkdown } from './escape.js';
