// Rolls typed in chat (issue 30 §2), the adapter-free part: the GM's switch per channel, and a
// message's first line answered exactly as /roll answers it (rollTyped: the same reading, the same
// store, the same secret path), or, when it is a label of the author's active character's palette
// (`目星`), as that palette line would roll, or not at all. Deciding "this is a roll" is conservative: a line whose
// first word has no letter (a number, `1+1`, a smiley) is talk, and anything the readers refuse is
// talk too: a plain message never gets a refusal.
import { escapeMarkdown } from '../core/dice/index.js';
import { DICE_LIMITS } from '../core/dice/limits.js';
import { translator, type Locale } from '../i18n/index.js';
import type { Store } from '../store/db.js';
import { chatRollsOn, setChatRolls } from '../store/chat-rolls.js';
import { channelGm } from '../store/gms.js';
import { mention, text, type Reply, type View } from '../views/view.js';
import { classifyLine } from '../core/palette/ccfolia.js';
import { substitute } from '../core/palette/palette.js';
import { activeCharacterId, getCharacter } from '../store/characters.js';
import { ownPalettes } from '../store/palettes.js';
import { rollTyped, type TypedRoll } from './dice-roll.js';
import { storedPalette, variablesOf } from './palette-variables.js';
import { UserError } from './errors.js';
import { refusalText } from './refusals.js';
import { COMMENT_MAX } from './roll-limits.js';
import { forTable } from './table.js';
import type { CommandContext } from './types.js';
import { Recent } from './recent.js';

/** The longest first line read as a roll: an expression and its comment, as /roll's options allow. */
export const CHAT_LINE_MAX = DICE_LIMITS.maxLength + 1 + COMMENT_MAX;

/**
 * The line to read as a roll, or null for talk: the message's first line, when its first word (after
 * BCDice's `x3` repetition and the `S` of a secret roll, full-width folded) holds a letter of some
 * script (`2d6`, `CC<=50`, `choice[…]`, a table's name) and the line is not a mention, link or quote.
 */
