// Interaction → command → reply (+ DM copies, channel posts). The reply always goes first: Discord
// gives us three seconds to answer; DMs follow, and a failed DM is reported to the invoker.
import {
  MessageFlags,
  PermissionFlagsBits,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Client,
  type Interaction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Logger } from 'pino';
import type { CommandGate } from '../services/gate.js';
import { errorReply, rememberUser, runHandler } from '../services/run.js';
import type { CommandContext, CommandModule } from '../services/types.js';
import type { RandomSource } from '../core/random.js';
import { toLocale, translator } from '../i18n/index.js';
import type { Store, TransactionOptions, Tx } from '../store/db.js';
import { isRetryable } from '../store/retryable.js';
import type { CardLookup } from '../scryfall/client.js';
import { forAudience, languageViolation, viewHoldsOwned, type Audience, type AudienceViolation } from '../views/audience.js';
import { channelGm } from '../store/gms.js';
import { setStrictSecrets } from '../views/owned.js';
import { text, type Reply, type View } from '../views/view.js';
import { resolveTable } from '../services/table.js';
import { PIN_PERMISSIONS, POST_PERMISSIONS, whyFailed } from './failure.js';
import { INVITE_PERMISSIONS } from './invite.js';
import { effectsOf, saveEffects, sendEffect, settle, sweep, type Effect, type OutboxDeps, type Saved } from './outbox.js';
import { autocompleteOptions, discordOptions } from './options.js';
import { AckDeadline } from './ack-deadline.js';
import { ChannelTurns } from './channel-turns.js';
import { channelHistory } from './history.js';
import { speakFor } from './speech.js';
import { pictureOf, pictureToFollow, readyPicture, toInteractionReply, toModal, toPictureEdit, toUpdate } from './render.js';

export interface DispatchDeps {
  client: Client;
  commands: (name: string) => CommandModule | undefined;
  store: Store;
  rng: RandomSource;
  gate: CommandGate;
  log: Logger;
  now?: () => Date;
  cards?: CardLookup;
  /**
   * A view meant for the table but written in another language (its builder forgot forTable): logged;
   * when strict (the tests), it is sent as an error instead, so the test that reached it fails.
   */
  strictAudience?: boolean;
  onAudienceViolation?: (violation: AudienceViolation & { command: string }) => void;
  /** How long this process holds the effects it saved before another may deliver them (src/discord/outbox.ts). */
  outboxLeaseMs?: number;
  /** Board edits of one message within this long become one (src/discord/board.ts). */
  boardWindowMs?: number;
  /** false: this process holds every shard, and no other changes its boards (src/discord/board.ts). */
  boardsShared?: boolean;
  /** Whether the gateway session reads message content (rolls typed in chat, src/discord/chat.ts). */
  messageContent?: () => boolean;
}

/** Each dispatcher's channel turns (./channel-turns.ts). */
const turnsOf = new WeakMap<DispatchDeps, ChannelTurns>();

type Answerable = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction;

export function createDispatcher(deps: DispatchDeps) {
  // strict (the tests): an owned value printed as plain text throws instead of printing '?'
  if (deps.strictAudience) setStrictSecrets(true);
  const ackDeadline = new AckDeadline();
  turnsOf.set(deps, new ChannelTurns());
  return async (interaction: Interaction): Promise<void> => {
    if (interaction.isAutocomplete()) return autocomplete(deps, interaction);
    if (!interaction.isChatInputCommand() && !interaction.isButton() && !interaction.isStringSelectMenu() && !interaction.isModalSubmit()) return;
    const name = interaction.isChatInputCommand() ? interaction.commandName : interaction.customId.split(':')[0]!;
    const module = deps.commands(name);
    if (!module) {
      // A button or form of no command of ours: forged, or left by a version that had it.
      if (!interaction.isChatInputCommand()) await refuse(deps, interaction, 'error.staleButton', 'could not answer an unknown component');
      return;
    }
    const done = await deps.gate.run(() => handle(deps, module, interaction, ackDeadline.delayFor(interaction.createdTimestamp)));
    if (done === undefined) await refuse(deps, interaction, 'error.shuttingDown', 'could not refuse during shutdown');
  };
}

