// Local fake of Discord's REST API + gateway for end-to-end tests of the bot.
//   const fake = await startFakeDiscord();
//   const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
//   await client.login(fake.token); await fake.waitForIdentify();
//   const ex = await fake.command({ name: 'roll', options: [{ name: 'dice', value: '2d6' }] });
/* eslint-disable @typescript-eslint/no-explicit-any */
import { warmSpec } from './spec-check.js';
import { ClientInputError, checkSelectValues, checkTextInput, clientOptions } from './client-options.js';
import { checkOffered } from './command-contexts.js';
import { FakeGateway, Intents } from './gateway.js';
import {
  PERMISSIONS,
  buildOptions,
  findCustomId,
  interactionChannelApi,
  interactionPayload,
  type OptionResolver,
} from './payloads.js';
import { startServer, type RunningServer } from './server.js';
import { GlobalLimit } from './global-limit.js';
import { interactionToken, randomHex, shardOf, snowflake, snowflakeOnShard } from './snowflake.js';
import { Store, withoutContent, type ExchangeState } from './state.js';
import type {
  AutocompleteInput,
  CommandInput,
  CreateGuildInput,
  ComponentInput,
  FakeAttachment,
  FakeDiscord,
  FakeUser,
  FakeWebhook,
  InteractionContextInput,
  InteractionExchange,
  ModalSubmitInput,
  PrivilegedIntents,
  RecordedMessage,
  RecordedRequest,
  StartOptions,
  UploadAttachmentInput,
  UserMessageInput,
  WaitOptions,
} from './types.js';

export type * from './types.js';
export { PERMISSIONS, PERMISSION_BITS } from './payloads.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function defaultUntil(ex: InteractionExchange): boolean {
  if (ex.callback.type === 5 || ex.callback.type === 6) return ex.edits.length + ex.followUps.length > 0;
  return true;
}

interface DispatchSpec {
  type: number;
  data: any;
  user: FakeUser;
  guildId: string | null;
  channelId: string | undefined;
  permissions: string | undefined;
  appPermissions: string | undefined;
  locale: string | undefined;
  commandName: string | undefined;
  sourceMessage: RecordedMessage | null;
}

class FakeDiscordImpl implements FakeDiscord {
  readonly apiBase: string;
  readonly gatewayUrl: string;
  readonly users: FakeDiscord['users'];

  constructor(
    private readonly store: Store,
    private readonly gateway: FakeGateway,
    private readonly server: RunningServer,
    private readonly settleMs: number,
  ) {
    this.apiBase = `${store.httpBase}/api`;
    this.gatewayUrl = store.wsUrl;
    this.users = {
      player: store.createUser({ username: 'player_one', globalName: 'Player One' }),
      player2: store.createUser({ username: 'player_two', globalName: 'Player Two' }),
      gm: store.createUser({ username: 'game_master', globalName: 'Game Master' }),
      moderator: store.createUser({ username: 'moderator', globalName: 'Moderator', permissions: PERMISSIONS.manageChannels }),
      admin: store.createUser({ username: 'admin', globalName: 'Admin', permissions: PERMISSIONS.administrator }),
      owner: store.users.get(store.guilds.get(store.guildId)!.ownerId)!,
    };
  }

  get token(): string {
    return this.store.token;
  }
  get applicationId(): string {
    return this.store.applicationId;
  }
  get botUser(): { id: string; username: string } {
    return { id: this.store.botUser.id, username: this.store.botUser.username };
  }
  get guildId(): string {
    return this.store.guildId;
  }
  get channelId(): string {
    return this.store.channelId;
  }
  get requests(): RecordedRequest[] {
    return this.store.requests;
  }
  /** Message creates Discord dropped as repeats of an earlier nonce (enforce_nonce). */
  get nonceHits(): number {
    return this.store.nonceHits;
  }
  get globalLimit(): FakeDiscord['globalLimit'] {
    return this.store.globalLimit;
  }
  get identifies(): any[] {
    return this.store.identifies;
  }
  get resumes(): any[] {
    return this.store.resumes;
  }

