// PostgreSQL tables, for groups that share one database between several bot processes. Mirrors
// ./sqlite.ts column for column (./index.ts checks at compile time that both give the same row types);
// migrations/postgres is generated from this file. JSON is `json`, not `jsonb`, so stored text keeps
// its key order exactly as SQLite does; ids take explicit values when a SQLite database is copied in.
// Discord ids are 8-byte bytea values (./snowflake.ts).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, json, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rollPairHash } from './roll-pair-hash.js';
import { withoutRolls } from './event-changes.js';
import { pgDiscordId } from './snowflake.js';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const time = (name: string) => timestamp(name, { mode: 'date', precision: 3, withTimezone: true });
const createdAt = () => time('created_at').notNull();

export const rolls = pgTable(
  'rolls',
  {
    id: id(),
    createdAt: createdAt(),
    guildId: pgDiscordId('guild_id'),
    channelId: pgDiscordId('channel_id').notNull(),
    userId: pgDiscordId('user_id').notNull(),
    expression: text('expression'),
    normalized: text('normalized').notNull(),
    kind: text('kind', { enum: ['sum', 'count', 'target'] }).notNull(),
    // Arithmetic on a thousand dice can pass 2³¹.
    value: bigint('value', { mode: 'number' }).notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }),
    faces: text('faces').notNull().default(''),
    result: json('result'),
    comment: text('comment'),
    secret: boolean('secret').notNull().default(false),
    characterId: integer('character_id'),
    check: json('check'),
  },
  // "A player's last roll here" looks up one 8-byte hash of the (player, channel) pair, then the newest
  // id: an index entry of two 8-byte keys, which PostgreSQL's B-tree splits to fill pages to 90 % as each
  // pair's ids climb (half-full pages with the two ids themselves as keys: 65 → ~30 bytes per roll).
  // Equal hashes of two pairs only cost a recheck: store/rolls.ts still compares both ids.
  (table) => [index('rolls_user_channel_idx').on(rollPairHash(table.userId, table.channelId), table.id)],
);

export const channelGms = pgTable('channel_gms', {
  channelId: pgDiscordId('channel_id').primaryKey(),
  guildId: pgDiscordId('guild_id'),
  userId: pgDiscordId('user_id').notNull(),
  locale: text('locale').notNull().default('en'),
  assignedBy: pgDiscordId('assigned_by').notNull(),
  assignedAt: time('assigned_at').notNull(),
});

export const events = pgTable(
  'events',
  {
    id: id(),
    createdAt: createdAt(),
    guildId: pgDiscordId('guild_id'),
    channelId: pgDiscordId('channel_id'),
    actorId: pgDiscordId('actor_id').notNull(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    before: json('before'),
    after: json('after'),
    undoneAt: time('undone_at'),
    batch: text('batch'),
  },
  (table) => [
    index('events_channel_idx').on(table.channelId, table.id),
    // What undo and the war's bookkeeping read (store/wars.ts, store/libraries.ts): a batch, and a
    // channel's changes newest first. Roll events, most of the table, are left out: undo leaves rolls
    // as they are, a channel's last change is not behind its thousand rolls, and a roll pays nothing.
    index('events_batch_idx').on(table.batch).where(withoutRolls(table.type)),
    index('events_channel_changes_idx').on(table.channelId, table.id).where(withoutRolls(table.type)),
  ],
);

export const characters = pgTable(
  'characters',
  {
    id: id(),
    guildId: pgDiscordId('guild_id').notNull(),
    ownerId: pgDiscordId('owner_id').notNull(),
    npcChannelId: pgDiscordId('npc_channel_id'),
    name: text('name').notNull(),
    type: text('type', { enum: ['servant', 'master', 'troop'] }).notNull(),
    sheet: json('sheet').notNull(),
    state: json('state').notNull(),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
    deletedAt: time('deleted_at'),
  },
  (table) => [
    uniqueIndex('characters_owner_name_idx').on(table.guildId, table.ownerId, table.name).where(sql`deleted_at is null`),
  ],
);

export const activeCharacters = pgTable(
  'active_characters',
  {
    channelId: pgDiscordId('channel_id').notNull(),
    userId: pgDiscordId('user_id').notNull(),
    characterId: integer('character_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.channelId, table.userId] })],
);

export const sealRequests = pgTable('seal_requests', {
  id: id(),
  guildId: pgDiscordId('guild_id'),
  channelId: pgDiscordId('channel_id').notNull(),
  characterId: integer('character_id').notNull(),
  requesterId: pgDiscordId('requester_id').notNull(),
  gmId: pgDiscordId('gm_id').notNull(),
  effect: json('effect').notNull(),
  rollIds: json('roll_ids').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'refused'] }).notNull(),
  createdAt: time('created_at').notNull(),
  decidedAt: time('decided_at'),
});