/** A refusal before any handler ran, in the user's language; a failure to send it is only logged. */
async function refuse(deps: DispatchDeps, interaction: Answerable, key: string, warning: string): Promise<void> {
  await interaction.reply(toInteractionReply(errorReply(toLocale(interaction.locale), key).view)).catch((error: unknown) => deps.log.warn({ err: error }, warning));
}

async function contextOf(deps: DispatchDeps, interaction: Interaction): Promise<CommandContext> {
  const locale = toLocale(interaction.locale);
  const channelId = interaction.channelId ?? `dm:${interaction.user.id}`;
  const now = deps.now ?? (() => new Date());
  const table = await resolveTable(deps.store, { channelId, guildId: interaction.guildId, discordLocale: interaction.guildLocale }, locale, now());
  return {
    user: { id: interaction.user.id, name: displayName(interaction) },
    guildId: interaction.guildId,
    channelId,
    ...(interaction.channel && 'name' in interaction.channel && interaction.channel.name ? { channelName: interaction.channel.name } : {}),
    locale,
    t: translator(locale),
    table,
    canManageChannel: interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
    isGuildOwner: (await ownerOf(deps, interaction)) === interaction.user.id,
    store: deps.store,
    rng: deps.rng,
    now,
    ...(deps.cards ? { cards: deps.cards } : {}),
    // Discord sends the bot's permissions in this channel with every interaction (app_permissions): /setup names what is missing.
    ...(interaction.appPermissions ? { permissionsMissing: INVITE_PERMISSIONS.filter((p) => !interaction.appPermissions!.has(PermissionFlagsBits[p])) } : {}),
    ...(deps.messageContent
      ? { bot: { messageContent: deps.messageContent(), manageMessages: interaction.appPermissions?.has(PermissionFlagsBits.ManageMessages) ?? null } }
      : {}),
    // the players' own words (a session log): readable only with the Message Content intent
    ...(deps.messageContent?.() ? { history: channelHistory(deps.client, interaction.appPermissions?.has(PermissionFlagsBits.ReadMessageHistory) ?? null) } : {}),
  };
}

/** `ackAfter`: how long the command may run before it is acknowledged (./ack-deadline.ts). */
async function handle(deps: DispatchDeps, module: CommandModule, interaction: Answerable, ackAfter: number): Promise<true> {
  let autoDeferred: Promise<unknown> | null = null;
  // Discord fails an interaction not answered within 3 s. A command still running near then (a loaded
  // machine, a cold start, an event read late) is acknowledged first — privately, so that nothing
  // secret can become public — and its answer follows (answer: a public answer is a follow-up).
  const timer = setTimeout(() => {
    if (interaction.deferred || interaction.replied) return;
    autoDeferred = (interaction.isButton() || interaction.isStringSelectMenu() ? interaction.deferUpdate() : interaction.deferReply({ flags: MessageFlags.Ephemeral })).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'could not acknowledge a slow command'),
    );
  }, ackAfter);
  try {
    return await handleInTime(deps, module, interaction, async () => {
      clearTimeout(timer);
      if (autoDeferred) await autoDeferred;
      return autoDeferred !== null;
    });
  } finally {
    clearTimeout(timer);
  }
}