  createUser(input: Partial<FakeUser> = {}): FakeUser {
    return this.store.createUser(input);
  }

  uploadAttachment(input: UploadAttachmentInput): FakeAttachment {
    return this.store.uploadAttachment(input);
  }

  createTextChannel(input: { name?: string; guildId?: string } = {}): string {
    const guildId = input.guildId ?? this.store.guildId;
    const channel = this.store.createTextChannel(guildId, input.name ?? `channel-${randomHex(2)}`);
    if (this.store.announcedGuilds.has(guildId)) this.gateway.dispatch('CHANNEL_CREATE', this.store.channelApi(channel));
    return channel.id;
  }

  /**
   * A new server with its owner and a #general. `announce: false`: the bot never gets its GUILD_CREATE,
   * so discord.js has no cache of it (a guild that was unavailable at start, or a cold cache): its
   * interactions arrive with a guild_id only.
   */
  createGuild(input: CreateGuildInput = {}): { guildId: string; channelId: string; owner: FakeUser; channelIds: string[] } {
    const shardCount = input.shardCount ?? this.store.shardCount;
    const id = snowflakeOnShard(input.shard ?? 0, shardCount);
    const owner = this.store.createUser({ username: `owner_${id.slice(-4)}`, permissions: PERMISSIONS.administrator });
    const guild = this.store.createGuild({ id, name: input.name ?? `Guild ${id.slice(-4)}`, ownerId: owner.id });
    if (input.locale) guild.locale = input.locale;
    guild.members.set(owner.id, guild.joinedAt);
    const channelId = this.store.createTextChannel(id, 'general').id;
    for (let i = 1; i < (input.channels ?? 1); i++) this.store.createTextChannel(id, `table-${i}`);
    this.store.furnishGuild(guild, { roles: input.roles ?? 2, emojis: input.emojis ?? 0, stickers: input.stickers ?? 0 });
    if (input.announce !== false) {
      this.store.announcedGuilds.add(id);
      this.gateway.announceGuild(id);
    }
    return { guildId: id, channelId, owner, channelIds: [...guild.channelIds] };
  }

  /** The server's language as Discord reports it (guild_locale, preferred_locale); the default server's too. */
  setGuildLocale(guildId: string, locale: string): void {
    this.store.ensureGuild(guildId).locale = locale;
  }

  shardOf(guildId: string, shardCount: number = this.store.shardCount): number {
    return shardOf(guildId, shardCount);
  }

  connectedShards(): [number, number][] {
    return this.gateway.connectedShards();
  }

  waitForIdentify(): Promise<void> {
    return this.gateway.waitForReady();
  }

  get refusedIdentifies(): any[] {
    return this.store.refusedIdentifies;
  }

  setPrivilegedIntents(intents: PrivilegedIntents): void {
    this.store.grantedIntents = grantedBits(intents);
  }

  userMessage(input: UserMessageInput): RecordedMessage {
    const { store } = this;
    const user = store.adoptUser(input.user ?? this.users.player);
    let channelId = input.channelId;
    if (input.guildId === null) channelId = store.dmChannelFor(user.id).id;
    channelId ??= input.guildId ? (store.ensureGuild(input.guildId).channelIds[0] ?? store.channelId) : store.channelId;
    const channel = store.channels.get(channelId);
    if (!channel) throw new Error(`fake-discord: no channel ${channelId}`);
    if (Array.from(input.content).length > 2000) throw new ClientInputError('message', 'a message holds at most 2000 characters (4000 with Nitro); the client refuses more');
    const rec = store.createUserMessage({ channelId, author: user, content: input.content, ...(input.webhook ? { webhookName: input.webhook.name } : {}) });
    const member = channel.guildId && !rec.webhookId ? (() => {
      const { user: _user, ...rest } = store.guildMemberApi(channel.guildId, user);
      return rest;
    })() : undefined;
    const full = { ...store.messageApi(rec), ...(channel.guildId ? { guild_id: channel.guildId } : {}), ...(member ? { member } : {}) };
    this.gateway.dispatchUserMessage((withContent) => (withContent ? full : withoutContent(full)), channel.guildId, store.contentVisibleWithoutIntent(rec));
    return rec;
  }

