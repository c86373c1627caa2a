// Speaking as a character (issue 30 §3), the Discord side: one webhook per channel (found among the
// channel's webhooks, created on first use, created anew when someone deleted it: 10015), through
// which a post carries the character's name and face; without Manage Webhooks the bot posts its own
// embed instead and says why. Each post, edit and delete is recorded after Discord took it (the
// event needs the message id: src/services/speech.ts).
//
// Faces. Discord's webhook execute takes only `avatar_url`, fetched by Discord, and its attachment
// links are signed and expire after about a day. A face given as an https link is passed as it is.
// A face attached by its player has its bytes kept in the store; the bot posts them once in a
// channel it controls — its DM with the character's owner, where nobody else can delete the
// message (the current channel when those DMs are closed) — and before each use reads that message
// again when its link is within an hour of expiring: a message read over REST comes with freshly
// signed links. We read the message rather than calling POST /attachments/refresh-urls because a
// deleted message then says so (10008) and the bytes are posted anew, and because the message read
// is part of Discord's published API description, which refresh-urls is not.
import { DiscordAPIError, EmbedBuilder, PermissionFlagsBits, RESTJSONErrorCodes, Routes, type Client, type Message, type PermissionsBitField, type Webhook } from 'discord.js';
import type { Logger } from 'pino';
import { asLocale, t, translator, type Locale } from '../i18n/index.js';
import { NAMELESS } from '../core/fate/sheet/id.js';
import type { Store } from '../store/db.js';
import { getFace, setFaceHost, type StoredFace } from '../store/faces.js';
import { userLocales } from '../store/locales.js';
import { recordDelete, recordEdit, recordPost } from '../services/speech.js';
import { text, type CharacterPost, type FaceRef, type Reply, type Speech, type View } from '../views/view.js';
import { sendableChannel } from './channels.js';
import { POST_PERMISSIONS, SPEECH_PERMISSIONS, whyFailed } from './failure.js';
import { toMessage } from './render.js';

export interface SpeechDeps {
  client: Client;
  store: Store;
  log: Logger;
}

/** Who speaks, where: the event's actor and server; `now` for the face link's freshness. */
export interface SpeechContext {
  guildId: string | null;
  userId: string;
  now: () => Date;
}

/** Why the bot posted a character's words itself: no Manage Webhooks, or the channel's 15 webhooks taken. */
export type BotReason = 'permission' | 'full';

export type SpeechOutcome =
  | { ok: true; messageId: string; via: 'webhook' }
  | { ok: true; messageId: string; via: 'bot'; why?: BotReason }
  /** The post to edit or delete is gone, or so is the webhook that posted it. */
  | { ok: false; why: 'gone' }
  | { ok: false; why: 'failed'; error: unknown };

/** Our webhook's name in each channel (Discord refuses names with "discord" or "clyde"). */
const HOOK_NAME = 'Grail War characters';
/** A hosted face link is read anew when it expires within this long. */
const FRESH_FOR_MS = 60 * 60_000;
const MAX_CACHED_HOOKS = 5_000;
/** Each client's webhooks by channel (a process that starts anew, or another one, finds them in the channel's list). */
const hooksOf = new WeakMap<Client, Map<string, Webhook>>();
function cacheOf(client: Client): Map<string, Webhook> {
  let cache = hooksOf.get(client);
  if (!cache) hooksOf.set(client, (cache = new Map()));
  return cache;
}

/** Posts, edits or deletes; never throws. `manageWebhooks`: what Discord says the bot may do here (null: unknown). */
export async function deliverSpeech(deps: SpeechDeps, ctx: SpeechContext, speech: Speech, manageWebhooks: boolean | null): Promise<SpeechOutcome> {
  try {
    if (speech.kind === 'post') return await post(deps, ctx, speech, manageWebhooks);
    if (speech.kind === 'edit') return await edit(deps, ctx, speech);
    return await remove(deps, ctx, speech.post);
  } catch (error) {
    deps.log.warn({ err: error, kind: speech.kind }, 'character post failed');
    return { ok: false, why: 'failed', error };
  }
}

