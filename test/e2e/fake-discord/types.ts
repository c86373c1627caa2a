// Public types of the fake Discord (REST + gateway) used by the e2e tests.
// Raw Discord payloads are typed `any` on purpose: tests inspect them freely.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** A user the fake knows about. Plain data: pass it to `command({ user })` etc. */
export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot?: boolean;
  /** Member permission bitfield (decimal string) used when this user acts in a guild, unless the call overrides it. */
  permissions: string;
  /** Extra role ids the member has in guilds (the @everyone role is implicit). */
  roles: string[];
  nick: string | null;
  /** Not a member of any server (left, or never joined): options resolve the user alone, GET member is 10007. */
  outsider?: boolean;
}

/** A channel webhook as the fake holds it (`fake.webhooks(channelId)`). */
export interface FakeWebhook {
  id: string;
  token: string;
  channelId: string;
  name: string;
  /** The application that created it; null for one a member made. */
  applicationId: string | null;
}

/** A file a user "uploaded" with `fake.uploadAttachment`. Pass it as a command option's `value`. */
export interface FakeAttachment {
  id: string;
  filename: string;
  /** Size announced to the bot (`declaredSize`, else the real byte count). */
  size: number;
  contentType: string;
  /** Download URL on the fake's own HTTP server (no auth, like Discord's CDN; signed-looking query string included). */
  url: string;
}

export interface UploadAttachmentInput {
  filename: string;
  content: Buffer | string;
  /** Default: guessed from the extension (`text/plain; charset=utf-8` for .txt, …), else `application/octet-stream`. */
  contentType?: string;
  /** Size the interaction announces (e.g. 300_000 to test a size refusal); the URL still serves `content`. */
  declaredSize?: number;
  /** Channel id used in the URL path (default: the default channel). */
  channelId?: string;
  description?: string;
}

/** A chat-input command option as Discord sends it. `type` is inferred from `value` when omitted
 *  (string → 3, integer → 4, other number → 10, boolean → 5, FakeUser → 6 USER, FakeAttachment → 11 ATTACHMENT,
 *  with `resolved` filled in). */
export interface CommandOption {
  name: string;
  type?: number;
  value?: string | number | boolean | FakeUser | FakeAttachment;
  /** Sub-command (type 1) / group (type 2) children. */
  options?: CommandOption[];
  /** Autocomplete: the option being typed. */
  focused?: boolean;
}

export interface RecordedFile {
  /** multipart field name, e.g. `files[0]` */
  field: string;
  name: string;
  contentType: string;
  size: number;
  data: Buffer;
}

export interface RecordedRequest {
  /** Monotonic index in `fake.requests`. */
  seq: number;
  method: string;
  /** Path below `/api/v10`, e.g. `/channels/123/messages` (no query string). Attachment downloads: the full
   *  path, e.g. `/ephemeral-attachments/123/456/notes.txt`. */
  path: string;
  /** Route template that handled it, e.g. `POST /channels/:channelId/messages` or
   *  `GET /ephemeral-attachments/:channelId/:attachmentId/:filename`; null when no route matched (404). */
  route: string | null;
  query: Record<string, string>;
  /** Parsed JSON body, or the parsed `payload_json` of a multipart body; null when there was none. */
  body: any;
  files: RecordedFile[];
  /** Lower-cased request headers, `authorization` removed. */
  headers: Record<string, string>;
  /** Whether a valid `Authorization: Bot <token>` header was sent. */
  authorized: boolean;
  /** HTTP status the fake answered with. */
  status: number;
  /** Set when the answer came from `failNext` / `setDmsClosed`. */
  injectedFailure: boolean;
  /** When it was received, on `performance.now()`'s clock (ms). */
  at: number;
}

/** A message the bot created (channel message, DM, interaction response or follow-up). Live: edits,
 *  pins and deletes update it in place. */
