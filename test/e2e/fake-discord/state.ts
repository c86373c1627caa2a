// In-memory world of the fake: users, guilds, channels, messages, interactions, recorded requests.
/* eslint-disable @typescript-eslint/no-explicit-any */
import {
  PERMISSIONS,
  attachmentApi,
  contentTypeFor,
  dmChannelApi,
  findCustomId,
  guildApi,
  guildCreateApi,
  guildMemberApi,
  interactionMemberApi,
  messageApi,
  resolvedMemberApi,
  roleApi,
  textChannelApi,
  userApi,
} from './payloads.js';
import { randomBytes } from 'node:crypto';
import { snowflake } from './snowflake.js';
import { CdnSigner } from './cdn.js';
import { GlobalLimit } from './global-limit.js';
import type {
  FailRule,
  FakeAttachment,
  FakeUser,
  InteractionCallbackBody,
  RecordedFile,
  RecordedMessage,
  RecordedRequest,
  UploadAttachmentInput,
} from './types.js';

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  locale: string;
  roles: any[];
  /** Custom emojis and stickers, as GUILD_CREATE carries them. */
  emojis: any[];
  stickers: any[];
  channelIds: string[];
  /** userId → joined_at */
  members: Map<string, string>;
  joinedAt: string;
}

/** A channel webhook (POST /channels/:id/webhooks). */
export interface WebhookRecord {
  id: string;
  token: string;
  guildId: string;
  channelId: string;
  name: string;
  /** The application that created it (this bot's, or none for one a member made). */
  applicationId: string | null;
  /** Who created it. */
  userId: string;
  deleted: boolean;
}

export interface ChannelRecord {
  id: string;
  guildId: string | null;
  name: string;
  type: number;
  /** DM channels: the other user. */
  recipientId: string | null;
  position: number;
  messageIds: string[];
  pins: string[];
  /** Extra API fields set at creation / PATCH (topic, parent_id, permission_overwrites, …). */
  extra: Record<string, unknown>;
}

/** Internal exchange state; `InteractionExchange` is its public view. */
export interface ExchangeState {
  interactionId: string;
  token: string;
  type: number;
  payload: any;
  callback: InteractionCallbackBody | null;
  callbackFiles: RecordedFile[];
  followUps: any[];
  followUpMessages: RecordedMessage[];
  edits: any[];
  deletes: string[];
  original: RecordedMessage | null;
  requests: RecordedRequest[];
  messages: RecordedMessage[];
  // internal
  /** When INTERACTION_CREATE was sent, on the store's clock (`now`). */
  dispatchedAt: number;
  /** Why Discord would have failed this interaction for the user (a late initial response); awaitExchange throws it. */
  failure?: string;
  user: FakeUser;
  guildId: string | null;
  channelId: string;
  commandName: string | undefined;
  /** The message a component sits on (component / modal-from-component interactions). */
  sourceMessage: RecordedMessage | null;
}

export interface StoreOptions {
  token: string;
  /** Privileged intents the application has (bitfield of GuildMembers, GuildPresences, MessageContent). */
  grantedIntents?: number;
  interactionDeadlineMs: number;
  /** Recommended shard count (GET /gateway/bot). */
  shardCount: number;
  /** The clock the interaction deadlines are measured on (default Date.now). */
  now?: () => number;
  /** How long an interaction token accepts follow-ups and edits (Discord: 15 minutes). */
  tokenLifetimeMs?: number;
}

