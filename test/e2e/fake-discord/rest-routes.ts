// REST routes of the fake (paths below /api/v10).
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { ChannelRecord, ExchangeState, Store } from './state.js';
import type { RecordedFile, RecordedMessage, RecordedRequest } from './types.js';
import { commandProblems } from './command-limits.js';
import { chars, FormErrors } from './form-errors.js';
import { choiceErrors, messageErrors, modalErrors } from './limits.js';
import { channelWebhookMessage, channelWebhookOf, createWebhook, executeWebhook, listWebhooks, webhookById, webhookWithToken } from './webhooks.js';

export interface RestContext {
  store: Store;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: any;
  files: RecordedFile[];
  rec: RecordedRequest;
  /** Sends a gateway dispatch to connected clients. */
  dispatch: (event: string, data: unknown) => void;
  /** Set by interaction/webhook handlers so the request is attached to that exchange. */
  exchange?: ExchangeState;
}

export interface RestResult {
  status: number;
  body?: unknown;
  /** Marks answers that simulate a failure (closed DMs). */
  injected?: boolean;
}

interface Route {
  method: string;
  template: string;
  regex: RegExp;
  keys: string[];
  auth: boolean;
  handler: (ctx: RestContext) => RestResult;
}

export function discordError(status: number, code: number, message: string, errors?: unknown): RestResult {
  return { status, body: { message, code, ...(errors ? { errors } : {}) } };
}

const MANAGE_MESSAGES = 1n << 13n;
const VIEW_CHANNEL = 1n << 10n;
const READ_MESSAGE_HISTORY = 1n << 16n;

const ok = (body: unknown, status = 200): RestResult => ({ status, body });
const noContent: RestResult = { status: 204 };

const unknownChannel = (): RestResult => discordError(404, 10003, 'Unknown Channel');
const unknownMessage = (): RestResult => discordError(404, 10008, 'Unknown Message');
const unknownWebhook = (): RestResult => discordError(404, 10015, 'Unknown Webhook');
const unknownInteraction = (): RestResult => discordError(404, 10062, 'Unknown interaction');

function fieldError(code: string, message: string): unknown {
  return { _errors: [{ code, message }] };
}

function invalidForm(errors: Record<string, unknown>): RestResult {
  return discordError(400, 50035, 'Invalid Form Body', errors);
}

/** Discord's rejections of a message body (limits.ts), then of an empty new message. `prefix` is 'data' in a callback. */
export function validateMessageBody(body: any, files: RecordedFile[], create: boolean, prefix = ''): RestResult | null {
  const errors = messageErrors(body, prefix);
  if (!errors.empty) return invalidForm(errors.tree);
  const b = body ?? {};
  const empty =
    !chars(b.content) && !(b.embeds?.length > 0) && !(b.components?.length > 0) && !files.length && !b.poll && !(b.sticker_ids?.length > 0);
  if (create && empty) return discordError(400, 50006, 'Cannot send an empty message');
  return null;
}

/** How long Discord remembers a message's nonce for enforce_nonce ("the past few minutes"). */
const NONCE_WINDOW_MS = 5 * 60_000;

// ---- helpers -----------------------------------------------------------

/** An edit that leaves `flags` out keeps the message's own (a Components V2 message stays one). */
function asEdit(body: any, rec: RecordedMessage): any {
  return body && typeof body === 'object' && body.flags === undefined ? { ...body, flags: rec.flags } : body;
}

function channelOf(ctx: RestContext): ChannelRecord | RestResult {
  return ctx.store.channels.get(ctx.params['channelId'] ?? '') ?? unknownChannel();
}

function messageIn(ctx: RestContext, channel: ChannelRecord): RecordedMessage | RestResult {
  const rec = ctx.store.messages.get(ctx.params['messageId'] ?? '');
  if (!rec || rec.deleted || rec.channelId !== channel.id || (rec.flags & 64) !== 0) return unknownMessage();
  return rec;
}

function isResult(x: unknown): x is RestResult {
  return typeof x === 'object' && x !== null && 'status' in x && typeof (x as RestResult).status === 'number';
}