  setBotChannelPermissions(channelId: string, overwrite: { allow?: string; deny?: string }): void {
    const channel = this.store.setBotOverwrite(channelId, overwrite);
    this.gateway.dispatch('CHANNEL_UPDATE', this.store.channelApi(channel));
  }

  botPermissionsIn(channelId: string): string {
    return this.store.botPermissionsIn(channelId).toString();
  }

  webhooks(channelId: string = this.store.channelId): FakeWebhook[] {
    return [...this.store.webhooks.values()].filter((h) => h.channelId === channelId && !h.deleted).map((h) => ({ id: h.id, token: h.token, channelId: h.channelId, name: h.name, applicationId: h.applicationId }));
  }

  deleteWebhook(id: string): void {
    const hook = this.store.webhooks.get(id);
    if (!hook || hook.deleted) throw new Error(`fake-discord: no webhook ${id}`);
    hook.deleted = true;
  }

  createMemberWebhook(input: { channelId?: string; name: string }): FakeWebhook {
    const channelId = input.channelId ?? this.store.channelId;
    const channel = this.store.channels.get(channelId);
    if (!channel?.guildId) throw new Error(`fake-discord: ${channelId} is no guild channel`);
    const hook = { id: snowflake(), token: randomHex(34), guildId: channel.guildId, channelId, name: input.name, applicationId: null, userId: this.users.owner.id, deleted: false };
    this.store.webhooks.set(hook.id, hook);
    return { id: hook.id, token: hook.token, channelId, name: hook.name, applicationId: null };
  }

  // ---- interactions ----------------------------------------------------------

  private resolver(guildId: string | null, permissions: string): OptionResolver {
    const { store } = this;
    return {
      user: (id) => store.users.get(id),
      channel: (id) => {
        const channel = store.channels.get(id);
        return channel ? interactionChannelApi(store.channelApi(channel), permissions) : undefined;
      },
      role: (id) => (guildId ? store.ensureGuild(guildId).roles.find((r) => r.id === id) : undefined),
      member: (user) => {
        store.adoptUser(user);
        return guildId ? store.resolvedMemberApi(guildId, user) : undefined;
      },
      attachment: (id) => store.uploads.get(id),
    };
  }

  /** The registered options of a command (undefined when the bot did not register it: options go unchecked). */
  private registeredOptions(scope: string, name: string): any[] | undefined {
    const body = this.store.commands.get(scope)?.bodies.find((b) => b?.name === name);
    return body ? (body.options ?? []) : undefined;
  }

  /** A command can be sent only where the client offers it (its registered contexts; guild commands in their guild). */
  private checkOffered(input: CommandInput | AutocompleteInput, guildId: string | null): void {
    const channelType = input.channelId ? this.store.channels.get(input.channelId)?.type : undefined;
    checkOffered(this.store.commands, input.name, guildId, channelType);
  }

  private contextOf(input: InteractionContextInput, fallback: { guildId: string | null; user: FakeUser }) {
    const guildId = input.guildId === undefined ? fallback.guildId : input.guildId;
    const user = this.store.adoptUser(input.user ?? fallback.user);
    return { guildId, user, permissions: input.permissions ?? user.permissions };
  }