async function handleInTime(deps: DispatchDeps, module: CommandModule, interaction: Answerable, settleDeferral: () => Promise<boolean>): Promise<true> {
  const ctx = await contextOf(deps, interaction);
  const deferAs = interaction.isChatInputCommand()
    ? module.defer?.(interaction.options.getSubcommand(false), 'command', { attachment: (interaction.options.resolved?.attachments?.size ?? 0) > 0 })
    : interaction.isModalSubmit()
      ? module.defer?.(null, 'modal')
      : null;
  if (deferAs) {
    await settleDeferral();
    if (!interaction.deferred) await interaction.deferReply(deferAs === 'ephemeral' ? { flags: MessageFlags.Ephemeral } : {});
  }
  const kind = interaction.isButton() ? 'button' : interaction.isStringSelectMenu() ? 'select' : 'modal';
  const label = interaction.isChatInputCommand() ? module.definition.name : `${module.definition.name}:${kind}`;
  const invoke = (): Reply | Promise<Reply> => {
    if (interaction.isChatInputCommand()) return module.execute(ctx, discordOptions(interaction));
    if (interaction.isButton()) {
      if (!module.component) throw new Error(`${module.definition.name} has no buttons`);
      return module.component(ctx, interaction.customId);
    }
    if (interaction.isStringSelectMenu()) {
      if (!module.component) throw new Error(`${module.definition.name} has no select menus`);
      return module.component(ctx, interaction.customId, [...interaction.values]);
    }
    if (!module.modal) throw new Error(`${module.definition.name} has no forms`);
    const fields: Record<string, string> = {};
    for (const [id, field] of interaction.fields.fields) if ('value' in field && typeof field.value === 'string') fields[id] = field.value;
    return module.modal(ctx, interaction.customId, fields);
  };
  // A button or select menu whose id its command cannot read (an old message, a forged id) is stale
  // to the user; the error is logged by runHandler all the same.
  const component = interaction.isButton() || interaction.isStringSelectMenu();
  // A deferred command may wait on the network (a file, card data): it is not held in one
  // transaction, and neither is a command that declares its effects light (a plain roll).
  const atomic = !deferAs && module.effects !== 'after';
  // one at a time in a channel (./channel-turns.ts); the answer and effects go out after its turn
  const { reply: decided, saved } = atomic ? await turnsOf.get(deps)!.run(ctx.channelId, () => decide(deps, ctx, label, invoke, component, { lock: module.lock })) : await decide(deps, ctx, label, invoke, component, null);
  // Words said as a character go out first, so the answer can tell how (./speech.ts).
  const reply = decided.speech
    ? await speakFor(deps, { guildId: ctx.guildId, userId: ctx.user.id, now: ctx.now, locale: ctx.locale }, decided, interaction.appPermissions ?? null)
    : decided;
  let replied = true;
  const lateAnswer = await settleDeferral();
  let pictureFollows = false;
  try {
    pictureFollows = await answer(interaction, reply, lateAnswer);
  } catch (error) {
    // The command's state is saved and its effects go out all the same; the actor learns the outcome by DM.
    deps.log.error({ err: error, command: label }, 'reply failed');
    replied = false;
  }
  if (replied && reply.aside) {
    await interaction
      .followUp({ ...toInteractionReply({ ...reply.aside, ephemeral: true }), flags: MessageFlags.Ephemeral })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'aside failed'));
  }
  const late = replied ? [] : await saveLateReply(deps, ctx, reply);
  await deliver(deps, interaction, [...saved, ...late]);
  if (replied && pictureFollows) await addPicture(deps, interaction, reply.view);
  return true;
}

/**
 * The reply's picture, drawn in the picture worker after the text went out (the first response never
 * waits for a drawing): the same message edited with it. A failure leaves the text, which says it all.
 */
async function addPicture(deps: DispatchDeps, interaction: Answerable, view: View): Promise<void> {
  const picture = await pictureOf(view);
  if (!picture) return;
  await interaction.editReply(toPictureEdit(view, picture)).catch((error: unknown) => deps.log.warn({ err: error }, 'picture edit failed'));
}

/**
 * Runs the handler, addresses its reply and saves its effects: in one transaction when `atomic` (its
 * options; the handler's own transactions become part of it), so a state change is never saved without
 * what it decided to tell. A serialization failure re-runs the whole of it (PostgreSQL).
 */
