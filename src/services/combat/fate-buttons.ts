// The buttons of a Fate attack, shared by /attack, /combat (defend, cover, undo) and /luck (after a reroll):
// the defender's END/AGI/MAG choice (LUK against 必中) and the Resolve step.
import type { CommandContext } from '../types.js';
import type { Button } from '../../views/view.js';
import type { PendingAttack } from './state.js';

/** The defenses of L207–214, and LUK: the only defense against a 必中 NP (L1404). */
export const DEFENSES = ['end', 'agi', 'mag', 'luk'] as const;
/** The defender spends a Luck use to cancel 必中 (L1404). */
export const SURE_HIT_CANCEL = 'attack:sure:cancel';

/** A 必中 attack not cancelled leaves a Luck defense or a Luck use to cancel it; otherwise END, AGI, MAG. */
export function defendButtons(ctx: CommandContext, pending?: Pick<PendingAttack, 'sureHit'> | null): Button[] {
  if (pending?.sureHit === 'active') {
    return [
      { customId: 'attack:defend:luk', label: ctx.t('attack.defend.luk'), style: 'primary' as const },
      { customId: SURE_HIT_CANCEL, label: ctx.t('attack.sureHit.cancelButton'), style: 'secondary' as const },
    ];
  }
  return DEFENSES.filter((s) => s !== 'luk').map((s) => ({ customId: `attack:defend:${s}`, label: ctx.t(`attack.defend.${s}`), style: 'primary' as const }));
}

export function resolveButton(ctx: CommandContext): Button {
  return { customId: 'attack:resolve', label: ctx.t('attack.resolve'), style: 'primary' };
}