export class Store {
  readonly token: string;
  readonly interactionDeadlineMs: number;
  readonly tokenLifetimeMs: number;
  readonly now: () => number;
  readonly shardCount: number;
  /** Requests Discord would have refused as invalid (400 / 50035), with the flattened reasons. */
  readonly rejections: { request: RecordedRequest; reasons: string[] }[] = [];
  /** Guilds the bot is in from the gateway's view: listed in READY and sent by GUILD_CREATE (the default guild and createGuild's). */
  readonly announcedGuilds = new Set<string>();
  readonly applicationId = snowflake();
  readonly botUser: FakeUser;
  readonly guildId: string;
  readonly channelId: string;
  httpBase = '';
  wsUrl = '';

  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly dmByUser = new Map<string, string>();
  readonly messages = new Map<string, RecordedMessage>();
  readonly messageEditedAt = new Map<string, string>();
  readonly messageInteraction = new Map<string, ExchangeState>();
  readonly exchanges = new Map<string, ExchangeState>();
  readonly exchangesByToken = new Map<string, ExchangeState>();
  /** The exchanges still open (a test is waiting on them): every request and message is recorded on each.
   * Kept apart so that recording costs the open ones, not every exchange of a long run. */
  readonly openExchanges = new Set<ExchangeState>();
  /** Bytes served under /attachments and /ephemeral-attachments, by attachment id. */
  readonly attachments = new Map<string, RecordedFile>();
  /** Files "uploaded by users" (uploadAttachment): attachment id → `data.resolved.attachments` entry. */
  readonly uploads = new Map<string, any>();
  readonly requests: RecordedRequest[] = [];
  readonly failRules: FailRule[] = [];
  /** Requests handled only after a delay (delayNext), and how many are waiting now. */
  readonly delayRules: { method: string; path: RegExp | string; ms: number; remaining: number }[] = [];
  held = 0;
  /** Request bodies are checked against Discord's OpenAPI description (StartOptions.checkSpec). */
  checkSpec = true;
  readonly closedDms = new Set<string>();
  /** Message nonces sent with enforce_nonce, by `channel/nonce`: a repeat within minutes returns the first message. */
  readonly nonces = new Map<string, { messageId: string; at: number }>();
  /** How many message creates a nonce turned into the earlier message (a retry Discord dropped). */
  nonceHits = 0;
  /** scope ('global' or guild id) → command bodies as sent (with assigned ids in `withIds`) */
  readonly commands = new Map<string, { bodies: any[]; withIds: any[] }>();
  readonly commandIds = new Map<string, string>();
  readonly identifies: any[] = [];
  /** IDENTIFYs closed with 4014 (a privileged intent not granted). */
  readonly refusedIdentifies: any[] = [];
  /** The application's privileged intents (gateway bits). */
  grantedIntents: number;
  readonly resumes: any[] = [];
  lastRequestAt = 0;
  /** Messages made, by source, and deleted since the start (kept when forget() drops the messages). */
  /** Messages created by source; `deleted`: all deletions, `userDeleted`: of messages people typed. */
  readonly tally: Record<RecordedMessage['source'] | 'deleted' | 'userDeleted', number> = { channel: 0, dm: 0, 'interaction-response': 0, 'follow-up': 0, user: 0, webhook: 0, deleted: 0, userDeleted: 0 };
  requestSeq = 0;
  /** Channel webhooks (./webhooks.ts), by id; a deleted one stays, marked, so its id answers 10015. */
  readonly webhooks = new Map<string, WebhookRecord>();
  /** Signs attachment links and checks them at download (./cdn.ts), on the store's clock. */
  readonly cdn: CdnSigner;
  /** Discord's global limit on the bot's requests (StartOptions.globalLimit, default 50 a second). */
  globalLimit = new GlobalLimit(50);
  /** Set by the gateway: called for every message the bot creates (MESSAGE_CREATE dispatch). */
  onMessageCreate: ((rec: RecordedMessage) => void) | null = null;
  /** Set by the gateway: called for every message deleted (MESSAGE_DELETE dispatch). */
  onMessageDelete: ((rec: RecordedMessage) => void) | null = null;
  /** Set by the gateway: called when a guild channel is created (CHANNEL_CREATE dispatch). */
  onChannelCreate: ((channel: ChannelRecord) => void) | null = null;