  private async interact(spec: DispatchSpec, wait: WaitOptions): Promise<InteractionExchange> {
    const { store } = this;
    if (!this.gateway.hasLiveSession()) {
      throw new Error('fake-discord: no gateway client connected — log the client in and await fake.waitForIdentify() first');
    }
    // Discord has nobody to deliver to when the guild's shard (shard 0 for a DM) is not connected:
    // the user sees "This interaction failed". A test doing that is wrong, so say which shard is missing.
    if (!this.gateway.hasLiveSessionFor(spec.guildId)) {
      const where = spec.guildId ? `guild ${spec.guildId} (shard ${shardOf(spec.guildId, this.store.shardCount)} of ${this.store.shardCount})` : 'a DM (shard 0)';
      throw new Error(`fake-discord: no connected gateway session receives ${where}; connected shards: ${JSON.stringify(this.gateway.connectedShards())}`);
    }
    const user = store.adoptUser(spec.user);
    let channel;
    if (spec.guildId) {
      const guild = store.ensureGuild(spec.guildId);
      const channelId =
        spec.channelId ?? (spec.guildId === store.guildId ? store.channelId : guild.channelIds[0]) ?? snowflake();
      channel = store.ensureChannel(channelId, spec.guildId);
    } else {
      const given = spec.channelId ? store.channels.get(spec.channelId) : undefined;
      channel = given?.type === 1 ? given : store.dmChannelFor(user.id);
    }
    const permissions = spec.permissions ?? user.permissions;
    const id = snowflake();
    const token = interactionToken(id);
    const payload = interactionPayload({
      id,
      applicationId: store.applicationId,
      token,
      type: spec.type,
      data: spec.data,
      user,
      guildId: spec.guildId,
      channel: interactionChannelApi(store.channelApi(channel), permissions),
      member: spec.guildId ? store.interactionMemberApi(spec.guildId, user, permissions) : null,
      appPermissions: spec.appPermissions ?? store.botPermissionsIn(channel.id).toString(),
      locale: spec.locale ?? 'en-US',
      guildLocale: spec.guildId ? store.ensureGuild(spec.guildId).locale : null,
      ...(spec.sourceMessage ? { message: store.messageApi(spec.sourceMessage) } : {}),
    });
    const ex: ExchangeState = {
      interactionId: id,
      token,
      type: spec.type,
      payload,
      callback: null,
      callbackFiles: [],
      followUps: [],
      followUpMessages: [],
      edits: [],
      deletes: [],
      original: null,
      requests: [],
      messages: [],
      dispatchedAt: store.now(),
      user,
      guildId: spec.guildId,
      channelId: channel.id,
      commandName: spec.commandName,
      sourceMessage: spec.sourceMessage,
    };
    store.openExchange(ex);
    // a gateway backlog: Discord made the interaction (its id and its 3 s run from now) but delivers it later
    const lag = this.interactionLags.shift();
    if (lag) await new Promise((resolve) => setTimeout(resolve, lag));
    this.gateway.dispatch('INTERACTION_CREATE', payload, undefined, spec.guildId);
    return this.awaitExchange(ex, wait);
  }

  private async awaitExchange(ex: ExchangeState, wait: WaitOptions): Promise<InteractionExchange> {
    const timeoutMs = wait.timeoutMs ?? 5000;
    const settleMs = wait.settleMs ?? this.settleMs;
    const until = wait.until ?? defaultUntil;
    const deadline = Date.now() + timeoutMs;
    let satisfiedAt = 0;
    const { store } = this;
    for (;;) {
      const view = ex as unknown as InteractionExchange;
      // Past Discord's deadline with no initial response, the user already saw "This interaction failed".
      if (!ex.callback && !ex.failure && store.interactionDeadlineMs > 0 && store.now() - ex.dispatchedAt > store.interactionDeadlineMs) {
        ex.failure = `no initial response within ${store.interactionDeadlineMs} ms of dispatch`;
      }
      if (ex.failure) {
        store.closeExchange(ex);
        throw new Error(`fake-discord: interaction ${ex.commandName ?? ex.payload?.data?.custom_id ?? ''} failed as on Discord ("This interaction failed"): ${ex.failure}\n${describeIncomplete(ex, timeoutMs, store.rejections)}`);
      }
      if (ex.callback && until(view)) {
        satisfiedAt ||= Date.now();
        const quietFor = Date.now() - Math.max(satisfiedAt, this.store.lastRequestAt);
        if (quietFor >= settleMs || Date.now() >= deadline) {
          store.closeExchange(ex);
          return view;
        }
      } else {
        satisfiedAt = 0;
        if (Date.now() >= deadline) {
          store.closeExchange(ex);
          throw new Error(describeIncomplete(ex, timeoutMs, store.rejections));
        }
      }
      await sleep(5);
    }
  }

