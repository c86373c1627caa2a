// Server and channel settings: the table's language (a channel's own, the GM's server-wide choice, or
// the server's Discord language remembered from its interactions), its time zone and pictures.
import { eq } from 'drizzle-orm';
import type { Tx } from './db.js';
import { first } from './rows.js';

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

type ChannelRow = { locale: string | null; guildId: string | null } | undefined;
type ServerRow = { locale: string | null; discordLocale: string | null; timeZone: string | null; images: boolean | null } | undefined;

/** The channel's own settings row: one statement. */
export async function channelSettingsRow(tx: Tx, channelId: string): Promise<ChannelRow> {
  const { channelSettings } = tx.t;
  return first(tx.db.select({ locale: channelSettings.locale, guildId: channelSettings.guildId }).from(channelSettings).where(eq(channelSettings.channelId, channelId)));
}

/** The server's settings row: one statement. */
export async function guildSettingsRow(tx: Tx, guildId: string): Promise<ServerRow> {
  const { guildSettings } = tx.t;
  return first(tx.db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)));
}

export async function tableSettings(tx: Tx, channelId: string, guildId: string | null): Promise<TableSettings> {
  const key = `settings/${channelId}/${guildId ?? ''}`;
  const known = tx.memo?.get(key) as TableSettings | undefined;
  if (known) return known;
  const channel = await channelSettingsRow(tx, channelId);
  const guild = guildId ?? channel?.guildId ?? null;
  const settings = settingsOf(channel, guild ? await guildSettingsRow(tx, guild) : undefined);
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
