// A flat plus or minus on a fight roll, and an ambush's margin (seed 001 部位狙い L411–421, 奇襲 L453–456):
// the options /attack and /combat defend share, and the notes that put the rule in the result line.
import type { CommandContext, CommandOptions } from '../types.js';

/** The largest flat plus, minus or ambush margin an option takes (an achievement modifier, CHECK_LIMITS). */
export const FLAT_MAX = 50;

export interface FlatModifiers {
  /** achievement plus: the GM's ruling, a won vigilance check's margin on the defense (L455) */
  plus: number;
  /** achievement minus: a targeted strike (L411–421: −2 front, −3 back or a weapon hand, −1 more for a small spot) */
  minus: number;
  /** 奇襲 (L454): the margin stealth beat vigilance by; added to the attack, the margin's damage doubled */
  ambush: number;
}

export function flatModifiers(options: CommandOptions): FlatModifiers {
  return { plus: options.integer('plus') ?? 0, minus: options.integer('minus') ?? 0, ambush: options.integer('ambush') ?? 0 };
}

/** One note per modifier, naming its rule, in the reader's language. */
export function flatNotes(ctx: CommandContext, flat: FlatModifiers): string[] {
  return [
    ...(flat.plus > 0 ? [ctx.t('fate.flat.plus', { amount: flat.plus })] : []),
    ...(flat.minus > 0 ? [ctx.t('fate.flat.minus', { amount: flat.minus })] : []),
    ...(flat.ambush > 0 ? [ctx.t('fate.flat.ambush', { amount: flat.ambush })] : []),
  ];
}