  command(input: CommandInput): Promise<InteractionExchange> {
    const ctx = this.contextOf(input, { guildId: this.store.guildId, user: this.users.player });
    this.checkOffered(input, ctx.guildId);
    const scope = ctx.guildId && this.store.commands.get(ctx.guildId)?.bodies.some((b) => b?.name === input.name) ? ctx.guildId : 'global';
    const typed = clientOptions(input.options, this.registeredOptions(scope, input.name), input.name);
    const { options, resolved } = buildOptions(typed, this.resolver(ctx.guildId, ctx.permissions));
    const data = {
      id: input.commandId ?? this.store.commandId(scope, input.name),
      name: input.name,
      type: 1,
      ...(options ? { options } : {}),
      ...(resolved ? { resolved } : {}),
      ...(scope !== 'global' ? { guild_id: scope } : {}),
    };
    return this.interact(
      { ...this.spec(input, ctx), type: 2, data, commandName: input.name, sourceMessage: null },
      input,
    );
  }

  autocomplete(input: AutocompleteInput): Promise<InteractionExchange> {
    const ctx = this.contextOf(input, { guildId: this.store.guildId, user: this.users.player });
    this.checkOffered(input, ctx.guildId);
    const scope = ctx.guildId && this.store.commands.get(ctx.guildId)?.bodies.some((b) => b?.name === input.name) ? ctx.guildId : 'global';
    const typed = clientOptions(input.options, this.registeredOptions(scope, input.name), input.name, true);
    const { options } = buildOptions(typed, this.resolver(ctx.guildId, ctx.permissions));
    const data = {
      id: input.commandId ?? this.store.commandId('global', input.name),
      name: input.name,
      type: 1,
      options: options ?? [],
    };
    return this.interact(
      { ...this.spec(input, ctx), type: 4, data, commandName: input.name, sourceMessage: null },
      { ...input, until: input.until ?? (() => true) },
    );
  }

  component(input: ComponentInput): Promise<InteractionExchange> {
    const message = this.resolveMessage(input.message, input.customId);
    const fallbackUser = this.defaultActor(message);
    const ctx = this.contextOf(input, { guildId: message.guildId, user: fallbackUser });
    const componentType = input.componentType ?? 2;
    // A forged id (not on the message) is let through: the tests of stale/forged buttons send one on purpose.
    if (findCustomId(message.components, input.customId)?.disabled === true) {
      throw new ClientInputError(`component ${input.customId}`, 'it is disabled on the message, the client cannot click it');
    }
    const data: any = { custom_id: input.customId, component_type: componentType };
    if (componentType !== 2) {
      data.values = input.values ?? [];
      checkSelectValues(findCustomId(message.components, input.customId), data.values, input.customId);
      if (componentType === 5 || componentType === 7) {
        const { resolved } = buildOptions(
          data.values.map((v: string) => ({ name: v, type: 6, value: v })),
          this.resolver(ctx.guildId, ctx.permissions),
        );
        if (resolved) data.resolved = resolved;
      }
    }
    return this.interact(
      {
        ...this.spec({ ...input, channelId: input.channelId ?? message.channelId }, ctx),
        type: 3,
        data,
        commandName: undefined,
        sourceMessage: message,
      },
      input,
    );
  }

  button(input: Omit<ComponentInput, 'componentType' | 'values'>): Promise<InteractionExchange> {
    return this.component({ ...input, componentType: 2 });
  }

  select(input: Omit<ComponentInput, 'componentType'> & { values: string[]; componentType?: number }): Promise<InteractionExchange> {
    return this.component({ ...input, componentType: input.componentType ?? 3 });
  }