async function decide(deps: DispatchDeps, ctx: CommandContext, label: string, invoke: () => Reply | Promise<Reply>, component: boolean, atomic: TransactionOptions | null): Promise<{ reply: Reply; saved: Saved[] }> {
  await rememberUser(ctx, deps.log); // a single upsert, kept out of the command's transaction
  const run = async () => {
    const { reply: ran, outcome } = await runHandler(label, ctx, deps.log, invoke, undefined, { remember: false, ...(atomic ? { rethrow: isRetryable } : {}) });
    return addressed(deps, ctx, label, outcome === 'error' && component ? errorReply(ctx.locale, 'error.staleButton') : ran);
  };
  const save = (tx: Tx, reply: Reply) => saveEffects(tx, effectsOf(reply, ctx.guildId, ctx.locale, ctx.channelId), ctx.guildId, ctx.now(), deps.outboxLeaseMs);
  if (atomic) {
    return deps.store.transaction(async (tx) => {
      const reply = await run();
      return { reply, saved: await save(tx, reply) };
    }, atomic);
  }
  const reply = await run();
  const effects = effectsOf(reply, ctx.guildId, ctx.locale, ctx.channelId);
  // one multi-row INSERT, atomic by itself: on PostgreSQL one round trip instead of BEGIN, it, COMMIT
  return { reply, saved: effects.length ? await deps.store.statement((tx) => save(tx, reply)) : [] };
}

/** A reply Discord did not take: the actor reads the outcome in a DM instead (saved like any effect). */
async function saveLateReply(deps: DispatchDeps, ctx: CommandContext, reply: Reply): Promise<Saved[]> {
  if (reply.modal) return [];
  const t = translator(ctx.locale);
  const view: View = { ...reply.view, ephemeral: false, buttons: [], blocks: [text(t('reply.viaDm', { channel: `<#${ctx.channelId}>` })), ...reply.view.blocks] };
  const effects: Effect[] = [{ kind: 'dm', userId: ctx.user.id, view }];
  return deps.store.statement((tx) => saveEffects(tx, effects, ctx.guildId, ctx.now(), deps.outboxLeaseMs)).catch((error: unknown) => {
    deps.log.error({ err: error }, 'could not save the late reply');
    return [];
  });
}

/**
 * `late`: acknowledged by the dispatcher because the command ran past its acknowledgement time
 * (./ack-deadline.ts), not by the command's own defer. Returns whether the view's picture was not drawn yet and is to follow in an
 * edit of the reply (addPicture); a follow-up, already late, waits for its drawing instead.
 */
async function answer(interaction: Answerable, reply: Reply, late: boolean): Promise<boolean> {
  const component = interaction.isButton() || interaction.isStringSelectMenu();
  const ready = readyPicture(reply.view);
  if (late && component && !reply.update) {
    // acknowledged late (deferUpdate): the answer is a new message, private or public as it was meant
    await interaction.followUp(toInteractionReply(reply.view, await pictureOf(reply.view)));
    return false;
  }
  if (late && !reply.view.ephemeral && !component) {
    // Acknowledged privately because it ran late: the public answer goes to the channel, the placeholder
    // goes. Discord takes the first follow-up after a deferral as the deferred message itself, private
    // like it, so the placeholder is settled first and the answer follows as a message of its own.
    await interaction.editReply({ content: translator(toLocale(interaction.locale))('reply.lateInChannel') });
    await interaction.followUp(toInteractionReply(reply.view, await pictureOf(reply.view)));
    await interaction.deleteReply().catch(() => undefined);
    return false;
  }
  if (late && reply.modal && !interaction.isModalSubmit()) {
    // a form cannot follow an acknowledgement
    await interaction.editReply({ content: translator(toLocale(interaction.locale))('error.tooSlowForForm') });
    return false;
  }
  if (interaction.deferred) {
    const { flags: _flags, ...payload } = toInteractionReply(reply.view, ready);
    await interaction.editReply(payload);
  } else if (reply.modal && !interaction.isModalSubmit()) {
    await interaction.showModal(toModal(reply.modal));
    return false;
  } else if (reply.update && (interaction.isButton() || interaction.isStringSelectMenu())) {
    await interaction.update(toUpdate(reply.view, ready));
  } else {
    await interaction.reply(toInteractionReply(reply.view, ready));
  }
  return pictureToFollow(reply.view, ready);
}

/**
 * Each view as its audience may read it: the public reply, posts and board lose private blocks and
 * must be in their table's language; each DM loses what its recipient may not read.
 */
