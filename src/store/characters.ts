import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import { activeCharacters, characters, luckShares, type CharacterRow } from './schema.js';
import type { Tx } from './db.js';

export type NewCharacter = Omit<typeof characters.$inferInsert, 'id'>;

export function insertCharacter(tx: Tx, row: NewCharacter): number {
  return Number(tx.insert(characters).values(row).run().lastInsertRowid);
}

export function getCharacter(tx: Tx, id: number): CharacterRow | undefined {
  return tx.select().from(characters).where(and(eq(characters.id, id), isNull(characters.deletedAt))).get();
}

export function updateCharacter(tx: Tx, id: number, changes: Partial<Pick<CharacterRow, 'sheet' | 'state' | 'name' | 'type' | 'updatedAt' | 'deletedAt'>>): void {
  tx.update(characters).set(changes).where(eq(characters.id, id)).run();
}

export function softDeleteCharacter(tx: Tx, id: number, at: Date): void {
  tx.update(characters).set({ deletedAt: at }).where(eq(characters.id, id)).run();
}

/** A player's characters in a server, and the NPCs they run as GM of a channel. */
export function listCharacters(tx: Tx, guildId: string, ownerId: string): CharacterRow[] {
  return tx
    .select()
    .from(characters)
    .where(and(eq(characters.guildId, guildId), eq(characters.ownerId, ownerId), isNull(characters.deletedAt)))
    .orderBy(asc(characters.name))
    .all();
}

/** By exact name: the caller's own first, then any character of the server. */
export function findCharacter(tx: Tx, guildId: string, name: string, preferOwner: string): CharacterRow | undefined {
  const matches = tx
    .select()
    .from(characters)
    .where(and(eq(characters.guildId, guildId), eq(characters.name, name), isNull(characters.deletedAt)))
    .all();
  return matches.find((c) => c.ownerId === preferOwner) ?? (matches.length === 1 ? matches[0] : undefined);
}

/** Names containing the typed text, for autocomplete: the caller's own characters first. */
export function searchCharacters(tx: Tx, guildId: string, ownerId: string, typed: string): CharacterRow[] {
  return tx
    .select()
    .from(characters)
    .where(and(eq(characters.guildId, guildId), isNull(characters.deletedAt), like(characters.name, `%${escapeLike(typed)}%`)))
    .orderBy(sql`${characters.ownerId} != ${ownerId}`, asc(characters.name))
    .limit(25)
    .all();
}

const escapeLike = (s: string) => s.replace(/[%_]/g, '');

export function activeCharacterId(tx: Tx, channelId: string, userId: string): number | undefined {
  return tx
    .select({ id: activeCharacters.characterId })
    .from(activeCharacters)
    .where(and(eq(activeCharacters.channelId, channelId), eq(activeCharacters.userId, userId)))
    .get()?.id;
}

export function setActiveCharacter(tx: Tx, channelId: string, userId: string, characterId: number): void {
  tx.insert(activeCharacters)
    .values({ channelId, userId, characterId })
    .onConflictDoUpdate({ target: [activeCharacters.channelId, activeCharacters.userId], set: { characterId } })
    .run();
}

export function clearActiveFor(tx: Tx, characterId: number): void {
  tx.delete(activeCharacters).where(eq(activeCharacters.characterId, characterId)).run();
}

/** Records one side's consent; sharing is on when both sides have consented. */
export function consentLuckShare(tx: Tx, characterId: number, partnerId: number): boolean {
  tx.insert(luckShares).values({ characterId, partnerId }).onConflictDoNothing().run();
  return luckSharePartner(tx, characterId) === partnerId;
}

export function revokeLuckShare(tx: Tx, characterId: number): void {
  tx.delete(luckShares).where(eq(luckShares.characterId, characterId)).run();
}

/** The partner whose luck this character may draw on: both must have agreed. */
export function luckSharePartner(tx: Tx, characterId: number): number | undefined {
  for (const { partnerId } of tx.select().from(luckShares).where(eq(luckShares.characterId, characterId)).all()) {
    const back = tx
      .select()
      .from(luckShares)
      .where(and(eq(luckShares.characterId, partnerId), eq(luckShares.partnerId, characterId)))
      .get();
    if (back) return partnerId;
  }
  return undefined;
}
