// Parsed programs, kept in a small LRU by reading and text: players repeat the same few expressions,
// so most rolls skip the normalizer, lexer and parser entirely, also where a typed roll is split from
// its comment (command.ts) before it is rolled.
import type { DiceProgram } from './ast.js';
import { LruCache } from './cache.js';
import { parseDice, type DiceReading } from './parser.js';

/** Parsed programs are immutable, so a cached one can be rolled again and again. */
const programs = new LruCache<string, DiceProgram>(256);

/**
 * Parse only (through the LRU): whether the engine reads `input`, and within its limits, without
 * rolling a die; throws DiceError. /roll in a system channel asks this before handing the expression
 * to BCDice, and rolls the same cached program when BCDice has no reading for it.
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