async function post(deps: SpeechDeps, ctx: SpeechContext, speech: Extract<Speech, { kind: 'post' }>, manageWebhooks: boolean | null): Promise<SpeechOutcome> {
  const record = async (messageId: string, avatarUrl: string | null, webhookId: string | null) => {
    const saved: CharacterPost = { messageId, channelId: speech.channelId, characterId: speech.characterId, name: speech.name, avatarUrl, text: speech.text, webhookId };
    await deps.store.transaction((tx) => recordPost(tx, { guildId: ctx.guildId, actorId: ctx.userId, at: ctx.now() }, saved));
  };
  const asBot = async (why: BotReason): Promise<SpeechOutcome> => {
    const channel = await sendableChannel(deps.client, speech.channelId);
    if (!channel) throw new Error('channel not sendable');
    // the footer says who spoke and why the bot posts it (the table's language, like the embed)
    const footer = t(speech.fallback.locale, why === 'full' ? 'say.fallbackFooterFull' : 'say.fallbackFooter', { user: speech.by });
    const sent = await channel.send({ ...toMessage({ ...speech.fallback, footer }, null), allowedMentions: { parse: ['users'] } });
    await record(sent.id, null, null);
    return { ok: true, messageId: sent.id, via: 'bot', why };
  };
  if (manageWebhooks === false) return await asBot('permission');
  let hook: Hooked;
  try {
    hook = await channelHook(deps.client, speech.channelId);
  } catch (error) {
    if (deniedWebhooks(error)) return await asBot('permission');
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.MaximumNumberOfWebhooksReached) return await asBot('full');
    throw error;
  }
  const avatarUrl = await faceUrl(deps, ctx, speech.face, speech.channelId, speech.fallback.locale).catch((error: unknown) => {
    deps.log.warn({ err: error, character: speech.characterId }, 'face not reachable: posting without it');
    return null;
  });
  const send = (h: Hooked) =>
    h.hook.send({ content: speech.text, username: webhookName(speech.name), ...(avatarUrl ? { avatarURL: avatarUrl } : {}), allowedMentions: { parse: ['users'] }, ...(h.threadId ? { threadId: h.threadId } : {}) });
  let sent: Message;
  try {
    sent = await send(hook);
  } catch (error) {
    if (!(error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownWebhook)) throw error;
    // someone deleted the channel's webhook: a new one
    cacheOf(deps.client).delete(hook.hook.channelId); // cached by the channel that holds it (a thread's parent)
    hook = await channelHook(deps.client, speech.channelId);
    sent = await send(hook);
  }
  await record(sent.id, avatarUrl, hook.hook.id);
  return { ok: true, messageId: sent.id, via: 'webhook' };
}

async function edit(deps: SpeechDeps, ctx: SpeechContext, speech: Extract<Speech, { kind: 'edit' }>): Promise<SpeechOutcome> {
  const { post: was } = speech;
  try {
    if (was.webhookId) {
      const hook = await hookById(deps.client, was.channelId, was.webhookId);
      if (!hook) return { ok: false, why: 'gone' };
      await hook.hook.editMessage(was.messageId, { content: speech.text, allowedMentions: { parse: ['users'] }, ...(hook.threadId ? { threadId: hook.threadId } : {}) });
    } else {
      // the bot's own embed: the words change, its name and footer stay
      const channel = await sendableChannel(deps.client, was.channelId);
      if (!channel) return { ok: false, why: 'gone' };
      const message = await channel.messages.fetch({ message: was.messageId, force: true });
      const [embed] = message.embeds;
      await channel.messages.edit(was.messageId, { embeds: embed ? [EmbedBuilder.from(embed).setDescription(speech.text)] : [] });
    }
  } catch (error) {
    if (gone(error)) return { ok: false, why: 'gone' };
    throw error;
  }
  await deps.store.transaction((tx) => recordEdit(tx, { guildId: ctx.guildId, actorId: ctx.userId, at: ctx.now() }, was, speech.text));
  return was.webhookId ? { ok: true, messageId: was.messageId, via: 'webhook' } : { ok: true, messageId: was.messageId, via: 'bot' };
}

async function remove(deps: SpeechDeps, ctx: SpeechContext, was: CharacterPost): Promise<SpeechOutcome> {
  try {
    if (was.webhookId) {
      const hook = await hookById(deps.client, was.channelId, was.webhookId);
      if (!hook) return { ok: false, why: 'gone' };
      await hook.hook.deleteMessage(was.messageId, hook.threadId ?? undefined);
    } else {
      // the bot's own message: no permission needed to delete it
      await deps.client.rest.delete(Routes.channelMessage(was.channelId, was.messageId));
    }
  } catch (error) {
    // already deleted (by a moderator): the record says so too
    if (!(error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage)) {
      if (gone(error)) return { ok: false, why: 'gone' };
      throw error;
    }
  }
  await deps.store.transaction((tx) => recordDelete(tx, { guildId: ctx.guildId, actorId: ctx.userId, at: ctx.now() }, was));
  return was.webhookId ? { ok: true, messageId: was.messageId, via: 'webhook' } : { ok: true, messageId: was.messageId, via: 'bot' };
}