  constructor(opts: StoreOptions) {
    this.interactionDeadlineMs = opts.interactionDeadlineMs;
    this.grantedIntents = opts.grantedIntents ?? 0;
    this.tokenLifetimeMs = opts.tokenLifetimeMs ?? 15 * 60_000;
    this.now = opts.now ?? Date.now;
    this.shardCount = opts.shardCount;
    this.cdn = new CdnSigner(this.now);
    this.botUser = this.createUser({ username: 'Grail Bot', globalName: null, bot: true, permissions: PERMISSIONS.bot });
    // Shaped like a real bot token: base64(bot id).timestamp.hmac
    this.token =
      opts.token ||
      `${Buffer.from(this.botUser.id).toString('base64').replace(/=+$/, '')}.${randomBytes(6).toString('base64url').slice(0, 6)}.${randomBytes(30).toString('base64url').slice(0, 38)}`;
    const owner = this.createUser({ username: 'server_owner', globalName: 'Server Owner', permissions: PERMISSIONS.administrator });
    const guild = this.createGuild({ name: 'Fake Grail War Server', ownerId: owner.id });
    this.guildId = guild.id;
    this.announcedGuilds.add(guild.id);
    this.channelId = this.createTextChannel(guild.id, 'general').id;
    guild.members.set(owner.id, guild.joinedAt);
  }

  createUser(input: Partial<FakeUser> = {}): FakeUser {
    const id = input.id ?? snowflake();
    const username = input.username ?? `user_${id.slice(-6)}`;
    const user: FakeUser = {
      id,
      username,
      globalName: input.globalName === undefined ? username : input.globalName,
      permissions: input.permissions ?? PERMISSIONS.member,
      roles: input.roles ?? [],
      nick: input.nick ?? null,
      ...(input.bot ? { bot: true } : {}),
      ...(input.outsider ? { outsider: true } : {}),
    };
    this.users.set(id, user);
    return user;
  }

  /** Registers a user passed in by a test (maybe built by hand) so REST lookups find it. */
  adoptUser(user: FakeUser): FakeUser {
    if (!this.users.has(user.id)) this.users.set(user.id, user);
    return this.users.get(user.id) ?? user;
  }

  createGuild(input: { id?: string; name: string; ownerId: string }): GuildRecord {
    const id = input.id ?? snowflake();
    const joinedAt = new Date().toISOString();
    const guild: GuildRecord = {
      id,
      name: input.name,
      ownerId: input.ownerId,
      locale: 'en-US',
      roles: [
        roleApi({ id, name: '@everyone', permissions: PERMISSIONS.member, position: 0 }),
        roleApi({ id: snowflake(), name: this.botUser.username, permissions: PERMISSIONS.bot, position: 1, managed: true, botId: this.botUser.id }),
      ],
      emojis: [],
      stickers: [],
      channelIds: [],
      members: new Map([[this.botUser.id, joinedAt]]),
      joinedAt,
    };
    this.guilds.set(id, guild);
    return guild;
  }

  /** Fills a new guild up to `roles` roles (plain ones after @everyone and the bot's) and gives it emojis and stickers. */
  furnishGuild(guild: GuildRecord, size: { roles: number; emojis: number; stickers: number }): void {
    for (let i = guild.roles.length; i < size.roles; i++) {
      guild.roles.push(roleApi({ id: snowflake(), name: `role-${i}`, permissions: '0', position: i }));
    }
    for (let i = 0; i < size.emojis; i++) {
      guild.emojis.push({ id: snowflake(), name: `emoji_${i}`, roles: [], require_colons: true, managed: false, animated: false, available: true });
    }
    for (let i = 0; i < size.stickers; i++) {
      guild.stickers.push({ id: snowflake(), name: `sticker-${i}`, tags: 'grail', type: 2, format_type: 1, description: null, available: true, guild_id: guild.id });
    }
  }

