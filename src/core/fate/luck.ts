// Luck rerolls (幸運): uses per day, spending, sharing, reset (seed 001 <戦闘ルール> L215–217,
// <ステータス> L869, <+と−> L912, <サーヴァント召喚ルール> L114, <詳細個別ルール> L469).
// The reroll itself is src/core/dice/reroll.ts (rerollFailed).
import { FateError } from './errors.js';
import { LEVEL, type CharacterSheet } from './sheet/types.js';

export interface LuckState {
  perDay: number;
  usedToday: number;
}

/** Luck EX: level 6 + 2 uses (L869). */
export const LUCK_EX_PER_DAY = 8;

/**
 * Uses per day = the Luck status level (L215), 8 at EX (L869). "+"/"−" marks on Luck change its
 * dice only, never this count (L912). No Luck ("−") → 0.
 */
export function luckPerDay(sheet: CharacterSheet): number {
  const grade = sheet.statuses.luk.grade;
  if (grade === '??') return 0;
  return grade === 'EX' ? LUCK_EX_PER_DAY : LEVEL[grade];
}

export function luckLeft(state: LuckState): number {
  return Math.max(0, state.perDay - state.usedToday);
}

export interface SpendLuckOptions {
  /** the master–servant opinion check: uses cannot be shared there (L469) */
  opinionCheck?: boolean;
}

/**
 * Spends one use: the roller's own first, then the partner's. Pass `partner` only when master
 * and servant have both agreed to share (L217). Throws FateError `fate.error.noLuckLeft` when
 * neither has a use left.
 */
export function spendLuck(
  own: LuckState,
  partner: LuckState | null,
  options: SpendLuckOptions = {},
): { own: LuckState; partner: LuckState | null; spentFrom: 'own' | 'partner' } {
  checkState(own);
  if (partner !== null) checkState(partner);
  if (luckLeft(own) > 0) {
    return { own: { ...own, usedToday: own.usedToday + 1 }, partner, spentFrom: 'own' };
  }
  if (partner !== null && options.opinionCheck !== true && luckLeft(partner) > 0) {
    return { own, partner: { ...partner, usedToday: partner.usedToday + 1 }, spentFrom: 'partner' };
  }
  throw new FateError('fate.error.noLuckLeft');
}

/** At the end of each day, and once right after the summoning procedure "as if a day passed" (L114). */
export function resetLuck(state: LuckState): LuckState {
  return { ...state, usedToday: 0 };
}

function checkState(state: LuckState): void {
  for (const [name, value] of [['perDay', state.perDay], ['usedToday', state.usedToday]] as const) {
    if (!Number.isInteger(value) || value < 0 || value > 999) {
      throw new FateError('fate.error.outOfRange', { name, min: 0, max: 999 });
    }
  }
}