export async function addressed(deps: DispatchDeps, ctx: CommandContext, command: string, reply: Reply): Promise<Reply> {
  const forTable = async (view: View, where: AudienceViolation['where'], channelId: string): Promise<View> => {
    // Read again (from the cache): the command may have changed the table's language itself.
    const table = ctx.guildId ? await resolveTable(deps.store, { channelId, guildId: ctx.guildId }, ctx.locale, ctx.now()) : channelId === ctx.channelId ? ctx.table : null;
    const redacted = forAudience(view, { kind: 'table', locale: table?.locale ?? view.locale });
    const violation = table ? languageViolation(redacted, where, table.locale) : null;
    if (!violation) return redacted;
    deps.log.error({ ...violation, command }, 'a table view in another language than the table’s');
    deps.onAudienceViolation?.({ ...violation, command });
    if (!deps.strictAudience) return redacted;
    return errorReply(ctx.locale, 'error.text', { text: `audience: ${where} of ${command} in ${violation.got}, the table reads ${violation.expected}` }).view;
  };
  // The actor reads their own ephemeral reply and aside: lines worded for them, as the GM when they are.
  const actor = await actorAudience(deps, ctx, [reply.view, ...(reply.aside ? [reply.aside] : [])]);
  const view = reply.view.ephemeral ? forAudience(reply.view, actor) : await forTable(reply.view, 'reply', ctx.channelId);
  const aside = reply.aside ? forAudience(reply.aside, actor) : undefined;
  const posts = reply.posts ? await Promise.all(reply.posts.map(async (p) => ({ ...p, view: await forTable(p.view, 'post', p.channelId) }))) : undefined;
  // A board with a render() is drawn from the database at send time (src/discord/board.ts redacts it).
  const board = reply.board && !reply.board.render ? { ...reply.board, view: await forTable(reply.board.view, 'board', reply.board.channelId) } : reply.board;
  const dms = reply.dms.map((dm) => ({ ...dm, view: forAudience(dm.view, { kind: 'person', userId: dm.userId, ...(dm.gm ? { isGm: true } : {}) }) }));
  return { ...reply, view, dms, ...(aside ? { aside } : {}), ...(posts ? { posts } : {}), ...(board ? { board } : {}) };
}

/** The actor as an audience; whether they are the channel's GM is read only when a line needs it. */
async function actorAudience(deps: DispatchDeps, ctx: CommandContext, views: View[]): Promise<Audience> {
  const needsGm = views.some(viewHoldsOwned);
  const gm = needsGm ? await deps.store.transaction(async (tx) => (await channelGm(tx, ctx.channelId))?.userId) : undefined;
  return { kind: 'actor', userId: ctx.user.id, ...(gm === ctx.user.id ? { isGm: true } : {}) };
}

/**
 * The saved effects, in order (DMs, the board, posts), after the commit. Each row is settled:
 * delivered rows go, a transient failure is left for the sweeper to try again, a final one is kept
 * with its cause; the actor is told, ephemerally, what failed and why.
 */
async function deliver(deps: DispatchDeps, interaction: Answerable, saved: Saved[]): Promise<void> {
  const t = translator(toLocale(interaction.locale));
  // The bot's permissions as Discord reports them for this interaction's channel (app_permissions).
  const here = (channelId: string) => (channelId === interaction.channelId ? interaction.appPermissions : null);
  const outbox = outboxDeps(deps);
  const ended = await sendTogether(saved, async ({ id, nonce, effect }) => ({ id, effect, attempts: 1, guildId: interaction.guildId, result: await sendEffect(outbox, effect, nonce) }));
  const nudges = await settle(outbox, ended).catch((error: unknown) => {
    deps.log.error({ err: error }, 'could not note the deliveries');
    return 0;
  });
  // the nudges for undeliverable DMs go out now, not at the next sweep
  if (nudges > 0) await sweep(outbox).catch((error: unknown) => deps.log.warn({ err: error }, 'could not post the inbox nudges'));
  for (const { id, effect, result } of ended) {
    if (result.ok) {
      if (effect.kind === 'board' && result.outcome?.pinError !== undefined) {
        await notice(deps, interaction, t('pin.failed', { channel: `<#${effect.ref.channelId}>`, why: whyFailed(t, result.outcome.pinError, here(effect.ref.channelId), PIN_PERMISSIONS) }));
      }
      continue;
    }
    deps.log.warn({ err: result.error, kind: effect.kind, outbox: id }, 'delivery failed');
    const later = result.final ? '' : ` ${t('delivery.willRetry')}`;
    if (effect.kind === 'dm') await notice(deps, interaction, t(result.final ? 'dm.failed' : 'dm.retrying', { user: `<@${effect.userId}>`, why: whyFailed(t, result.error, null, []) }));
    else if (effect.kind === 'board') await notice(deps, interaction, t('board.failed', { channel: `<#${effect.ref.channelId}>`, why: whyFailed(t, result.error, here(effect.ref.channelId), POST_PERMISSIONS) }) + later);
    else await notice(deps, interaction, t('post.failed', { channel: `<#${effect.channelId}>`, why: whyFailed(t, result.error, here(effect.channelId), POST_PERMISSIONS) }) + later);
  }
}