  /**
   * Forgets closed exchanges and messages older than `olderThanMs` (with their nonces, attachments and
   * interaction links) and every recorded request: a long run's history, which nothing reads, would
   * otherwise grow the fake without bound.
   */
  forget(olderThanMs: number): void {
    const cutoff = this.now() - olderThanMs;
    for (const [id, ex] of this.exchanges) {
      if (this.openExchanges.has(ex) || ex.dispatchedAt >= cutoff) continue;
      this.exchanges.delete(id);
      this.exchangesByToken.delete(ex.token);
    }
    const wallCutoff = Date.now() - olderThanMs;
    const gone = new Set<string>();
    for (const [id, rec] of this.messages) {
      if (rec.createdAt >= wallCutoff) continue;
      gone.add(id);
      this.messages.delete(id);
      this.messageEditedAt.delete(id);
      this.messageInteraction.delete(id);
      for (const a of rec.attachments) this.attachments.delete(String(a.id));
    }
    if (gone.size) for (const channel of this.channels.values()) if (channel.messageIds.length) channel.messageIds = channel.messageIds.filter((id) => !gone.has(id));
    for (const [key, nonce] of this.nonces) if (nonce.at < cutoff) this.nonces.delete(key);
    this.requests.length = 0;
  }

  openExchange(ex: ExchangeState): void {
    this.exchanges.set(ex.interactionId, ex);
    this.exchangesByToken.set(ex.token, ex);
    this.openExchanges.add(ex);
  }

  closeExchange(ex: ExchangeState): void {
    this.openExchanges.delete(ex);
  }

  /** Guilds referenced by a test but not created explicitly are created on the fly (REST only, no GUILD_CREATE). */
  ensureGuild(id: string): GuildRecord {
    return this.guilds.get(id) ?? this.createGuild({ id, name: `Guild ${id.slice(-4)}`, ownerId: this.botUser.id });
  }

  createTextChannel(guildId: string, name: string, id?: string, type = 0): ChannelRecord {
    const guild = this.ensureGuild(guildId);
    const channel: ChannelRecord = {
      id: id ?? snowflake(),
      guildId,
      name,
      type,
      recipientId: null,
      position: guild.channelIds.length,
      messageIds: [],
      pins: [],
      extra: {},
    };
    this.channels.set(channel.id, channel);
    guild.channelIds.push(channel.id);
    return channel;
  }

  ensureChannel(id: string, guildId: string): ChannelRecord {
    return this.channels.get(id) ?? this.createTextChannel(guildId, `channel-${id.slice(-4)}`, id);
  }

  dmChannelFor(userId: string): ChannelRecord {
    const existing = this.dmByUser.get(userId);
    if (existing) {
      const channel = this.channels.get(existing);
      if (channel) return channel;
    }
    const channel: ChannelRecord = {
      id: snowflake(),
      guildId: null,
      name: '',
      type: 1,
      recipientId: userId,
      position: 0,
      messageIds: [],
      pins: [],
      extra: {},
    };
    this.channels.set(channel.id, channel);
    this.dmByUser.set(userId, channel.id);
    return channel;
  }

  memberJoinedAt(guildId: string, userId: string): string {
    const guild = this.ensureGuild(guildId);
    if (this.users.get(userId)?.outsider) throw new Error(`fake-discord: ${userId} is not a member of any server`);
    let joinedAt = guild.members.get(userId);
    if (!joinedAt) {
      joinedAt = new Date(Date.now() - 86_400_000).toISOString();
      guild.members.set(userId, joinedAt);
    }
    return joinedAt;
  }

  // ---- API objects -------------------------------------------------------

  userApi(user: FakeUser): any {
    return userApi(user);
  }

  channelApi(channel: ChannelRecord): any {
    const last = channel.messageIds.at(-1) ?? null;
    if (channel.type === 1) {
      const recipient = this.users.get(channel.recipientId ?? '') ?? this.createUser({ id: channel.recipientId ?? undefined });
      return dmChannelApi({ id: channel.id, recipient, lastMessageId: last });
    }
    return {
      ...textChannelApi({
        id: channel.id,
        guildId: channel.guildId ?? '',
        name: channel.name,
        position: channel.position,
        lastMessageId: last,
      }),
      type: channel.type,
      ...channel.extra,
    };
  }

