// Server and channel settings: the table's language (a channel's own, the GM's server-wide choice, or
// the server's Discord language remembered from its interactions), its time zone and pictures.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from './db.js';

export interface TableSettings {
  /** The channel's own language, set by its GM. */
  channelLocale: string | null;
  /** The GM's language for the whole server. */
  guildLocale: string | null;
  /** The language Discord reports for the server (guild_locale), remembered from its interactions. */
  discordLocale: string | null;
  timeZone: string | null;
  images: boolean | null;
}

type ChannelRow = { locale: string | null } | undefined;
type ServerRow = { locale: string | null; discordLocale: string | null; timeZone: string | null; images: boolean | null } | undefined;

/**
 * The channel's settings row and its server's, in one statement (issue 32 §1: a board's read and its
 * check after the edit each read both, and on PostgreSQL each statement is a round trip and a send on
 * the bot's thread). `guildId` null: the channel's own row names its server.
 */
export async function readTableSettings(tx: Tx, channelId: string, guildId: string | null): Promise<TableSettings> {
  const { channelSettings, guildSettings } = tx.t;
  const server = guildId === null ? eq(guildSettings.guildId, sql`(${tx.db.select({ guildId: channelSettings.guildId }).from(channelSettings).where(eq(channelSettings.channelId, channelId))})`) : eq(guildSettings.guildId, guildId);
  // The server's row first: a union's values are read with its first part's columns (images is a
  // boolean stored as an integer on SQLite); the channel's row fills the same shape with nulls.
  const rows = await tx.db
    .select({ part: sql<string>`'server'`, locale: guildSettings.locale, discordLocale: guildSettings.discordLocale, timeZone: guildSettings.timeZone, images: guildSettings.images })
    .from(guildSettings)
    .where(server)
    .unionAll(
      tx.db
        .select({ part: sql<string>`'channel'`, locale: channelSettings.locale, discordLocale: sql<null>`null`, timeZone: sql<null>`null`, images: sql<null>`null` })
        .from(channelSettings)
        .where(eq(channelSettings.channelId, channelId)),
    );
  return settingsOf(
    rows.find((r) => r.part === 'channel'),
    rows.find((r) => r.part === 'server'),
  );
}

export async function tableSettings(tx: Tx, channelId: string, guildId: string | null): Promise<TableSettings> {
  const key = `settings/${channelId}/${guildId ?? ''}`;
  const known = tx.memo?.get(key) as TableSettings | undefined;
  if (known) return known;
  const settings = await readTableSettings(tx, channelId, guildId);
  tx.memo?.set(key, settings);
  return settings;
}

/** A settings write: every channel's settings read in this transaction are read again. */
function forgetSettings(tx: Tx): void {
  if (tx.memo) for (const key of [...tx.memo.keys()]) if (key.startsWith('settings/')) tx.memo.delete(key);
}

/** A channel's and its server's rows as the table's settings. */
export function settingsOf(channel: ChannelRow, server: ServerRow): TableSettings {
  return {
    channelLocale: channel?.locale ?? null,
    guildLocale: server?.locale ?? null,
    discordLocale: server?.discordLocale ?? null,
    timeZone: server?.timeZone ?? null,
    images: server?.images ?? null,
  };
}

/** Remembers the server's Discord language (written only when it changed: the caller caches). */
export async function saveDiscordLocale(tx: Tx, guildId: string, discordLocale: string, at: Date): Promise<void> {
  forgetSettings(tx);
  const { guildSettings } = tx.t;
  await tx.db
    .insert(guildSettings)
    .values({ guildId, discordLocale, updatedAt: at })
    .onConflictDoUpdate({ target: guildSettings.guildId, set: { discordLocale, updatedAt: at } });
}

export type GuildSettingsPatch = Partial<{ locale: string | null; timeZone: string | null; images: boolean | null }>;

export async function updateGuildSettings(tx: Tx, guildId: string, patch: GuildSettingsPatch, at: Date): Promise<void> {
  forgetSettings(tx);
  const { guildSettings } = tx.t;
  await tx.db
    .insert(guildSettings)
    .values({ guildId, ...patch, updatedAt: at })
    .onConflictDoUpdate({ target: guildSettings.guildId, set: { ...patch, updatedAt: at } });
}

export async function setChannelLocale(tx: Tx, row: { channelId: string; guildId: string | null; locale: string | null; setBy: string; setAt: Date }): Promise<void> {
  forgetSettings(tx);
  const { channelSettings } = tx.t;
  await tx.db.insert(channelSettings).values(row).onConflictDoUpdate({ target: channelSettings.channelId, set: { ...row } });
}
