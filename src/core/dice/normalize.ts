// Japanese and Korean keyboards produce full-width digits, ≦/≧, ×, katakana ー and ideographic
// spaces; map them all to the ASCII grammar first. Each output character remembers the column
// of the input character it came from, so errors point at what the user actually typed.

export interface NormalizedInput {
  /** lower-case ASCII (plus whatever was not recognised, which the lexer then reports) */
  text: string;
  /** cols[i] = 1-based column, in code points of the original input, of text[i] */
  cols: number[];
  /** the column just past the last input character, for "ended too early" errors */
  endColumn: number;
}

const REPLACEMENTS: Readonly<Record<string, string>> = {
  '≦': '<=',
  '≤': '<=',
  '≧': '>=',
  '≥': '>=',
  '≠': '<>',
  '×': '*',
  '÷': '/',
  '\u2212': '-', // − minus sign
  '\u2010': '-', // ‐ hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // – en dash
  '\u2014': '-', // — em dash
  '\u2015': '-', // ― horizontal bar
  '\uFE63': '-', // small hyphen-minus
};

/** Katakana ー (and half-width ｰ) is a minus only next to a number or bracket; elsewhere it stays an error. */
const LONG_VOWELS = new Set(['\u30FC', '\uFF70']);

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\u3000' || ch === '\u00A0';
}

export function normalizeDiceInput(input: string): NormalizedInput {
  const out: string[] = [];
  const cols: number[] = [];
  const longVowels: number[] = [];
  let column = 0;
  for (const ch of input) {
    column++;
    const cp = ch.codePointAt(0)!;
    let mapped: string;
    if (cp >= 0xff01 && cp <= 0xff5e) mapped = String.fromCharCode(cp - 0xfee0);
    else if (isSpace(ch)) mapped = ' ';
    else mapped = REPLACEMENTS[ch] ?? ch;
    if (LONG_VOWELS.has(ch)) longVowels.push(out.length);
    for (const m of mapped) {
      out.push(m >= 'A' && m <= 'Z' ? m.toLowerCase() : m);
      cols.push(column);
    }
  }
  for (const i of longVowels) {
    if (nextTo(out, i, -1, /[0-9)]/) || nextTo(out, i, 1, /[0-9(d]/)) out[i] = '-';
  }
  return { text: out.join(''), cols, endColumn: column + 1 };
}

/** Whether the nearest non-space character in direction `step` from i matches. */
function nextTo(chars: string[], i: number, step: 1 | -1, pattern: RegExp): boolean {
  for (let j = i + step; j >= 0 && j < chars.length; j += step) {
    const c = chars[j]!;
    if (c !== ' ') return pattern.test(c);
  }
  return false;
}
