// SQLite tables (the embedded default). Mirrors ./postgres.ts column for column: ./index.ts checks at
// compile time that both give the same row types, and migrations/sqlite is generated from this file.
// Discord ids are stored as 8-byte BLOBs here and as 8-byte bytea in PostgreSQL (./snowflake.ts).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { withoutRolls } from './event-changes.js';
import { discordId } from './snowflake.js';

// Times come from the command's clock (injected), never from SQLite, so tests control them.
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull();

/**
 * Every roll, kept so later features (luck rerolls, audit) can find "your last roll" after a restart.
 * Stored compactly: the expression and the faces rebuild the result (src/core/dice/replay.ts); the
 * result tree itself is kept only when they cannot (a luck reroll or a seal changed it).
 */
export const rolls = sqliteTable(
  'rolls',
  {
    id: integer('id').primaryKey(),
    createdAt: createdAt(),
    guildId: discordId('guild_id'),
    channelId: discordId('channel_id').notNull(),
    userId: discordId('user_id').notNull(),
    /** As typed, when it differs from the normalized form (full-width input, spaces). */
    expression: text('expression'),
    normalized: text('normalized').notNull(),
    kind: text('kind', { enum: ['sum', 'count', 'target'] }).notNull(),
    value: integer('value').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }),
    /** Every die's face in the order rolled, comma-separated: replaying them rebuilds the result. */
    faces: text('faces').notNull().default(''),
    /** The JSON result tree, only when the faces cannot rebuild it (rerolled, sealed, older rows). */
    result: text('result', { mode: 'json' }),
    comment: text('comment'),
    secret: integer('secret', { mode: 'boolean' }).notNull().default(false),
    /** Set for /check rolls: the character who rolled. */
    characterId: integer('character_id'),
    /** /check details: pools, target, luck rerolls and seal bonuses applied since. */
    check: text('check', { mode: 'json' }),
  },
  // No id column: SQLite ends every index entry with the rowid, so "the newest of this user here" is already in order.
  (table) => [index('rolls_user_channel_idx').on(table.userId, table.channelId)],
);

