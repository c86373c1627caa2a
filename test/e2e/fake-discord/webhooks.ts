// Channel webhooks, as strict as Discord (issue 30 §3: posting as a character): create, list, read and
// delete need Manage Webhooks in the channel (403 / 50013 without); a channel holds at most 15
// (400 / 30007); a name is 1–80 characters and may not contain "clyde" or "discord" (50035). Execute
// needs only the webhook's token: username (same rules), avatar_url (an http(s) URL, ≤ 2048),
// content ≤ 2000 and the other message limits, allowed_mentions; `wait=true` returns the message, else
// 204. Its messages are edited and deleted through the same token, and only its own. A deleted
// webhook answers 10015 Unknown Webhook to everything; a wrong token 401 / 50027. (WEBHOOKS_UPDATE
// is not dispatched: Discord sends it only to sessions with the Guild Webhooks intent, which the bot does not ask for.)
/* eslint-disable @typescript-eslint/no-explicit-any */
import { randomBytes } from 'node:crypto';
import { FormErrors, chars } from './form-errors.js';
import { snowflake } from './snowflake.js';
import type { ChannelRecord, WebhookRecord } from './state.js';
import type { RecordedMessage } from './types.js';
import { discordError, validateMessageBody, type RestContext, type RestResult } from './rest-routes.js';

const MANAGE_WEBHOOKS = 1n << 29n;
/** Discord: "Maximum number of webhooks reached (15)". */
export const WEBHOOKS_PER_CHANNEL = 15;
const NAME_MAX = 80;
const FORBIDDEN_IN_NAMES = ['clyde', 'discord'];

const unknownWebhook = (): RestResult => discordError(404, 10015, 'Unknown Webhook');
const missingPermissions = (): RestResult => discordError(403, 50013, 'Missing Permissions');

