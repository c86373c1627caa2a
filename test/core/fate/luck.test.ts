import { describe, expect, it } from 'vitest';
import { FateError } from '../../../src/core/fate/errors.js';
import { luckLeft, luckPerDay, resetLuck, spendLuck, type LuckState } from '../../../src/core/fate/luck.js';
import type { CharacterSheet, Grade, Graded } from '../../../src/core/fate/sheet/types.js';
import { caught } from '../../helpers/caught.js';

const g = (grade: Grade, marks: Graded['marks'] = []): Graded => ({ grade, marks });

function sheetWithLuck(luk: Graded): CharacterSheet {
  return {
    schema: 'fate-roll-dice/sheet@1',
    id: 'x',
    type: 'master',
    name: 'x',
    alignment: { purpose: '中立', conduct: '中庸' },
    rank: { names: [], level: 3 },
    fp: { total: 18, spent: 18, remaining: 0 },
    statuses: { str: g('D'), end: g('D'), agi: g('D'), mag: g('E'), luk, soc: g('E') },
    skills: [],
    noblePhantasms: [],
    gear: [],
    combos: [],
    background: {},
  };
}

const fateKey = (fn: () => unknown): string => caught(fn, FateError).key;

describe('luckPerDay (seed 001 L215, L869, L912)', () => {
  it('is the Luck level: E 1 … A 5 (seed L215)', () => {
    expect((['-', 'E', 'D', 'C', 'B', 'A'] as const).map((grade) => luckPerDay(sheetWithLuck(g(grade))))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('luck EX = 8: level 6 + 2 (seed L869)', () => {
    expect(luckPerDay(sheetWithLuck(g('EX')))).toBe(8);
  });

  it('"+" and "−" on Luck do not change the count (seed L912)', () => {
    expect(luckPerDay(sheetWithLuck(g('B', [{ sign: '+', mode: 'pay' }, { sign: '+', mode: 'pay' }])))).toBe(4);
    expect(luckPerDay(sheetWithLuck(g('B', [{ sign: '-', mode: 'pay' }])))).toBe(4);
  });
});

describe('spendLuck (seed L215–217, L469)', () => {
  const state = (perDay: number, usedToday: number): LuckState => ({ perDay, usedToday });

  it('spends the roller’s own use first', () => {
    const r = spendLuck(state(2, 0), state(4, 0));
    expect(r).toEqual({ own: state(2, 1), partner: state(4, 0), spentFrom: 'own' });
  });

  it('sharing draws from the partner when own is empty, with both agreed (seed L217)', () => {
    const r = spendLuck(state(1, 1), state(4, 3));
    expect(r).toEqual({ own: state(1, 1), partner: state(4, 4), spentFrom: 'partner' });
    expect(luckLeft(r.partner!)).toBe(0);
  });

  it('refusal when both are empty, or own is empty and nothing is shared', () => {
    expect(fateKey(() => spendLuck(state(1, 1), state(4, 4)))).toBe('fate.error.noLuckLeft');
    expect(fateKey(() => spendLuck(state(1, 1), null))).toBe('fate.error.noLuckLeft');
    expect(fateKey(() => spendLuck(state(0, 0), null))).toBe('fate.error.noLuckLeft');
  });

  it('no sharing in the master–servant opinion check (seed L469)', () => {
    expect(fateKey(() => spendLuck(state(1, 1), state(4, 0), { opinionCheck: true }))).toBe('fate.error.noLuckLeft');
    expect(spendLuck(state(1, 0), state(4, 0), { opinionCheck: true }).spentFrom).toBe('own');
  });

  it('does not change its inputs and rejects broken counters', () => {
    const own = state(2, 0);
    spendLuck(own, null);
    expect(own).toEqual(state(2, 0));
    expect(fateKey(() => spendLuck(state(-1, 0), null))).toBe('fate.error.outOfRange');
  });
});

describe('resetLuck (seed L114, digest §7.2)', () => {
  it('restores every use at day end and right after the summoning phase', () => {
    expect(resetLuck({ perDay: 4, usedToday: 3 })).toEqual({ perDay: 4, usedToday: 0 });
  });
});