  modalSubmit(input: ModalSubmitInput): Promise<InteractionExchange> {
    const opener = [...this.store.exchanges.values()]
      .reverse()
      .find((ex) => ex.callback?.type === 9 && ex.callback.data?.custom_id === input.customId);
    const components = opener ? mirrorModal(opener.callback?.data, input) : rowsFor(input.fields);
    const sourceMessage =
      input.message !== undefined ? this.resolveMessage(input.message, null) : (opener?.sourceMessage ?? null);
    const ctx = this.contextOf(input, {
      guildId: opener ? opener.guildId : this.store.guildId,
      user: opener?.user ?? this.users.player,
    });
    return this.interact(
      {
        ...this.spec({ ...input, channelId: input.channelId ?? opener?.channelId }, ctx),
        type: 5,
        data: { custom_id: input.customId, components },
        commandName: undefined,
        sourceMessage,
      },
      input,
    );
  }

  private spec(
    input: InteractionContextInput,
    ctx: { guildId: string | null; user: FakeUser; permissions: string },
  ): Omit<DispatchSpec, 'type' | 'data' | 'commandName' | 'sourceMessage'> {
    return {
      user: ctx.user,
      guildId: ctx.guildId,
      channelId: input.channelId,
      permissions: ctx.permissions,
      appPermissions: input.appPermissions,
      locale: input.locale,
    };
  }

  private resolveMessage(message: RecordedMessage | string | undefined, customId: string | null): RecordedMessage {
    if (typeof message === 'object') return message;
    if (typeof message === 'string') {
      const found = this.store.messages.get(message);
      if (!found) throw new Error(`fake-discord: no recorded message ${message}`);
      return found;
    }
    const found = customId ? this.store.findMessageWithComponent(customId) : undefined;
    if (!found) throw new Error(`fake-discord: no recorded message has a component with custom_id "${customId}" — pass \`message\``);
    return found;
  }

  /** Who clicks by default: the DM recipient, else whoever triggered the interaction that produced the message. */
  private defaultActor(message: RecordedMessage): FakeUser {
    const channel = this.store.channels.get(message.channelId);
    if (channel?.type === 1 && channel.recipientId) {
      const user = this.store.users.get(channel.recipientId);
      if (user) return user;
    }
    return this.store.messageInteraction.get(message.id)?.user ?? this.users.player;
  }

  // ---- inspection ------------------------------------------------------------

  dispatch(event: string, data: unknown): number[] {
    return this.gateway.dispatch(event, data);
  }

  channelMessages(channelId: string = this.store.channelId): RecordedMessage[] {
    return this.store.channelMessages(channelId);
  }

  dms(userId: string): RecordedMessage[] {
    const channelId = this.store.dmByUser.get(userId);
    return channelId ? this.store.channelMessages(channelId) : [];
  }

  dmChannelId(userId: string): string {
    return this.store.dmChannelFor(userId).id;
  }

  message(id: string): RecordedMessage | undefined {
    return this.store.messages.get(id);
  }

  allMessages(): RecordedMessage[] {
    return [...this.store.messages.values()];
  }

  commandsRegistered(scope?: 'global' | string): unknown[] {
    if (scope) return [...(this.store.commands.get(scope)?.bodies ?? [])];
    return [...this.store.commands.values()].flatMap((c) => c.bodies);
  }

  rejections(): { request: RecordedRequest; reasons: string[] }[] {
    return [...this.store.rejections];
  }

  unknownRequests(): RecordedRequest[] {
    return this.store.requests.filter((r) => r.route === null);
  }

  failNext(method: string, path: RegExp | string, status: number, body?: unknown, times = 1): void {
    this.store.failRules.push({
      method: method.toUpperCase(),
      path,
      status,
      body: body ?? { message: `${status}: injected failure`, code: 0 },
      remaining: times,
    });
  }