function webhookExchange(ctx: RestContext): ExchangeState | RestResult {
  if (ctx.params['appId'] !== ctx.store.applicationId) return unknownWebhook();
  const ex = ctx.store.exchangesByToken.get(ctx.params['token'] ?? '');
  if (!ex) return unknownWebhook();
  ctx.exchange = ex;
  // An interaction token is valid for 15 minutes; later follow-ups and edits get 401 / 50027.
  if (ctx.store.now() - ex.dispatchedAt > ctx.store.tokenLifetimeMs) return discordError(401, 50027, 'Invalid Webhook Token');
  return ex;
}

function webhookMessage(ex: ExchangeState, messageId: string): RecordedMessage | RestResult {
  if (messageId === '@original') {
    if (!ex.callback || !ex.original || ex.original.deleted) return unknownMessage();
    return ex.original;
  }
  const rec = ex.original?.id === messageId ? ex.original : ex.followUpMessages.find((m) => m.id === messageId);
  return rec && !rec.deleted ? rec : unknownMessage();
}

function pinList(ctx: RestContext, channel: ChannelRecord): RecordedMessage[] {
  return channel.pins.flatMap((id) => {
    const rec = ctx.store.messages.get(id);
    return rec && !rec.deleted ? [rec] : [];
  });
}

function pin(ctx: RestContext, on: boolean): RestResult {
  const channel = channelOf(ctx);
  if (isResult(channel)) return channel;
  const rec = messageIn(ctx, channel);
  if (isResult(rec)) return rec;
  if (on && !rec.pinned) {
    if (channel.pins.length >= 250) return discordError(400, 30003, 'Maximum number of pins reached (250)');
    channel.pins.unshift(rec.id);
  }
  if (!on) channel.pins = channel.pins.filter((id) => id !== rec.id);
  rec.pinned = on;
  return noContent;
}

function commandErrors(bodies: any[]): RestResult | null {
  const errors: Record<string, unknown> = {};
  bodies.forEach((body, i) => {
    const problems = commandProblems(body);
    if (problems.length) errors[String(i)] = { _errors: problems.map((message) => ({ code: 'APPLICATION_COMMAND_INVALID', message })) };
  });
  return Object.keys(errors).length ? invalidForm(errors) : null;
}

