// The buttons of a Fate attack, shared by /attack, /combat (defend, cover, undo) and /luck (after a reroll):
// the defender's END/AGI/MAG choice and the Resolve step.
import type { CommandContext } from '../types.js';
import type { Button } from '../../views/view.js';

export const DEFENSES = ['end', 'agi', 'mag'] as const;

export function defendButtons(ctx: CommandContext): Button[] {
  return DEFENSES.map((s) => ({ customId: `attack:defend:${s}`, label: ctx.t(`attack.defend.${s}`), style: 'primary' as const }));
}

export function resolveButton(ctx: CommandContext): Button {
  return { customId: 'attack:resolve', label: ctx.t('attack.resolve'), style: 'primary' };
}
