import { and, eq, getTableName, sql, type Column } from 'drizzle-orm';
import type { ChannelGmRow, CombatRow } from './schema/index.js';
import type { Tx } from './db.js';
import { appendEvent, type EventInput } from './events.js';
import { prepared, slot } from './prepared.js';
import { first } from './rows.js';
import { knownChannelGm } from './gms.js';

// Every step of a fight reads it with its GM and writes its state back, and its tracker reads it again
// when it is edited: built once (./prepared.ts), not by drizzle's builder and SQLite's prepare each time.
const withGmStatement = ({ db, t: { combats, channelGms } }: Tx) =>
  db
    .select({ combat: combats, gm: channelGms })
    .from(combats)
    .leftJoin(channelGms, eq(channelGms.channelId, combats.channelId))
    .where(and(eq(combats.channelId, slot('channelId', combats.channelId)), eq(combats.status, 'active')));
const byIdStatement = ({ db, t: { combats } }: Tx) => db.select().from(combats).where(eq(combats.id, slot('id', combats.id)));
const stateStatement = ({ db, t: { combats } }: Tx) => db.update(combats).set({ state: sql.placeholder('state') }).where(eq(combats.id, slot('id', combats.id)));

export async function activeCombat(tx: Tx, channelId: string): Promise<CombatRow | undefined> {
  const { combats } = tx.t;
  return first(tx.db.select().from(combats).where(and(eq(combats.channelId, channelId), eq(combats.status, 'active'))));
}

/**
 * The channel's active fight and the channel's GM, in one statement: every step of a fight reads both
 * (who may move it), and on PostgreSQL each read is a round trip inside the command's transaction.
 */
export async function activeCombatWithGm(tx: Tx, channelId: string): Promise<{ combat: CombatRow; gm: ChannelGmRow | null } | undefined> {
  const found = await first(prepared(tx, 'combat_with_gm', withGmStatement).execute({ channelId }));
  if (found) knownChannelGm(tx, channelId, found.gm);
  return found;
}

export async function getCombat(tx: Tx, id: number): Promise<CombatRow | undefined> {
  return first(prepared(tx, 'combat_by_id', byIdStatement).execute({ id }));
}

export async function insertCombat(tx: Tx, row: Omit<CombatRow, 'id'>): Promise<number> {
  const { combats } = tx.t;
  const [inserted] = await tx.db.insert(combats).values(row).returning({ id: combats.id });
  return inserted!.id;
}

/** A fight's new state (every step). */
export async function updateCombatState(tx: Tx, id: number, state: unknown): Promise<void> {
  await prepared(tx, 'combat_state', stateStatement).execute({ id, state });
}

/**
 * A step of a fight: its new state and the step's event (before/after, for undo and the log). On
 * PostgreSQL one statement, the update inside the event's insert: two were two round trips inside the
 * command's SERIALIZABLE transaction, for every step of every fight (issue 32 §1). SQLite: both at once.
 */
export async function saveCombatStep(tx: Tx, id: number, state: unknown, event: EventInput): Promise<void> {
  if (!tx.pg) {
    await updateCombatState(tx, id, state);
    await appendEvent(tx, event);
    return;
  }
  const { text, columns } = (stepStatement ??= stepStatementOf(tx));
  const [stateColumn, idColumn, ...eventColumns] = columns;
  const eventValues = [event.at, event.guildId, event.channelId, event.actorId, event.type, event.subject, event.before ?? null, event.after ?? null, tx.batch];
  await tx.pg(text, [mapped(stateColumn!, state), mapped(idColumn!, id), ...eventValues.map((v, i) => mapped(eventColumns[i]!, v))]);
}

/** Each value mapped as drizzle maps it for its column (ids to bytes, times, JSON), null as NULL. */
const mapped = (column: Column, v: unknown) => (v === null || v === undefined ? null : column.mapToDriverValue(v));

/** The statement's text, built once (store/rolls.ts does the same for a roll and its event). */
let stepStatement: { text: string; columns: Column[] } | undefined;

function stepStatementOf({ t: { combats, events } }: Tx) {
  const eventColumns = [events.createdAt, events.guildId, events.channelId, events.actorId, events.type, events.subject, events.before, events.after, events.batch] as Column[];
  const text = `WITH c AS (UPDATE "${getTableName(combats)}" SET "${combats.state.name}" = $1 WHERE "${combats.id.name}" = $2)
INSERT INTO "${getTableName(events)}" (${eventColumns.map((c) => `"${c.name}"`).join(', ')}) VALUES (${eventColumns.map((_, i) => `$${i + 3}`).join(', ')})`;
  return { text, columns: [combats.state, combats.id, ...eventColumns] as Column[] };
}

export async function updateCombat(tx: Tx, id: number, changes: Partial<Omit<CombatRow, 'id'>>): Promise<void> {
  const { combats } = tx.t;
  await tx.db.update(combats).set(changes).where(eq(combats.id, id));
}
