import { and, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { ChannelGmRow, CharacterRow, DeclarationRow, EventRow, FactionRow, WarRow } from './schema/index.js';
import { knownChannelGm } from './gms.js';
import type { Tx } from './db.js';
import { changesOnly } from './events.js';
import { prepared, slot } from './prepared.js';
import { first } from './rows.js';

export type WarSnapshot = Omit<WarRow, 'id'>;
export type FactionSnapshot = Omit<FactionRow, 'id'>;

// Every war command reads its war and factions, and a board edit reads them again: built once (on
// SQLite, drizzle's builder and SQLite's prepare cost more than the statement itself, issue 32 §1).
// 'active' written in the statement, not bound: only then may SQLite (and PostgreSQL's generic plan of a
// named statement) use wars_active_channel_idx, a partial index WHERE status = 'active'; bound, SQLite
// scanned every war ever started
const activeWarStatement = ({ db, t: { wars } }: Tx) => db.select().from(wars).where(and(eq(wars.channelId, slot('channelId', wars.channelId)), sql`${wars.status} = 'active'`));
const warStatement = ({ db, t: { wars } }: Tx) => db.select().from(wars).where(eq(wars.id, sql.placeholder('id')));
const factionsStatement = ({ db, t: { factions } }: Tx) => db.select().from(factions).where(eq(factions.warId, sql.placeholder('warId'))).orderBy(factions.id);

export async function activeWar(tx: Tx, channelId: string): Promise<WarRow | undefined> {
  return first(prepared(tx, 'war_active', activeWarStatement).execute({ channelId }));
}

const activeWarWithGmStatement = ({ db, t: { wars, channelGms } }: Tx) =>
  db
    .select({ war: wars, gm: channelGms })
    .from(wars)
    .leftJoin(channelGms, eq(channelGms.channelId, wars.channelId))
    .where(and(eq(wars.channelId, slot('channelId', wars.channelId)), sql`${wars.status} = 'active'`));

/**
 * The channel's active war and the channel's GM, in one statement (as store/combats.ts
 * activeCombatWithGm): a GM's war command reads both, each a round trip inside its transaction on
 * PostgreSQL. The GM goes to the transaction's memo, where channelGm() finds it.
 */
export async function activeWarWithGm(tx: Tx, channelId: string): Promise<{ war: WarRow; gm: ChannelGmRow | null } | undefined> {
  const found = await first(prepared(tx, 'war_with_gm', activeWarWithGmStatement).execute({ channelId }));
  if (found) knownChannelGm(tx, channelId, found.gm);
  return found;
}

export async function getWar(tx: Tx, id: number): Promise<WarRow | undefined> {
  return first(prepared(tx, 'war_by_id', warStatement).execute({ id }));
}

export async function insertWar(tx: Tx, row: WarSnapshot): Promise<number> {
  const { wars } = tx.t;
  const [inserted] = await tx.db.insert(wars).values(row).returning({ id: wars.id });
  return inserted!.id;
}

export async function updateWar(tx: Tx, id: number, changes: Partial<WarSnapshot>): Promise<void> {
  const { wars } = tx.t;
  await tx.db.update(wars).set(changes).where(eq(wars.id, id));
}

export async function warFactions(tx: Tx, warId: number): Promise<FactionRow[]> {
  return prepared(tx, 'war_factions', factionsStatement).execute({ warId });
}

const warWithFactionsStatement = ({ db, t: { wars, factions } }: Tx) =>
  db.select({ war: wars, faction: factions }).from(wars).leftJoin(factions, eq(factions.warId, wars.id)).where(eq(wars.id, sql.placeholder('id'))).orderBy(factions.id);

/**
 * A war and its factions (in id order) in one statement: what its board shows, read before each edit
 * (issue 32 §1: on PostgreSQL each statement is a round trip). Undefined when the war is gone.
 */
export async function warWithFactions(tx: Tx, id: number): Promise<{ war: WarRow; factions: FactionRow[] } | undefined> {
  const rows = await prepared(tx, 'war_with_factions', warWithFactionsStatement).execute({ id });
  const head = rows[0];
  if (!head) return undefined;
  return { war: head.war, factions: rows.flatMap((r) => (r.faction ? [r.faction] : [])) };
}

/** Whether the server has an MTG library (0 or 1 on SQLite): a column of every row of the read below. */
const serverHasLibrary = ({ t: { wars, libraries } }: Tx) => sql<boolean | number>`exists (select 1 from ${libraries} where ${libraries.guildId} = ${wars.guildId})`;

/** Whether the channel has a counter that resets at each day end (0 or 1 on SQLite): a column of every row of the read below. */
const channelHasDailyCounter = ({ t: { wars, counters } }: Tx) => sql<boolean | number>`exists (select 1 from ${counters} where ${counters.channelId} = ${wars.channelId} and ${counters.reset} = 'day')`;

const warTurnReadStatement = (tx: Tx) => {
  const { db, t: { wars, channelGms, factions, declarations, characters } } = tx;
  return db
    .select({ war: wars, gm: channelGms, faction: factions, declaration: declarations, character: characters, hasLibrary: serverHasLibrary(tx), hasDailyCounter: channelHasDailyCounter(tx) })
    .from(wars)
    .leftJoin(channelGms, eq(channelGms.channelId, wars.channelId))
    .leftJoin(factions, eq(factions.warId, wars.id))
    .leftJoin(declarations, and(eq(declarations.factionId, factions.id), eq(declarations.warId, wars.id), eq(declarations.day, wars.day), eq(declarations.turn, wars.turn)))
    // a Fate faction's master and servant (a percentage faction has neither): a row each
    .leftJoin(characters, and(or(eq(characters.id, factions.masterId), eq(characters.id, factions.servantId)), isNull(characters.deletedAt)))
    .where(and(eq(wars.channelId, slot('channelId', wars.channelId)), sql`${wars.status} = 'active'`))
    .orderBy(factions.id);
};

/** What a turn end reads before it decides: the war, its factions and the declarations of its current turn. */
export interface WarTurn {
  war: WarRow;
  factions: FactionRow[];
  declarations: DeclarationRow[];
  /** the factions' masters and servants as stored when read (not deleted), by id */
  characters: Map<number, CharacterRow>;
  /** whether the server has an MTG library at all: a turn end looks for those played in the channel only then (seed 004 L102–104) */
  hasLibrary: boolean;
  /** whether the channel has a counter reset at each day end: a day end reads the channel's counters only then */
  hasDailyCounter: boolean;
}

/**
 * The channel's active war with the channel's GM (as activeWarWithGm), its factions (eliminated ones
 * too, in id order) and the declarations of the war's current turn, in one statement: /war advance
 * reads all of them before anything else, each a round trip inside its transaction on PostgreSQL
 * (issue 32 §1); with them the factions' masters and servants, which a Fate turn end reads next, and
 * whether the server has an MTG library and the channel a daily counter, which every turn end and day
 * end asks. A faction declares at most once a turn (declarations_turn_idx); a declaration whose
 * faction is gone is not read. The GM goes to the transaction's memo, where channelGm() finds it.
 */
export async function activeWarTurnWithGm(tx: Tx, channelId: string): Promise<WarTurn | undefined> {
  const rows = await prepared(tx, 'war_turn_with_gm', warTurnReadStatement).execute({ channelId });
  const head = rows[0];
  if (!head) return undefined;
  knownChannelGm(tx, channelId, head.gm);
  // a row per faction, declaration and character: each of them once, by id
  const byId = <T extends { id: number }>(all: (T | null)[]) => new Map(all.flatMap((x) => (x ? [[x.id, x] as const] : [])));
  return {
    war: head.war,
    factions: [...byId(rows.map((r) => r.faction)).values()],
    declarations: [...byId(rows.map((r) => r.declaration)).values()].sort((a, b) => a.id - b.id),
    characters: byId(rows.map((r) => r.character)),
    hasLibrary: Boolean(head.hasLibrary),
    hasDailyCounter: Boolean(head.hasDailyCounter),
  };
}

export async function getFaction(tx: Tx, id: number): Promise<FactionRow | undefined> {
  const { factions } = tx.t;
  return first(tx.db.select().from(factions).where(eq(factions.id, id)));
}

export async function insertFaction(tx: Tx, row: FactionSnapshot): Promise<number> {
  const { factions } = tx.t;
  const [inserted] = await tx.db.insert(factions).values(row).returning({ id: factions.id });
  return inserted!.id;
}

export async function updateFaction(tx: Tx, id: number, changes: Partial<FactionSnapshot>): Promise<void> {
  const { factions } = tx.t;
  await tx.db.update(factions).set(changes).where(eq(factions.id, id));
}

const warTurnStatement = ({ db, t: { wars } }: Tx) =>
  db
    .update(wars)
    .set({ day: sql`${slot('day', wars.day)}`, turn: sql`${slot('turn', wars.turn)}`, config: sql`${slot('config', wars.config)}` })
    .where(eq(wars.id, sql.placeholder('id')));

/** The war's clock (and its config, which a turn end may change) as /war advance leaves them: built once. */
export async function updateWarTurn(tx: Tx, war: Pick<WarRow, 'id' | 'day' | 'turn' | 'config'>): Promise<void> {
  await prepared(tx, 'war_turn_update', warTurnStatement).execute({ id: war.id, day: war.day, turn: war.turn, config: war.config });
}

/** What a turn end changes of a faction: its columns that change during a war. */
export type FactionTurnColumns = Pick<FactionRow, 'id' | 'state' | 'declared' | 'eliminated'>;

const factionTurnStatement = ({ db, t: { factions } }: Tx) =>
  db
    .update(factions)
    .set({ state: sql`${slot('state', factions.state)}`, declared: sql`${slot('declared', factions.declared)}`, eliminated: sql`${slot('eliminated', factions.eliminated)}` })
    .where(eq(factions.id, sql.placeholder('id')));

/**
 * Several factions' state, declared and eliminated written at once: on PostgreSQL one statement
 * (UPDATE … FROM VALUES) instead of one round trip per faction inside the turn end's transaction
 * (issue 32 §1); on SQLite, where a statement costs no round trip, one prepared UPDATE per faction.
 */
export async function updateFactionsTurn(tx: Tx, rows: readonly FactionTurnColumns[]): Promise<void> {
  if (rows.length === 0) return;
  if (tx.dialect === 'sqlite' || rows.length === 1) {
    const statement = prepared(tx, 'factions_turn_update', factionTurnStatement);
    for (const r of rows) await statement.execute({ id: r.id, state: r.state, declared: r.declared, eliminated: r.eliminated });
    return;
  }
  await tx.db.execute(factionsTurnSql(tx, rows));
}

/** PostgreSQL: the factions' turn columns in one UPDATE from a VALUES list (also a part of store/one-statement.ts). */
export function factionsTurnSql(tx: Tx, rows: readonly FactionTurnColumns[]): SQL {
  const { factions } = tx.t;
  // VALUES names its columns column1…column4 on both dialects; PostgreSQL needs each value's type.
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::integer, ${sql.param(r.state, factions.state)}::json, ${r.declared}::boolean, ${r.eliminated}::boolean)`),
    sql`, `,
  );
  return sql`update ${factions} set ${sql.identifier(factions.state.name)} = v.column2, ${sql.identifier(factions.declared.name)} = v.column3, ${sql.identifier(factions.eliminated.name)} = v.column4 from (values ${values}) as v where ${factions.id} = v.column1`;
}

/** PostgreSQL: the war's clock and config as an UPDATE to send with others (store/one-statement.ts). */
export function warTurnSql(tx: Tx, war: Pick<WarRow, 'id' | 'day' | 'turn' | 'config'>): SQL {
  const { wars } = tx.t;
  return tx.db.update(wars).set({ day: war.day, turn: war.turn, config: war.config }).where(eq(wars.id, war.id)).getSQL();
}

export async function deleteFaction(tx: Tx, id: number): Promise<void> {
  const { factions } = tx.t;
  await tx.db.delete(factions).where(eq(factions.id, id));
}

/** The events of a war's channel, newest first (GM's /war log). */
export async function recentWarEvents(tx: Tx, channelId: string, limit: number): Promise<EventRow[]> {
  const { events } = tx.t;
  return tx.db.select().from(events).where(eq(events.channelId, channelId)).orderBy(desc(events.id)).limit(limit);
}

/** The newest batch not yet undone that changed this war (a war or faction event in it). */
export async function lastWarBatch(tx: Tx, channelId: string, warId: number): Promise<string | null> {
  const { events } = tx.t;
  const warSubjects = or(eq(events.subject, `war:${warId}`), like(events.subject, 'faction:%'), like(events.subject, 'declaration:%'));
  const row = await first(
    tx.db
      .select({ batch: events.batch })
      .from(events)
      .where(and(eq(events.channelId, channelId), changesOnly(tx), isNull(events.undoneAt), warSubjects, like(events.type, 'war.%')))
      .orderBy(desc(events.id))
      .limit(1),
  );
  return row?.batch ?? null;
}

/** A batch's events but its rolls (which undo leaves as they are), newest first: events_batch_idx. */
export function batchEventsQuery(tx: Tx, batch: string) {
  const { events } = tx.t;
  return tx.db
    .select()
    .from(events)
    .where(and(eq(events.batch, batch), changesOnly(tx), isNull(events.undoneAt)))
    .orderBy(desc(events.id));
}

export async function batchEvents(tx: Tx, batch: string): Promise<EventRow[]> {
  return batchEventsQuery(tx, batch);
}

export async function markUndone(tx: Tx, ids: number[], at: Date): Promise<void> {
  const { events } = tx.t;
  if (ids.length > 0) await tx.db.update(events).set({ undoneAt: at }).where(inArray(events.id, ids));
}

/**
 * The factions of the server's active wars that have one of these characters as master or servant
 * (whatever channel the war is in): what decides whose secret a character's resources are. A war
 * stored without a server (before wars had one) counts too: a character belongs to one server only.
 */
export async function activeFactionsOf(tx: Tx, guildId: string | null, characterIds: readonly number[]): Promise<FactionRow[]> {
  return (await warStandings(tx, guildId, characterIds)).map((r) => r.faction);
}

/**
 * The factions these characters are masters or servants of in the server's active wars, each with its
 * war's channel, in one statement: whose secret a character's resources are (services/secrecy.ts) and
 * whether it is a master in this channel's war (asleep, up all night: services/characters.ts
 * checkStanding) are both read from it, where a check read them apart (the channel's war, its factions).
 */
export async function warStandings(tx: Tx, guildId: string | null, characterIds: readonly number[]): Promise<{ faction: FactionRow; channelId: string }[]> {
  if (characterIds.length === 0) return [];
  const { wars, factions } = tx.t;
  const ids = [...new Set(characterIds)];
  return await tx.db
    .select({ faction: factions, channelId: wars.channelId })
    .from(factions)
    .innerJoin(wars, eq(wars.id, factions.warId))
    .where(
      and(
        eq(wars.status, 'active'),
        guildId === null ? undefined : or(eq(wars.guildId, guildId), isNull(wars.guildId)),
        or(inArray(factions.masterId, ids), inArray(factions.servantId, ids)),
      ),
    )
    .orderBy(factions.id);
}

/** The faction whose master is this character, in the channel's active war. */
export async function masterFactionInWar(tx: Tx, channelId: string, characterId: number): Promise<FactionRow | undefined> {
  const war = await activeWar(tx, channelId);
  if (!war) return undefined;
  return (await warFactions(tx, war.id)).find((f) => f.masterId === characterId && !f.eliminated);
}

/** The newest batch not yet undone with an event of this type prefix on this exact subject. */
export async function lastBatchFor(tx: Tx, channelId: string, subject: string, typePrefix: string): Promise<string | null> {
  const { events } = tx.t;
  const row = await first(
    tx.db
      .select({ batch: events.batch })
      .from(events)
      .where(and(eq(events.channelId, channelId), changesOnly(tx), isNull(events.undoneAt), eq(events.subject, subject), like(events.type, `${typePrefix}%`)))
      .orderBy(desc(events.id))
      .limit(1),
  );
  return row?.batch ?? null;
}