// ---- the channel's webhook ---------------------------------------------------------

interface Hooked {
  hook: Webhook;
  /** Posting in a thread goes through its parent channel's webhook. */
  threadId: string | null;
}

/** Ours, found in the channel's list, or created; a thread uses its parent's. */
async function channelHook(client: Client, channelId: string): Promise<Hooked> {
  const { parent, threadId } = await hookChannel(client, channelId);
  const hooks = cacheOf(client);
  const cached = hooks.get(parent.id);
  if (cached) return { hook: cached, threadId };
  const listed = await parent.fetchWebhooks();
  const ours = listed.find((h) => h.owner?.id === client.user?.id && h.token !== null) ?? (await parent.createWebhook({ name: HOOK_NAME, reason: 'posts as players’ characters (/say)' }));
  if (hooks.size >= MAX_CACHED_HOOKS) hooks.clear();
  hooks.set(parent.id, ours);
  return { hook: ours, threadId };
}

/** The webhook that made a post, if it still exists (its token is needed to edit its messages). */
async function hookById(client: Client, channelId: string, webhookId: string): Promise<Hooked | null> {
  const { parent, threadId } = await hookChannel(client, channelId);
  const cached = cacheOf(client).get(parent.id);
  if (cached?.id === webhookId) return { hook: cached, threadId };
  const found = (await parent.fetchWebhooks()).get(webhookId);
  return found?.token ? { hook: found, threadId } : null;
}

async function hookChannel(client: Client, channelId: string) {
  const channel = await client.channels.fetch(channelId, { allowUnknownGuild: true });
  if (channel?.isThread()) {
    const parent = channel.parent;
    if (parent && 'fetchWebhooks' in parent) return { parent, threadId: channel.id };
  } else if (channel && 'fetchWebhooks' in channel && 'createWebhook' in channel) {
    return { parent: channel, threadId: null };
  }
  throw new Error(`no webhooks in channel ${channelId}`);
}

/** Discord refused for want of Manage Webhooks (or access). */
function deniedWebhooks(error: unknown): boolean {
  return error instanceof DiscordAPIError && (error.code === RESTJSONErrorCodes.MissingPermissions || error.code === RESTJSONErrorCodes.MissingAccess);
}

function gone(error: unknown): boolean {
  return error instanceof DiscordAPIError && [RESTJSONErrorCodes.UnknownMessage, RESTJSONErrorCodes.UnknownWebhook, RESTJSONErrorCodes.UnknownChannel].includes(error.code as number);
}

/** A character's name as a webhook's username: 1–80 characters, "discord" and "clyde" broken up (Discord refuses them). */
export function webhookName(name: string): string {
  const clipped = Array.from(name.trim()).slice(0, 80).join('') || NAMELESS;
  return clipped.replace(/(d)(iscord)|(c)(lyde)/giu, (_m, a: string | undefined, b: string | undefined, c: string | undefined, d: string | undefined) => `${a ?? c}\u200b${b ?? d}`);
}

// ---- faces -------------------------------------------------------------------------

/** The link to give as the post's avatar: the player's own, or a freshly signed one to the kept bytes. */
async function faceUrl(deps: SpeechDeps, ctx: SpeechContext, face: FaceRef | null, channelId: string, tableLocale: Locale): Promise<string | null> {
  if (!face) return null;
  if (face.kind === 'url') return face.url;
  const stored = await deps.store.statement((tx) => getFace(tx, face.characterId));
  if (!stored || stored.sha256 !== face.sha256) return null;
  const now = ctx.now();
  if (stored.host && expiresAt(stored.host.url) - now.getTime() > FRESH_FOR_MS) return stored.host.url;
  if (stored.host) {
    const fresh = await hostedLink(deps.client, stored.host.channelId, stored.host.messageId);
    if (fresh) {
      await deps.store.transaction((tx) => setFaceHost(tx, face.characterId, face.sha256, { ...stored.host!, url: fresh }, now));
      return fresh;
    }
  }
  return await host(deps, ctx, face, stored, channelId, tableLocale);
}

