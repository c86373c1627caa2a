// What discord.js keeps in memory, bounded to what the bot reads (issue 32 §2). A full shard holds
// 2,500 guilds, and by default discord.js keeps every user and member an interaction or a message
// brings, every message seen or sent (200 per channel), every DM channel opened, and each guild's
// emojis, stickers and the like: memory grew with the users of the day, not with the guilds.
//
// What the bot's code reads from the caches (src/discord/*.ts; commands/ never sees discord.js):
// - guilds: the owner (interaction.guild.ownerId, message.guild.ownerId) and preferredLocale (chat.ts);
// - guild channels: interaction.channel's name, message.channel, client.channels.fetch for posts and
//   boards (the cache first, then REST), and their permission overwrites with the guild's roles for a
//   typed roll's author (message.member.permissionsIn, chat.ts): channels and roles are kept whole
//   (discord.js cannot run with those limited anyway);
// - members: the bot's own (guild.members.me, which discord.js itself reads), and a typed message's
//   author, which Message#member looks up in the cache — chat.ts takes it as the message arrives, so
//   the author is kept only until that event is handled (MemberCache); the interaction's member and
//   user ride on the interaction;
// - users: only the bot's own; messages: never (the event's Message, REST edits and pins by id);
// - DM channels: users.send looks for an open one before asking Discord for it — the newest
//   MAX_DM_CHANNELS are kept; an older recipient costs one POST /users/@me/channels again;
// - threads: kept (a table may play in one), archived ones swept as discord.js does by default.
// Never read, so never kept: presences, voice states, emojis, stickers, soundboard sounds, scheduled
// events, stage instances, invites, bans, automod rules, thread members, reactions, commands,
// entitlements. Permissions in an interaction's channel come from the interaction (app_permissions).
import { ChannelManager, ChannelType, Collection, GuildMemberManager, LimitedCollection, Options, type Channel, type Client, type ClientOptions, type DMChannel, type GuildMember, type Snowflake } from 'discord.js';

/**
 * How often discord.js's REST client drops its idle rate-limit handlers. It makes one per route and
 * major parameter: per channel posted in, per DM channel, per interaction's webhook token. By default
 * it sweeps hourly, so an hour's worth of every person DMed stayed (~700 bytes each; 2,500 after a
 * day of 20,000 users at 500 guilds). A handler is swept only when idle and not rate limited
 * (SequentialHandler#inactive), and a new one learns the bucket's state from its first response, so
 * a short interval loses nothing.
 */
export const REST_HANDLER_SWEEP_MS = 60_000;

/** DM channels kept in the cache (the most recently opened ones). */
export const MAX_DM_CHANNELS = 1_000;

type Limit = number | { maxSize: number; keepOverLimit?: (value: never) => boolean };

const isClientUser = (user: { id: string; client: { user: { id: string } | null } }) => user.id === user.client.user?.id;

const LIMITS: Record<string, Limit> = {
  UserManager: { maxSize: 0, keepOverLimit: isClientUser },
  // GuildMessageManager and DMMessageManager are made as MessageManager
  MessageManager: 0,
  PresenceManager: 0,
  VoiceStateManager: 0,
  GuildEmojiManager: 0,
  BaseGuildEmojiManager: 0,
  ApplicationEmojiManager: 0,
  GuildStickerManager: 0,
  GuildSoundboardSoundManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  GuildInviteManager: 0,
  GuildBanManager: 0,
  AutoModerationRuleManager: 0,
  ThreadMemberManager: 0,
  ReactionManager: 0,
  ReactionUserManager: 0,
  ApplicationCommandManager: 0,
  EntitlementManager: 0,
  SubscriptionManager: 0,
};

/**
 * The client's channel cache: every guild channel and thread as discord.js keeps them, and only the
 * newest `maxDms` DM channels (discord.js has no sweeper for those: one stayed per person ever DMed).
 */
export class ChannelCache extends Collection<Snowflake, Channel> {
  /** DM channel ids, oldest first. Lazy: Map's constructor may call set() before fields exist. */
  private dmIds?: Set<Snowflake>;
  /** Each kept DM channel by its recipient (dmWith). */
  private dmByUser?: Map<Snowflake, Snowflake>;

  constructor(private readonly maxDms: number = MAX_DM_CHANNELS) {
    super();
  }

