import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from './db.js';

/** Records the language a user's client reports (only when it changed). */
export async function saveUserLocale(tx: Tx, userId: string, locale: string, at: Date): Promise<void> {
  const { userLocales } = tx.t;
  await tx.db
    .insert(userLocales)
    .values({ userId, locale, updatedAt: at })
    .onConflictDoUpdate({ target: userLocales.userId, set: { locale, updatedAt: at } });
}

/** The stored languages of these users (users never seen are missing from the map). */
export async function userLocales(tx: Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  const { userLocales } = tx.t;
  if (userIds.length === 0) return new Map();
  const rows = await tx.db.select().from(userLocales).where(inArray(userLocales.userId, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.userId, r.locale]));
}

/** PostgreSQL: userLocales() as the read of store/one-statement.ts, and its rows read back (ids from their bytes). */
export function userLocalesRead(tx: Tx, userIds: readonly string[]): { read: SQL; rows: (rows: Record<string, unknown>[]) => Map<string, string> } {
  const { userLocales } = tx.t;
  return {
    read: tx.db.select({ userId: userLocales.userId, locale: userLocales.locale }).from(userLocales).where(inArray(userLocales.userId, [...new Set(userIds)])).getSQL(),
    rows: (rows) => new Map(rows.map((r) => [userLocales.userId.mapFromDriverValue(r[userLocales.userId.name] as never) as string, String(r[userLocales.locale.name])])),
  };
}

/** Records a member's display name on a server (only when it changed: the caller caches). */
export async function saveMemberName(tx: Tx, guildId: string, userId: string, name: string, at: Date): Promise<void> {
  const { memberNames } = tx.t;
  await tx.db
    .insert(memberNames)
    .values({ guildId, userId, name, updatedAt: at })
    .onConflictDoUpdate({ target: [memberNames.guildId, memberNames.userId], set: { name, updatedAt: at } });
}

/** The remembered display names of these users on a server. */
export async function memberNamesOf(tx: Tx, guildId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  const { memberNames } = tx.t;
  if (userIds.length === 0) return new Map();
  const rows = await tx.db.select().from(memberNames).where(and(eq(memberNames.guildId, guildId), inArray(memberNames.userId, [...new Set(userIds)])));
  return new Map(rows.map((r) => [r.userId, r.name]));
}
