// Rolls typed in chat (issue 30 §2), the Discord side. A server member's message whose first line
// reads as a roll, in a channel whose GM switched chat rolls on, is answered as /roll answers it
// (src/services/chat-rolls.ts), as a reply to the message. A secret roll (`S2D6`) is answered by DM
// through the outbox (its inbox when DMs are closed) and the typed line deleted; when the bot may
// not delete it, the GM is told. Bots, webhooks and system messages never trigger it, and each
// message is answered at most once (a resumed gateway may send it again; the reply's nonce is the
// message's id, so even a second process would not post twice). A message starting with one of its
// author's character prefixes (`!セイバー 台詞`, /say setup) is the character's words instead, in any
// channel: reposted through the channel's webhook (./speech.ts) and the typed one deleted when the bot may.
import { DiscordAPIError, PermissionFlagsBits, RESTJSONErrorCodes, type GuildMember, type Message } from 'discord.js';
import { asLocale, translator } from '../i18n/index.js';
import { answerChatRoll, cannotHideView, chatRollLine, chatRollsEnabled, privateAnswer } from '../services/chat-rolls.js';
import { resolveTable, tableOf } from '../services/table.js';
import type { CommandContext } from '../services/types.js';
import { channelGm } from '../store/gms.js';
import { userLocales } from '../store/locales.js';
import { addressed, type DispatchDeps } from './dispatcher.js';
import { effectsOf, saveEffects, sendEffect, settle, sweep, type Effect, type OutboxDeps } from './outbox.js';
import { readyPicture, toMessage } from './render.js';
import { deliverSpeech } from './speech.js';
import { matchTyped, typedSpeech } from '../services/speech.js';

export type ChatOutcome = 'answered' | 'secret' | 'spoken' | 'ignored';

export interface ChatDeps extends DispatchDeps {
  /** Tests: how each message that reached the bot ended. */
  onChat?: (messageId: string, outcome: ChatOutcome) => void;
}

/** Message ids answered lately (one answer per message); forgotten past this many. */
const SEEN_MAX = 10_000;

export function chatRolls(deps: ChatDeps): (message: Message) => void {
  const seen = new Set<string>();
  return (message) => {
    const done = (outcome: ChatOutcome) => deps.onChat?.(message.id, outcome);
    if (!typedByMember(message) || seen.has(message.id)) return done('ignored');
    const line = chatRollLine(message.content);
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.add(message.id);
    const started = process.hrtime.bigint();
    // Message#member reads the member cache, which keeps only the newest member per guild
    // (src/discord/cache.ts): taken now, while it is this message's author.
    const member = message.member;
    deps.gate
      // A player's prefix (`!セイバー 台詞`, issue 30 §3) first: those words are the character's, not a roll.
      .run(async () => (await speakTyped(deps, message as Message<true>, member)) ?? (line === null ? 'ignored' : await answer(deps, message as Message<true>, line, member)))
      .then((outcome) => {
        // One line per answered roll, as per command (no content: it may be secret); talk leaves none.
        if (outcome && outcome !== 'ignored') {
          deps.log.info({ command: 'chat', guild: message.guildId, channel: message.channelId, user: message.author.id, durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100, outcome }, 'command');
        }
        done(outcome ?? 'ignored');
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error, channel: message.channelId }, 'chat roll failed');
        done('ignored');
      });
  };
}

/** A person typed it in a server channel: not a bot (this one included), a webhook or Discord itself. */
function typedByMember(message: Message): boolean {
  return message.inGuild() && !message.author.bot && !message.webhookId && !message.system && message.content.length > 0;
}

/**
 * A message starting with one of its author's character prefixes, reposted as that character through
 * the channel's webhook (src/discord/speech.ts); the typed message is then deleted when the bot may
 * (Manage Messages), else left. Null when no prefix of theirs starts it.
 */
async function speakTyped(deps: ChatDeps, message: Message<true>, member: GuildMember | null): Promise<ChatOutcome | null> {
  const now = deps.now ?? (() => new Date());
  const matched = await matchTyped(deps.store, message.guildId, message.author.id, message.content, now());
  if (!matched) return null;
  const ctx = await contextOf(deps, message, member, now);
  const speech = await typedSpeech(ctx, matched);
  if (!speech) return null;
  const mine = message.guild.members.me?.permissionsIn(message.channel) ?? null;
  const outcome = await deliverSpeech(deps, { guildId: ctx.guildId, userId: ctx.user.id, now }, speech, mine ? mine.has(PermissionFlagsBits.ManageWebhooks) : null);
  if (!outcome.ok) return 'ignored';
  if (mine?.has(PermissionFlagsBits.ManageMessages) !== false) await hide(deps, message);
  return 'spoken';
}

