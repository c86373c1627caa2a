// The Ccfolia character and its palette lines, as the core reads them (issue 21 §2).
import { describe, expect, it } from 'vitest';
import { ccfoliaVariables, changeStatus, classifyLine, readCcfoliaCharacter, withStatus, CcfoliaError } from '../../../src/core/palette/ccfolia.js';
import { ccfoliaRuntime, ccfoliaSheet } from '../../../src/core/palette/ccfolia-character.js';
import { PaletteError } from '../../../src/core/palette/palette.js';

const clipboard = (data: Record<string, unknown>) => JSON.stringify({ kind: 'character', data: { name: '探索者', commands: '1d100<={SAN}', ...data } });

describe('readCcfoliaCharacter', () => {
  it('splits HP/MP (either width or case) from the other bars, keeps params and initiative, and reads the palette', () => {
    const c = readCcfoliaCharacter(
      clipboard({
        status: [{ label: 'ＨＰ', value: 11, max: 11 }, { label: 'mp', value: '13', max: 13 }, { label: 'SAN', value: 65, max: 99 }, { label: '幸運', value: 60 }],
        params: [{ label: 'STR', value: '13' }, { label: 'DB', value: '+1D4' }],
        initiative: 14,
        commands: '//目星=75\nCC<={目星} 【目星】\n:HP-1',
      }),
    );
    expect(c.hp).toEqual({ label: 'ＨＰ', value: 11, max: 11 });
    expect(c.mp).toEqual({ label: 'mp', value: 13, max: 13 });
    expect(c.resources).toEqual({ status: [{ label: 'SAN', value: 65, max: 99 }, { label: '幸運', value: 60, max: null }], params: [{ label: 'STR', value: '13' }, { label: 'DB', value: '+1D4' }], initiative: 14 });
    expect(c.palette).toEqual({ lines: ['CC<={目星} 【目星】', ':HP-1'], variables: { 目星: '75' } });
  });

  it('refuses what is not a Ccfolia character, a non-integer or huge value, and too many bars', () => {
    expect(() => readCcfoliaCharacter('{"kind":"item"}')).toThrow(PaletteError);
    expect(() => readCcfoliaCharacter(clipboard({ status: [{ label: 'HP', value: 'ten' }] }))).toThrow(CcfoliaError);
    expect(() => readCcfoliaCharacter(clipboard({ status: [{ label: 'HP', value: 1e9 }] }))).toThrow(CcfoliaError);
    const many = Array.from({ length: 30 }, (_, i) => ({ label: `S${i}`, value: 1 }));
    expect(() => readCcfoliaCharacter(clipboard({ status: many }))).toThrow(CcfoliaError);
  });

  it('builds a runtime whose pools are Ccfolia’s HP/MP and whose maxima are its max; a re-import keeps the rest', () => {
    const c = readCcfoliaCharacter(clipboard({ status: [{ label: 'HP', value: 9, max: 11 }, { label: 'MP', value: 13, max: 13 }] }));
    const fresh = ccfoliaRuntime(c, null);
    expect(fresh).toMatchObject({ hp: 9, mp: 13, accepted: { hp: 11, mp: 13 }, sealsRemaining: null, incapacitated: false });
    expect(ccfoliaSheet('探索者')).toMatchObject({ name: '探索者', origin: 'ccfolia', skills: [] });
    const again = ccfoliaRuntime(c, { ...fresh, luckUsedToday: 1, sealsRemaining: 2 });
    expect(again).toMatchObject({ luckUsedToday: 1, sealsRemaining: 2, hp: 9 });
  });
});

describe('classifyLine (Ccfolia reads a chat line the same way)', () => {
  it.each([
    [':HP-5', { kind: 'status', label: 'HP', op: '-', amount: 5, comment: '' }],
    [':MP+2', { kind: 'status', label: 'MP', op: '+', amount: 2, comment: '' }],
    [':HP=10', { kind: 'status', label: 'HP', op: '=', amount: 10, comment: '' }],
    ['：ＳＡＮ－３ 発狂', { kind: 'status', label: 'SAN', op: '-', amount: 3, comment: '発狂' }],
    [':HP-1d6 転倒', { kind: 'status', label: 'HP', op: '-', amount: '1d6', comment: '転倒' }],
    ['【RP】よろしくお願いします！', { kind: 'text', text: '【RP】よろしくお願いします！' }],
    ['「行くぞ」', { kind: 'text', text: '「行くぞ」' }],
    ['1d100<=65 【SANチェック】', { kind: 'roll', input: '1d100<=65 【SANチェック】' }],
    ['CCB<=70 【目星】', { kind: 'roll', input: 'CCB<=70 【目星】' }],
    ['２ｄ６＋３', { kind: 'roll', input: '２ｄ６＋３' }],
    ['(2+3)d6', { kind: 'roll', input: '(2+3)d6' }],
  ])('%s', (line, expected) => {
    expect(classifyLine(line)).toEqual(expected);
  });

  it('bounds the amount a status line may move', () => {
    expect(() => classifyLine(':HP-100000')).toThrow(CcfoliaError);
  });

  it('refuses a colon line it cannot read instead of posting it as chat', () => {
    expect(() => classifyLine(':HP-abc')).toThrow(CcfoliaError);
    expect(() => classifyLine(':HP')).toThrow(CcfoliaError);
  });
});

describe('changeStatus', () => {
  it('moves and sets within 0…max and says when it clamped', () => {
    expect(changeStatus(11, 11, '-', 5)).toEqual({ before: 11, after: 6, wanted: 6, clamped: false });
    expect(changeStatus(2, 11, '-', 5)).toEqual({ before: 2, after: 0, wanted: -3, clamped: true });
    expect(changeStatus(10, 11, '+', 5)).toEqual({ before: 10, after: 11, wanted: 15, clamped: true });
    expect(changeStatus(3, 11, '=', 10)).toEqual({ before: 3, after: 10, wanted: 10, clamped: false });
    expect(changeStatus(60, null, '+', 500)).toMatchObject({ after: 560, clamped: false });
    // A surplus above max (an effect's) is neither cut nor raised by a gain, as /hp heal keeps it (seed 001 L204).
    expect(changeStatus(14, 11, '+', 1)).toMatchObject({ after: 14, clamped: true });
    expect(changeStatus(14, 11, '-', 1)).toMatchObject({ after: 13, clamped: false });
    expect(changeStatus(14, 11, '=', 12)).toMatchObject({ after: 11, clamped: true });
  });

  it('sets a bar by label, ignoring width and case, and exposes the bars as palette variables', () => {
    const r = { status: [{ label: 'SAN', value: 65, max: 99 }], params: [{ label: 'STR', value: '13' }], initiative: 14 };
    const changed = withStatus(r, 'san', 60);
    expect(changed.status[0]!.value).toBe(60);
    expect(ccfoliaVariables(changed)).toEqual({ SAN: '60', SAN最大: '99', STR: '13', イニシアティブ: '14', initiative: '14' });
    expect(() => withStatus(r, 'POW', 1)).toThrow(CcfoliaError);
  });
});