/** Problems of a webhook name or an execute's `username` (Discord's naming rules for webhooks). */
function nameErrors(errors: FormErrors, path: string, value: unknown, required: boolean): void {
  if (value === undefined || value === null) {
    if (required) errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  if (typeof value !== 'string' || chars(value) < 1 || chars(value) > NAME_MAX || value.trim() === '') {
    errors.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${NAME_MAX} in length.`);
    return;
  }
  const lower = value.toLowerCase();
  for (const word of FORBIDDEN_IN_NAMES) if (lower.includes(word)) errors.add(path, 'USERNAME_INVALID_CONTAINS', `Username cannot contain "${word}"`);
}

function invalid(errors: FormErrors): RestResult | null {
  return errors.empty ? null : discordError(400, 50035, 'Invalid Form Body', errors.tree);
}

function channelOf(ctx: RestContext): ChannelRecord | RestResult {
  return ctx.store.channels.get(ctx.params['channelId'] ?? '') ?? discordError(404, 10003, 'Unknown Channel');
}

const isResult = (x: unknown): x is RestResult => typeof x === 'object' && x !== null && 'status' in x && typeof (x as RestResult).status === 'number';

/** The bot may manage webhooks in this guild channel (DMs have none). */
function mayManage(ctx: RestContext, channel: ChannelRecord): RestResult | null {
  if (channel.type === 1 || !channel.guildId) return discordError(403, 50003, 'Cannot execute action on a DM channel');
  return (ctx.store.botPermissionsIn(channel.id) & MANAGE_WEBHOOKS) === 0n ? missingPermissions() : null;
}

/** A webhook object as Discord returns it; `withToken` for its creator and for incoming webhooks listed with Manage Webhooks. */
export function webhookApi(ctx: RestContext, hook: WebhookRecord, withUser = true): any {
  const user = ctx.store.users.get(hook.userId);
  return {
    id: hook.id,
    type: 1,
    guild_id: hook.guildId,
    channel_id: hook.channelId,
    name: hook.name,
    avatar: null,
    token: hook.token,
    application_id: hook.applicationId,
    ...(withUser && user ? { user: ctx.store.userApi(user) } : {}),
  };
}

const liveHooksIn = (ctx: RestContext, channelId: string): WebhookRecord[] => [...ctx.store.webhooks.values()].filter((h) => h.channelId === channelId && !h.deleted);

export function createWebhook(ctx: RestContext): RestResult {
  const channel = channelOf(ctx);
  if (isResult(channel)) return channel;
  const refused = mayManage(ctx, channel);
  if (refused) return refused;
  const errors = new FormErrors();
  nameErrors(errors, 'name', ctx.body?.name, true);
  const bad = invalid(errors);
  if (bad) return bad;
  if (liveHooksIn(ctx, channel.id).length >= WEBHOOKS_PER_CHANNEL) return discordError(400, 30007, `Maximum number of webhooks reached (${WEBHOOKS_PER_CHANNEL})`);
  const hook: WebhookRecord = {
    id: snowflake(),
    token: randomBytes(34).toString('base64url'),
    guildId: channel.guildId!,
    channelId: channel.id,
    name: String(ctx.body.name),
    applicationId: ctx.store.applicationId,
    userId: ctx.store.botUser.id,
    deleted: false,
  };
  ctx.store.webhooks.set(hook.id, hook);
  return { status: 200, body: webhookApi(ctx, hook) };
}

export function listWebhooks(ctx: RestContext): RestResult {
  const channel = channelOf(ctx);
  if (isResult(channel)) return channel;
  const refused = mayManage(ctx, channel);
  if (refused) return refused;
  return { status: 200, body: liveHooksIn(ctx, channel.id).map((h) => webhookApi(ctx, h)) };
}

/** GET / DELETE /webhooks/:webhookId with the bot's token: Manage Webhooks in the webhook's channel. */
export function webhookById(action: 'get' | 'delete') {
  return (ctx: RestContext): RestResult => {
    const hook = ctx.store.webhooks.get(ctx.params['webhookId'] ?? '');
    if (!hook || hook.deleted) return unknownWebhook();
    const channel = ctx.store.channels.get(hook.channelId);
    if (!channel) return unknownWebhook();
    const refused = mayManage(ctx, channel);
    if (refused) return refused;
    if (action === 'get') return { status: 200, body: webhookApi(ctx, hook) };
    return removeWebhook(ctx, hook);
  };
}

function removeWebhook(ctx: RestContext, hook: WebhookRecord): RestResult {
  hook.deleted = true;
  return { status: 204 };
}

/** The channel webhook named by `:appId` in a `/webhooks/:appId/:token…` path, if it is one (else an interaction's). */
export function channelWebhookOf(ctx: RestContext): WebhookRecord | undefined {
  return ctx.store.webhooks.get(ctx.params['appId'] ?? '');
}

/** The webhook behind `/webhooks/:id/:token`, or why not: gone (10015) or a wrong token (50027). */
function byToken(ctx: RestContext, hook: WebhookRecord): WebhookRecord | RestResult {
  if (hook.deleted) return unknownWebhook();
  if (hook.token !== ctx.params['token']) return discordError(401, 50027, 'Invalid Webhook Token');
  return hook;
}

export function webhookWithToken(action: 'get' | 'delete') {
  return (ctx: RestContext): RestResult => {
    const found = channelWebhookOf(ctx);
    if (!found) return unknownWebhook();
    const hook = byToken(ctx, found);
    if (isResult(hook)) return hook;
    return action === 'get' ? { status: 200, body: webhookApi(ctx, hook, false) } : removeWebhook(ctx, hook);
  };
}

/** POST /webhooks/:id/:token — execute. */
export function executeWebhook(ctx: RestContext, found: WebhookRecord): RestResult {
  const hook = byToken(ctx, found);
  if (isResult(hook)) return hook;
  if (ctx.query.get('thread_id')) return discordError(400, 220001, 'Webhooks can only post in threads of their own channel'); // no threads in the fake
  const errors = new FormErrors();
  nameErrors(errors, 'username', ctx.body?.username, false);
  const avatar = ctx.body?.avatar_url;
  if (avatar !== undefined && avatar !== null && !wellFormedUrl(avatar)) errors.add('avatar_url', 'URL_TYPE_INVALID_URL', 'Not a well formed URL.');
  const bad = invalid(errors);
  if (bad) return bad;
  const refusedBody = validateMessageBody(ctx.body, ctx.files, true);
  if (refusedBody) return refusedBody;
  const rec = ctx.store.createMessage({ channelId: hook.channelId, source: 'webhook', body: ctx.body, files: ctx.files, exchange: null, webhookId: hook.id });
  return ctx.query.get('wait') === 'true' ? { status: 200, body: ctx.store.messageApi(rec) } : { status: 204 };
}

function wellFormedUrl(value: unknown): boolean {
  if (typeof value !== 'string' || chars(value) > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** GET / PATCH / DELETE /webhooks/:id/:token/messages/:messageId of a channel webhook: its own messages only. */
export function channelWebhookMessage(ctx: RestContext, found: WebhookRecord, action: 'get' | 'patch' | 'delete'): RestResult {
  const hook = byToken(ctx, found);
  if (isResult(hook)) return hook;
  const rec: RecordedMessage | undefined = ctx.store.messages.get(ctx.params['messageId'] ?? '');
  if (!rec || rec.deleted || rec.webhookId !== hook.id) return discordError(404, 10008, 'Unknown Message');
  if (action === 'get') return { status: 200, body: ctx.store.messageApi(rec) };
  if (action === 'delete') {
    ctx.store.deleteMessage(rec);
    return { status: 204 };
  }
  const body = ctx.body && typeof ctx.body === 'object' && ctx.body.flags === undefined ? { ...ctx.body, flags: rec.flags } : ctx.body;
  const refused = validateMessageBody(body, ctx.files, false);
  if (refused) return refused;
  ctx.store.editMessage(rec, ctx.body, ctx.files);
  return { status: 200, body: ctx.store.messageApi(rec) };
}
