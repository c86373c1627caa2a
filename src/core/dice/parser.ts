// Recursive-descent parser. Grammar (after normalization, whitespace between tokens ignored):
//
//   program  := [ 'x' INT | INT '#' ] expr [ CMP ['-'] INT ]     repetition prefix, target check
//   expr     := term { ('+' | '-') term }
//   term     := unary { ('*' | '/') unary }
//   unary    := '-' unary | primary
//   primary  := INT | dice [ CMP INT ] | '(' expr ')'           dice + CMP = success-counting pool
//   dice     := [INT] ('d' | 'b') INT [ ('kh' | 'k' | 'kl' | 'dh' | 'dl') INT ]
//   CMP      := '<=' | '<' | '>=' | '>' | '=' | '<>'
//
// Two readings of a dice term IMMEDIATELY followed by a comparison (see DiceReading):
// - 'seed' (the rules' own expressions, e.g. /check's `14d6<=6`): it always counts dice.
// - 'bcdice' (what players type in /roll): it counts dice only with `B` (`8B6<=4`) or with `<=`/`<`
//   and a threshold below the die's sides (`8d6<=4`, the seed's checks); otherwise (`2D6>=7`,
//   `3D6<=10`) the comparison applies to the sum, as BCDice does. `5B6` without a comparison lists
//   dice (BCDice's job, so this engine refuses it with 'list_dice').
// - 'system' (/roll in a channel whose /system is a BCDice game system): BCDice's own reading, where
//   only `B` counts dice and every `NdS` + comparison compares the sum (`2D6<=5`, `8d6<=4`).
// A comparison after a pool expression compares the achievement: `8d6<=4+3d6<=3>=5`.
import {
  floorDiv,
  printExpr,
  type Comparison,
  type DiceKind,
  type DiceNode,
  type DiceProgram,
  type ExprNode,
  type Keep,
  type KeepMode,
  type TargetClause,
} from './ast.js';
import { DiceError } from './errors.js';
import { lex, type Token } from './lexer.js';
import { DICE_LIMITS } from './limits.js';
import { normalizeDiceInput } from './normalize.js';

export type DiceReading = 'seed' | 'bcdice' | 'system';

/** Parses (after normalizing) without rolling anything; every limit is enforced here. */
export function parseDice(input: string, reading: DiceReading = 'seed'): DiceProgram {
  const length = input.length <= DICE_LIMITS.maxLength ? input.length : Array.from(input).length;
  if (length > DICE_LIMITS.maxLength) {
    throw new DiceError('too_long', null, { length, max: DICE_LIMITS.maxLength });
  }
  return new Parser(lex(normalizeDiceInput(input), input), input, reading).program();
}

class Parser {
  private pos = 0;
  private depth = 0;
  private pools = 0;
  private dice = 0;
  private repeat = 1;

  constructor(
    private readonly tokens: Token[],
    private readonly input: string,
    private readonly reading: DiceReading,
  ) {}

  program(): DiceProgram {
    if (this.peek().kind === 'end') throw new DiceError('empty', null);
    this.repeat = this.repetition();
    const expr = this.expression();
    let target: TargetClause | null = null;
    if (this.peek().kind === 'cmp') {
      const cmp = this.next();
      target = { cmp: cmp.text as Comparison, value: this.signedInteger(cmp), col: cmp.col };
    }
    const rest = this.peek();
    if (rest.kind !== 'end') throw this.unexpected(rest);
    if (this.pools > 0) checkPoolExpression(expr);

    const singleDie =
      target === null && expr.type === 'pool' && expr.dice.count === 1 && expr.dice.keep === null;
    const kind: DiceKind = target !== null || singleDie ? 'target' : this.pools > 0 ? 'count' : 'sum';
    const prefix = this.repeat > 1 ? `x${this.repeat} ` : '';
    const suffix = target ? `${target.cmp}${target.value}` : '';
    return {
      input: this.input,
      normalized: `${prefix}${printExpr(expr)}${suffix}`,
      kind,
      expr,
      target,
      singleDie,
      diceCount: this.dice,
      poolCount: this.pools,
      repeat: this.repeat,
    };
  }