export interface RecordedMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  /** 'user': typed by a user, a webhook or another bot (`fake.userMessage`), not by this bot. 'webhook':
   *  posted through one of the bot's channel webhooks (execute). */
  source: 'channel' | 'dm' | 'interaction-response' | 'follow-up' | 'user' | 'webhook';
  /** A user message's author (absent: this bot). */
  authorId?: string;
  /** A message a webhook posted: the webhook's id (its author is the webhook, a bot). */
  webhookId?: string;
  interactionId: string | null;
  content: string;
  embeds: any[];
  components: any[];
  flags: number;
  /** Files of the creating request and later edits. */
  files: RecordedFile[];
  attachments: any[];
  pinned: boolean;
  deleted: boolean;
  /** Body of the request that created the message (for interaction responses: the callback `data`). */
  body: any;
  /** Bodies of later PATCHes (or UPDATE_MESSAGE callbacks), oldest first. */
  edits: any[];
  createdAt: number;
}

export interface InteractionCallbackBody {
  type: number;
  data?: any;
}

/** Everything the bot sent about one dispatched interaction. The object stays live after the promise
 *  resolves: later follow-ups/edits are still appended (combine with `fake.waitFor`). */
export interface InteractionExchange {
  interactionId: string;
  token: string;
  /** Interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  type: number;
  /** The INTERACTION_CREATE `d` that was dispatched. */
  payload: any;
  /** Body of POST /interactions/:id/:token/callback (multipart: the parsed payload_json). */
  callback: InteractionCallbackBody;
  callbackFiles: RecordedFile[];
  /** Bodies of POST /webhooks/:appId/:token (followUp), oldest first. */
  followUps: any[];
  followUpMessages: RecordedMessage[];
  /** Bodies of PATCH /webhooks/:appId/:token/messages/(@original|:id), oldest first. */
  edits: any[];
  /** Ids of messages deleted through DELETE /webhooks/:appId/:token/messages/(@original|:id). */
  deletes: string[];
  /** The message created by the callback (type 4/5), or the component's message for type 6/7; null otherwise. */
  original: RecordedMessage | null;
  /** Every REST request received between the dispatch and the resolution, plus any later request
   *  addressed to this interaction's callback/webhook. */
  requests: RecordedRequest[];
  /** Channel messages and DMs created while the exchange was open (between dispatch and resolution). */
  messages: RecordedMessage[];
}

export interface WaitOptions {
  /** Reject if the exchange is not complete after this long (default 5000 ms). */
  timeoutMs?: number;
  /** Quiet period after completion during which more requests are still collected (default: fake's settleMs). */
  settleMs?: number;
  /** Completion condition. Default: the callback arrived and, if it was a defer (type 5/6), at least one edit or follow-up too. */
  until?: (exchange: InteractionExchange) => boolean;
}

export interface InteractionContextInput extends WaitOptions {
  /** Who acts. Default `fake.users.player`. */
  user?: FakeUser;
  /** Default `en-US`. */
  locale?: string;
  /** Default: the default text channel (guild) or the user's DM channel (guildId null). */
  channelId?: string;
  /** Default: the default guild. `null` = in the bot's DM (interaction carries `user`, no `member`). */
  guildId?: string | null;
  /** Member permission bitfield (decimal string); default `user.permissions`. */
  permissions?: string;
  /** Bot's permissions in the channel (decimal string); default: a generous non-admin set. */
  appPermissions?: string;
}

export interface CommandInput extends InteractionContextInput {
  name: string;
  options?: CommandOption[];
  /** Command id; default: the id assigned at registration (PUT) if any, else a stable id per name. */
  commandId?: string;
}

export interface AutocompleteInput extends InteractionContextInput {
  name: string;
  /** Exactly one option (possibly nested in a sub-command) should have `focused: true`. */
  options: CommandOption[];
  commandId?: string;
}

