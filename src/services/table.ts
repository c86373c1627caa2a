// The table's language: what every channel post, public reply, board and tracker is written in. A
// channel's own language (set by its GM) wins, then the GM's server-wide choice, then the server's
// Discord language (guild_locale); a DM has no table, so the person's own language stands in.
//
// Read per command, so it is cached: a channel's interactions always reach the same process (Discord
// shards by server), and a change made here is written through; another process's change (a post
// caused from a DM, which shard 0 handles) is picked up within TRUST_MS.
import { asLocale, toLocale, translator, type Locale } from '../i18n/index.js';
import type { Store, Tx } from '../store/db.js';
import { readTableSettings, saveDiscordLocale, tableSettings, type TableSettings } from '../store/settings.js';
import type { CommandContext, CommandModule, TableContext } from './types.js';
import { Recent } from './recent.js';

const TRUST_MS = 30_000;
const MAX_CHANNELS = 20_000;
const cache = new Recent<string, TableSettings>(TRUST_MS, MAX_CHANNELS);
/** Servers whose Discord language this process has stored (and which language). */
const rememberedDiscordLocale = new Map<string, string>();

/** Settings → the table's language; `fallback` when nothing is known (a DM, the console's default). */
export function localeOfTable(settings: TableSettings, fallback: Locale): Locale {
  const chosen = settings.channelLocale ?? settings.guildLocale ?? (settings.discordLocale ? toLocale(settings.discordLocale) : null);
  return chosen ? asLocale(chosen) : fallback;
}

export function tableContextOf(locale: Locale): TableContext {
  return { locale, t: translator(locale) };
}

/**
 * The table of a channel, as the dispatcher and the console hand it to a command. `discordLocale` is
 * the interaction's guild_locale (remembered for posts caused from DMs).
 */
export async function resolveTable(
  store: Store,
  where: { channelId: string; guildId: string | null; discordLocale?: string | null },
  fallback: Locale,
  now: Date,
): Promise<TableContext> {
  if (!where.guildId) return tableContextOf(fallback);
  const guildId = where.guildId;
  if (where.discordLocale && rememberedDiscordLocale.get(guildId) !== where.discordLocale) {
    // One upsert of a remembered value, spending nothing: a statement, so a burst of a server's first
    // interactions after a start does not collide SERIALIZABLE transactions on its row (and retry).
    await store.statement((tx) => saveDiscordLocale(tx, guildId, where.discordLocale!, now));
    if (rememberedDiscordLocale.size >= MAX_CHANNELS) rememberedDiscordLocale.clear();
    rememberedDiscordLocale.set(guildId, where.discordLocale);
    forgetTable(); // every channel of that server may read differently now
  }
  const key = `${guildId}/${where.channelId}`;
  const seen = cache.get(key, now.getTime());
  if (seen) return tableContextOf(localeOfTable(seen, fallback));
  // a single statement, not a transaction: on PostgreSQL it never waits for a connection behind
  // commands' transactions (src/store/postgres.ts), as a channel's next command did whenever its entry expired
  const settings = await store.statement((tx) => readTableSettings(tx, where.channelId, guildId));
  cache.set(key, settings, now.getTime());
  return tableContextOf(localeOfTable(settings, fallback));
}

/** The table of another channel, read inside a transaction (a post caused from a DM or another channel). */
export async function tableOf(tx: Tx, channelId: string, guildId: string | null, fallback: Locale): Promise<TableContext> {
  return tableContextOf(localeOfTable(await tableSettings(tx, channelId, guildId), fallback));
}

/** A settings change in this process: read afresh next time. */
export function forgetTable(): void {
  cache.clear();
}

/**
 * The same context, speaking to the table: views built from it are in the table's language. Hand it
 * to every builder of a public reply, channel post, board or tracker.
 */
export function forTable(ctx: CommandContext): CommandContext {
  if (ctx.table.locale === ctx.locale) return ctx.actor ? ctx : { ...ctx, actor: { locale: ctx.locale, t: ctx.t } };
  return { ...ctx, locale: ctx.table.locale, t: ctx.table.t, actor: ctx.actor ?? { locale: ctx.locale, t: ctx.t } };
}

/** The actor's own language (their DMs and asides), whether or not ctx speaks to the table. */
export function actorOf(ctx: CommandContext): TableContext {
  return ctx.actor ?? { locale: ctx.locale, t: ctx.t };
}

/** The same context speaking to a given table (another channel's). */
export function withTable(ctx: CommandContext, table: TableContext): CommandContext {
  return { ...ctx, table, locale: table.locale, t: table.t };
}

/**
 * A command whose answers are the table's (a fight: every step is played in front of the table): its
 * handlers build with the table's language. Refusals still reach the actor in the actor's own language
 * (runHandler renders them from the actor's context), and autocomplete keeps the actor's language.
 */
export function speaksToTable(module: CommandModule): CommandModule {
  return {
    ...module,
    execute: (ctx, options) => module.execute(forTable(ctx), options),
    ...(module.component ? { component: (ctx: CommandContext, id: string, values?: string[]) => module.component!(forTable(ctx), id, values) } : {}),
    ...(module.modal ? { modal: (ctx: CommandContext, id: string, fields: Record<string, string>) => module.modal!(forTable(ctx), id, fields) } : {}),
  };
}