/**
 * Sends each reader's or channel's effects in their order, and different readers' and channels' at
 * once (issue 32 §1): a war advance's DMs to seven factions waited each for the one before it to come
 * back, and the last faction read its DM seconds after the first. Results in the saved order.
 */
export async function sendTogether<T>(saved: Saved[], send: (one: Saved) => Promise<T>): Promise<T[]> {
  const lines = new Map<string, Saved[]>();
  for (const one of saved) {
    const e = one.effect;
    const key = e.kind === 'dm' ? `dm:${e.userId}` : `channel:${e.kind === 'post' ? e.channelId : e.ref.channelId}`;
    (lines.get(key) ?? lines.set(key, []).get(key)!).push(one);
  }
  const results = new Map<Saved, T>();
  await Promise.all(
    [...lines.values()].map(async (line) => {
      for (const one of line) results.set(one, await send(one));
    }),
  );
  return saved.map((one) => results.get(one)!);
}

function outboxDeps(deps: DispatchDeps): OutboxDeps {
  return {
    client: deps.client,
    store: deps.store,
    log: deps.log,
    rng: deps.rng,
    now: deps.now ?? (() => new Date()),
    ...(deps.outboxLeaseMs ? { leaseMs: deps.outboxLeaseMs } : {}),
    ...(deps.boardWindowMs !== undefined ? { boardWindowMs: deps.boardWindowMs } : {}),
    ...(deps.boardsShared !== undefined ? { boardsShared: deps.boardsShared } : {}),
  };
}

async function notice(deps: DispatchDeps, interaction: Answerable, content: string): Promise<void> {
  await interaction
    .followUp({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'failure notice failed'));
}

async function autocomplete(deps: DispatchDeps, interaction: AutocompleteInteraction): Promise<void> {
  const module = deps.commands(interaction.commandName);
  const focused = interaction.options.getFocused(true);
  let choices: { name: string; value: string }[] = [];
  try {
    choices = (await module?.autocomplete?.(await contextOf(deps, interaction), { name: focused.name, value: String(focused.value) }, autocompleteOptions(interaction))) ?? [];
  } catch (error) {
    deps.log.warn({ err: error, command: interaction.commandName }, 'autocomplete failed');
  }
  await interaction
    .respond(choices.slice(0, 25).map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) })))
    .catch((error: unknown) => deps.log.warn({ err: error }, 'autocomplete respond failed'));
}

/**
 * The server's owner: from the cache, or, for a server this process has no cache of (unavailable at
 * start, another process's shard), from Discord once (guilds.fetch keeps it in the cache after).
 */
async function ownerOf(deps: DispatchDeps, interaction: Interaction): Promise<string | null> {
  if (!interaction.guildId) return null;
  if (interaction.guild) return interaction.guild.ownerId;
  try {
    return (await deps.client.guilds.fetch(interaction.guildId)).ownerId;
  } catch (error) {
    deps.log.warn({ err: error, guild: interaction.guildId }, 'could not read the server owner');
    return null;
  }
}

function displayName(interaction: Interaction): string {
  const member = interaction.member;
  if (member && 'displayName' in member) return member.displayName;
  if (member && 'nick' in member && member.nick) return member.nick;
  return interaction.user.globalName ?? interaction.user.username;
}
