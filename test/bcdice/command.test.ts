// Handing a typed command to BCDice (issue 21 §1): width folded, repetition bounded, comment split
// where BCDice ends the command; and BCDice's line read for its meaning.
import { describe, expect, it } from 'vitest';
import { compactExpression, foldWidth, splitSystemCommand } from '../../src/bcdice/command.js';
import { meaningOf } from '../../src/bcdice/index.js';
import type { RolledDie } from '../../src/core/dice/index.js';

const dice = (...faces: number[]): RolledDie[] => faces.map((face) => ({ sides: 6, face, kept: true, success: null, pool: null }));

describe('splitSystemCommand', () => {
  it('folds full-width letters, digits, brackets and the ideographic space', () => {
    expect(foldWidth('Ｃ（１＋２）')).toBe('C(1+2)');
    expect(foldWidth('ｃｈｏｉｃｅ［あ，い］')).toBe('choice[あ,い]');
    expect(splitSystemCommand('ＣＣＢ＜＝５０　目星')).toEqual({ command: 'CCB<=50', comment: '目星', repeat: 1 });
  });

  it('splits the comment at the first space outside brackets; choice a b c keeps every word', () => {
    expect(splitSystemCommand('choice[a, b, c] 順番')).toEqual({ command: 'choice[a, b, c]', comment: '順番', repeat: 1 });
    expect(splitSystemCommand('choice(北, 南)')).toEqual({ command: 'choice(北, 南)', comment: null, repeat: 1 });
    expect(splitSystemCommand('choice 공격 방어')).toEqual({ command: 'choice 공격 방어', comment: null, repeat: 1 });
  });

  it('choice2 a b c (a count, spaced items) is handed over whole (issue 29: it was cut at the first space)', () => {
    expect(splitSystemCommand('choice2 a b c')).toEqual({ command: 'choice2 a b c', comment: null, repeat: 1 });
    expect(splitSystemCommand('Schoice3 x y z')).toMatchObject({ command: 'Schoice3 x y z', comment: null });
  });
});

describe('compactExpression: what the engine reads, as the system gets it (issue 29 §1)', () => {
  it('spaces out, full width and ≧ folded, the letters\' case kept, S for a secret roll', () => {
    expect(compactExpression('2d6 + 3', false)).toEqual({ command: '2d6+3', repeat: 1 });
    expect(compactExpression('2D6 >= 7', false)).toEqual({ command: '2D6>=7', repeat: 1 });
    expect(compactExpression('２Ｄ６≧７', false)).toEqual({ command: '2D6>=7', repeat: 1 });
    expect(compactExpression('D19/2', true)).toEqual({ command: 'SD19/2', repeat: 1 });
  });

  it('a spaced repetition prefix is taken off; 3# stays (the system does not read it, the engine does)', () => {
    expect(compactExpression('x3 2D6 + 1', false)).toEqual({ command: '2D6+1', repeat: 3 });
    expect(compactExpression('rep2 1D100 <= 50', false)).toEqual({ command: '1D100<=50', repeat: 2 });
    expect(compactExpression('3#2D6', false)).toEqual({ command: '3#2D6', repeat: 1 });
  });

  it('takes x3 / rep3 / repeat3 off, within the limit of 20', () => {
    expect(splitSystemCommand('x3 choice[a,b]')).toMatchObject({ command: 'choice[a,b]', repeat: 3 });
    expect(splitSystemCommand('REP2 CCB<=50 目星')).toEqual({ command: 'CCB<=50', comment: '目星', repeat: 2 });
    expect(() => splitSystemCommand('repeat21 PT60')).toThrow(expect.objectContaining({ code: 'bad_repeat', column: 7, params: { repeat: '21', max: 20 } }));
    expect(() => splitSystemCommand('x0 PT60')).toThrow(expect.objectContaining({ code: 'bad_repeat' }));
  });
});

describe('meaningOf: what a BCDice line stores', () => {
  it('a success count, a total, the sum of listed dice, a choice position', () => {
    expect(meaningOf('(5B6>=4) ＞ 1,2,2,6,4 ＞ 成功数2', false, dice(1, 2, 2, 6, 4))).toEqual({ kind: 'count', value: 2 });
    expect(meaningOf('(2D6<=5) ＞ 2[1,1] ＞ 2 ＞ 成功', true, dice(1, 1))).toEqual({ kind: 'target', value: 2 });
    expect(meaningOf('(5B6) ＞ 2,2,2,1,1', false, dice(2, 2, 2, 1, 1))).toEqual({ kind: 'sum', value: 8 });
    expect(meaningOf('(choice[a,b,c]) ＞ b', false, dice(2))).toEqual({ kind: 'sum', value: 2 });
    expect(meaningOf('(3U6[6]) ＞ 2,5,5 ＞ 5/12(最大/合計)', false, dice(2, 5, 5))).toEqual({ kind: 'sum', value: 12 });
  });
});
