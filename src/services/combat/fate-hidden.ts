// A hidden NPC's numbers in a Fate fight are the GM's (the GM hid them: `/combat add hidden:true`): its
// dice and pool, its defense value, its armor, its HP. The table reads who acted, hit or miss, the
// other side's own roll, the damage dealt where the rules show it and a condition word for the NPC's
// state; the GM reads every number in a DM copy of each step that hid one, in the GM's language — as
// for a hidden Persona shadow (README "Who sees what"). The numbers are wrapped as the GM's
// (GM_ONLY, ../secrecy.ts) where the step reads them, so only a line can print them.
import { channelGm } from '../../store/gms.js';
import { asLocale, translator } from '../../i18n/index.js';
import type { ChannelGmRow } from '../../store/schema/index.js';
import type { Tx } from '../../store/db.js';
import { escapeMarkdown } from '../../core/dice/index.js';
import { recipientLocales } from '../locales.js';
import type { CommandContext } from '../types.js';
import { actorOf } from '../table.js';
import { text, type DirectMessage, type View } from '../../views/view.js';
import { GM_ONLY, shownHp } from '../secrecy.js';
import { own, type Maybe, type Printable } from '../../views/owned.js';
import type { Readers } from '../../views/view.js';
import type { FateCombatant } from './state.js';
import { conditionKey } from './tracker-fighters.js';

/** The channel's GM and the language the GM reads, or null when the channel has none (then nobody gets a copy). */
export interface GmReader {
  userId: string;
  locale: ReturnType<typeof asLocale>;
}

export async function fightGm(tx: Tx, ctx: CommandContext): Promise<GmReader | null> {
  const gm = await channelGm(tx, ctx.channelId);
  return gm ? { userId: gm.userId, locale: await gmLocale(tx, ctx, gm) } : null;
}

/**
 * The language the GM reads a DM in: the GM's own when the GM ran the command (the language this very
 * interaction came in, which the dispatcher has just remembered), else the one remembered for the GM.
 */
export async function gmLocale(tx: Tx, ctx: CommandContext, gm: Pick<ChannelGmRow, 'userId' | 'locale'>): Promise<ReturnType<typeof asLocale>> {
  if (gm.userId === ctx.user.id) return actorOf(ctx).locale;
  return (await recipientLocales(tx, [gm.userId], asLocale(gm.locale)))(gm.userId);
}

/** A number of this combatant: the GM's when it is hidden, public otherwise. */
export function ofFighter<T extends Printable>(c: Pick<FateCombatant, 'hidden'>, value: T): Maybe<T> {
  return own(value, c.hidden ? GM_ONLY : null);
}

/**
 * A combatant's HP after a step: a hidden one's is the GM's, the table reading its condition word
 * instead; a war character's is its faction's (`readers`) while HP it paid for MP stays unseen
 * (../secrecy.ts hpFor), the table reading that much more.
 */
export function hpOf(c: Pick<FateCombatant, 'hidden' | 'dead' | 'escaped' | 'incapacitated' | 'hpMax' | 'hpUnseen'>, hp: number, down: 'standing' | 'incapacitated' | 'dead' = 'standing', readers: Readers | null = null): Maybe<number> {
  const state = { ...c, hp, incapacitated: c.incapacitated || down === 'incapacitated', dead: c.dead || down === 'dead' };
  if (c.hidden) return own(hp, GM_ONLY, { key: conditionKey(state) });
  // as the sheet will clamp it (clampRuntime): within the HP lost, none once HP is gone
  const unseen = hp > 0 ? Math.min(c.hpUnseen ?? 0, c.hpMax - hp) : 0;
  return shownHp(hp, unseen, readers);
}

/**
 * The GM's DM copy of a step that hid a number: `build` writes the step in the GM's language, every
 * owned number readable by the GM (the DM is addressed to the GM). Buttons stay on the table's message.
 */
export function gmCopy(ctx: CommandContext, gm: GmReader | null, build: (reader: CommandContext) => View): DirectMessage[] {
  if (!gm) return [];
  const reader: CommandContext = { ...ctx, locale: gm.locale, t: translator(gm.locale) };
  const { buttons: _buttons, select: _select, ...view } = build(reader);
  const heading = text(reader.t('fate.gmCopy.heading', { channel: `<#${ctx.channelId}>` }));
  return [{ userId: gm.userId, gm: true, view: { ...view, locale: gm.locale, tone: 'secret', blocks: [heading, ...view.blocks], ephemeral: false } }];
}

/** A hidden combatant's roll as the table reads it: who rolled and for what, no dice, no pool. */
export function hiddenRollView(ctx: CommandContext, name: string, comment: string): View {
  return {
    locale: ctx.locale,
    tone: 'info',
    title: ctx.t('roll.titleWithComment', { name: escapeMarkdown(name), comment: escapeMarkdown(comment) }),
    blocks: [text(ctx.t('fate.hidden.rolled', { name }))],
    ephemeral: false,
  };
}
