// Chat palettes (/palette): per guild, owner and name.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from './db.js';
import type { CharacterRow, Tables } from './schema/index.js';

export type PaletteRow = Tables['palettes']['$inferSelect'];

const guildIs = (tx: Tx, guildId: string | null) => (guildId === null ? isNull(tx.t.palettes.guildId) : eq(tx.t.palettes.guildId, guildId));

export async function findPalette(tx: Tx, guildId: string | null, ownerId: string, name: string): Promise<PaletteRow | undefined> {
  const { palettes } = tx.t;
  const rows = await tx.db.select().from(palettes).where(and(guildIs(tx, guildId), eq(palettes.ownerId, ownerId), eq(palettes.name, name)));
  return rows[0];
}

export async function getPalette(tx: Tx, id: number): Promise<PaletteRow | undefined> {
  const { palettes } = tx.t;
  return (await tx.db.select().from(palettes).where(eq(palettes.id, id)))[0];
}

/**
 * A palette and the character it is linked to (deleted or none: null), in one statement: a line's
 * button reads both, the sheet's numbers filling the line's {variables}.
 */
export async function getPaletteWithCharacter(tx: Tx, id: number): Promise<{ palette: PaletteRow; character: CharacterRow | null } | undefined> {
  const { palettes, characters } = tx.t;
  const rows = await tx.db
    .select({ palette: palettes, character: characters })
    .from(palettes)
    .leftJoin(characters, and(eq(characters.id, palettes.characterId), isNull(characters.deletedAt)))
    .where(eq(palettes.id, id));
  return rows[0];
}

export async function ownPalettes(tx: Tx, guildId: string | null, ownerId: string): Promise<PaletteRow[]> {
  const { palettes } = tx.t;
  return tx.db.select().from(palettes).where(and(guildIs(tx, guildId), eq(palettes.ownerId, ownerId))).orderBy(asc(palettes.name)).limit(25);
}

/** Inserts or replaces the owner's palette of that name; returns its id. */
export async function savePalette(tx: Tx, row: Omit<PaletteRow, 'id'>): Promise<number> {
  const { palettes } = tx.t;
  const existing = await findPalette(tx, row.guildId, row.ownerId, row.name);
  if (existing) {
    await tx.db.update(palettes).set(row).where(eq(palettes.id, existing.id));
    return existing.id;
  }
  const [inserted] = await tx.db.insert(palettes).values(row).returning({ id: palettes.id });
  return inserted!.id;
}