async function answer(deps: ChatDeps, message: Message<true>, line: string, member: GuildMember | null): Promise<ChatOutcome> {
  const now = deps.now ?? (() => new Date());
  // The switch first (cached): a channel without chat rolls costs no more than this.
  if (!(await chatRollsEnabled(deps.store, message.channelId, now()))) return 'ignored';
  const ctx = await contextOf(deps, message, member, now);
  const reply = await answerChatRoll(ctx, line);
  if (!reply) return 'ignored';
  const shown = await addressed(deps, ctx, 'chat', reply);
  const effects: Effect[] = effectsOf(shown, ctx.guildId, ctx.locale, ctx.channelId);
  if (!shown.view.ephemeral) {
    await message.channel
      .send({ ...toMessage(shown.view, readyPicture(shown.view)), reply: { messageReference: message.id, failIfNotExists: false }, nonce: `c${message.id}`, enforceNonce: true })
      .catch((error: unknown) => deps.log.warn({ err: error, channel: message.channelId }, 'chat roll answer failed'));
    if (shown.aside) effects.unshift({ kind: 'dm', userId: ctx.user.id, view: { ...shown.aside, ephemeral: false }, channelId: ctx.channelId });
    await deliver(deps, ctx, effects);
    return 'answered';
  }
  // Secret: the typed line goes first, then the roller reads the result by DM (or in their inbox).
  const hidden = await hide(deps, message);
  effects.unshift({ kind: 'dm', userId: ctx.user.id, view: privateAnswer(shown.view, ctx.channelId, ctx.t, line), channelId: ctx.channelId });
  if (hidden !== 'hidden') effects.push(await tellGm(deps, ctx, hidden));
  await deliver(deps, ctx, effects);
  return 'secret';
}

async function contextOf(deps: ChatDeps, message: Message<true>, member: GuildMember | null, now: () => Date): Promise<CommandContext> {
  const table = await resolveTable(deps.store, { channelId: message.channelId, guildId: message.guildId, discordLocale: message.guild.preferredLocale }, 'en', now());
  // A message carries no locale: the author's own as remembered from their interactions, else the table's.
  const known = (await deps.store.statement((tx) => userLocales(tx, [message.author.id]))).get(message.author.id);
  const locale = known ? asLocale(known) : table.locale;
  const channel = message.channel;
  return {
    user: { id: message.author.id, name: member?.displayName ?? message.author.globalName ?? message.author.username },
    guildId: message.guildId,
    channelId: message.channelId,
    ...('name' in channel && channel.name ? { channelName: channel.name } : {}),
    locale,
    t: translator(locale),
    table,
    canManageChannel: member?.permissionsIn(channel).has(PermissionFlagsBits.ManageChannels) ?? false,
    isGuildOwner: message.guild.ownerId === message.author.id,
    store: deps.store,
    rng: deps.rng,
    now,
    ...(deps.cards ? { cards: deps.cards } : {}),
  };
}

/** Deletes the typed secret roll: 'permission' when the bot lacks Manage Messages, 'failed' otherwise. */
async function hide(deps: ChatDeps, message: Message<true>): Promise<'hidden' | 'permission' | 'failed'> {
  try {
    await message.delete();
    return 'hidden';
  } catch (error) {
    if (error instanceof DiscordAPIError) {
      if (error.code === RESTJSONErrorCodes.UnknownMessage) return 'hidden'; // its author was quicker
      if (error.code === RESTJSONErrorCodes.MissingPermissions || error.code === RESTJSONErrorCodes.MissingAccess) return 'permission';
    }
    deps.log.warn({ err: error, channel: message.channelId }, 'could not delete a typed secret roll');
    return 'failed';
  }
}

/** The GM learns by DM that a secret roll stayed in sight; without a GM, the table is told. */
async function tellGm(deps: ChatDeps, ctx: CommandContext, why: 'permission' | 'failed'): Promise<Effect> {
  const { gm, table } = await deps.store.transaction(async (tx) => ({ gm: await channelGm(tx, ctx.channelId), table: await tableOf(tx, ctx.channelId, ctx.guildId, ctx.table.locale) }));
  if (gm) return { kind: 'dm', userId: gm.userId, view: cannotHideView(asLocale(gm.locale), ctx.user.id, ctx.channelId, why), channelId: ctx.channelId };
  return { kind: 'post', channelId: ctx.channelId, view: cannotHideView(table.locale, ctx.user.id, ctx.channelId, why) };
}

/** Saved to the outbox and delivered now, as a command's effects are; a DM that cannot go waits in its reader's inbox. */
async function deliver(deps: ChatDeps, ctx: CommandContext, effects: Effect[]): Promise<void> {
  if (effects.length === 0) return;
  const outbox: OutboxDeps = { client: deps.client, store: deps.store, log: deps.log, rng: deps.rng, now: ctx.now, ...(deps.outboxLeaseMs ? { leaseMs: deps.outboxLeaseMs } : {}) };
  const saved = await deps.store.transaction((tx) => saveEffects(tx, effects, ctx.guildId, ctx.now(), deps.outboxLeaseMs));
  const ended = [];
  for (const { id, nonce, effect } of saved) ended.push({ id, effect, attempts: 1, guildId: ctx.guildId, result: await sendEffect(outbox, effect, nonce) });
  const nudges = await settle(outbox, ended).catch((error: unknown) => {
    deps.log.error({ err: error }, 'could not note the deliveries');
    return 0;
  });
  if (nudges > 0) await sweep(outbox).catch((error: unknown) => deps.log.warn({ err: error }, 'could not post the inbox nudges'));
  for (const { effect, result } of ended) if (!result.ok) deps.log.warn({ err: result.error, kind: effect.kind }, 'chat roll delivery failed');
}
