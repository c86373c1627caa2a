import { and, eq, inArray, like } from 'drizzle-orm';
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

/** Libraries of the server played in this channel (a /judge, /deck … left an event here), and those of the given owners. */
export async function librariesOfChannel(tx: Tx, guildId: string, channelId: string, owners: readonly string[]): Promise<LibraryRow[]> {
  const { libraries, events } = tx.t;
  const used = await tx.db
    .selectDistinct({ subject: events.subject })
    .from(events)
    .where(and(eq(events.channelId, channelId), changesOnly(tx), like(events.subject, 'library:%')));
  const ids = used.map((e) => Number(e.subject.slice('library:'.length))).filter(Number.isSafeInteger);
  const byId = ids.length ? await tx.db.select().from(libraries).where(and(eq(libraries.guildId, guildId), inArray(libraries.id, ids))) : [];
  const byOwner = owners.length ? await tx.db.select().from(libraries).where(and(eq(libraries.guildId, guildId), inArray(libraries.ownerId, [...owners]))) : [];
  return [...new Map([...byId, ...byOwner].map((r) => [r.id, r])).values()].sort((a, b) => a.id - b.id);
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
