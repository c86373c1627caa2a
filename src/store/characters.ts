import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CharacterRow, Tables } from './schema/index.js';
import type { Tx } from './db.js';
import { first } from './rows.js';

export type NewCharacter = Omit<Tables['characters']['$inferInsert'], 'id'>;

export async function insertCharacter(tx: Tx, row: NewCharacter): Promise<number> {
  const { characters } = tx.t;
  const [inserted] = await tx.db.insert(characters).values(row).returning({ id: characters.id });
  return inserted!.id;
}

export async function getCharacter(tx: Tx, id: number): Promise<CharacterRow | undefined> {
  const { characters } = tx.t;
  return first(tx.db.select().from(characters).where(and(eq(characters.id, id), isNull(characters.deletedAt))));
}

/** Several characters in one statement (a war's turn end reads every faction's master and servant), by id; deleted ones left out. */
export async function getCharactersById(tx: Tx, ids: readonly number[]): Promise<Map<number, CharacterRow>> {
  const { characters } = tx.t;
  if (ids.length === 0) return new Map();
  const rows: CharacterRow[] = await tx.db.select().from(characters).where(and(inArray(characters.id, [...new Set(ids)]), isNull(characters.deletedAt)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function updateCharacter(tx: Tx, id: number, changes: Partial<Pick<CharacterRow, 'sheet' | 'state' | 'name' | 'type' | 'updatedAt' | 'deletedAt'>>): Promise<void> {
  const { characters } = tx.t;
  await tx.db.update(characters).set(changes).where(eq(characters.id, id));
}

export async function softDeleteCharacter(tx: Tx, id: number, at: Date): Promise<void> {
  const { characters } = tx.t;
  await tx.db.update(characters).set({ deletedAt: at }).where(eq(characters.id, id));
}

/** A player's characters in a server, and the NPCs they run as GM of a channel. */
export async function listCharacters(tx: Tx, guildId: string, ownerId: string): Promise<CharacterRow[]> {
  const { characters } = tx.t;
  return tx.db
    .select()
    .from(characters)
    .where(and(eq(characters.guildId, guildId), eq(characters.ownerId, ownerId), isNull(characters.deletedAt)))
    .orderBy(asc(characters.name));
}

/** By exact name: the caller's own first, then any character of the server. */
export async function findCharacter(tx: Tx, guildId: string, name: string, preferOwner: string): Promise<CharacterRow | undefined> {
  const { characters } = tx.t;
  const matches = await tx.db
    .select()
    .from(characters)
    .where(and(eq(characters.guildId, guildId), eq(characters.name, name), isNull(characters.deletedAt)));
  const found = matches.find((c) => c.ownerId === preferOwner) ?? (matches.length === 1 ? matches[0] : undefined);
  if (found || matches.length > 0) return found;
  // `name#id`: one of several sheets with one name, as autocomplete offers it (issue 19 §2)
  const byId = ID_FORM.exec(name);
  if (!byId) return undefined;
  const row = await first(tx.db.select().from(characters).where(and(eq(characters.guildId, guildId), eq(characters.id, Number(byId[2])), isNull(characters.deletedAt))));
  return row?.name === byId[1] ? row : undefined;
}

const ID_FORM = /^(.+)#(\d{1,9})$/s;

/** The name that picks this one sheet when others share its name. */
export const characterIdForm = (name: string, id: number): string => `${name}#${id}`;


export async function activeCharacterId(tx: Tx, channelId: string, userId: string): Promise<number | undefined> {
  const { activeCharacters } = tx.t;
  const row = await first(
    tx.db
      .select({ id: activeCharacters.characterId })
      .from(activeCharacters)
      .where(and(eq(activeCharacters.channelId, channelId), eq(activeCharacters.userId, userId))),
  );
  return row?.id;
}

/** The caller's active character in a channel (not deleted), the link and the sheet in one statement. */
export async function activeCharacter(tx: Tx, channelId: string, userId: string): Promise<CharacterRow | undefined> {
  const { activeCharacters, characters } = tx.t;
  const rows = await tx.db
    .select({ character: characters })
    .from(activeCharacters)
    .innerJoin(characters, and(eq(characters.id, activeCharacters.characterId), isNull(characters.deletedAt)))
    .where(and(eq(activeCharacters.channelId, channelId), eq(activeCharacters.userId, userId)));
  return rows[0]?.character;
}

/**
 * The active character with the state of this channel's Fate fight (null: none), in one statement: a
 * check reads what the fight's bad statuses do to its roller (services/combat/fate-conditions.ts), and
 * the fight was a round trip of its own after the character's.
 */
export async function activeCharacterWithFight(tx: Tx, channelId: string, userId: string): Promise<{ character: CharacterRow; fight: unknown } | undefined> {
  const { activeCharacters, characters, combats } = tx.t;
  const fight = sql`(select ${combats.state} from ${combats} where ${combats.channelId} = ${activeCharacters.channelId} and ${combats.status} = 'active' and ${combats.ruleset} = 'fate')`.mapWith(combats.state);
  const rows = await tx.db
    .select({ character: characters, fight })
    .from(activeCharacters)
    .innerJoin(characters, and(eq(characters.id, activeCharacters.characterId), isNull(characters.deletedAt)))
    .where(and(eq(activeCharacters.channelId, channelId), eq(activeCharacters.userId, userId)));
  return rows[0];
}


export async function setActiveCharacter(tx: Tx, channelId: string, userId: string, characterId: number): Promise<void> {
  const { activeCharacters } = tx.t;
  await tx.db
    .insert(activeCharacters)
    .values({ channelId, userId, characterId })
    .onConflictDoUpdate({ target: [activeCharacters.channelId, activeCharacters.userId], set: { characterId } });
}

export async function clearActiveFor(tx: Tx, characterId: number): Promise<void> {
  const { activeCharacters } = tx.t;
  await tx.db.delete(activeCharacters).where(eq(activeCharacters.characterId, characterId));
}

/** Records one side's consent; sharing is on when both sides have consented. */
export async function consentLuckShare(tx: Tx, characterId: number, partnerId: number): Promise<boolean> {
  const { luckShares } = tx.t;
  await tx.db.insert(luckShares).values({ characterId, partnerId }).onConflictDoNothing();
  return (await luckSharePartner(tx, characterId)) === partnerId;
}

export async function revokeLuckShare(tx: Tx, characterId: number): Promise<void> {
  const { luckShares } = tx.t;
  await tx.db.delete(luckShares).where(eq(luckShares.characterId, characterId));
}

/** The partner whose luck this character may draw on: both must have agreed. */
export async function luckSharePartner(tx: Tx, characterId: number): Promise<number | undefined> {
  const { luckShares } = tx.t;
  for (const { partnerId } of await tx.db.select().from(luckShares).where(eq(luckShares.characterId, characterId))) {
    const back = await first(
      tx.db.select().from(luckShares).where(and(eq(luckShares.characterId, partnerId), eq(luckShares.partnerId, characterId))),
    );
    if (back) return partnerId;
  }
  return undefined;
}