export function chatRollLine(content: string): string | null {
  const line = (content.split(/\r?\n/, 1)[0] ?? '').trim();
  if (!line || Array.from(line).length > CHAT_LINE_MAX) return null;
  if (/^(<[@#:a]|https?:|>|`|\|\|)/i.test(line)) return null;
  const words = line.normalize('NFKC').split(/\s+/);
  let head = words[0] ?? '';
  if (/^(x|rep|repeat)\d+$/i.test(head)) head = words[1] ?? '';
  head = head.replace(/^s/i, '');
  return /\p{L}/u.test(head) ? line : null;
}

/**
 * The channel's switch, cached: a channel's messages and its /gm interactions reach the same process
 * (Discord shards by server), which writes through; another process's change shows within TRUST_MS.
 */
const TRUST_MS = 30_000;
const MAX_CHANNELS = 20_000;
const cache = new Recent<string, boolean>(TRUST_MS, MAX_CHANNELS);

export async function chatRollsEnabled(store: Store, channelId: string, now: Date): Promise<boolean> {
  const seen = cache.get(channelId, now.getTime());
  if (seen !== undefined) return seen;
  const on = await store.statement((tx) => chatRollsOn(tx, channelId));
  cache.set(channelId, on, now.getTime());
  return on;
}

/**
 * The typed line answered as /roll would answer it, or null when it is no roll (or the channel's
 * switch is off). Only the readers' refusals mean "no roll"; any other failure is a real error.
 */
export async function answerChatRoll(ctx: CommandContext, line: string): Promise<Reply | null> {
  if (!(await chatRollsEnabled(ctx.store, ctx.channelId, ctx.now()))) return null;
  const typed = await refusedAsNull(ctx, () => rollTyped(ctx, { input: line, comment: null, secret: false }));
  if (typed) return typed;
  // Not a roll as typed: perhaps a label of the author's active character's palette (`目星`).
  const labelled = await refusedAsNull(ctx, () => paletteRoll(ctx, line));
  return labelled ? await refusedAsNull(ctx, () => rollTyped(ctx, labelled)) : null;
}

/** What the readers refuse means "no roll here"; any other failure is a real error. */
async function refusedAsNull<T>(ctx: CommandContext, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (refusalText(error, ctx.locale) !== null) return null;
    throw error;
  }
}

/** A palette line's label: the words after its command (`CCB<={目星} 【目星】` → 目星), folded for matching. */
export function paletteLabel(text: string): string | null {
  const label = text
    .normalize('NFKC')
    .trim()
    .replace(/^[【[「(]\s*|\s*[】\]」)]$/g, '')
    .trim()
    .toLowerCase();
  return label && Array.from(label).length <= PALETTE_LABEL_MAX ? label : null;
}

const PALETTE_LABEL_MAX = 64;

/**
 * The roll of the author's active character's palette line whose label is the typed line, filled
 * with its {variables} as /palette fills them; null when there is none (or the line is no roll).
 */
async function paletteRoll(ctx: CommandContext, typed: string): Promise<TypedRoll | null> {
  const guildId = ctx.guildId;
  const wanted = paletteLabel(typed);
  if (!guildId || !wanted) return null;
  return ctx.store.transaction(async (tx) => {
    const active = await activeCharacterId(tx, ctx.channelId, ctx.user.id);
    if (active === undefined) return null;
    for (const row of (await ownPalettes(tx, guildId, ctx.user.id)).filter((p) => p.characterId === active)) {
      const raw = storedPalette(row).lines.find((l) => {
        const space = l.search(/\s/);
        return space > 0 && paletteLabel(l.slice(space)) === wanted;
      });
      if (raw === undefined) continue;
      const line = classifyLine(substitute(raw, await variablesOf(tx, row)));
      if (line.kind !== 'roll') return null;
      const character = await getCharacter(tx, active);
      return { input: line.input, comment: null, secret: false, name: character?.name ?? row.name, characterId: active };
    }
    return null;
  });
}

/** /gm chatrolls: the channel's GM (or Manage Channels) switches typed rolls on or off here. */
export async function setChannelChatRolls(ctx: CommandContext, on: boolean): Promise<Reply> {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  const guildId = ctx.guildId;
  await ctx.store.transaction(async (tx) => {
    const gm = await channelGm(tx, ctx.channelId);
    if (gm?.userId !== ctx.user.id && !ctx.canManageChannel) throw new UserError('chat.refused.notGm');
    await setChatRolls(tx, { guildId, channelId: ctx.channelId, actorId: ctx.user.id, on, at: ctx.now() });
  });
  cache.set(ctx.channelId, on, ctx.now().getTime());
  const table = forTable(ctx);
  // What the GM must fix before typed rolls work here, said to them alone.
  const missing = on
    ? [
        ...(ctx.bot && !ctx.bot.messageContent ? [ctx.t('chat.needsIntent')] : []),
        ...(ctx.bot?.manageMessages === false ? [ctx.t('chat.cannotHideHere')] : []),
      ]
    : [];
  return {
    view: { locale: table.locale, tone: 'success', title: table.t('chat.title'), blocks: [text(table.t(on ? 'chat.on' : 'chat.off'))], ephemeral: false },
    dms: [],
    ...(missing.length ? { aside: { locale: ctx.locale, tone: 'info', title: ctx.t('chat.setupTitle'), blocks: missing.map((m) => text(m)), ephemeral: true } } : {}),
  };
}

/** To the GM (or, without one, the table): a secret roll typed here stayed visible, and why. */
export function cannotHideView(locale: Locale, userId: string, channelId: string, why: 'permission' | 'failed'): View {
  const t = translator(locale);
  return {
    locale,
    tone: 'info',
    title: t('chat.notHiddenTitle'),
    blocks: [text(t(why === 'permission' ? 'chat.notHidden' : 'chat.notHiddenFailed', { user: mention(userId), channel: `<#${channelId}>` }))],
    ephemeral: false,
  };
}

/** The roller's private answer as a DM: their secret roll, and where it was typed. */
export function privateAnswer(view: View, channelId: string, t: (key: string, params?: Record<string, string | number>) => string, typed: string): View {
  return { ...view, ephemeral: false, blocks: [text(t('chat.secretTyped', { channel: `<#${channelId}>`, typed: escapeMarkdown(Array.from(typed).slice(0, 100).join('')) })), ...view.blocks] };
}
