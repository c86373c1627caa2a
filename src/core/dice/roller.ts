// Rolls a parsed program into a result tree. Pure apart from the injected RandomSource.
import type { RandomSource } from '../random.js';
import { compare, floorDiv, type Comparison, type DiceNode, type DiceProgram, type ExprNode } from './ast.js';
import { DiceError } from './errors.js';
import { termValue, type DiceResult, type PoolResultNode, type ResultNode, type RolledDie } from './result.js';

export function rollDice(program: DiceProgram, rng: RandomSource): DiceResult {
  if (program.repeat === 1) return rollOnce(program, rng, program.input, program.normalized);
  const body = program.normalized.slice(program.normalized.indexOf(' ') + 1);
  const repeats: DiceResult[] = [];
  for (let i = 0; i < program.repeat; i++) repeats.push(rollOnce(program, rng, body, body));
  return { ...repeats[0]!, input: program.input, normalized: program.normalized, repeats };
}

function rollOnce(program: DiceProgram, rng: RandomSource, input: string, normalized: string): DiceResult {
  const dice: RolledDie[] = [];
  const body = evaluate(program.expr, rng, dice);
  const target = program.target;
  if (target !== null) {
    const success = compare(body.value, target.cmp, target.value);
    return {
      input,
      normalized,
      kind: program.kind,
      value: body.value,
      outcome: success ? 'success' : 'failure',
      dice,
      tree: { type: 'compare', operand: body, cmp: target.cmp, target: target.value, success, value: body.value },
    };
  }
  if (program.singleDie && body.type === 'pool') {
    // Counting one die is a pass/fail: report the face, not "1 success".
    const pool = body;
    return {
      input,
      normalized,
      kind: program.kind,
      value: termValue(pool, 0),
      outcome: pool.value === 1 ? 'success' : 'failure',
      dice,
      tree: body,
    };
  }
  return { input, normalized, kind: program.kind, value: body.value, outcome: null, dice, tree: body };
}

function evaluate(node: ExprNode, rng: RandomSource, all: RolledDie[]): ResultNode {
  switch (node.type) {
    case 'num':
      return { type: 'num', value: node.value };
    case 'dice': {
      const dice = rollTerm(node, rng, all, null);
      let value = 0;
      const step = node.d66 ? 2 : 1;
      for (let i = 0; i < dice.length; i += step) {
        const die = dice[i]!;
        if (die.kept) value += node.d66 ? die.face * 10 + dice[i + 1]!.face : die.face;
      }
      return { type: 'dice', text: node.text, count: node.count, sides: node.sides, d66: node.d66, keep: node.keep, dice, value };
    }
    case 'pool': {
      const term = node.dice;
      const dice = rollTerm(term, rng, all, node.index);
      const result: PoolResultNode = {
        type: 'pool',
        text: node.text,
        count: term.count,
        sides: term.sides,
        d66: term.d66,
        keep: term.keep,
        dice,
        cmp: node.cmp,
        threshold: node.threshold,
        index: node.index,
        value: 0,
      };
      result.value = judge(term.d66, dice, node.cmp, node.threshold);
      return result;
    }
    case 'neg': {
      const operand = evaluate(node.operand, rng, all);
      return { type: 'neg', operand, value: 0 - operand.value };
    }
    case 'group': {
      const inner = evaluate(node.inner, rng, all);
      return { type: 'group', inner, value: inner.value };
    }
    case 'binary': {
      const left = evaluate(node.left, rng, all);
      const right = evaluate(node.right, rng, all);
      const value = arithmetic(node.op, left.value, right.value, node.col);
      return { type: 'binary', op: node.op, left, right, value };
    }
  }
}

/** Marks each kept die (both faces of a d66) as meeting the comparison or not; returns the successes. */
function judge(d66: boolean, dice: RolledDie[], cmp: Comparison, threshold: number): number {
  let successes = 0;
  const step = d66 ? 2 : 1;
  for (let i = 0; i < dice.length; i += step) {
    const die = dice[i]!;
    if (!die.kept) continue; // dropped dice stay unjudged (success: null)
    const success = compare(d66 ? die.face * 10 + dice[i + 1]!.face : die.face, cmp, threshold);
    die.success = success;
    if (d66) dice[i + 1]!.success = success;
    if (success) successes++;
  }
  return successes;
}

function arithmetic(op: '+' | '-' | '*' | '/', a: number, b: number, col: number): number {
  let value: number;
  if (op === '+') value = a + b;
  else if (op === '-') value = a - b;
  else if (op === '*') value = a * b + 0;
  else if (b === 0) throw new DiceError('division_by_zero', col); // a divisor with dice, e.g. 6/(1d6-1)
  else value = floorDiv(a, b);
  if (!Number.isSafeInteger(value)) {
    throw new DiceError('result_too_large', col, { max: Number.MAX_SAFE_INTEGER });
  }
  return value;
}

/** A class rather than literals: one hidden class for every die, allocated on V8's fast path. */
class Die implements RolledDie {
  sides: number;
  face: number;
  kept = true;
  success: boolean | null = null;
  pool: number | null;

  constructor(sides: number, face: number, pool: number | null) {
    this.sides = sides;
    this.face = face;
    this.pool = pool;
  }
}

/** Rolls one term's dice into `all` (flat, in order) and returns them; applies keep/drop. */
function rollTerm(term: DiceNode, rng: RandomSource, all: RolledDie[], pool: number | null): RolledDie[] {
  const sides = term.d66 ? 6 : term.sides;
  const faces = term.d66 ? term.count * 2 : term.count;
  const start = all.length;
  for (let i = 0; i < faces; i++) all.push(new Die(sides, rng.die(sides), pool));
  const own = start === 0 ? all.slice() : all.slice(start);
  if (term.keep !== null) applyKeep(term, own);
  return own;
}

function applyKeep(term: DiceNode, dice: RolledDie[]): void {
  const keep = term.keep!;
  const highest = keep.mode === 'kh' || keep.mode === 'dl';
  const keepCount = keep.mode === 'kh' || keep.mode === 'kl' ? keep.count : term.count - keep.count;
  const view = { d66: term.d66, dice };
  // Stable order: among equal values the earlier die is kept.
  const order = Array.from({ length: term.count }, (_, i) => i).sort((a, b) => {
    const diff = termValue(view, a) - termValue(view, b);
    return (highest ? -diff : diff) || a - b;
  });
  for (let rank = keepCount; rank < order.length; rank++) {
    const i = order[rank]!;
    if (term.d66) {
      dice[2 * i]!.kept = false;
      dice[2 * i + 1]!.kept = false;
    } else {
      dice[i]!.kept = false;
    }
  }
}