  /** The next `times` matching requests are received at once and handled `ms` later (a slow Discord). */
  delayNext(method: string, path: RegExp | string, ms: number, times = 1): void {
    this.store.delayRules.push({ method: method.toUpperCase(), path, ms, remaining: times });
  }

  lagNextInteraction(ms: number): void {
    this.interactionLags.push(ms);
  }

  private readonly interactionLags: number[] = [];

  /** Requests received and still waiting out a delayNext. */
  get heldRequests(): number {
    return this.store.held;
  }

  /** Drops the injected failures not used up yet. */
  clearFailures(): void {
    this.store.failRules.length = 0;
  }

  setDmsClosed(userId: string, closed = true): void {
    if (closed) this.store.closedDms.add(userId);
    else this.store.closedDms.delete(userId);
  }

  async waitFor<T>(predicate: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 2000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await predicate();
      if (value !== undefined && value !== null && value !== false) return value;
      if (Date.now() >= deadline) throw new Error(`fake-discord: waitFor timed out after ${timeoutMs}ms`);
      await sleep(10);
    }
  }

  disconnectClients(code = 4000): void {
    this.gateway.disconnect(code);
  }

  /** op 7: Discord asks the clients to reconnect (they resume). */
  requestReconnect(): void {
    this.gateway.requestReconnect();
  }

  /** op 9: the sessions are invalid; `resumable` false makes the clients identify anew. */
  invalidateSessions(resumable = false): void {
    this.gateway.invalidateSessions(resumable);
  }

  /** The connections drop without a close frame (1006 at the client). */
  dropConnections(): void {
    this.gateway.dropConnections();
  }

  /** Heartbeats go unanswered (a zombie connection) until set back to false. */
  withholdHeartbeatAcks(on = true): void {
    this.gateway.withholdAcks = on;
  }

  clearRequests(): void {
    this.store.requests.length = 0;
  }

  tally(): Record<RecordedMessage['source'] | 'deleted' | 'userDeleted', number> {
    return { ...this.store.tally };
  }

  get lastGuildCreates(): { guilds: number; ms: number } | null {
    return this.gateway.lastGuildCreates;
  }

  forget(olderThanMs = 60_000): void {
    this.store.forget(olderThanMs);
  }

  async close(): Promise<void> {
    for (const ex of this.store.exchanges.values()) this.store.closeExchange(ex);
    await this.gateway.close();
    await this.server.close();
  }
}

function describeIncomplete(ex: ExchangeState, timeoutMs: number, rejections: Store['rejections']): string {
  const reqs = ex.requests
    .map((r) => {
      const refused = rejections.find((x) => x.request === r)?.reasons.join('; ');
      return `  ${r.method} ${r.path} → ${r.status}${r.route ? '' : ' (unknown route)'}${refused ? ` (Invalid Form Body: ${refused})` : ''}`;
    })
    .join('\n');
  return (
    `fake-discord: interaction ${ex.commandName ?? ex.payload?.data?.custom_id ?? ''} (type ${ex.type}, id ${ex.interactionId}) ` +
    `incomplete after ${timeoutMs}ms: callback=${JSON.stringify(ex.callback)}, edits=${ex.edits.length}, ` +
    `followUps=${ex.followUps.length}\nrequests during the exchange:\n${reqs || '  (none)'}`
  );
}

function rowsFor(fields: Record<string, string | string[]>): any[] {
  return Object.entries(fields).map(([customId, value]) => ({
    type: 1,
    components: [textOrSelect(4, customId, value)],
  }));
}

function textOrSelect(type: number, customId: string, value: string | string[] | undefined): any {
  if (type === 4) return { type: 4, custom_id: customId, value: Array.isArray(value) ? value.join(',') : (value ?? '') };
  return { type, custom_id: customId, values: Array.isArray(value) ? value : value === undefined ? [] : [value] };
}

