// Seed 004 (/work/shared/seeds/004_123b84b2015bcbdf.txt), 行動判定-2: the six judgement types (line 7)
// and each color's enemy colors (対抗色, lines 52, 56, 60, 66, 72); the others are allied (友好色, line 20).
import { describe, expect, it } from 'vitest';
import {
  COLORS,
  colorRelation,
  parseJudgeColor,
  type Color,
  type JudgeColor,
} from '../../../src/core/mtg/index.js';

describe('color wheel', () => {
  // line 52 白: 対抗色(赤黒); line 56 青: (緑赤); line 60 黒: (白緑); line 66 赤: (白青); line 72 緑: (青黒)
  const seedEnemies: Record<Color, Color[]> = {
    white: ['red', 'black'],
    blue: ['green', 'red'],
    black: ['white', 'green'],
    red: ['white', 'blue'],
    green: ['blue', 'black'],
  };

  it.each(COLORS)('the enemy colors of %s are the seed\'s 対抗色', (color) => {
    expect(new Set(COLORS.filter((c) => colorRelation(color, c) === 'enemy'))).toEqual(new Set(seedEnemies[color]));
  });

  it('every other color is allied, and the relation is symmetric', () => {
    for (const a of COLORS) {
      const allied = COLORS.filter((b) => b !== a && !seedEnemies[a].includes(b));
      expect(new Set(COLORS.filter((b) => colorRelation(a, b) === 'allied'))).toEqual(new Set(allied));
      expect(allied).toHaveLength(2);
      for (const b of COLORS) expect(colorRelation(a, b)).toBe(colorRelation(b, a));
      expect(colorRelation(a, a)).toBe('same');
    }
    expect(colorRelation('green', 'white')).toBe('allied');
    expect(colorRelation('green', 'red')).toBe('allied');
    expect(colorRelation('white', 'blue')).toBe('allied');
    expect(colorRelation('blue', 'black')).toBe('allied');
    expect(colorRelation('black', 'red')).toBe('allied');
  });
});

describe('parseJudgeColor', () => {
  const cases: [string, JudgeColor][] = [
    ['white', 'white'],
    ['Blue', 'blue'],
    ['BLACK', 'black'],
    ['red', 'red'],
    ['green', 'green'],
    ['colorless', 'colorless'],
    ['colourless', 'colorless'],
    ['W', 'white'],
    ['u', 'blue'],
    ['B', 'black'],
    ['r', 'red'],
    ['G', 'green'],
    ['C', 'colorless'],
    ['Ｇ', 'green'], // full width
    ['ｇｒｅｅｎ', 'green'],
    // line 7: 白判定、青判定、黒判定、赤判定、緑判定、色のない判定
    ['白', 'white'],
    ['青', 'blue'],
    ['黒', 'black'],
    ['赤', 'red'],
    ['緑', 'green'],
    ['無色', 'colorless'],
    ['色のない', 'colorless'],
    ['緑判定', 'green'],
    ['色のない判定', 'colorless'],
    ['흰', 'white'],
    ['흰색', 'white'],
    ['하양', 'white'],
    ['백색', 'white'],
    ['파랑', 'blue'],
    ['파란', 'blue'],
    ['청색', 'blue'],
    ['검정', 'black'],
    ['검은', 'black'],
    ['흑색', 'black'],
    ['빨강', 'red'],
    ['빨간', 'red'],
    ['적색', 'red'],
    ['초록', 'green'],
    ['녹색', 'green'],
    ['녹색 판정', 'green'],
    ['무색', 'colorless'],
    ['  green judgement ', 'green'],
  ];

  it.each(cases)('%s → %s', (input, expected) => {
    expect(parseJudgeColor(input)).toBe(expected);
  });

  it.each(['', 'purple', 'x', 'gr', '判定', '黄', 'green green'])('rejects %j', (input) => {
    expect(parseJudgeColor(input)).toBeNull();
  });
});
