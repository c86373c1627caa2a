// Builders for the raw Discord API objects the fake serves and dispatches.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { CommandOption, FakeAttachment, FakeUser, RecordedMessage } from './types.js';

const bit = (n: number): bigint => 1n << BigInt(n);

/** Discord permission bits used by the fake. */
export const PERMISSION_BITS = {
  CreateInstantInvite: bit(0),
  Administrator: bit(3),
  ManageChannels: bit(4),
  AddReactions: bit(6),
  ViewChannel: bit(10),
  SendMessages: bit(11),
  ManageMessages: bit(13),
  EmbedLinks: bit(14),
  AttachFiles: bit(15),
  ReadMessageHistory: bit(16),
  MentionEveryone: bit(17),
  UseExternalEmojis: bit(18),
  Connect: bit(20),
  Speak: bit(21),
  ChangeNickname: bit(26),
  ManageRoles: bit(28),
  ManageWebhooks: bit(29),
  UseApplicationCommands: bit(31),
  ManageThreads: bit(34),
  CreatePublicThreads: bit(35),
  CreatePrivateThreads: bit(36),
  UseExternalStickers: bit(37),
  SendMessagesInThreads: bit(38),
} as const;

const P = PERMISSION_BITS;
const everyoneBits =
  P.CreateInstantInvite |
  P.AddReactions |
  P.ViewChannel |
  P.SendMessages |
  P.EmbedLinks |
  P.AttachFiles |
  P.ReadMessageHistory |
  P.UseExternalEmojis |
  P.Connect |
  P.Speak |
  P.ChangeNickname |
  P.UseApplicationCommands |
  P.CreatePublicThreads |
  P.UseExternalStickers |
  P.SendMessagesInThreads;

/** Permission bitfields (decimal strings, as Discord sends them). */
export const PERMISSIONS = {
  /** A plain member (the @everyone role of a fresh server). */
  member: everyoneBits.toString(),
  /** A member who may manage channels (1 << 4). */
  manageChannels: (everyoneBits | P.ManageChannels).toString(),
  /** What Discord sends for an administrator: every bit set. */
  administrator: ((1n << 51n) - 1n).toString(),
  /** The bot's own permissions (generous, no Administrator; Manage Webhooks for posts as characters). */
  bot: (
    everyoneBits |
    P.ManageChannels |
    P.ManageMessages |
    P.ManageWebhooks |
    P.MentionEveryone |
    P.ManageRoles |
    P.ManageThreads |
    P.CreatePrivateThreads
  ).toString(),
} as const;

export function userApi(user: FakeUser): any {
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName,
    discriminator: '0',
    avatar: null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
    public_flags: 0,
    ...(user.bot ? { bot: true } : {}),
  };
}

/** The bot user as READY / GET /users/@me return it. */
export function botUserApi(user: FakeUser): any {
  return {
    ...userApi(user),
    bot: true,
    verified: true,
    mfa_enabled: false,
    email: null,
    flags: 0,
    locale: 'en-US',
    banner: null,
    accent_color: null,
  };
}

interface MemberShape {
  user: FakeUser;
  joinedAt: string;
  roles?: string[];
}

/** A guild member as REST / GUILD_CREATE return it (with `user`). */
export function guildMemberApi({ user, joinedAt, roles }: MemberShape): any {
  return {
    user: userApi(user),
    nick: user.nick,
    avatar: null,
    banner: null,
    roles: roles ?? user.roles,
    joined_at: joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    unusual_dm_activity_until: null,
  };
}

/** The `member` of an interaction: a guild member plus the computed channel `permissions`. */
export function interactionMemberApi(shape: MemberShape & { permissions: string }): any {
  return { ...guildMemberApi(shape), permissions: shape.permissions };
}

/** A member inside `data.resolved.members` (no `user`, no deaf/mute). */
export function resolvedMemberApi(shape: MemberShape & { permissions: string }): any {
  const { user: _user, deaf: _deaf, mute: _mute, ...rest } = guildMemberApi(shape);
  return { ...rest, permissions: shape.permissions };
}

export function roleApi(input: {
  id: string;
  name: string;
  permissions: string;
  position: number;
  managed?: boolean;
  botId?: string;
}): any {
  return {
    id: input.id,
    name: input.name,
    description: null,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: input.position,
    permissions: input.permissions,
    managed: input.managed ?? false,
    mentionable: false,
    flags: 0,
    ...(input.botId ? { tags: { bot_id: input.botId } } : {}),
  };
}

