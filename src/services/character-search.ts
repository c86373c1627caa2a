// Character autocomplete that folds kana and width (`せい`/`ｾｲ` finds セイバー): SQL LIKE cannot,
// so the guild's names are read (names only) and matched here; the user's own characters first.
import { and, eq, isNull } from 'drizzle-orm';
import { foldForSearch } from '../core/text/fold.js';
import type { Tx } from '../store/db.js';

const MAX_CHOICES = 25;

export async function foldedCharacterNames(tx: Tx, guildId: string, ownerId: string, typed: string): Promise<string[]> {
  const { characters } = tx.t;
  const rows = await tx.db
    .select({ name: characters.name, ownerId: characters.ownerId })
    .from(characters)
    .where(and(eq(characters.guildId, guildId), isNull(characters.deletedAt)));
  const key = foldForSearch(typed.trim());
  return rows
    .filter((r) => foldForSearch(r.name).includes(key))
    .sort((a, b) => Number(a.ownerId !== ownerId) - Number(b.ownerId !== ownerId) || a.name.localeCompare(b.name))
    .slice(0, MAX_CHOICES)
    .map((r) => r.name);
}
