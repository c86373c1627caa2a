import { and, eq, inArray } from 'drizzle-orm';
import { cardCache, libraries, type LibraryRow } from './schema.js';
import type { Tx } from './db.js';

export function getLibrary(tx: Tx, guildId: string, ownerId: string): LibraryRow | undefined {
  return tx.select().from(libraries).where(and(eq(libraries.guildId, guildId), eq(libraries.ownerId, ownerId))).get();
}

export function saveLibrary(tx: Tx, row: Omit<LibraryRow, 'id'>): number {
  return Number(
    tx
      .insert(libraries)
      .values(row)
      .onConflictDoUpdate({ target: [libraries.guildId, libraries.ownerId], set: { deck: row.deck, state: row.state, updatedAt: row.updatedAt } })
      .returning({ id: libraries.id })
      .get().id,
  );
}

export function updateLibraryState(tx: Tx, id: number, state: unknown, at: Date): void {
  tx.update(libraries).set({ state, updatedAt: at }).where(eq(libraries.id, id)).run();
}

export function cachedCards(tx: Tx, keys: string[]): Map<string, unknown> {
  if (keys.length === 0) return new Map();
  return new Map(tx.select().from(cardCache).where(inArray(cardCache.key, keys)).all().map((r) => [r.key, r.data]));
}

export function cacheCards(tx: Tx, entries: { key: string; data: unknown }[], at: Date): void {
  for (const e of entries) {
    tx.insert(cardCache).values({ key: e.key, data: e.data, fetchedAt: at }).onConflictDoUpdate({ target: cardCache.key, set: { data: e.data, fetchedAt: at } }).run();
  }
}