export interface ComponentInput extends InteractionContextInput {
  customId: string;
  /** The message carrying the component. Default: the newest recorded message with a component of that custom_id. */
  message?: RecordedMessage | string;
  /** 2 button (default), 3 string select, 5 user select, 6 role select, 7 mentionable, 8 channel select. */
  componentType?: number;
  /** Select menus: chosen values. */
  values?: string[];
}

export interface ModalSubmitInput extends InteractionContextInput {
  customId: string;
  /** Values by custom_id: a string for text inputs, string[] for selects inside labels. */
  fields: Record<string, string | string[]>;
  /** Modal opened from a component: the message the component was on (optional). */
  message?: RecordedMessage | string;
}

export interface FailRule {
  method: string;
  path: RegExp | string;
  status: number;
  body: unknown;
  remaining: number;
}

/** What the application has switched on in the developer portal; a session asking for one not granted is closed with 4014. */
export interface PrivilegedIntents {
  messageContent?: boolean;
  guildMembers?: boolean;
  guildPresences?: boolean;
}

export interface UserMessageInput {
  content: string;
  /** Who types it. Default `fake.users.player`. Another bot: a user made with `createUser({ bot: true })`. */
  user?: FakeUser;
  /** Default: the default channel (or, with `guildId: null`, the user's DM with the bot). */
  channelId?: string;
  /** `null`: a DM to the bot. Default: the channel's guild. */
  guildId?: string | null;
  /** Posted through a webhook with this name (Tupperbox, a character post) instead of by `user`. */
  webhook?: { name: string };
}

export interface CreateGuildInput {
  name?: string;
  shard?: number;
  shardCount?: number;
  locale?: string;
  announce?: boolean;
  /** Text channels in all, `general` first (default 1). */
  channels?: number;
  /** Roles in all, @everyone and the bot's own managed role included (default 2). */
  roles?: number;
  /** Custom emojis and stickers the server has (default none); Discord sends them in GUILD_CREATE. */
  emojis?: number;
  stickers?: number;
}

export interface StartOptions {
  token?: string;
  /** The application's privileged intents (default: none, as a new application on Discord). */
  privilegedIntents?: PrivilegedIntents;
  /**
   * Check every request body against Discord's OpenAPI description (default true). The load bench turns
   * it off: it measures the bot, and the fake shares the bot's process and event loop.
   */
  checkSpec?: boolean;
  /** Quiet period collected after an interaction completed (default 60 ms). */
  settleMs?: number;
  /** Heartbeat interval announced in HELLO (default 41250 ms like Discord). */
  heartbeatIntervalMs?: number;
  /** The initial response must arrive within this many ms of dispatch (Discord: 3 s, the default); a later one gets
   *  404 / 10062 Unknown interaction and the exchange throws ("This interaction failed"). 0 turns the check off. */
  interactionDeadlineMs?: number;
  /** Follow-ups and edits through the interaction token are accepted this long after dispatch (Discord: 15 min,
   *  the default); later they get 401 / 50027 Invalid Webhook Token. */
  tokenLifetimeMs?: number;
  /** The clock both deadlines and the CDN's link expiry (./cdn.ts) are measured on (default Date.now); a test may skew it to prove them. */
  now?: () => number;
  /** Send GUILD_CREATE for the default guild after READY (default true). */
  sendGuildCreate?: boolean;
  /**
   * Discord's global rate limit on the bot's requests, per second (default 50, as Discord; 0: none).
   * Interaction endpoints (the callback, the interaction token's follow-ups and edits) are not bound
   * by it. Over it: 429 with `global: true` (./global-limit.ts).
   */
  globalLimit?: number;
  /** Shard count recommended by GET /gateway/bot (default 1). Each guild's events go to shard `(guild_id >> 22) % count`. */
  shardCount?: number;
}

