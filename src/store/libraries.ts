import { and, eq, inArray } from 'drizzle-orm';
import type { LibraryRow } from './schema/index.js';
import type { Tx } from './db.js';
import { changesOnly } from './events.js';
import { first } from './rows.js';

export async function getLibrary(tx: Tx, guildId: string, ownerId: string): Promise<LibraryRow | undefined> {
  const { libraries } = tx.t;
  return first(tx.db.select().from(libraries).where(and(eq(libraries.guildId, guildId), eq(libraries.ownerId, ownerId))));
}

export async function saveLibrary(tx: Tx, row: Omit<LibraryRow, 'id'>): Promise<number> {
  const { libraries } = tx.t;
  const [saved] = await tx.db
    .insert(libraries)
    .values(row)
    .onConflictDoUpdate({ target: [libraries.guildId, libraries.ownerId], set: { deck: row.deck, state: row.state, updatedAt: row.updatedAt } })
    .returning({ id: libraries.id });
  return saved!.id;
}

/**
 * Libraries of the server played in this channel (a /judge, /deck … left an event here), and those of
 * the given owners. Every /war advance asks (issue 32 §1): the server's libraries are looked up first
 * (libraries_owner_idx), and the channel's events, which a long war makes many of, are searched only
 * for libraries of the server owned by someone else — in a server without MTG, never.
 */
export async function librariesOfChannel(tx: Tx, guildId: string, channelId: string, owners: readonly string[]): Promise<LibraryRow[]> {
  const { libraries, events } = tx.t;
  const ofServer = await tx.db.select({ id: libraries.id, ownerId: libraries.ownerId }).from(libraries).where(eq(libraries.guildId, guildId));
  if (ofServer.length === 0) return [];
  const owned = new Set(owners);
  const ids = new Set(ofServer.filter((l) => owned.has(l.ownerId)).map((l) => l.id));
  const others = ofServer.filter((l) => !ids.has(l.id)).map((l) => `library:${l.id}`);
  if (others.length > 0) {
    const used = await tx.db
      .selectDistinct({ subject: events.subject })
      .from(events)
      .where(and(eq(events.channelId, channelId), changesOnly(tx), inArray(events.subject, others)));
    for (const e of used) ids.add(Number(e.subject.slice('library:'.length)));
  }
  if (ids.size === 0) return [];
  return tx.db.select().from(libraries).where(inArray(libraries.id, [...ids])).orderBy(libraries.id);
}

export async function updateLibraryState(tx: Tx, id: number, state: unknown, at: Date): Promise<void> {
  const { libraries } = tx.t;
  await tx.db.update(libraries).set({ state, updatedAt: at }).where(eq(libraries.id, id));
}

export async function cachedCards(tx: Tx, keys: string[]): Promise<Map<string, unknown>> {
  const { cardCache } = tx.t;
  if (keys.length === 0) return new Map();
  const rows = await tx.db.select().from(cardCache).where(inArray(cardCache.key, keys));
  return new Map(rows.map((r) => [r.key, r.data]));
}

export async function cacheCards(tx: Tx, entries: { key: string; data: unknown }[], at: Date): Promise<void> {
  const { cardCache } = tx.t;
  for (const e of entries) {
    await tx.db.insert(cardCache).values({ key: e.key, data: e.data, fetchedAt: at }).onConflictDoUpdate({ target: cardCache.key, set: { data: e.data, fetchedAt: at } });
  }
}
