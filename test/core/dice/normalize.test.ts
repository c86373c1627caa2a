import { describe, expect, it } from 'vitest';
import { normalizeDiceInput, parseDice } from '../../../src/core/dice/index.js';

describe('normalizeDiceInput', () => {
  it.each([
    ['８ｄ６＜＝４', '8d6<=4'],
    ['８Ｄ６≦４', '8d6<=4'],
    ['１０ｄ６＜＝５＋４ｄ６＜＝４', '10d6<=5+4d6<=4'],
    ['２ｄ６＋３', '2d6+3'],
    ['（２ｄ６）≧７', '(2d6)>=7'],
    ['2D6', '2d6'],
    ['8B6<=4', '8b6<=4'],
    ['3×4÷2', '3*4/2'],
    ['３＊４／２', '3*4/2'],
    ['5−1', '5-1'], // U+2212 minus sign
    ['5－1', '5-1'], // full-width hyphen-minus
    ['5—1', '5-1'], // em dash
    ['5–1', '5-1'], // en dash
    ['２ｄ６ー１', '2d6-1'], // katakana long vowel between numbers
    ['ー１', '-1'],
    ['ー（１）', '-(1)'],
    ['2　d6\t+ 1', '2 d6 + 1'], // ideographic space and tab become spaces (the lexer skips them)
    ['1d6＞３', '1d6>3'],
    ['1d6＜３', '1d6<3'],
    ['1d6＝３', '1d6=3'],
    ['1d6≠３', '1d6<>3'],
    ['ｘ３　８ｄ６≦４', 'x3 8d6<=4'],
  ])('%s → %s', (input, text) => {
    expect(normalizeDiceInput(input).text).toBe(text);
  });

  it('leaves ー alone where it cannot be a minus (so it is reported, not guessed)', () => {
    expect(normalizeDiceInput('ダイスー').text).toBe('ダイスー');
  });

  it('maps every normalized character back to its column in the original input', () => {
    const n = normalizeDiceInput('８ｄ６≦４');
    expect(n.text).toBe('8d6<=4');
    expect(n.cols).toEqual([1, 2, 3, 4, 4, 5]);
    expect(n.endColumn).toBe(6);
  });

  it('counts columns in code points, so an emoji is one column', () => {
    const n = normalizeDiceInput('🎲2d6');
    expect(n.cols.slice(-3)).toEqual([2, 3, 4]);
  });
});

describe('normalization feeds the parser', () => {
  it.each([
    ['８ｄ６＜＝４', '8d6<=4', 'count'],
    ['８Ｄ６≦４', '8d6<=4', 'count'],
    ['１０ｄ６＜＝５＋４ｄ６＜＝４', '10d6<=5+4d6<=4', 'count'],
    ['２ｄ６＋３', '2d6+3', 'sum'],
    ['（２Ｄ６）≧７', '(2d6)>=7', 'target'],
    ['１Ｄ１００≦５０', '1d100<=50', 'target'],
  ])('%s is understood as %s (%s)', (input, normalized, kind) => {
    const program = parseDice(input);
    expect(program.normalized).toBe(normalized);
    expect(program.kind).toBe(kind);
    expect(program.input).toBe(input);
  });
});