export interface FakeDiscord {
  apiBase: string;
  gatewayUrl: string;
  token: string;
  applicationId: string;
  botUser: { id: string; username: string };
  guildId: string;
  channelId: string;
  /** Ready-made users: `player` and `player2` (plain permissions), `gm` (plain permissions, distinct id),
   *  `moderator` (plain + Manage Channels), `admin` (Administrator). */
  /** `owner` owns the default guild. */
  users: { player: FakeUser; player2: FakeUser; gm: FakeUser; moderator: FakeUser; admin: FakeUser; owner: FakeUser };
  requests: RecordedRequest[];
  /** Message creates Discord dropped as repeats of an earlier nonce (enforce_nonce). */
  readonly nonceHits: number;
  /** The global rate limit: requests it counted per second since the first, and how many it refused (429 global). */
  readonly globalLimit: { perSecondLimit: number; perSecond: number[]; refused: number };
  /** IDENTIFY payloads (`d`) received on the gateway. */
  identifies: any[];
  /** RESUME payloads (`d`) received on the gateway. */
  resumes: any[];

  createUser(input?: Partial<FakeUser>): FakeUser;
  /** Stores a file as if a user had uploaded it for a command's ATTACHMENT option; its `url` serves the bytes. */
  uploadAttachment(input: UploadAttachmentInput): FakeAttachment;
  /** Adds a text channel to a guild (default guild); dispatches CHANNEL_CREATE (to that guild's shard) if the guild is the default one or made by createGuild. */
  createTextChannel(input?: { name?: string; guildId?: string }): string;
  /** Adds a guild (with a `general` channel) whose id lands on `shard` of `shardCount` (default: the recommended count);
   *  announced in READY and by GUILD_CREATE to the sessions of that shard. */
  createGuild(input?: CreateGuildInput): { guildId: string; channelId: string; owner: FakeUser; channelIds: string[] };
  /** The server's language as Discord reports it (guild_locale); new servers read en-US. */
  setGuildLocale(guildId: string, locale: string): void;
  /** The shard that receives a guild's events for `shardCount` shards (default: the recommended count). */
  shardOf(guildId: string, shardCount?: number): number;
  /** `[shard id, shard count]` of every gateway session that is connected now. */
  connectedShards(): [number, number][];
  waitForIdentify(): Promise<void>;
  /** IDENTIFY payloads refused with 4014 (a privileged intent the application was not granted). */
  readonly refusedIdentifies: any[];
  /** Switches the application's privileged intents (sessions already open keep what they were given). */
  setPrivilegedIntents(intents: PrivilegedIntents): void;
  /**
   * A user types a message: recorded (source 'user') and dispatched as MESSAGE_CREATE to the sessions
   * with GUILD_MESSAGES (DIRECT_MESSAGES for a DM), its content empty unless the session has the granted
   * MESSAGE_CONTENT intent (or the message is a DM or mentions the bot). Returns the message at once.
   */
  userMessage(input: UserMessageInput): RecordedMessage;
  /**
   * Overwrites the bot's permissions in a channel (a member overwrite for the bot, as a server admin
   * would set): CHANNEL_UPDATE is dispatched, REST checks (deleting another's message needs Manage
   * Messages) and interactions' app_permissions follow it. Bitfields as decimal strings.
   */
  setBotChannelPermissions(channelId: string, overwrite: { allow?: string; deny?: string }): void;
  /** The bot's permissions in a channel as Discord computes them (roles, then the channel's overwrites). */
  botPermissionsIn(channelId: string): string;
  /** The channel's live webhooks (default channel by default), in creation order. */
  webhooks(channelId?: string): FakeWebhook[];
  /** A member deletes a webhook in the server settings: its id answers 10015 from then on. */
  deleteWebhook(id: string): void;
  /** A webhook a member made (not the bot's application), counting toward the channel's 15. */
  createMemberWebhook(input: { channelId?: string; name: string }): FakeWebhook;
  command(input: CommandInput): Promise<InteractionExchange>;
  autocomplete(input: AutocompleteInput): Promise<InteractionExchange>;
  component(input: ComponentInput): Promise<InteractionExchange>;
  button(input: Omit<ComponentInput, 'componentType' | 'values'>): Promise<InteractionExchange>;
  select(input: Omit<ComponentInput, 'componentType'> & { values: string[]; componentType?: number }): Promise<InteractionExchange>;
  modalSubmit(input: ModalSubmitInput): Promise<InteractionExchange>;
  /** Send any gateway dispatch: to the sessions of its guild's shard when `data.guild_id` is set, else to every identified client; returns the sequence numbers used. */
  dispatch(event: string, data: unknown): number[];
  channelMessages(channelId?: string): RecordedMessage[];
  dms(userId: string): RecordedMessage[];
  /** The DM channel id for a user (created on demand, stable). */
  dmChannelId(userId: string): string;
  /** Any recorded message by id (channel, DM, interaction response, follow-up). */
  message(id: string): RecordedMessage | undefined;
  /** Every recorded message (channel, DM, interaction response, follow-up), in the order they were created. */
  allMessages(): RecordedMessage[];
  /** Current command definitions (bodies as sent) — global, a guild's, or (no argument) all scopes concatenated. */
  commandsRegistered(scope?: 'global' | string): unknown[];
  /** Requests that matched no route (answered 404 Unknown route). */
  /** Requests the fake refused as Discord would (400 / 50035 Invalid Form Body), with the reasons as discord.js prints them. */
  rejections(): { request: RecordedRequest; reasons: string[] }[];
  unknownRequests(): RecordedRequest[];
  /** Make the next `times` (default 1) requests matching method + path fail. String paths match exactly (path without /api/v10, no query; attachment downloads: the full path). */
  failNext(method: string, path: RegExp | string, status: number, body?: unknown, times?: number): void;
  /** While closed, POST /channels/<dm>/messages for this user answers 403 {code: 50007}. */
  /** The next `times` matching requests are received at once and handled `ms` later (a slow Discord). */
  delayNext(method: string, path: RegExp | string, ms: number, times?: number): void;
  /** The next interaction reaches the bot `ms` after Discord created it (a gateway backlog): its 3 s run from its creation. */
  lagNextInteraction(ms: number): void;
  /** Requests received and still waiting out a delayNext. */
  readonly heldRequests: number;
  /** op 7: Discord asks the clients to reconnect (they resume). */
  requestReconnect(): void;
  /** op 9: the sessions are invalid; `resumable` false makes the clients identify anew. */
  invalidateSessions(resumable?: boolean): void;
  /** The connections drop without a close frame (1006 at the client). */
  dropConnections(): void;
  /** Heartbeats go unanswered (a zombie connection) until set back to false. */
  withholdHeartbeatAcks(on?: boolean): void;
  /** Drops the injected failures not used up yet. */
  clearFailures(): void;
  setDmsClosed(userId: string, closed?: boolean): void;
  /** Polls until the predicate (sync or async) gives a value. */
  waitFor<T>(predicate: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs?: number): Promise<T>;
  /** Close every gateway connection with `code` (default 4000 → discord.js resumes; 1000 → re-identifies). */
  disconnectClients(code?: number): void;
  /** Forget recorded requests (not the state). */
  clearRequests(): void;
  /**
   * Long runs (the full-shard bench): forgets closed exchanges, recorded requests, and messages older
   * than `olderThanMs` (default 60 s) with their nonces, so the fake's own memory and per-request work
   * stay flat over hundreds of thousands of interactions.
   */
  forget(olderThanMs?: number): void;
  /** Messages made since the start by source (the bot's channel posts, DMs, replies, follow-ups; users' typed ones) and deletions; forget() keeps these counts. */
  tally(): Record<RecordedMessage['source'] | 'deleted' | 'userDeleted', number>;
  /** The GUILD_CREATEs that answered the last IDENTIFY: how many, and the fake's own time to build and send them. */
  readonly lastGuildCreates: { guilds: number; ms: number } | null;
  close(): Promise<void>;
}
