// Handing a typed command to BCDice (issue 21 §1): width folded, repetition bounded, comment split
// where BCDice ends the command; and BCDice's line read for its meaning.
import { describe, expect, it } from 'vitest';
import { foldWidth, splitSystemCommand } from '../../src/bcdice/command.js';
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