  guildApi(guild: GuildRecord): any {
    return guildApi({
      id: guild.id,
      name: guild.name,
      ownerId: guild.ownerId,
      roles: guild.roles,
      emojis: guild.emojis,
      stickers: guild.stickers,
      systemChannelId: guild.channelIds[0] ?? null,
      locale: guild.locale,
    });
  }

  guildCreateApi(guild: GuildRecord): any {
    return guildCreateApi(this.guildApi(guild), {
      joinedAt: guild.joinedAt,
      members: [this.guildMemberApi(guild.id, this.botUser)],
      channels: guild.channelIds.flatMap((id) => {
        const channel = this.channels.get(id);
        return channel ? [this.channelApi(channel)] : [];
      }),
      memberCount: guild.members.size,
    });
  }

  botRoleId(guildId: string): string[] {
    const guild = this.ensureGuild(guildId);
    return guild.roles.filter((r) => r.tags?.bot_id === this.botUser.id).map((r) => r.id as string);
  }

  guildMemberApi(guildId: string, user: FakeUser): any {
    const roles = user.id === this.botUser.id ? this.botRoleId(guildId) : user.roles;
    return guildMemberApi({ user, joinedAt: this.memberJoinedAt(guildId, user.id), roles });
  }

  interactionMemberApi(guildId: string, user: FakeUser, permissions: string): any {
    return interactionMemberApi({ user, joinedAt: this.memberJoinedAt(guildId, user.id), permissions });
  }

  resolvedMemberApi(guildId: string, user: FakeUser): any {
    if (user.outsider) return undefined;
    return resolvedMemberApi({ user, joinedAt: this.memberJoinedAt(guildId, user.id), permissions: user.permissions });
  }

  messageApi(rec: RecordedMessage): any {
    const ex = this.messageInteraction.get(rec.id);
    const api = messageApi(rec, {
      author: this.authorApi(rec),
      applicationId: this.applicationId,
      editedAt: this.messageEditedAt.get(rec.id) ?? null,
      interaction: ex
        ? {
            id: ex.interactionId,
            type: ex.type,
            user: this.userApi(ex.user),
            guildId: ex.guildId,
            ...(ex.commandName ? { commandName: ex.commandName } : {}),
          }
        : null,
    });
    if (rec.webhookId) api.webhook_id = rec.webhookId;
    // Every read of a message gives freshly signed attachment links, as Discord's API does.
    api.attachments = rec.attachments.map((a: any) => ({ ...a, url: this.cdn.resign(a.url), proxy_url: this.cdn.resign(a.proxy_url ?? a.url) }));
    const reference = rec.body?.message_reference;
    if (reference && typeof reference === 'object' && reference.message_id) {
      // A reply (type 19), pointing at the message it answers.
      api.type = 19;
      api.message_reference = { type: 0, message_id: String(reference.message_id), channel_id: rec.channelId, ...(rec.guildId ? { guild_id: rec.guildId } : {}) };
    }
    const mentioned = [...rec.content.matchAll(/<@!?(\d+)>/g)].map((m) => this.users.get(m[1]!)).filter((u) => u !== undefined);
    if (rec.source === 'user' && mentioned.length) api.mentions = mentioned.map((u) => this.userApi(u));
    if (rec.source === 'webhook') {
      // A webhook's message pings only what its allowed_mentions let through (all of it when absent).
      const allowed = allowedMentions(rec.body?.allowed_mentions);
      api.mentions = mentioned.filter((u) => allowed.users === true || allowed.users.has(u.id)).map((u) => this.userApi(u));
      api.mention_everyone = allowed.everyone && /@(everyone|here)\b/.test(rec.content);
    }
    return api;
  }

  /** A message's author: this bot, the user who typed it, or the webhook that posted it. */
  private authorApi(rec: RecordedMessage): any {
    if (rec.webhookId) {
      const hook = this.webhooks.get(rec.webhookId);
      return { id: rec.webhookId, username: rec.body?.username ?? hook?.name ?? 'Webhook', discriminator: '0000', global_name: null, avatar: null, bot: true };
    }
    const author = rec.authorId ? this.users.get(rec.authorId) : undefined;
    return this.userApi(author ?? this.botUser);
  }

