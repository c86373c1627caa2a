// The reply to any roll (/roll, /check, a luck reroll): the dice, notes, and for a secret roll the
// copy DM'd to the channel's GM. Shared so every roll looks and hides the same way.
import { diceHints, escapeMarkdown, type DiceResult } from '../core/dice/index.js';
import type { CommandContext } from '../services/types.js';
import { asLocale, translator, type Locale, type Params, type Translate } from '../i18n/index.js';
import { actorOf, forTable } from '../services/table.js';
import type { ChannelGmRow } from '../store/schema/index.js';
import { holdsOwned, isLine, type Line } from './line.js';
import { mention, text, type Block, type Button, type ChannelPost, type Reply, type View } from './view.js';

export interface RollDisplay {
  result: DiceResult;
  id: number;
  /** Who rolled and for what; shown as the title. */
  name: string;
  comment: string | null;
  /** A comment the bot wrote (a check's label): written again in each reader's language. */
  commentFor?: (locale: Locale) => string;
  /**
   * Lines under the dice (pool labels, costs, luck left …). A catalog key is written in each reader's
   * language (the table's, the roller's, the GM's DM); a string is shown as it is.
   */
  notes?: Note[];
  buttons?: Button[];
}

/**
 * A line under the dice: as it is, a catalog key, written by a function in each reader's language, or
 * a line (./line.ts) whose owned values (a war faction's MP paid, its support points left) only their
 * readers read.
 */
export type Note = string | { key: string; params?: Params } | ((t: Translate) => string) | Line;
const noteText = (t: Translate, note: Exclude<Note, Line>): string => (typeof note === 'string' ? note : typeof note === 'function' ? note(t) : t(note.key, note.params));
/** A note as a block: a line stays a line, worded per reader by the adapters. */
export const noteBlock = (t: Translate, note: Note): Block => (isLine(note) ? note : text(noteText(t, note)));
/** A note in one reader's language, a line kept for the adapters to word. */
export const noteLine = (t: Translate, note: Note): string | Line => (isLine(note) ? note : noteText(t, note));

export function rollView(ctx: CommandContext, shown: RollDisplay): View {
  const roll = shown.commentFor ? { ...shown, comment: shown.commentFor(ctx.locale) } : shown;
  const { result } = roll;
  const blocks: Block[] = [
    { kind: 'dice', result },
    ...diceHints(result).map((hint) => text(ctx.t(hint.key, hint.params))),
    ...(roll.notes ?? []).map((n) => noteBlock(ctx.t, n)),
  ];
  return {
    locale: ctx.locale,
    tone: result.outcome === 'success' ? 'success' : result.outcome === 'failure' ? 'failure' : 'info',
    // Names and comments are the user's text: escaped so `*` or `||` show as typed.
    title: roll.comment
      ? ctx.t('roll.titleWithComment', { name: escapeMarkdown(roll.name), comment: escapeMarkdown(roll.comment) })
      : ctx.t('roll.title', { name: escapeMarkdown(roll.name) }),
    blocks,
    footer: ctx.t('roll.footer', { id: roll.id }),
    ...(roll.buttons?.length ? { buttons: roll.buttons } : {}),
    ephemeral: false,
  };
}

/**
 * What the roller reads beside a public roll: the notes whose owned values the table read as a public
 * word (what the roll cost them), worded for the roller, and their own line (`own`: their MP, luck,
 * seals, wealth). Undefined when there is neither.
 */
export function ownAside(ctx: CommandContext, notes: readonly Note[], own?: Note): View | undefined {
  const hidden = notes.filter((n): n is Line => isLine(n) && holdsOwned(n));
  if (own === undefined && hidden.length === 0) return undefined;
  // An aside is its actor's, in their language, also when ctx speaks to the table (/attack's aside read 「幸運 1/1」 in Korean).
  const actor = actorOf(ctx);
  return { locale: actor.locale, tone: 'info', blocks: [...hidden, ...(own === undefined ? [] : [noteBlock(actor.t, own)])], ephemeral: true };
}

/** `{ aside }` when there is one, for spreading into a reply. */
export const asideOf = (aside: View | undefined): { aside?: View } => (aside ? { aside } : {});

/**
 * Public roll, or secret: ephemeral to the roller, a DM copy to the GM (who may be absent), and in
 * the channel only the commitment (a hash the roller can later /reveal).
 */
export function rollReply(ctx: CommandContext, roll: RollDisplay, secret: boolean, gm: ChannelGmRow | undefined, commitment?: ChannelPost, own?: Note): Reply {
  // `own`: a line only the roller reads (their MP, luck, seals, wealth: seed 001 L50 keeps PvP
  // resources secret): an aside beside a public roll, a line of the roller's own secret reply.
  if (!secret) {
    const aside = ownAside(ctx, roll.notes ?? [], own);
    return { view: rollView(forTable(ctx), roll), dms: [], ...(aside ? { aside } : {}) };
  }
  // The roller's own line joins their secret reply and the GM's copy, each in its reader's language.
  if (own !== undefined) roll = { ...roll, notes: [...(roll.notes ?? []), own] };
  const view = rollView(ctx, roll);
  const posts = commitment ? [commitment] : [];
  const reply = secretReply(ctx, roll, view, gm);
  return { ...reply, posts };
}

function secretReply(ctx: CommandContext, shown: RollDisplay, view: View, gm: ChannelGmRow | undefined): Reply {
  const roll = shown.commentFor && gm ? { ...shown, comment: shown.commentFor(asLocale(gm.locale)) } : shown;
  const hidden: View = { ...view, tone: 'secret', ephemeral: true };
  if (!gm) return { view: { ...hidden, blocks: [...hidden.blocks, text(ctx.t('roll.secret.noGm'))] }, dms: [] };
  if (gm.userId === ctx.user.id) return { view: { ...hidden, blocks: [...hidden.blocks, text(ctx.t('roll.secret.youAreGm'))] }, dms: [] };

  const gmT = translator(asLocale(gm.locale));
  const dmView: View = {
    locale: asLocale(gm.locale),
    tone: 'secret',
    title: gmT('roll.secret.dmTitle', { name: escapeMarkdown(roll.name), channel: `<#${ctx.channelId}>` }),
    blocks: [...(roll.comment ? [text(gmT('roll.secret.dmComment', { comment: escapeMarkdown(roll.comment) }))] : []), { kind: 'dice', result: roll.result }, ...(roll.notes ?? []).map((n) => noteBlock(gmT, n))],
    footer: gmT('roll.footer', { id: roll.id }),
    ephemeral: false,
  };
  return {
    view: { ...hidden, blocks: [...hidden.blocks, text(ctx.t('roll.secret.sentToGm', { gm: mention(gm.userId) }))] },
    // the GM reads what the roll's owned notes hide from others (the roller's costs)
    dms: [{ userId: gm.userId, gm: true, view: dmView }],
  };
}