export function textChannelApi(input: {
  id: string;
  guildId: string;
  name: string;
  position: number;
  lastMessageId: string | null;
}): any {
  return {
    id: input.id,
    type: 0,
    guild_id: input.guildId,
    name: input.name,
    position: input.position,
    permission_overwrites: [],
    parent_id: null,
    topic: null,
    nsfw: false,
    last_message_id: input.lastMessageId,
    last_pin_timestamp: null,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

export function dmChannelApi(input: { id: string; recipient: FakeUser; lastMessageId: string | null }): any {
  return {
    id: input.id,
    type: 1,
    last_message_id: input.lastMessageId,
    flags: 0,
    recipients: [userApi(input.recipient)],
  };
}

/** The channel object embedded in an interaction (partial, with the member's `permissions`). */
export function interactionChannelApi(channel: any, permissions: string): any {
  if (channel.type === 1) return { ...channel };
  const { permission_overwrites: _po, ...rest } = channel;
  return { ...rest, permissions };
}

export function guildApi(input: {
  id: string;
  name: string;
  ownerId: string;
  roles: any[];
  emojis?: any[];
  stickers?: any[];
  systemChannelId: string | null;
  locale: string;
}): any {
  return {
    id: input.id,
    name: input.name,
    icon: null,
    icon_hash: null,
    splash: null,
    discovery_splash: null,
    owner_id: input.ownerId,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: input.roles,
    emojis: input.emojis ?? [],
    stickers: input.stickers ?? [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: input.systemChannelId,
    system_channel_flags: 0,
    rules_channel_id: null,
    safety_alerts_channel_id: null,
    max_presences: null,
    max_members: 500000,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: input.locale,
    public_updates_channel_id: null,
    nsfw_level: 0,
    nsfw: false,
    hub_type: null,
    incidents_data: null,
    latest_onboarding_question_id: null,
  };
}

/** The extra fields of a GUILD_CREATE dispatch. */
export function guildCreateApi(
  guild: any,
  input: { joinedAt: string; members: any[]; channels: any[]; memberCount: number },
): any {
  return {
    ...guild,
    joined_at: input.joinedAt,
    large: false,
    unavailable: false,
    lazy: true,
    member_count: input.memberCount,
    voice_states: [],
    members: input.members,
    channels: input.channels.map(({ guild_id: _gid, ...c }) => c),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    embedded_activities: [],
    activity_instances: [],
    application_command_counts: {},
  };
}

export function attachmentApi(input: {
  id: string;
  filename: string;
  size: number;
  contentType: string;
  url: string;
  description?: string | undefined;
  /** Files uploaded for a command option are ephemeral (`ephemeral: true`), as Discord sends them. */
  ephemeral?: boolean | undefined;
}): any {
  return {
    id: input.id,
    filename: input.filename,
    size: input.size,
    url: input.url,
    proxy_url: input.url,
    content_type: input.contentType,
    ...(input.description ? { description: input.description } : {}),
    ...(input.ephemeral !== undefined ? { ephemeral: input.ephemeral } : {}),
  };
}

const CONTENT_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
  yml: 'application/yaml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** The content type Discord reports for an uploaded file, guessed from its extension. */
export function contentTypeFor(filename: string): string {
  const ext = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** The resolved attachment for a FakeAttachment the store does not know (built by hand in a test). */
export function fakeAttachmentApi(attachment: FakeAttachment): any {
  return attachmentApi({ ...attachment, ephemeral: true });
}

/** A message object as REST returns it. */
export function messageApi(
  rec: RecordedMessage,
  input: {
    author: any;
    applicationId: string;
    interaction: { id: string; type: number; user: any; commandName?: string; guildId: string | null } | null;
    editedAt: string | null;
  },
): any {
  const base: any = {
    id: rec.id,
    type: 0,
    channel_id: rec.channelId,
    author: input.author,
    content: rec.content,
    timestamp: new Date(rec.createdAt).toISOString(),
    edited_timestamp: input.editedAt,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    mention_channels: [],
    attachments: rec.attachments,
    embeds: rec.embeds,
    components: rec.components,
    pinned: rec.pinned,
    flags: rec.flags,
  };
  if (input.interaction) {
    const it = input.interaction;
    base.type = it.type === 2 ? 20 : 0;
    base.webhook_id = input.applicationId;
    base.application_id = input.applicationId;
    base.interaction_metadata = {
      id: it.id,
      type: it.type,
      user: it.user,
      authorizing_integration_owners: it.guildId ? { '0': it.guildId } : { '1': it.user.id },
      ...(it.commandName ? { name: it.commandName, command_type: 1 } : {}),
    };
    if (it.commandName) {
      base.interaction = { id: it.id, type: it.type, name: it.commandName, user: it.user };
    }
  }
  return base;
}

/** Does this component tree contain `customId`? Walks rows, sections (accessory), containers, labels. */
export function findCustomId(node: unknown, customId: string): any {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findCustomId(child, customId);
      if (found) return found;
    }
    return undefined;
  }
  if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>;
    if (obj['custom_id'] === customId) return obj;
    for (const key of ['components', 'component', 'accessory']) {
      if (key in obj) {
        const found = findCustomId(obj[key], customId);
        if (found) return found;
      }
    }
  }
  return undefined;
}

export interface OptionResolver {
  user(id: string): FakeUser | undefined;
  channel(id: string): any;
  role(id: string): any;
  member(user: FakeUser): any | undefined;
  /** `data.resolved.attachments` entry of an uploaded file. */
  attachment(id: string): any | undefined;
}

function isFakeUser(v: unknown): v is FakeUser {
  return typeof v === 'object' && v !== null && 'id' in v && 'username' in v;
}

function isFakeAttachment(v: unknown): v is FakeAttachment {
  return typeof v === 'object' && v !== null && 'id' in v && 'filename' in v && 'url' in v;
}

function inferType(opt: CommandOption): number {
  if (opt.type !== undefined) return opt.type;
  if (opt.options) return 1;
  const v = opt.value;
  if (isFakeUser(v)) return 6;
  if (isFakeAttachment(v)) return 11;
  if (typeof v === 'boolean') return 5;
  if (typeof v === 'number') return Number.isInteger(v) ? 4 : 10;
  return 3;
}

/** Turns test-friendly options into Discord's `data.options` + `data.resolved`. */
export function buildOptions(
  options: CommandOption[] | undefined,
  resolver: OptionResolver,
): { options: any[] | undefined; resolved: any | undefined } {
  const resolved: Record<string, Record<string, any>> = {};
  const add = (kind: string, id: string, value: any): void => {
    (resolved[kind] ??= {})[id] = value;
  };
  const addUser = (user: FakeUser): void => {
    add('users', user.id, userApi(user));
    const member = resolver.member(user);
    if (member) add('members', user.id, member);
  };
  const convert = (opt: CommandOption): any => {
    const type = inferType(opt);
    const out: any = { name: opt.name, type };
    if (opt.options) out.options = opt.options.map(convert);
    if (type === 1 || type === 2) {
      out.options ??= [];
      return out;
    }
    let value = opt.value;
    if (isFakeUser(value)) {
      addUser(value);
      value = value.id;
    } else if (isFakeAttachment(value)) {
      add('attachments', value.id, resolver.attachment(value.id) ?? fakeAttachmentApi(value));
      value = value.id;
    } else if (typeof value === 'string' && !opt.focused) {
      if (type === 6 || type === 9) {
        const user = resolver.user(value);
        if (user) addUser(user);
      }
      if (type === 7) {
        const channel = resolver.channel(value);
        if (channel) add('channels', value, channel);
      }
      if (type === 8 || type === 9) {
        const role = resolver.role(value);
        if (role) add('roles', value, role);
      }
      if (type === 11) {
        const attachment = resolver.attachment(value);
        if (attachment) add('attachments', value, attachment);
      }
    }
    if (value !== undefined) out.value = value;
    if (opt.focused) out.focused = true;
    return out;
  };
  const converted = options?.map(convert);
  return { options: converted, resolved: Object.keys(resolved).length ? resolved : undefined };
}

export interface InteractionEnvelope {
  id: string;
  applicationId: string;
  token: string;
  type: number;
  data: any;
  user: FakeUser;
  guildId: string | null;
  channel: any;
  member: any | null;
  appPermissions: string;
  locale: string;
  guildLocale: string | null;
  message?: any;
}

/** A complete INTERACTION_CREATE `d`. */
export function interactionPayload(env: InteractionEnvelope): any {
  const payload: any = {
    id: env.id,
    application_id: env.applicationId,
    type: env.type,
    data: env.data,
    channel_id: env.channel.id,
    channel: env.channel,
    token: env.token,
    version: 1,
    locale: env.locale,
    app_permissions: env.appPermissions,
    entitlements: [],
    entitlement_sku_ids: [],
    attachment_size_limit: 10 * 1024 * 1024,
  };
  if (env.guildId) {
    payload.guild_id = env.guildId;
    payload.guild = { id: env.guildId, locale: env.guildLocale ?? 'en-US', features: [] };
    payload.guild_locale = env.guildLocale ?? 'en-US';
    payload.member = env.member;
    payload.authorizing_integration_owners = { '0': env.guildId };
    payload.context = 0;
  } else {
    payload.user = userApi(env.user);
    payload.authorizing_integration_owners = { '0': '0' };
    payload.context = 1;
  }
  if (env.message) payload.message = env.message;
  return payload;
}