/** Builds the submitted components with the same layout as the modal the bot showed (action rows or labels). */
function mirrorModal(modal: any, input: ModalSubmitInput): any[] {
  const seen = new Set<string>();
  const leaf = (c: any): any => {
    if (typeof c?.custom_id !== 'string') return { type: c?.type, ...(c?.id !== undefined ? { id: c.id } : {}) };
    seen.add(c.custom_id);
    const value = input.fields[c.custom_id];
    if (value === undefined && c.required !== false && (c.type === 4 || c.min_values > 0)) {
      throw new Error(`fake-discord: modal "${input.customId}" requires field "${c.custom_id}"`);
    }
    if (c.type === 4) checkTextInput(c, Array.isArray(value) ? value.join(',') : value, input.customId);
    else if (value !== undefined) checkSelectValues(c, Array.isArray(value) ? value : [value], c.custom_id);
    return { ...(c.id !== undefined ? { id: c.id } : {}), ...textOrSelect(c.type, c.custom_id, value) };
  };
  const node = (c: any): any => {
    if (Array.isArray(c?.components)) return { type: c.type, ...(c.id !== undefined ? { id: c.id } : {}), components: c.components.map(leaf) };
    if (c?.component) return { type: c.type, ...(c.id !== undefined ? { id: c.id } : {}), component: leaf(c.component) };
    return leaf(c);
  };
  const out = (Array.isArray(modal?.components) ? modal.components : []).map(node);
  const unknown = Object.keys(input.fields).filter((k) => !seen.has(k));
  if (unknown.length) throw new Error(`fake-discord: modal "${input.customId}" has no field(s) ${unknown.join(', ')}`);
  return out;
}

/** The gateway bits of the privileged intents an application has. */
function grantedBits(intents: PrivilegedIntents): number {
  return (intents.messageContent ? Intents.MessageContent : 0) | (intents.guildMembers ? Intents.GuildMembers : 0) | (intents.guildPresences ? Intents.GuildPresences : 0);
}

/** Starts the fake on 127.0.0.1 (ephemeral port). */
export async function startFakeDiscord(opts: StartOptions = {}): Promise<FakeDiscord> {
  const shardCount = opts.shardCount ?? 1;
  if (!Number.isInteger(shardCount) || shardCount < 1) throw new Error(`fake-discord: shardCount must be a positive integer, got ${shardCount}`);
  const store = new Store({
    token: opts.token ?? '',
    interactionDeadlineMs: opts.interactionDeadlineMs ?? 3000,
    shardCount,
    grantedIntents: grantedBits(opts.privilegedIntents ?? {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.tokenLifetimeMs !== undefined ? { tokenLifetimeMs: opts.tokenLifetimeMs } : {}),
  });
  store.checkSpec = opts.checkSpec ?? true;
  if (store.checkSpec) warmSpec();
  store.globalLimit = new GlobalLimit(opts.globalLimit ?? 50);
  const gateway = new FakeGateway(store, {
    heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
    sendGuildCreate: opts.sendGuildCreate ?? true,
  });
  store.onMessageDelete = (rec) => gateway.dispatchMessageDelete({ id: rec.id, channel_id: rec.channelId, ...(rec.guildId ? { guild_id: rec.guildId } : {}) });
  store.onMessageCreate = (rec) => {
    if ((rec.flags & 64) !== 0) return;
    // A webhook's message is no member's: no member object, and its content only with Message Content.
    if (rec.webhookId) {
      const full = { ...store.messageApi(rec), ...(rec.guildId ? { guild_id: rec.guildId } : {}) };
      gateway.dispatchUserMessage((withContent) => (withContent ? full : withoutContent(full)), rec.guildId, false);
    } else {
      gateway.dispatchMessageCreate(store.messageApi(rec), rec.guildId);
    }
  };
  const server = await startServer(store, gateway, (event, data) => gateway.dispatch(event, data));
  store.httpBase = `http://127.0.0.1:${server.port}`;
  store.wsUrl = `ws://127.0.0.1:${server.port}`;
  return new FakeDiscordImpl(store, gateway, server, opts.settleMs ?? 60);
}

export { findCustomId };