  private repetition(): number {
    const first = this.peek();
    let count: Token;
    if (first.kind === 'x') {
      this.next();
      count = this.number(first);
    } else if (first.kind === 'num' && this.tokens[this.pos + 1]?.kind === 'hash') {
      count = this.next();
      this.next();
    } else {
      return 1;
    }
    if (count.value < 1 || count.value > DICE_LIMITS.maxRepeat) {
      throw new DiceError('bad_repeat', count.col, { repeat: count.value, max: DICE_LIMITS.maxRepeat });
    }
    return count.value;
  }

  private expression(): ExprNode {
    let left = this.term();
    for (let tok = this.peek(); tok.kind === 'op' && (tok.text === '+' || tok.text === '-'); tok = this.peek()) {
      this.next();
      left = { type: 'binary', op: tok.text, left, right: this.term(), col: tok.col };
    }
    return left;
  }

  private term(): ExprNode {
    let left = this.unary();
    for (let tok = this.peek(); tok.kind === 'op' && (tok.text === '*' || tok.text === '/'); tok = this.peek()) {
      this.next();
      const right = this.unary();
      if (tok.text === '/' && constantValue(right) === 0) throw new DiceError('division_by_zero', tok.col);
      left = { type: 'binary', op: tok.text, left, right, col: tok.col };
    }
    return left;
  }

  private unary(): ExprNode {
    const tok = this.peek();
    if (tok.kind === 'op' && tok.text === '-') {
      this.next();
      this.enter(tok);
      const operand = this.unary();
      this.depth--;
      return { type: 'neg', operand, col: tok.col };
    }
    return this.primary();
  }

  private primary(): ExprNode {
    const tok = this.peek();
    switch (tok.kind) {
      case 'num':
        this.next();
        if (this.peek().kind === 'dice') return this.diceTerm(tok);
        return { type: 'num', value: tok.value, col: tok.col };
      case 'dice':
        return this.diceTerm(null);
      case 'lparen': {
        this.next();
        this.enter(tok);
        const inner = this.expression();
        this.depth--;
        const close = this.peek();
        if (close.kind === 'end') throw new DiceError('unclosed_paren', tok.col);
        if (close.kind !== 'rparen') throw this.unexpected(close);
        this.next();
        return { type: 'group', inner, col: tok.col };
      }
      default:
        throw this.unexpected(tok);
    }
  }

  private diceTerm(countTok: Token | null): ExprNode {
    const letter = this.next();
    const col = countTok?.col ?? letter.col;
    const count = countTok?.value ?? 1;
    const sidesTok = this.number(letter);
    if (count === 0) throw new DiceError('zero_dice', col);
    const sides = sidesTok.value;
    if (sides === 0) throw new DiceError('zero_sides', sidesTok.col);
    if (sides > DICE_LIMITS.maxSides) {
      throw new DiceError('too_many_sides', sidesTok.col, { sides, max: DICE_LIMITS.maxSides });
    }
    const d66 = sides === 66;
    let keep: Keep | null = null;
    if (this.peek().kind === 'keep') {
      const keepTok = this.next();
      const n = this.number(keepTok).value;
      if (n > count) throw new DiceError('bad_keep', keepTok.col, { keep: n, count, spelling: keepTok.raw });
      keep = { mode: keepTok.text as KeepMode, count: n };
    }
    this.dice += d66 ? 2 * count : count;
    const total = this.dice * this.repeat;
    if (total > DICE_LIMITS.maxDice) {
      throw new DiceError('too_many_dice', col, { count: total, max: DICE_LIMITS.maxDice });
    }
    const text = `${count}d${sides}${keep ? `${keep.mode}${keep.count}` : ''}`;
    const dice: DiceNode = { type: 'dice', count, sides, d66, keep, text, col };
    const bcdice = this.reading !== 'seed';
    const listed = letter.raw === 'b';
    if (this.peek().kind !== 'cmp') {
      if (bcdice && listed) throw new DiceError('list_dice', col);
      return dice;
    }
    if (bcdice && !listed && !this.countsDice(this.peek(), sides)) return dice; // the sum is compared

    const cmpTok = this.next();
    const cmp = cmpTok.text as Comparison;
    const threshold = this.number(cmpTok).value;
    // In the BCDice reading a B pool prints as B, so the canonical text reads the same way again.
    const shown = bcdice && listed ? text.replace('d', 'b') : text;
    return { type: 'pool', dice, cmp, threshold, index: this.pools++, text: `${shown}${cmp}${threshold}`, col };
  }

