// Turns normalized text into tokens, each tagged with its column in the original input.
import { DiceError } from './errors.js';
import { DICE_LIMITS } from './limits.js';
import type { NormalizedInput } from './normalize.js';

export type TokenKind =
  | 'num' // integer literal
  | 'dice' // d or its BCDice alias b
  | 'keep' // kh k kl dh dl
  | 'cmp' // <= < >= > = <>
  | 'op' // + - * /
  | 'lparen'
  | 'rparen'
  | 'x' // repetition prefix x3 (rep3, repeat3)
  | 'hash' // repetition prefix 3#
  | 'end';

export interface Token {
  kind: TokenKind;
  /** canonical spelling (`<=` for `=<`, `kh` for `k`) */
  text: string;
  /** the spelling as written (after normalization), for error messages */
  raw: string;
  /** numeric value of a `num` token */
  value: number;
  col: number;
}

const CMP_SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ['<=', '<='],
  ['=<', '<='],
  ['>=', '>='],
  ['=>', '>='],
  ['<>', '<>'],
  ['!=', '<>'],
  ['==', '='],
  ['<', '<'],
  ['>', '>'],
  ['=', '='],
];

const KEEP_SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ['kh', 'kh'],
  ['kl', 'kl'],
  ['dh', 'dh'],
  ['dl', 'dl'],
  ['k', 'kh'],
];

const REPEAT_SPELLINGS: readonly string[] = ['repeat', 'rep'];

const SINGLE: Readonly<Record<string, TokenKind>> = {
  '+': 'op',
  '-': 'op',
  '*': 'op',
  '/': 'op',
  '(': 'lparen',
  ')': 'rparen',
  d: 'dice',
  b: 'dice',
  x: 'x',
  '#': 'hash',
};

export function lex(source: NormalizedInput, original: string): Token[] {
  const { text, cols } = source;
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, canonical: string, raw: string, value = 0): void => {
    tokens.push({ kind, text: canonical, raw, value, col: cols[i]! });
    i += raw.length;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ') {
      i++;
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      let j = i + 1;
      while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++;
      const digits = text.slice(i, j);
      const value = Number(digits); // at most 200 digits: a finite double, never a BigInt
      if (value > DICE_LIMITS.maxNumber) {
        throw new DiceError('number_too_large', cols[i]!, { number: shorten(digits), max: DICE_LIMITS.maxNumber });
      }
      push('num', String(value), digits, value);
      continue;
    }
    const cmp = CMP_SPELLINGS.find(([spelling]) => text.startsWith(spelling, i));
    if (cmp) {
      push('cmp', cmp[1], cmp[0]);
      continue;
    }
    // `dh`/`dl` win over the die letter: `d` followed by h or l never starts a die.
    const keep = KEEP_SPELLINGS.find(([spelling]) => text.startsWith(spelling, i));
    if (keep) {
      push('keep', keep[1], keep[0]);
      continue;
    }
    // BCDice's spellings of the repetition prefix: `rep3 2D6`, `repeat3 2D6` (the parser allows it first only).
    const rep = REPEAT_SPELLINGS.find((spelling) => text.startsWith(spelling, i));
    if (rep) {
      push('x', 'x', rep);
      continue;
    }
    const kind = SINGLE[ch];
    if (kind) {
      push(kind, kind === 'dice' ? 'd' : ch, ch);
      continue;
    }
    throw new DiceError('unexpected_char', cols[i]!, { char: Array.from(original)[cols[i]! - 1] ?? ch });
  }
  tokens.push({ kind: 'end', text: '', raw: '', value: 0, col: source.endColumn });
  return tokens;
}

function shorten(digits: string): string {
  return digits.length > 16 ? `${digits.slice(0, 12)}…` : digits;
}