export const luckShares = pgTable(
  'luck_shares',
  {
    characterId: integer('character_id').notNull(),
    partnerId: integer('partner_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.characterId, table.partnerId] })],
);

export const wars = pgTable(
  'wars',
  {
    id: id(),
    guildId: pgDiscordId('guild_id'),
    channelId: pgDiscordId('channel_id').notNull(),
    name: text('name').notNull(),
    ruleset: text('ruleset', { enum: ['fate', 'percent'] }).notNull(),
    status: text('status', { enum: ['active', 'ended'] }).notNull(),
    day: integer('day').notNull(),
    turn: integer('turn').notNull(),
    irregular: json('irregular'),
    config: json('config').notNull(),
    /** A percentage battle waiting for the sides' seals after its final rate (seed 000 L43); null when none. */
    pendingBattle: json('pending_battle'),
    boardMessageId: pgDiscordId('board_message_id'),
    createdAt: time('created_at').notNull(),
  },
  (table) => [uniqueIndex('wars_active_channel_idx').on(table.channelId).where(sql`status = 'active'`)],
);

export const factions = pgTable(
  'factions',
  {
    id: id(),
    warId: integer('war_id').notNull(),
    name: text('name').notNull(),
    masterId: integer('master_id'),
    servantId: integer('servant_id'),
    members: json('members').notNull(),
    npc: boolean('npc').notNull(),
    declared: boolean('declared').notNull(),
    eliminated: boolean('eliminated').notNull(),
    state: json('state').notNull(),
  },
  (table) => [index('factions_war_idx').on(table.warId)],
);

export const secrets = pgTable('secrets', {
  id: id(),
  guildId: pgDiscordId('guild_id'),
  channelId: pgDiscordId('channel_id').notNull(),
  ownerId: pgDiscordId('owner_id').notNull(),
  kind: text('kind').notNull(),
  hash: text('hash').notNull(),
  text: text('text').notNull(),
  createdAt: time('created_at').notNull(),
  revealedAt: time('revealed_at'),
});

export const declarations = pgTable(
  'declarations',
  {
    id: id(),
    warId: integer('war_id').notNull(),
    factionId: integer('faction_id').notNull(),
    day: integer('day').notNull(),
    turn: integer('turn').notNull(),
    action: json('action').notNull(),
    declaredBy: pgDiscordId('declared_by').notNull(),
    createdAt: time('created_at').notNull(),
    result: json('result'),
    resolvedAt: time('resolved_at'),
  },
  (table) => [uniqueIndex('declarations_turn_idx').on(table.warId, table.factionId, table.day, table.turn)],
);

export const combats = pgTable(
  'combats',
  {
    id: id(),
    guildId: pgDiscordId('guild_id'),
    channelId: pgDiscordId('channel_id').notNull(),
    ruleset: text('ruleset', { enum: ['fate', 'persona'] }).notNull(),
    status: text('status', { enum: ['active', 'ended'] }).notNull(),
    state: json('state').notNull(),
    trackerMessageId: pgDiscordId('tracker_message_id'),
    createdAt: time('created_at').notNull(),
  },
  (table) => [uniqueIndex('combats_active_channel_idx').on(table.channelId).where(sql`status = 'active'`)],
);

export const cardCache = pgTable('card_cache', {
  key: text('key').primaryKey(),
  data: json('data').notNull(),
  fetchedAt: time('fetched_at').notNull(),
});

export const libraries = pgTable(
  'libraries',
  {
    id: id(),
    guildId: pgDiscordId('guild_id').notNull(),
    ownerId: pgDiscordId('owner_id').notNull(),
    deck: json('deck').notNull(),
    state: json('state').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (table) => [uniqueIndex('libraries_owner_idx').on(table.guildId, table.ownerId)],
);

export const userLocales = pgTable('user_locales', {
  userId: pgDiscordId('user_id').primaryKey(),
  locale: text('locale').notNull(),
  updatedAt: time('updated_at').notNull(),
});

export const channelSystems = pgTable('channel_systems', {
  channelId: pgDiscordId('channel_id').primaryKey(),
  guildId: pgDiscordId('guild_id'),
  system: text('system').notNull(),
  setBy: pgDiscordId('set_by').notNull(),
  setAt: time('set_at').notNull(),
});

export const palettes = pgTable(
  'palettes',
  {
    id: id(),
    guildId: pgDiscordId('guild_id'),
    ownerId: pgDiscordId('owner_id').notNull(),
    characterId: integer('character_id'),
    name: text('name').notNull(),
    lines: text('lines').notNull(),
    variables: json('variables').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (table) => [uniqueIndex('palettes_owner_name_idx').on(table.guildId, table.ownerId, table.name)],
);

export const counters = pgTable(
  'counters',
  {
    id: id(),
    guildId: pgDiscordId('guild_id'),
    channelId: pgDiscordId('channel_id').notNull(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
    max: integer('max'),
    reset: text('reset', { enum: ['none', 'day'] }).notNull(),
    createdBy: pgDiscordId('created_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('counters_channel_name_idx').on(table.channelId, table.name)],
);

export const guildSettings = pgTable('guild_settings', {
  guildId: pgDiscordId('guild_id').primaryKey(),
  discordLocale: text('discord_locale'),
  locale: text('locale'),
  timeZone: text('time_zone'),
  images: boolean('images'),
  updatedAt: time('updated_at').notNull(),
});

export const channelSettings = pgTable('channel_settings', {
  channelId: pgDiscordId('channel_id').primaryKey(),
  guildId: pgDiscordId('guild_id'),
  locale: text('locale'),
  setBy: pgDiscordId('set_by').notNull(),
  setAt: time('set_at').notNull(),
});

export const memberNames = pgTable(
  'member_names',
  {
    guildId: pgDiscordId('guild_id').notNull(),
    userId: pgDiscordId('user_id').notNull(),
    name: text('name').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] })],
);

/** See ./sqlite.ts `outbox`. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    createdAt: createdAt(),
    /** the server the effect belongs to (/data delete), null for a DM-only command */
    guildId: pgDiscordId('guild_id'),
    batch: text('batch').notNull(),
    kind: text('kind', { enum: ['dm', 'post', 'board'] }).notNull(),
    target: pgDiscordId('target').notNull(),
    body: json('body').notNull(),
    nonce: text('nonce').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAt: time('next_at').notNull(),
    claimedUntil: time('claimed_until'),
    lastError: text('last_error'),
  },
  (table) => [index('outbox_pending_idx').on(table.nextAt).where(sql`status = 'pending'`)],
);

export const originalTables = pgTable(
  'original_tables',
  {
    id: id(),
    guildId: pgDiscordId('guild_id').notNull(),
    channelId: pgDiscordId('channel_id'),
    authorId: pgDiscordId('author_id').notNull(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    dice: text('dice').notNull(),
    entries: json('entries').notNull(),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull(),
  },
  (table) => [
    index('original_tables_guild_key_idx').on(table.guildId, table.key),
    uniqueIndex('original_tables_server_key_idx').on(table.guildId, table.key).where(sql`channel_id is null`),
    uniqueIndex('original_tables_channel_key_idx').on(table.channelId, table.key).where(sql`channel_id is not null`),
  ],
);