  /** BCDice reading of `NdS` + comparison: counts only for `<=`/`<` below the sides (`8d6<=4`). */
  private countsDice(cmpTok: Token, sides: number): boolean {
    if (this.reading === 'system') return false;
    if (cmpTok.text !== '<=' && cmpTok.text !== '<') return false;
    const threshold = this.tokens[this.pos + 1];
    return threshold?.kind === 'num' && threshold.value < sides;
  }

  /** An unsigned integer must follow `after` (sides, keep count, threshold, repetitions). */
  private number(after: Token): Token {
    const tok = this.peek();
    if (tok.kind !== 'num') throw new DiceError('expected_number', tok.col, { after: after.raw });
    return this.next();
  }

  private signedInteger(after: Token): number {
    const tok = this.peek();
    if (tok.kind === 'op' && tok.text === '-') {
      this.next();
      return -this.number(tok).value;
    }
    return this.number(after).value;
  }

  private enter(tok: Token): void {
    if (++this.depth > DICE_LIMITS.maxDepth) {
      throw new DiceError('too_deep', tok.col, { max: DICE_LIMITS.maxDepth });
    }
  }

  private unexpected(tok: Token): DiceError {
    if (tok.kind === 'end') {
      return new DiceError('unexpected_end', tok.col, { after: this.tokens[this.pos - 1]?.raw ?? '' });
    }
    return new DiceError('unexpected_token', tok.col, { token: tok.raw });
  }

  private peek(): Token {
    return this.tokens[this.pos]!;
  }

  private next(): Token {
    return this.tokens[this.pos++]!;
  }
}

/**
 * Pools add up into an achievement, so they may only meet + and - and plain integers. A sum die
 * or a product next to a pool has no meaning in the seed's rules, and silently guessing would
 * hand a player the wrong achievement.
 */
function checkPoolExpression(node: ExprNode): void {
  switch (node.type) {
    case 'num':
    case 'pool':
      return;
    case 'neg':
      return checkPoolExpression(node.operand);
    case 'binary':
      if (node.op === '*' || node.op === '/') {
        throw new DiceError('pool_arithmetic', node.col, { token: node.op });
      }
      checkPoolExpression(node.left);
      return checkPoolExpression(node.right);
    case 'group':
      throw new DiceError('pool_arithmetic', node.col, { token: '(' });
    case 'dice':
      throw new DiceError('pool_mixed', node.col, { dice: node.text });
  }
}

/** The value of a dice-free subexpression (to reject `/0` before rolling), else null. */
function constantValue(node: ExprNode): number | null {
  switch (node.type) {
    case 'num':
      return node.value;
    case 'neg': {
      const v = constantValue(node.operand);
      return v === null ? null : -v;
    }
    case 'group':
      return constantValue(node.inner);
    case 'binary': {
      const l = constantValue(node.left);
      const r = constantValue(node.right);
      if (l === null || r === null) return null;
      if (node.op === '+') return l + r;
      if (node.op === '-') return l - r;
      if (node.op === '*') return l * r;
      return r === 0 ? null : floorDiv(l, r);
    }
    default:
      return null;
  }
}