  /** Whether the bot may read this message's content without the Message Content intent (its own, a DM, a mention of it). */
  contentVisibleWithoutIntent(rec: RecordedMessage): boolean {
    return rec.source !== 'user' || rec.guildId === null || new RegExp(`<@!?${this.botUser.id}>`).test(rec.content);
  }

  /** A message as the application may read it over REST: a user's words blank without the Message Content intent. */
  messageApiForApp(rec: RecordedMessage): any {
    const api = this.messageApi(rec);
    if ((this.grantedIntents & MESSAGE_CONTENT_INTENT) !== 0 || this.contentVisibleWithoutIntent(rec)) return api;
    return withoutContent(api);
  }

  // ---- permissions ---------------------------------------------------------

  /**
   * The bot's permissions in a channel, computed as Discord does: @everyone and the bot's roles, then
   * the channel's overwrites (@everyone, the bot's roles, the bot itself); Administrator is everything.
   */
  botPermissionsIn(channelId: string): bigint {
    const channel = this.channels.get(channelId);
    if (!channel?.guildId) return BigInt(PERMISSIONS.bot);
    const guild = this.ensureGuild(channel.guildId);
    const mine = new Set([guild.id, ...this.botRoleId(guild.id)]);
    let perms = guild.roles.filter((r) => mine.has(r.id)).reduce((acc, r) => acc | BigInt(r.permissions), 0n);
    if ((perms & ADMINISTRATOR) !== 0n) return (1n << 51n) - 1n;
    const overwrites: any[] = Array.isArray(channel.extra['permission_overwrites']) ? (channel.extra['permission_overwrites'] as any[]) : [];
    const apply = (o: any) => {
      perms = (perms & ~BigInt(o.deny ?? 0)) | BigInt(o.allow ?? 0);
    };
    overwrites.filter((o) => o.id === guild.id).forEach(apply);
    const roles = overwrites.filter((o) => Number(o.type) === 0 && o.id !== guild.id && mine.has(o.id));
    const allow = roles.reduce((acc, o) => acc | BigInt(o.allow ?? 0), 0n);
    const deny = roles.reduce((acc, o) => acc | BigInt(o.deny ?? 0), 0n);
    perms = (perms & ~deny) | allow;
    overwrites.filter((o) => Number(o.type) === 1 && o.id === this.botUser.id).forEach(apply);
    return perms;
  }

  /** A member overwrite for the bot in a channel (replacing an earlier one). */
  setBotOverwrite(channelId: string, overwrite: { allow?: string; deny?: string }): ChannelRecord {
    const channel = this.channels.get(channelId);
    if (!channel?.guildId) throw new Error(`fake-discord: ${channelId} is no guild channel`);
    const others = (Array.isArray(channel.extra['permission_overwrites']) ? (channel.extra['permission_overwrites'] as any[]) : []).filter((o) => !(Number(o.type) === 1 && o.id === this.botUser.id));
    channel.extra['permission_overwrites'] = [...others, { id: this.botUser.id, type: 1, allow: overwrite.allow ?? '0', deny: overwrite.deny ?? '0' }];
    return channel;
  }

  // ---- messages ----------------------------------------------------------

  /** A message a user (or a webhook) typed, recorded as Discord stores it; the gateway dispatches it. */
  createUserMessage(input: { channelId: string; author: FakeUser; content: string; webhookName?: string }): RecordedMessage {
    const channel = this.channels.get(input.channelId);
    if (!channel) throw new Error(`fake-discord: no channel ${input.channelId}`);
    const rec: RecordedMessage = {
      id: snowflake(),
      channelId: channel.id,
      guildId: channel.guildId,
      source: 'user',
      ...(input.webhookName ? { webhookId: snowflake() } : { authorId: input.author.id }),
      interactionId: null,
      content: input.content,
      embeds: [],
      components: [],
      flags: 0,
      files: [],
      attachments: [],
      pinned: false,
      deleted: false,
      body: input.webhookName ? { content: input.content, username: input.webhookName } : { content: input.content },
      edits: [],
      createdAt: Date.now(),
    };
    this.messages.set(rec.id, rec);
    this.tally.user++;
    channel.messageIds.push(rec.id);
    return rec;
  }