function commandsRoute(scopeParam: 'global' | 'guild', action: 'get' | 'put' | 'post' | 'delete') {
  return (ctx: RestContext): RestResult => {
    if (ctx.params['appId'] !== ctx.store.applicationId) return discordError(404, 10002, 'Unknown Application');
    const scope = scopeParam === 'global' ? 'global' : (ctx.params['guildId'] ?? '');
    const current = ctx.store.commands.get(scope) ?? { bodies: [], withIds: [] };
    switch (action) {
      case 'get':
        return ok(current.withIds);
      case 'put': {
        if (!Array.isArray(ctx.body)) return invalidForm({ _errors: [{ code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' }] });
        const rejected = commandErrors(ctx.body);
        if (rejected) return rejected;
        return ok(ctx.store.registerCommands(scope, ctx.body));
      }
      case 'post': {
        const rejected = commandErrors([ctx.body]);
        if (rejected) return rejected;
        const bodies = current.bodies.filter((b) => b?.name !== ctx.body?.name).concat([ctx.body]);
        const withIds = ctx.store.registerCommands(scope, bodies);
        return ok(withIds.find((c) => c.name === ctx.body?.name), 201);
      }
      case 'delete': {
        const id = ctx.params['commandId'];
        const index = current.withIds.findIndex((c) => c.id === id);
        if (index < 0) return discordError(404, 10063, 'Unknown application command');
        const bodies = current.bodies.filter((_, i) => i !== index);
        ctx.store.registerCommands(scope, bodies);
        return noContent;
      }
    }
  };
}

// ---- interaction callback ------------------------------------------------

const ALLOWED_CALLBACKS: Record<number, number[]> = {
  2: [4, 5, 9, 12],
  3: [4, 5, 6, 7, 9, 12],
  4: [8],
  5: [4, 5, 6, 7],
};

function interactionCallback(ctx: RestContext): RestResult {
  const { store } = ctx;
  const ex = store.exchanges.get(ctx.params['interactionId'] ?? '');
  if (!ex || ex.token !== ctx.params['token']) return unknownInteraction();
  ctx.exchange = ex;
  // Discord forgets an interaction not answered within 3 s: the callback gets 10062 and the user sees
  // "This interaction failed". awaitExchange turns this into a loud test failure.
  if (store.interactionDeadlineMs > 0 && store.now() - ex.dispatchedAt > store.interactionDeadlineMs) {
    ex.failure ??= `initial response ${store.now() - ex.dispatchedAt} ms after dispatch (Discord allows ${store.interactionDeadlineMs} ms): 10062 Unknown interaction`;
    return unknownInteraction();
  }
  if (ex.callback) return discordError(400, 40060, 'Interaction has already been acknowledged.');
  const type = Number(ctx.body?.type);
  const data = ctx.body?.data;
  if (!(ALLOWED_CALLBACKS[ex.type] ?? []).includes(type)) {
    return invalidForm({ type: fieldError('INTERACTION_CALLBACK_TYPE_INVALID', `Interaction callback type ${type} is not valid for interaction type ${ex.type}`) });
  }
  let original: RecordedMessage | null = null;
  switch (type) {
    case 4: {
      const invalid = validateMessageBody(data, ctx.files, true, 'data');
      if (invalid) return invalid;
      original = store.createMessage({ channelId: ex.channelId, source: 'interaction-response', body: data, files: ctx.files, exchange: ex });
      break;
    }
    case 5:
      original = store.createMessage({
        channelId: ex.channelId,
        source: 'interaction-response',
        body: { content: '', flags: Number(data?.flags ?? 0) & 64 },
        files: [],
        exchange: ex,
        extraFlags: 128,
      });
      break;
    case 6:
    case 7: {
      if (!ex.sourceMessage) return invalidForm({ type: fieldError('INTERACTION_CALLBACK_TYPE_INVALID', 'This interaction has no message to update') });
      if (type === 7) {
        const invalid = validateMessageBody(asEdit(data, ex.sourceMessage), ctx.files, false, 'data');
        if (invalid) return invalid;
        store.editMessage(ex.sourceMessage, data, ctx.files);
      }
      original = ex.sourceMessage;
      break;
    }
    case 8:
    case 9: {
      const errors = type === 8 ? choiceErrors(data) : modalErrors(data);
      if (!errors.empty) return invalidForm(errors.tree);
      break;
    }
  }
  ex.callback = data === undefined ? { type } : { type, data };
  ex.callbackFiles = ctx.files;
  ex.original = original;
  if (ctx.query.get('with_response') !== 'true') return noContent;
  return ok({
    interaction: {
      id: ex.interactionId,
      type: ex.type,
      ...(original
        ? {
            response_message_id: original.id,
            response_message_loading: type === 5,
            response_message_ephemeral: (original.flags & 64) !== 0,
          }
        : {}),
    },
    resource: { type, ...(original ? { message: store.messageApi(original) } : {}) },
  });
}

function followUp(ctx: RestContext): RestResult {
  // The same path executes a channel webhook (./webhooks.ts) when its first part is one's id.
  const hook = channelWebhookOf(ctx);
  if (hook) return executeWebhook(ctx, hook);
  const ex = webhookExchange(ctx);
  if (isResult(ex)) return ex;
  if (!ex.callback) return unknownWebhook();
  const invalid = validateMessageBody(ctx.body, ctx.files, true);
  if (invalid) return invalid;
  const { store } = ctx;
  let rec: RecordedMessage;
  const original = ex.original;
  if (ex.callback.type === 5 && original && (original.flags & 128) !== 0 && !original.deleted) {
    // Discord: the first follow-up after a deferred reply replaces the "thinking" message
    // (and keeps the defer's ephemerality).
    const { flags: _flags, ...rest } = ctx.body ?? {};
    store.editMessage(original, rest, ctx.files);
    rec = original;
  } else {
    rec = store.createMessage({ channelId: ex.channelId, source: 'follow-up', body: ctx.body, files: ctx.files, exchange: ex });
  }
  ex.followUps.push(ctx.body);
  ex.followUpMessages.push(rec);
  return ctx.query.get('wait') === 'true' ? ok(store.messageApi(rec)) : noContent;
}

function webhookMessageRoute(action: 'get' | 'patch' | 'delete') {
  return (ctx: RestContext): RestResult => {
    const hook = channelWebhookOf(ctx);
    if (hook) return channelWebhookMessage(ctx, hook, action);
    const ex = webhookExchange(ctx);
    if (isResult(ex)) return ex;
    const rec = webhookMessage(ex, ctx.params['messageId'] ?? '');
    if (isResult(rec)) return rec;
    if (action === 'get') return ok(ctx.store.messageApi(rec));
    if (action === 'delete') {
      ctx.store.deleteMessage(rec);
      ex.deletes.push(rec.id);
      return noContent;
    }
    const invalid = validateMessageBody(asEdit(ctx.body, rec), ctx.files, false);
    if (invalid) return invalid;
    ctx.store.editMessage(rec, ctx.body, ctx.files);
    ex.edits.push(ctx.body);
    return ok(ctx.store.messageApi(rec));
  };
}

// ---- route table -------------------------------------------------------------

const table: [string, string, (ctx: RestContext) => RestResult, { auth?: boolean }?][] = [
  [
    'GET',
    '/gateway/bot',
    ({ store }) =>
      ok({
        url: store.wsUrl,
        shards: store.shardCount,
        // max_concurrency 16 (as large bots get): shards of one process identify together, not 5 s apart.
        session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 16 },
      }),
  ],
  ['GET', '/gateway', ({ store }) => ok({ url: store.wsUrl }), { auth: false }],
  ['GET', '/users/@me', ({ store }) => ok({ ...store.userApi(store.botUser), bot: true, verified: true, mfa_enabled: false, flags: 0 })],
  [
    'GET',
    '/users/:userId',
    (ctx) => {
      const user = ctx.store.users.get(ctx.params['userId'] ?? '');
      return user ? ok(ctx.store.userApi(user)) : discordError(404, 10013, 'Unknown User');
    },
  ],
  [
    'GET',
    '/applications/@me',
    ({ store }) =>
      ok({
        id: store.applicationId,
        name: store.botUser.username,
        icon: null,
        description: '',
        summary: '',
        type: null,
        bot_public: true,
        bot_require_code_grant: false,
        verify_key: 'f'.repeat(64),
        flags: 0,
        team: null,
        owner: { ...store.userApi([...store.users.values()][1] ?? store.botUser), flags: 0 },
        bot: store.userApi(store.botUser),
        approximate_guild_count: store.guilds.size,
        integration_types_config: { '0': {} },
        install_params: { scopes: ['bot', 'applications.commands'], permissions: '0' },
      }),
  ],
  [
    'POST',
    '/users/@me/channels',
    (ctx) => {
      const id = String(ctx.body?.recipient_id ?? '');
      if (!ctx.store.users.has(id)) return discordError(400, 50033, 'Invalid Recipient(s)');
      return ok(ctx.store.channelApi(ctx.store.dmChannelFor(id)));
    },
  ],
  [
    'GET',
    '/guilds/:guildId',
    (ctx) => {
      const guild = ctx.store.guilds.get(ctx.params['guildId'] ?? '');
      if (!guild) return discordError(404, 10004, 'Unknown Guild');
      const body = ctx.store.guildApi(guild);
      if (ctx.query.get('with_counts') === 'true') {
        Object.assign(body, { approximate_member_count: guild.members.size, approximate_presence_count: 1 });
      }
      return ok(body);
    },
  ],
  [
    'GET',
    '/guilds/:guildId/channels',
    (ctx) => {
      const guild = ctx.store.guilds.get(ctx.params['guildId'] ?? '');
      if (!guild) return discordError(404, 10004, 'Unknown Guild');
      return ok(guild.channelIds.flatMap((id) => {
        const c = ctx.store.channels.get(id);
        return c ? [ctx.store.channelApi(c)] : [];
      }));
    },
  ],
  [
    'POST',
    '/guilds/:guildId/channels',
    (ctx) => {
      const guild = ctx.store.guilds.get(ctx.params['guildId'] ?? '');
      if (!guild) return discordError(404, 10004, 'Unknown Guild');
      const { name, type, ...extra } = ctx.body ?? {};
      if (typeof name !== 'string' || !name) return invalidForm({ name: fieldError('BASE_TYPE_REQUIRED', 'This field is required') });
      const channel = ctx.store.createTextChannel(guild.id, name, undefined, Number(type ?? 0));
      channel.extra = pickChannelFields(extra);
      const api = ctx.store.channelApi(channel);
      ctx.dispatch('CHANNEL_CREATE', api);
      return ok(api, 201);
    },
  ],
  [
    'GET',
    '/guilds/:guildId/roles',
    (ctx) => {
      const guild = ctx.store.guilds.get(ctx.params['guildId'] ?? '');
      return guild ? ok(guild.roles) : discordError(404, 10004, 'Unknown Guild');
    },
  ],
  [
    'GET',
    '/guilds/:guildId/members/:userId',
    (ctx) => {
      const guild = ctx.store.guilds.get(ctx.params['guildId'] ?? '');
      if (!guild) return discordError(404, 10004, 'Unknown Guild');
      const user = ctx.store.users.get(ctx.params['userId'] ?? '');
      if (!user || !guild.members.has(user.id)) return discordError(404, 10007, 'Unknown Member');
      return ok(ctx.store.guildMemberApi(guild.id, user));
    },
  ],
  [
    'GET',
    '/channels/:channelId',
    (ctx) => {
      const channel = channelOf(ctx);
      return isResult(channel) ? channel : ok(ctx.store.channelApi(channel));
    },
  ],
  [
    'PATCH',
    '/channels/:channelId',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      if (channel.type === 1) return discordError(403, 50003, 'Cannot execute action on a DM channel');
      const { name, ...extra } = ctx.body ?? {};
      if (typeof name === 'string') channel.name = name;
      Object.assign(channel.extra, pickChannelFields(extra));
      const api = ctx.store.channelApi(channel);
      ctx.dispatch('CHANNEL_UPDATE', api);
      return ok(api);
    },
  ],
  [
    'DELETE',
    '/channels/:channelId',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      const api = ctx.store.channelApi(channel);
      if (channel.type !== 1) {
        ctx.store.channels.delete(channel.id);
        const guild = ctx.store.guilds.get(channel.guildId ?? '');
        if (guild) guild.channelIds = guild.channelIds.filter((id) => id !== channel.id);
        ctx.dispatch('CHANNEL_DELETE', api);
      }
      return ok(api);
    },
  ],
  ['POST', '/channels/:channelId/typing', (ctx) => (isResult(channelOf(ctx)) ? unknownChannel() : noContent)],
  [
    'GET',
    '/channels/:channelId/messages',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      // As Discord: View Channel or 50001; without Read Message History, no messages at all.
      if (channel.guildId) {
        const perms = ctx.store.botPermissionsIn(channel.id);
        if ((perms & VIEW_CHANNEL) === 0n) return discordError(403, 50001, 'Missing Access');
        if ((perms & READ_MESSAGE_HISTORY) === 0n) return ok([]);
      }
      const limit = Math.min(100, Math.max(1, Number(ctx.query.get('limit') ?? 50)));
      const live = channel.messageIds
        .map((id) => ctx.store.messages.get(id))
        .filter((m): m is RecordedMessage => !!m && !m.deleted && (m.flags & 64) === 0)
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      // before: the newest `limit` older than it; after: the oldest `limit` newer than it; either way
      // (and with neither: the newest) answered newest first.
      const before = ctx.query.get('before');
      const after = ctx.query.get('after');
      const page = after !== null
        ? live.filter((m) => BigInt(m.id) > BigInt(after)).slice(0, limit)
        : (before !== null ? live.filter((m) => BigInt(m.id) < BigInt(before)) : live).slice(-limit);
      return ok(page.reverse().map((m) => ctx.store.messageApiForApp(m)));
    },
  ],
  [
    'POST',
    '/channels/:channelId/messages',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      if (channel.type === 1 && channel.recipientId && ctx.store.closedDms.has(channel.recipientId)) {
        return { ...discordError(403, 50007, 'Cannot send messages to this user'), injected: true };
      }
      const invalid = validateMessageBody(ctx.body, ctx.files, true);
      if (invalid) return invalid;
      // A nonce is an integer or a string of at most 25 characters; with enforce_nonce, a message the bot
      // created with the same nonce in this channel in the past few minutes is returned instead of a new one.
      const nonce = ctx.body?.nonce;
      if (nonce !== undefined && !(typeof nonce === 'number' || (typeof nonce === 'string' && chars(nonce) <= 25))) {
        const errors = new FormErrors();
        errors.add('nonce', 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
        return invalidForm(errors.tree);
      }
      // A reply must point at a message of this channel, unless fail_if_not_exists is false.
      const reference = ctx.body?.message_reference;
      if (reference?.message_id !== undefined && reference.fail_if_not_exists !== false) {
        const target = ctx.store.messages.get(String(reference.message_id));
        if (!target || target.deleted || target.channelId !== channel.id) {
          const errors = new FormErrors();
          errors.add('message_reference', 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
          return invalidForm(errors.tree);
        }
      }
      const key = nonce !== undefined && ctx.body?.enforce_nonce === true ? `${channel.id}/${String(nonce)}` : null;
      const earlier = key ? ctx.store.nonces.get(key) : undefined;
      if (earlier && ctx.store.now() - earlier.at < NONCE_WINDOW_MS) {
        const seen = ctx.store.messages.get(earlier.messageId);
        if (seen) {
          ctx.store.nonceHits++;
          return ok(ctx.store.messageApi(seen));
        }
      }
      const rec = ctx.store.createMessage({
        channelId: channel.id,
        source: channel.type === 1 ? 'dm' : 'channel',
        body: ctx.body,
        files: ctx.files,
        exchange: null,
      });
      if (key) ctx.store.nonces.set(key, { messageId: rec.id, at: ctx.store.now() });
      return ok(ctx.store.messageApi(rec));
    },
  ],
  [
    'GET',
    '/channels/:channelId/messages/pins',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      return ok({
        items: pinList(ctx, channel).map((m) => ({ pinned_at: new Date().toISOString(), message: ctx.store.messageApi(m) })),
        has_more: false,
      });
    },
  ],
  ['PUT', '/channels/:channelId/messages/pins/:messageId', (ctx) => pin(ctx, true)],
  ['DELETE', '/channels/:channelId/messages/pins/:messageId', (ctx) => pin(ctx, false)],
  [
    'GET',
    '/channels/:channelId/pins',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      return ok(pinList(ctx, channel).map((m) => ctx.store.messageApi(m)));
    },
  ],
  ['PUT', '/channels/:channelId/pins/:messageId', (ctx) => pin(ctx, true)],
  ['DELETE', '/channels/:channelId/pins/:messageId', (ctx) => pin(ctx, false)],
  [
    'GET',
    '/channels/:channelId/messages/:messageId',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      const rec = messageIn(ctx, channel);
      return isResult(rec) ? rec : ok(ctx.store.messageApiForApp(rec));
    },
  ],
  [
    'PATCH',
    '/channels/:channelId/messages/:messageId',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      const rec = messageIn(ctx, channel);
      if (isResult(rec)) return rec;
      if (rec.source === 'follow-up' || rec.source === 'interaction-response' || rec.source === 'webhook') {
        // webhook messages can only be edited through the webhook
        return discordError(403, 50005, 'Cannot edit a message authored by another user');
      }
      const invalid = validateMessageBody(asEdit(ctx.body, rec), ctx.files, false);
      if (invalid) return invalid;
      ctx.store.editMessage(rec, ctx.body, ctx.files);
      return ok(ctx.store.messageApi(rec));
    },
  ],
  [
    'DELETE',
    '/channels/:channelId/messages/:messageId',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      const rec = messageIn(ctx, channel);
      if (isResult(rec)) return rec;
      // The bot deletes its own messages freely; another's (a webhook's too) only with Manage Messages, and never in a DM.
      if (rec.source === 'user' || rec.source === 'webhook') {
        if (channel.type === 1) return discordError(403, 50003, 'Cannot execute action on a DM channel');
        if ((ctx.store.botPermissionsIn(channel.id) & MANAGE_MESSAGES) === 0n) return discordError(403, 50013, 'Missing Permissions');
      }
      ctx.store.deleteMessage(rec);
      return noContent;
    },
  ],
  [
    'PUT',
    '/channels/:channelId/messages/:messageId/reactions/:emoji/@me',
    (ctx) => {
      const channel = channelOf(ctx);
      if (isResult(channel)) return channel;
      const rec = messageIn(ctx, channel);
      return isResult(rec) ? rec : noContent;
    },
  ],
  ['POST', '/channels/:channelId/webhooks', createWebhook],
  ['GET', '/channels/:channelId/webhooks', listWebhooks],
  ['GET', '/webhooks/:webhookId', webhookById('get')],
  ['DELETE', '/webhooks/:webhookId', webhookById('delete')],
  ['GET', '/webhooks/:appId/:token', webhookWithToken('get'), { auth: false }],
  ['DELETE', '/webhooks/:appId/:token', webhookWithToken('delete'), { auth: false }],
  ['POST', '/interactions/:interactionId/:token/callback', interactionCallback, { auth: false }],
  ['POST', '/webhooks/:appId/:token', followUp, { auth: false }],
  ['GET', '/webhooks/:appId/:token/messages/:messageId', webhookMessageRoute('get'), { auth: false }],
  ['PATCH', '/webhooks/:appId/:token/messages/:messageId', webhookMessageRoute('patch'), { auth: false }],
  ['DELETE', '/webhooks/:appId/:token/messages/:messageId', webhookMessageRoute('delete'), { auth: false }],
  ['GET', '/applications/:appId/commands', commandsRoute('global', 'get')],
  ['PUT', '/applications/:appId/commands', commandsRoute('global', 'put')],
  ['POST', '/applications/:appId/commands', commandsRoute('global', 'post')],
  ['DELETE', '/applications/:appId/commands/:commandId', commandsRoute('global', 'delete')],
  ['GET', '/applications/:appId/guilds/:guildId/commands', commandsRoute('guild', 'get')],
  ['PUT', '/applications/:appId/guilds/:guildId/commands', commandsRoute('guild', 'put')],
  ['POST', '/applications/:appId/guilds/:guildId/commands', commandsRoute('guild', 'post')],
  ['DELETE', '/applications/:appId/guilds/:guildId/commands/:commandId', commandsRoute('guild', 'delete')],
];

function pickChannelFields(extra: Record<string, unknown>): Record<string, unknown> {
  const allowed = ['topic', 'parent_id', 'permission_overwrites', 'nsfw', 'rate_limit_per_user', 'position'];
  return Object.fromEntries(Object.entries(extra).filter(([k]) => allowed.includes(k)));
}

function compile(template: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const pattern = template
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        keys.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}$`), keys };
}

const routes: Route[] = table.map(([method, template, handler, opts]) => ({
  method,
  template,
  handler,
  auth: opts?.auth ?? true,
  ...compile(template),
}));

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export function matchRoute(method: string, path: string): RouteMatch | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const m = route.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.keys.forEach((key, i) => {
      const raw = m[i + 1] ?? '';
      try {
        params[key] = decodeURIComponent(raw);
      } catch {
        params[key] = raw;
      }
    });
    return { route, params };
  }
  return null;
}
