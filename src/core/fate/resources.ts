// HP and MP, master support and supply (seed 001 <戦闘ルール> L204, L226–234; <ステータス> L872;
// digest fate-roll-dice-core.md §3.3, §8.7). Pure: every function returns new values.
import { FateError } from './errors.js';

export interface Pools {
  hp: number;
  hpMax: number;
  mp: number;
  mpMax: number;
  /** HP reached 0 (L204): out of the fight until HP is healed */
  incapacitated: boolean;
}

/** Largest amount one call accepts; bigger numbers are typos, not rules. */
export const MAX_AMOUNT = 9999;

/** HP never goes below 0; HP 0 means incapacitated (L204). MP 0 does nothing of the kind (L204). */
export function damage(p: Pools, n: number): Pools {
  amount('damage', n);
  const hp = Math.max(0, p.hp - n);
  return { ...p, hp, incapacitated: p.incapacitated || hp === 0 };
}

/** Up to max (HP above max from other effects is kept); any HP above 0 ends incapacitation (L204). */
export function heal(p: Pools, n: number): Pools {
  amount('heal', n);
  const hp = Math.max(p.hp, Math.min(p.hpMax, p.hp + n));
  return { ...p, hp, incapacitated: hp > 0 ? false : p.incapacitated };
}

/** GM correction: HP set to n within 0…max; 0 incapacitates, above 0 clears it. */
export function setHp(p: Pools, n: number): Pools {
  amount('hp', n);
  const hp = Math.min(n, p.hpMax);
  return { ...p, hp, incapacitated: hp === 0 };
}

/** GM correction: MP set to n within 0…max. */
export function setMp(p: Pools, n: number): Pools {
  amount('mp', n);
  return { ...p, mp: Math.min(n, p.mpMax) };
}

/**
 * Pays n MP. MP is used first; HP may pay the shortfall only when MP is short (L872), and only
 * with allowHp. Paying HP down to 0 incapacitates (L204). Throws FateError
 * `fate.error.notEnoughMp` {need, have} (MP alone) or `fate.error.notEnoughMpHp` {need, have}
 * (MP + HP) when it cannot be paid: nothing is then spent.
 */
export function spendMp(p: Pools, n: number, allowHp: boolean): { pools: Pools; fromMp: number; fromHp: number } {
  amount('mp', n);
  if (p.mp >= n) return { pools: { ...p, mp: p.mp - n }, fromMp: n, fromHp: 0 };
  const fromMp = Math.max(0, p.mp);
  const fromHp = n - fromMp;
  if (!allowHp) throw new FateError('fate.error.notEnoughMp', { need: n, have: fromMp });
  if (fromHp > p.hp) throw new FateError('fate.error.notEnoughMpHp', { need: n, have: fromMp + Math.max(0, p.hp) });
  const hp = p.hp - fromHp;
  return { pools: { ...p, mp: 0, hp, incapacitated: p.incapacitated || hp === 0 }, fromMp, fromHp };
}

/** Up to max (MP already above max is kept). */
export function gainMp(p: Pools, n: number): Pools {
  amount('mp', n);
  return { ...p, mp: Math.max(p.mp, Math.min(p.mpMax, p.mp + n)) };
}

/**
 * Master support (サポート行動・支援, L227–230): up to achievement + reaction modifier bonus
 * points for the servant's later checks (a negative modifier lowers the cap, never below 0).
 * 1 MP per point, except the points a positive modifier provides, which are free: cost =
 * max(0, grant − max(RM, 0)) (digest §8.7). `requested` null = the whole cap; more than the cap
 * throws FateError `fate.error.supportTooMuch` {max}.
 */
export function supportGrant(achievement: number, reaction: number, requested: number | null): { grant: number; mpCost: number } {
  integer('achievement', achievement, -MAX_AMOUNT, MAX_AMOUNT);
  integer('reaction', reaction, -99, 99);
  const max = Math.max(0, achievement + reaction);
  if (requested !== null) amount('grant', requested);
  const grant = requested ?? max;
  if (grant > max) throw new FateError('fate.error.supportTooMuch', { max });
  return { grant, mpCost: Math.max(0, grant - Math.max(reaction, 0)) };
}

/**
 * Supply (サポート行動・補給, L231): any amount of the master's MP to the servant. Remotely (not
 * accompanying) only half arrives (L234), rounded down (digest §15.9). The caller spends
 * `spent` with spendMp and gives `arrives` with gainMp.
 */
export function supply(amountSpent: number, remote: boolean): { spent: number; arrives: number } {
  amount('supply', amountSpent);
  return { spent: amountSpent, arrives: remote ? Math.floor(amountSpent / 2) : amountSpent };
}

function amount(name: string, n: number): void {
  integer(name, n, 0, MAX_AMOUNT);
}

function integer(name: string, n: number, min: number, max: number): void {
  if (!Number.isInteger(n) || n < min || n > max) throw new FateError('fate.error.outOfRange', { name, min, max });
}
