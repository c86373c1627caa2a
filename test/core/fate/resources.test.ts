import { describe, expect, it } from 'vitest';
import { FateError } from '../../../src/core/fate/errors.js';
import {
  damage,
  gainMp,
  heal,
  setHp,
  setMp,
  spendMp,
  supply,
  supportGrant,
  type Pools,
} from '../../../src/core/fate/resources.js';
import { caught } from '../../helpers/caught.js';

const pools = (hp: number, mp: number, incapacitated = false): Pools => ({ hp, hpMax: 30, mp, mpMax: 20, incapacitated });

const fateError = (fn: () => unknown): FateError => caught(fn, FateError);

describe('HP (seed 001 L204)', () => {
  it('damage floors HP at 0, and HP 0 incapacitates (seed L204)', () => {
    expect(damage(pools(10, 5), 4)).toEqual(pools(6, 5));
    expect(damage(pools(10, 5), 25)).toEqual(pools(0, 5, true));
  });

  it('healing is capped at max and any HP above 0 ends incapacitation (seed L204)', () => {
    expect(heal(pools(0, 5, true), 3)).toEqual(pools(3, 5));
    expect(heal(pools(28, 5), 10)).toEqual(pools(30, 5));
    expect(heal(pools(0, 5, true), 0)).toEqual(pools(0, 5, true));
  });

  it('MP 0 neither kills nor incapacitates (seed L204)', () => {
    expect(spendMp(pools(10, 5), 5, false).pools).toEqual(pools(10, 0));
  });

  it('setHp / setMp clamp to 0…max', () => {
    expect(setHp(pools(10, 5), 99)).toEqual(pools(30, 5));
    expect(setHp(pools(10, 5), 0)).toEqual(pools(0, 5, true));
    expect(setHp(pools(0, 5, true), 4)).toEqual(pools(4, 5));
    expect(setMp(pools(10, 5), 99)).toEqual(pools(10, 20));
    expect(gainMp(pools(10, 15), 9)).toEqual(pools(10, 20));
  });

  it('rejects negative and fractional amounts', () => {
    expect(fateError(() => damage(pools(10, 5), -1)).key).toBe('fate.error.outOfRange');
    expect(fateError(() => heal(pools(10, 5), 1.5)).key).toBe('fate.error.outOfRange');
  });
});

describe('spendMp (seed L872)', () => {
  it('MP first', () => {
    expect(spendMp(pools(10, 8), 5, true)).toEqual({ pools: pools(10, 3), fromMp: 5, fromHp: 0 });
  });

  it('MP shortfall from HP when allowed: 3 MP + 2 HP for 5 (seed L872)', () => {
    expect(spendMp(pools(10, 3), 5, true)).toEqual({ pools: pools(8, 0), fromMp: 3, fromHp: 2 });
  });

  it('refusal without allowHp, nothing spent (seed L872)', () => {
    const e = fateError(() => spendMp(pools(10, 3), 5, false));
    expect(e.key).toBe('fate.error.notEnoughMp');
    expect(e.params).toEqual({ need: 5, have: 3 });
  });

  it('refusal when MP and HP together fall short; paying HP down to 0 incapacitates', () => {
    const e = fateError(() => spendMp(pools(2, 3), 6, true));
    expect(e.key).toBe('fate.error.notEnoughMpHp');
    expect(e.params).toEqual({ need: 6, have: 5 });
    expect(spendMp(pools(2, 3), 5, true).pools).toEqual(pools(0, 0, true));
  });
});

describe('support and supply (seed L226–234, digest §8.7)', () => {
  it('positive reaction modifier: up to achievement + RM, the RM part is free (seed L227, L230)', () => {
    expect(supportGrant(5, 2, null)).toEqual({ grant: 7, mpCost: 5 });
    expect(supportGrant(5, 2, 2)).toEqual({ grant: 2, mpCost: 0 }); // only the free part
    expect(supportGrant(5, 2, 4)).toEqual({ grant: 4, mpCost: 2 });
  });

  it('negative reaction modifier lowers the cap, every point costs MP (seed L227)', () => {
    expect(supportGrant(5, -2, null)).toEqual({ grant: 3, mpCost: 3 });
    expect(supportGrant(1, -6, null)).toEqual({ grant: 0, mpCost: 0 });
    const e = fateError(() => supportGrant(5, -2, 4));
    expect(e.key).toBe('fate.error.supportTooMuch');
    expect(e.params).toEqual({ max: 3 });
  });

  it('remote supply: floor(half) arrives (seed L234, digest §15.9)', () => {
    expect(supply(7, true)).toEqual({ spent: 7, arrives: 3 });
    expect(supply(8, true)).toEqual({ spent: 8, arrives: 4 });
    expect(supply(7, false)).toEqual({ spent: 7, arrives: 7 });
  });
});