  override set(key: Snowflake, value: Channel): this {
    if (value.isDMBased()) {
      const dms = (this.dmIds ??= new Set());
      dms.delete(key);
      dms.add(key);
      if (value.type === ChannelType.DM && value.recipientId) (this.dmByUser ??= new Map()).set(value.recipientId, key);
      for (const oldest of dms) {
        if (dms.size <= this.maxDms) break;
        this.delete(oldest);
      }
    }
    return super.set(key, value);
  }

  override delete(key: Snowflake): boolean {
    if (this.dmIds?.delete(key)) {
      const channel = super.get(key);
      if (channel?.type === ChannelType.DM && channel.recipientId && this.dmByUser?.get(channel.recipientId) === key) this.dmByUser.delete(channel.recipientId);
    }
    return super.delete(key);
  }

  override clear(): void {
    this.dmIds?.clear();
    this.dmByUser?.clear();
    super.clear();
  }

  /**
   * The DM channel kept for a user, found by its recipient: discord.js's own lookup before each DM
   * (UserManager#dmChannel) scans the whole channel cache, 125,000 channels at a full shard's 2,500
   * guilds, on the bot's thread for every DM (issue 32 §2).
   */
  dmWith(userId: Snowflake): DMChannel | null {
    const id = this.dmByUser?.get(userId);
    const channel = id === undefined ? undefined : super.get(id);
    return channel?.type === ChannelType.DM && !channel.partial ? channel : null;
  }
}

/** Makes the client find a user's DM channel through the channel cache's index (ChannelCache#dmWith). */
export function findDmsByRecipient(client: Client): void {
  const channels = client.channels.cache;
  // discord.js's typings call the method private; createDM calls it on the instance (discord-cache test)
  if (channels instanceof ChannelCache) (client.users as unknown as { dmChannel: (userId: Snowflake) => DMChannel | null }).dmChannel = (userId) => channels.dmWith(userId);
}

/**
 * A guild's member cache: the bot's own member for good, anyone else only until the event that brought
 * them has been handled. discord.js puts a typed message's author (and an interaction's member) in the
 * cache, where Message#member finds it while the message's handlers run (chat.ts takes it then); with
 * the newest member of each guild kept, a full shard's day left one stranger a guild in memory (2,500
 * members and their users, ~0.8 KB a guild, at 2,500 guilds), never read again (issue 32 §2). At most
 * one at a time besides the bot's own, as before, if several arrive within one turn of the event loop.
 */
export class MemberCache extends LimitedCollection<Snowflake, GuildMember> {
  constructor() {
    super({ maxSize: 1, keepOverLimit: isClientUser as (member: GuildMember) => boolean });
  }

  override set(key: Snowflake, value: GuildMember): this {
    super.set(key, value);
    if (!isClientUser(value)) dropAfterThisEvent(this, key, value);
    return this;
  }
}

/** Members to drop once the current turn of the event loop is over (one timer for all of them). */
let toDrop: [cache: MemberCache, key: Snowflake, member: GuildMember][] = [];

function dropAfterThisEvent(cache: MemberCache, key: Snowflake, member: GuildMember): void {
  if (toDrop.length === 0) {
    setImmediate(() => {
      const due = toDrop;
      toDrop = [];
      for (const [c, k, m] of due) if (c.get(k) === m) c.delete(k);
    }).unref();
  }
  toDrop.push([cache, key, member]);
}

/**
 * The one cache of every manager that keeps nothing (limit 0): a LimitedCollection of size 0 drops
 * whatever is set, so one empty instance can stand for all of them. Each channel's message manager
 * had its own, with an empty Map's table (~180 bytes): 50 channels a guild made ~9 KB of every
 * guild's memory at ready (issue 32 §2).
 */
export const NOTHING_KEPT: Collection<Snowflake, never> = new LimitedCollection({ maxSize: 0 });

/** makeCache and sweepers for the bot's client. */
export function cacheOptions(maxDms = MAX_DM_CHANNELS): Pick<ClientOptions, 'makeCache' | 'sweepers'> {
  const limited = Options.cacheWithLimits(LIMITS as Parameters<typeof Options.cacheWithLimits>[0]);
  const makeCache = ((managerType: { name: string }, holds: unknown, manager: { name: string }) => {
    if (manager === ChannelManager) return new ChannelCache(maxDms);
    if (manager === GuildMemberManager) return new MemberCache();
    if ((LIMITS[manager.name] ?? LIMITS[managerType.name]) === 0) return NOTHING_KEPT;
    return (limited as (...args: unknown[]) => unknown)(managerType, holds, manager);
  }) as unknown as ClientOptions['makeCache'];
  return { makeCache, sweepers: { ...Options.DefaultSweeperSettings } };
}