  attachmentsFor(channelId: string, body: any, files: RecordedFile[]): any[] {
    const described: any[] = Array.isArray(body?.attachments) ? body.attachments : [];
    const uploaded = files.map((file, index) => {
      const id = snowflake();
      this.attachments.set(id, file);
      const meta = described.find((a) => String(a.id) === String(index)) ?? described[index];
      return attachmentApi({
        id,
        filename: file.name,
        size: file.size,
        contentType: file.contentType,
        url: this.signedUrl(`/attachments/${channelId}/${id}/${encodeURIComponent(file.name)}`),
        description: meta?.description,
      });
    });
    return uploaded;
  }

  /** A CDN link to `path` (percent-encoded), signed from now (./cdn.ts). */
  signedUrl(path: string): string {
    return `${this.httpBase}${path}?${this.cdn.query(path)}`;
  }

  /** A file a user attached to a command option: stored bytes plus the resolved attachment Discord would send. */
  uploadAttachment(input: UploadAttachmentInput): FakeAttachment {
    const id = snowflake();
    const data = typeof input.content === 'string' ? Buffer.from(input.content, 'utf8') : Buffer.from(input.content);
    const contentType = input.contentType ?? contentTypeFor(input.filename);
    this.attachments.set(id, { field: 'upload', name: input.filename, contentType, size: data.length, data });
    // Like the CDN: signed, expiring URLs (ex = expiry, is = issued, hm = signature), trailing '&' included.
    const channelId = input.channelId ?? this.channelId;
    const url = this.signedUrl(`/ephemeral-attachments/${channelId}/${id}/${encodeURIComponent(input.filename)}`);
    const attachment: FakeAttachment = { id, filename: input.filename, size: input.declaredSize ?? data.length, contentType, url };
    this.uploads.set(id, attachmentApi({ ...attachment, description: input.description, ephemeral: true }));
    return attachment;
  }

  createMessage(input: {
    channelId: string;
    source: RecordedMessage['source'];
    body: any;
    files: RecordedFile[];
    exchange: ExchangeState | null;
    extraFlags?: number;
    /** A channel webhook's message: the webhook posting it. */
    webhookId?: string;
  }): RecordedMessage {
    const channel = this.channels.get(input.channelId);
    const body = input.body ?? {};
    const rec: RecordedMessage = {
      id: snowflake(),
      channelId: input.channelId,
      guildId: channel?.guildId ?? null,
      source: input.source,
      ...(input.webhookId ? { webhookId: input.webhookId } : {}),
      interactionId: input.exchange?.interactionId ?? null,
      content: typeof body.content === 'string' ? body.content : '',
      embeds: normalizeEmbeds(body.embeds),
      components: Array.isArray(body.components) ? body.components : [],
      flags: (Number(body.flags ?? 0) | (input.extraFlags ?? 0)) >>> 0,
      files: [...input.files],
      attachments: this.attachmentsFor(input.channelId, body, input.files),
      pinned: false,
      deleted: false,
      body,
      edits: [],
      createdAt: Date.now(),
    };
    this.messages.set(rec.id, rec);
    this.tally[rec.source]++;
    if (input.exchange) this.messageInteraction.set(rec.id, input.exchange);
    channel?.messageIds.push(rec.id);
    if (rec.source === 'channel' || rec.source === 'dm' || rec.source === 'webhook') for (const ex of this.openExchanges) ex.messages.push(rec);
    this.onMessageCreate?.(rec);
    return rec;
  }