/** The GM of each channel: every GM-only action checks this row. */
export const channelGms = sqliteTable('channel_gms', {
  channelId: discordId('channel_id').primaryKey(),
  guildId: discordId('guild_id'),
  userId: discordId('user_id').notNull(),
  /** The GM's reply language, so DMs sent to the GM by others' actions read in the GM's language. */
  locale: text('locale').notNull().default('en'),
  assignedBy: discordId('assigned_by').notNull(),
  assignedAt: integer('assigned_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Append-only log of state changes (who, what, before/after): audit and undo read it. */
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey(),
    createdAt: createdAt(),
    guildId: discordId('guild_id'),
    channelId: discordId('channel_id'),
    actorId: discordId('actor_id').notNull(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    undoneAt: integer('undone_at', { mode: 'timestamp_ms' }),
    /** Events written by one command share a batch: /war undo reverts a whole batch. */
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

/** Character sheets: the build (sheet JSON) and its runtime state (HP, MP, luck, seals …). */
export const characters = sqliteTable(
  'characters',
  {
    id: integer('id').primaryKey(),
    guildId: discordId('guild_id').notNull(),
    ownerId: discordId('owner_id').notNull(),
    /** A GM's NPC: editable by the GM of this channel too. */
    npcChannelId: discordId('npc_channel_id'),
    name: text('name').notNull(),
    type: text('type', { enum: ['servant', 'master', 'troop'] }).notNull(),
    sheet: text('sheet', { mode: 'json' }).notNull(),
    state: text('state', { mode: 'json' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    /** Soft delete, so /sheet delete can be undone from the event log. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('characters_owner_name_idx').on(table.guildId, table.ownerId, table.name).where(sql`deleted_at is null`),
  ],
);

/** Which character each player plays in each channel. */
export const activeCharacters = sqliteTable(
  'active_characters',
  {
    channelId: discordId('channel_id').notNull(),
    userId: discordId('user_id').notNull(),
    characterId: integer('character_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.channelId, table.userId] })],
);

/** Command Seal uses waiting for (or decided by) the GM; a seal is spent only on approval. */
export const sealRequests = sqliteTable('seal_requests', {
  id: integer('id').primaryKey(),
  guildId: discordId('guild_id'),
  channelId: discordId('channel_id').notNull(),
  characterId: integer('character_id').notNull(),
  requesterId: discordId('requester_id').notNull(),
  gmId: discordId('gm_id').notNull(),
  effect: text('effect', { mode: 'json' }).notNull(),
  /** The rolls a bonus or auto-success applies to. */
  rollIds: text('roll_ids', { mode: 'json' }).notNull(),
  status: text('status', { enum: ['pending', 'approved', 'refused'] }).notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
});

/** Luck-reroll sharing between a master and a servant: active once both have agreed (seed L216). */
export const luckShares = sqliteTable(
  'luck_shares',
  {
    characterId: integer('character_id').notNull(),
    partnerId: integer('partner_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.characterId, table.partnerId] })],
);

/** A Holy Grail War run in a channel: its calendar, Irregular table result and live board message. */
export const wars = sqliteTable(
  'wars',
  {
    id: integer('id').primaryKey(),
    guildId: discordId('guild_id'),
    channelId: discordId('channel_id').notNull(),
    name: text('name').notNull(),
    ruleset: text('ruleset', { enum: ['fate', 'percent'] }).notNull(),
    status: text('status', { enum: ['active', 'ended'] }).notNull(),
    /** 0 = before day 1 (summoning); then 1, 2, … */
    day: integer('day').notNull(),
    /** 0 morning, 1 noon, 2 night, 3 late night */
    turn: integer('turn').notNull(),
    irregular: text('irregular', { mode: 'json' }),
    config: text('config', { mode: 'json' }).notNull(),
    /** A percentage battle waiting for the sides' seals after its final rate (seed 000 L43); null when none. */
    pendingBattle: text('pending_battle', { mode: 'json' }),
    boardMessageId: discordId('board_message_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('wars_active_channel_idx').on(table.channelId).where(sql`status = 'active'`)],
);

/** A master–servant team (or an NPC team) in a war, with its per-ruleset state. */
export const factions = sqliteTable(
  'factions',
  {
    id: integer('id').primaryKey(),
    warId: integer('war_id').notNull(),
    name: text('name').notNull(),
    masterId: integer('master_id'),
    servantId: integer('servant_id'),
    /** Players whose faction this is (owners of its sheets; empty for a GM's NPC faction). */
    members: text('members', { mode: 'json' }).notNull(),
    npc: integer('npc', { mode: 'boolean' }).notNull(),
    /** What this turn's declaration is: only whether one exists is ever shown publicly. */
    declared: integer('declared', { mode: 'boolean' }).notNull(),
    eliminated: integer('eliminated', { mode: 'boolean' }).notNull(),
    state: text('state', { mode: 'json' }).notNull(),
  },
  (table) => [index('factions_war_idx').on(table.warId)],
);

/** A hidden result's commitment: the hash is public at once, the text only when revealed. */
export const secrets = sqliteTable('secrets', {
  id: integer('id').primaryKey(),
  guildId: discordId('guild_id'),
  channelId: discordId('channel_id').notNull(),
  /** Who may reveal it (the roller, or the faction's first member); the channel's GM may too. */
  ownerId: discordId('owner_id').notNull(),
  kind: text('kind').notNull(),
  hash: text('hash').notNull(),
  text: text('text').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  revealedAt: integer('revealed_at', { mode: 'timestamp_ms' }),
});

/** A faction's hidden action for one action turn; only its faction and the GM ever see the content. */
export const declarations = sqliteTable(
  'declarations',
  {
    id: integer('id').primaryKey(),
    warId: integer('war_id').notNull(),
    factionId: integer('faction_id').notNull(),
    day: integer('day').notNull(),
    turn: integer('turn').notNull(),
    action: text('action', { mode: 'json' }).notNull(),
    declaredBy: discordId('declared_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    result: text('result', { mode: 'json' }),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
  },
  (table) => [uniqueIndex('declarations_turn_idx').on(table.warId, table.factionId, table.day, table.turn)],
);

/** A fight in a channel: its ruleset state (combatants, order, round, turn) and live tracker message. */
export const combats = sqliteTable(
  'combats',
  {
    id: integer('id').primaryKey(),
    guildId: discordId('guild_id'),
    channelId: discordId('channel_id').notNull(),
    ruleset: text('ruleset', { enum: ['fate', 'persona'] }).notNull(),
    status: text('status', { enum: ['active', 'ended'] }).notNull(),
    state: text('state', { mode: 'json' }).notNull(),
    trackerMessageId: discordId('tracker_message_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('combats_active_channel_idx').on(table.channelId).where(sql`status = 'active'`)],
);

/** Card data fetched from Scryfall (or derived), so each card is fetched once. Keyed by lowercased name. */
export const cardCache = sqliteTable('card_cache', {
  key: text('key').primaryKey(),
  data: text('data', { mode: 'json' }).notNull(),
  fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }).notNull(),
});

/** A player's MTG library in a server: the deck it was built from and its ordered zones. */
export const libraries = sqliteTable(
  'libraries',
  {
    id: integer('id').primaryKey(),
    guildId: discordId('guild_id').notNull(),
    ownerId: discordId('owner_id').notNull(),
    deck: text('deck', { mode: 'json' }).notNull(),
    state: text('state', { mode: 'json' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('libraries_owner_idx').on(table.guildId, table.ownerId)],
);

/** Each user's reply language as last seen, so DMs that others' actions cause read in the recipient's language. */
export const userLocales = sqliteTable('user_locales', {
  userId: discordId('user_id').primaryKey(),
  locale: text('locale').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** The BCDice game system a channel's /roll falls back to (DiceBot when absent). */
export const channelSystems = sqliteTable('channel_systems', {
  channelId: discordId('channel_id').primaryKey(),
  guildId: discordId('guild_id'),
  system: text('system').notNull(),
  setBy: discordId('set_by').notNull(),
  setAt: integer('set_at', { mode: 'timestamp_ms' }).notNull(),
});

/** A chat palette (Ccfolia's チャットパレット): command lines with {variables}, per user and name. */
export const palettes = sqliteTable(
  'palettes',
  {
    id: integer('id').primaryKey(),
    guildId: discordId('guild_id'),
    ownerId: discordId('owner_id').notNull(),
    /** the character whose sheet fills {variables}, when the palette belongs to one */
    characterId: integer('character_id'),
    name: text('name').notNull(),
    /** the lines as typed, newline-separated */
    lines: text('lines').notNull(),
    /** user-set {variables}: JSON object name → text */
    variables: text('variables', { mode: 'json' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('palettes_owner_name_idx').on(table.guildId, table.ownerId, table.name)],
);

/** Counters the rule sets do not name (/counter), optionally reset at the war's day end. */
export const counters = sqliteTable(
  'counters',
  {
    id: integer('id').primaryKey(),
    guildId: discordId('guild_id'),
    channelId: discordId('channel_id').notNull(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
    max: integer('max'),
    reset: text('reset', { enum: ['none', 'day'] }).notNull(),
    createdBy: discordId('created_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('counters_channel_name_idx').on(table.channelId, table.name)],
);

/**
 * A server's settings: its Discord language (remembered from interactions, so a post caused from a DM
 * still reads the server's language), the GM's override of it, the table's time zone (log export)
 * and whether boards carry pictures.
 */
export const guildSettings = sqliteTable('guild_settings', {
  guildId: discordId('guild_id').primaryKey(),
  discordLocale: text('discord_locale'),
  locale: text('locale'),
  timeZone: text('time_zone'),
  images: integer('images', { mode: 'boolean' }),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** A channel's own language, set by its GM (the table reads it instead of the server's). */
export const channelSettings = sqliteTable('channel_settings', {
  channelId: discordId('channel_id').primaryKey(),
  guildId: discordId('guild_id'),
  locale: text('locale'),
  setBy: discordId('set_by').notNull(),
  setAt: integer('set_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Each member's display name on a server, remembered when they act (the session log names people by it). */
export const memberNames = sqliteTable(
  'member_names',
  {
    guildId: discordId('guild_id').notNull(),
    userId: discordId('user_id').notNull(),
    name: text('name').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] })],
);

/**
 * What a command decided to tell Discord besides its reply (DMs, channel posts, board and tracker
 * edits), saved in the command's transaction and delivered after it commits (src/discord/outbox.ts).
 * A row waits while `claimedUntil` is ahead (the process delivering it); a process that died leaves it
 * to the next one once that lease is past. Message creates carry `nonce` (Discord's enforce_nonce), so
 * a redelivery after a crash cannot post twice.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey(),
    createdAt: createdAt(),
    /** the server the effect belongs to (/data delete), null for a DM-only command */
    guildId: discordId('guild_id'),
    batch: text('batch').notNull(),
    kind: text('kind', { enum: ['dm', 'post', 'board'] }).notNull(),
    /** the user (dm) or channel (post, board) */
    target: discordId('target').notNull(),
    body: text('body', { mode: 'json' }).notNull(),
    nonce: text('nonce').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAt: integer('next_at', { mode: 'timestamp_ms' }).notNull(),
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
  },
  (table) => [index('outbox_pending_idx').on(table.nextAt).where(sql`status = 'pending'`)],
);

/**
 * A table the players wrote (/table, BCDice's オリジナル表), rolled by typing its name in /roll or a
 * palette line. It belongs to its server, or to one channel, where it shadows a server table of the
 * same name; names are unique per scope by their folded key.
 */
export const originalTables = sqliteTable(
  'original_tables',
  {
    id: integer('id').primaryKey(),
    guildId: discordId('guild_id').notNull(),
    /** set for a channel's own table */
    channelId: discordId('channel_id'),
    authorId: discordId('author_id').notNull(),
    /** as its author wrote it */
    name: text('name').notNull(),
    /** the name folded for case, width and kana (src/core/tables/original-table.ts tableKey) */
    key: text('key').notNull(),
    /** `2D6`, `1D100`, `D66` */
    dice: text('dice').notNull(),
    /** JSON [{ from, to, text }], ascending */
    entries: text('entries', { mode: 'json' }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('original_tables_guild_key_idx').on(table.guildId, table.key),
    uniqueIndex('original_tables_server_key_idx').on(table.guildId, table.key).where(sql`channel_id is null`),
    uniqueIndex('original_tables_channel_key_idx').on(table.channelId, table.key).where(sql`channel_id is not null`),
  ],
);