/** When a signed CDN link stops working (`ex`, hex Unix seconds); a link without one never does. */
function expiresAt(url: string): number {
  try {
    const ex = new URL(url).searchParams.get('ex');
    return ex && /^[0-9a-f]{1,12}$/i.test(ex) ? parseInt(ex, 16) * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return 0;
  }
}

/** The hosting message read again (fresh links), or null when it is gone. */
async function hostedLink(client: Client, channelId: string, messageId: string): Promise<string | null> {
  try {
    const channel = await client.channels.fetch(channelId, { allowUnknownGuild: true });
    if (!channel?.isTextBased()) return null;
    const message = await channel.messages.fetch({ message: messageId, force: true });
    return message.attachments.first()?.url ?? null;
  } catch (error) {
    if (error instanceof DiscordAPIError && [RESTJSONErrorCodes.UnknownMessage, RESTJSONErrorCodes.UnknownChannel, RESTJSONErrorCodes.MissingAccess, RESTJSONErrorCodes.MissingPermissions].includes(error.code as number)) return null;
    throw error;
  }
}

/** Posts the kept bytes where the bot controls the message: the owner's DM, else the channel spoken in. */
async function host(deps: SpeechDeps, ctx: SpeechContext, face: Extract<FaceRef, { kind: 'stored' }>, stored: StoredFace, channelId: string, tableLocale: Locale): Promise<string | null> {
  const file = { attachment: Buffer.from(stored.data, 'base64'), name: `face-${face.characterId}.${stored.type === 'jpeg' ? 'jpg' : stored.type}` };
  const known = (await deps.store.statement((tx) => userLocales(tx, [face.ownerId]))).get(face.ownerId);
  let sent: Message;
  try {
    sent = await deps.client.users.send(face.ownerId, { content: t(known ? asLocale(known) : tableLocale, 'say.face.kept'), files: [file] });
  } catch (error) {
    deps.log.info({ err: error, character: face.characterId }, 'face not hosted in DMs: hosting it in the channel');
    const channel = await sendableChannel(deps.client, channelId);
    if (!channel) return null;
    sent = await channel.send({ content: t(tableLocale, 'say.face.keptHere'), files: [file] });
  }
  const url = sent.attachments.first()?.url ?? null;
  if (url) await deps.store.transaction((tx) => setFaceHost(tx, face.characterId, face.sha256, { channelId: sent.channelId, messageId: sent.id, url }, ctx.now()));
  return url;
}

// ---- interactions --------------------------------------------------------------------

/**
 * A command's speech delivered before its answer, so the answer can say how it went: a post the bot
 * had to make itself (no Manage Webhooks here), a post gone, a failure and its cause. Ephemeral
 * answers say it in place; others (a palette's own message, updated) in an aside.
 */
export async function speakFor(deps: SpeechDeps, ctx: SpeechContext & { locale: Locale }, reply: Reply, permissions: Readonly<PermissionsBitField> | null): Promise<Reply> {
  const speech = reply.speech;
  if (!speech) return reply;
  const here = permissions ? permissions.has(PermissionFlagsBits.ManageWebhooks) : null;
  const outcome = await deliverSpeech(deps, ctx, speech, here);
  const tr = translator(ctx.locale);
  let notice: string | null = null;
  if (outcome.ok && outcome.via === 'bot' && outcome.why) notice = tr(outcome.why === 'full' ? 'say.webhooksFull' : 'say.needsWebhooks', { permission: tr('perm.ManageWebhooks') });
  else if (!outcome.ok && outcome.why === 'gone') notice = tr('say.gone');
  else if (!outcome.ok) notice = tr('say.failed', { why: whyFailed(tr, outcome.why === 'failed' ? outcome.error : null, permissions, [...POST_PERMISSIONS, ...SPEECH_PERMISSIONS]) });
  if (!notice) return reply;
  const tone = outcome.ok ? 'info' : 'error';
  if (reply.view.ephemeral && !reply.update) return { ...reply, view: { ...reply.view, tone, blocks: [text(notice)] } };
  const aside: View = { locale: ctx.locale, tone, blocks: [...(reply.aside?.blocks ?? []), text(notice)], ephemeral: true };
  return { ...reply, aside };
}