  /** Applies a PATCH body (or an UPDATE_MESSAGE callback) to a message. */
  editMessage(rec: RecordedMessage, body: any, files: RecordedFile[]): void {
    const b = body ?? {};
    if ('content' in b) rec.content = typeof b.content === 'string' ? b.content : '';
    if ('embeds' in b) rec.embeds = normalizeEmbeds(b.embeds);
    if ('components' in b) rec.components = Array.isArray(b.components) ? b.components : [];
    if ('flags' in b && b.flags != null) {
      // only SUPPRESS_EMBEDS (4) / IS_COMPONENTS_V2 (32768) are editable; keep ephemeral etc.
      rec.flags = (rec.flags & ~(4 | 32768)) | (Number(b.flags) & (4 | 32768));
    }
    if ('attachments' in b || files.length) {
      const kept = Array.isArray(b.attachments)
        ? rec.attachments.filter((a) => b.attachments.some((x: any) => String(x.id) === String(a.id)))
        : rec.attachments;
      rec.attachments = [...kept, ...this.attachmentsFor(rec.channelId, b, files)];
      rec.files.push(...files);
    }
    rec.flags &= ~128; // no longer "thinking"
    rec.edits.push(body);
    this.messageEditedAt.set(rec.id, new Date().toISOString());
  }

  deleteMessage(rec: RecordedMessage): void {
    rec.deleted = true;
    this.tally.deleted++;
    if (rec.source === 'user' && !rec.webhookId) this.tally.userDeleted++;
    this.onMessageDelete?.(rec);
    const channel = this.channels.get(rec.channelId);
    if (channel) channel.pins = channel.pins.filter((id) => id !== rec.id);
  }

  channelMessages(channelId: string): RecordedMessage[] {
    const channel = this.channels.get(channelId);
    if (!channel) return [];
    return channel.messageIds.flatMap((id) => {
      const rec = this.messages.get(id);
      return rec && (rec.source === 'channel' || rec.source === 'dm' || rec.source === 'webhook') ? [rec] : [];
    });
  }

  /** Newest recorded message having a component with this custom_id. */
  findMessageWithComponent(customId: string): RecordedMessage | undefined {
    const all = [...this.messages.values()].filter((m) => !m.deleted).reverse();
    return all.find((m) => findCustomId(m.components, customId) !== undefined);
  }

  // ---- interactions ------------------------------------------------------

  commandId(scope: string, name: string): string {
    const key = `${scope}:${name}`;
    let id = this.commandIds.get(key) ?? this.commandIds.get(`global:${name}`);
    if (!id) {
      id = snowflake();
      this.commandIds.set(key, id);
    }
    return id;
  }

  registerCommands(scope: string, bodies: any[]): any[] {
    const withIds = bodies.map((body) => {
      const id = this.commandId(scope, String(body?.name));
      return {
        id,
        application_id: this.applicationId,
        version: snowflake(),
        default_member_permissions: null,
        type: 1,
        nsfw: false,
        description: '',
        dm_permission: true,
        contexts: null,
        integration_types: [0],
        ...(scope === 'global' ? {} : { guild_id: scope }),
        ...body,
      };
    });
    this.commands.set(scope, { bodies, withIds });
    return withIds;
  }
}

const MESSAGE_CONTENT_INTENT = 1 << 15;
const ADMINISTRATOR = 1n << 3n;

/** Who a message's allowed_mentions lets it ping: every mentioned user (`true`) or these; and @everyone/@here. */
function allowedMentions(given: any): { users: true | Set<string>; everyone: boolean } {
  if (!given || typeof given !== 'object') return { users: true, everyone: true };
  const parse: string[] = Array.isArray(given.parse) ? given.parse : [];
  return { users: parse.includes('users') ? true : new Set((Array.isArray(given.users) ? given.users : []).map(String)), everyone: parse.includes('everyone') };
}

/** What an application without the Message Content intent reads of a user's message. */
export function withoutContent(api: any): any {
  return { ...api, content: '', embeds: [], attachments: [], components: [] };
}

function normalizeEmbeds(embeds: unknown): any[] {
  if (!Array.isArray(embeds)) return [];
  return embeds.map((e) => ({ type: 'rich', ...(e as object) }));
}
