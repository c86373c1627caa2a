import { describe, expect, it } from 'vitest';
import { formatGrade, gradeLevel, parseGrade } from '../../../../src/core/fate/sheet/index.js';
import { g } from './helpers.js';

describe('parseGrade', () => {
  it.each([
    ['E', g('E')],
    ['D', g('D')],
    ['C', g('C')],
    ['B', g('B')],
    ['A', g('A')],
    ['EX', g('EX')],
    ['??', g('??')],
    ['A+', g('A', '+')],
    ['B++', g('B', '++')],
    ['A+++', g('A', '+++')],
    ['B\u2212\u2212', g('B', '--')],
    ['D\u2212', g('D', '-')],
  ])('grades and marks (seed 001 L862–866, L893–915): %s', (text, expected) => {
    expect(parseGrade(text)).toEqual(expected);
  });

  it.each([
    ['D-', 'ASCII hyphen-minus'],
    ['D\u2212', 'U+2212 minus sign'],
    ['D\uff0d', 'full-width hyphen-minus'],
    ['D\u30fc', 'katakana prolonged sound mark typed for a minus'],
    ['D\u2010', 'hyphen'],
    ['D\u2013', 'en dash'],
    ['D\u2014', 'em dash'],
    ['Ｄ－', 'full-width letter and minus'],
    ['d-', 'lower case'],
  ])('every minus spelling reads as one "−" mark (L893 "D−"): %s (%s)', (text) => {
    const parsed = parseGrade(text);
    expect(parsed?.grade).toBe('D');
    expect(parsed?.marks.map((m) => m.sign)).toEqual(['-']);
  });

  it.each(['-', '\u2212', '\uff0d', 'なし', '無し', '\u2212(無し)', '-(なし)'])(
    'the none grade "−" (L885 「−(無し)」): %s',
    (text) => {
      expect(parseGrade(text)?.grade).toBe('-');
      expect(parseGrade(text)?.marks).toEqual([]);
    },
  );

  it('full-width letters and plus: Ａ＋ = A+, ＥＸ = EX, ？？ = ??', () => {
    expect(parseGrade('Ａ＋')).toMatchObject({ grade: 'A', marks: [{ sign: '+' }] });
    expect(parseGrade('ＥＸ')?.grade).toBe('EX');
    expect(parseGrade('？？')?.grade).toBe('??');
    expect(parseGrade(' B+ ')?.grade).toBe('B');
  });

  it('keeps the written form only when it is not the canonical spelling', () => {
    expect(parseGrade('B\u2212')?.written).toBeUndefined();
    expect(parseGrade('B-')?.written).toBe('B-');
    expect(parseGrade('Ａ＋')?.written).toBe('Ａ＋');
    expect(parseGrade('A+')?.written).toBeUndefined();
  });

  it('marks default to the HP/MP payment pattern (L901)', () => {
    expect(parseGrade('A+')?.marks).toEqual([{ sign: '+', mode: 'pay' }]);
  });

  it.each(['', ' ', 'F', 'AA', 'EXX', 'A+B', '1', '--', '??+', 'A(なし)', '+', 'ランク'])('not a grade: %j', (text) => {
    expect(parseGrade(text)).toBeNull();
  });
});

describe('formatGrade', () => {
  it('canonical form uses "+" and U+2212 "−" for marks, "-" for none (seed L668 「宝具-」)', () => {
    expect(formatGrade(g('A', '+'))).toBe('A+');
    expect(formatGrade(g('B', '--'))).toBe('B\u2212\u2212');
    expect(formatGrade(g('-'))).toBe('-');
    expect(formatGrade(g('EX'))).toBe('EX');
    expect(formatGrade(g('??'))).toBe('??');
  });

  it('round trip: parseGrade(formatGrade(x)) deep-equals x', () => {
    const grades = ['-', 'E', 'D', 'C', 'B', 'A', 'EX'] as const;
    for (const grade of grades) {
      for (const marks of ['', '+', '++', '-', '--', '+-', '+++']) {
        if (grade === '-' && marks !== '') continue;
        const x = g(grade, marks);
        expect(parseGrade(formatGrade(x))).toStrictEqual(x);
      }
    }
    expect(parseGrade(formatGrade(g('??')))).toStrictEqual(g('??'));
  });
});

describe('gradeLevel', () => {
  it('− 0, E 1, D 2, C 3, B 4, A 5, EX 6 (L864–865)', () => {
    expect(['-', 'E', 'D', 'C', 'B', 'A', 'EX'].map((x) => gradeLevel(x as 'A'))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('"??" counts as 0; marks do not change the level (L912)', () => {
    expect(gradeLevel(g('??'))).toBe(0);
    expect(gradeLevel(g('B', '++'))).toBe(4);
    expect(gradeLevel(g('A', '-'))).toBe(5);
  });
});
