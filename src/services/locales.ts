// Every user's language, remembered from their own interactions, so that a DM caused by someone else
// (a GM's approval, a resolved turn, a battle) reaches each recipient in the recipient's language.
import { asLocale, type Locale } from '../i18n/index.js';
import type { Tx } from '../store/db.js';
import { saveMemberName, saveUserLocale, userLocales } from '../store/locales.js';
import type { CommandContext } from './types.js';
import { Recent } from './recent.js';

/**
 * What this process last wrote per user, so an unchanged language costs no write. Trusted for one
 * minute only: another process (another shard) may have written a newer value meanwhile, so a user
 * who switched languages between two processes' shards is right again within a minute, and an entry
 * older than that is dropped (src/services/recent.ts).
 */
const TRUST_MS = 60_000;
const MAX_USERS = 50_000;
const written = new Recent<string, { locale: string; name: string }>(TRUST_MS, MAX_USERS);

/** Undefined when nothing changed (no promise: every command passes here, issue 32 §3); else the writes. */
export function rememberLocale(ctx: CommandContext): Promise<void> | undefined {
  // The display name on this server too: the session log names people by it (issue 18 §3).
  const key = ctx.guildId ? `${ctx.user.id}/${ctx.guildId}` : ctx.user.id;
  const now = ctx.now();
  const seen = written.get(key, now.getTime());
  if (seen && seen.locale === ctx.locale && seen.name === ctx.user.name) return undefined;
  return saveLocale(ctx, key, now);
}

async function saveLocale(ctx: CommandContext, key: string, now: Date): Promise<void> {
  // Two upserts of remembered values, each a statement of its own: nothing is spent, and a burst of one
  // player's interactions does not collide SERIALIZABLE transactions on the same rows (and retry).
  await ctx.store.statement((tx) => saveUserLocale(tx, ctx.user.id, ctx.locale, now));
  if (ctx.guildId) await ctx.store.statement((tx) => saveMemberName(tx, ctx.guildId!, ctx.user.id, ctx.user.name, now));
  written.set(key, { locale: ctx.locale, name: ctx.user.name }, now.getTime());
}

/** Each recipient's language; one never seen gets `fallback` (the language of whoever caused the DM). */
export async function recipientLocales(tx: Tx, userIds: readonly string[], fallback: Locale): Promise<(userId: string) => Locale> {
  return localesFrom(await userLocales(tx, userIds), fallback);
}

/** recipientLocales() of languages already read (store/locales.ts userLocales). */
export function localesFrom(stored: ReadonlyMap<string, string>, fallback: Locale): (userId: string) => Locale {
  return (userId) => {
    const locale = stored.get(userId);
    return locale ? asLocale(locale) : fallback;
  };
}
