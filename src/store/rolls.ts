import { and, desc, eq, sql, type Column, type SQLWrapper } from 'drizzle-orm';
import { appendEvent, type EventInput } from './events.js';
import type { NewRoll, RollRow } from './schema/index.js';
import { rollPairHash } from './schema/roll-pair-hash.js';
import type { Tx } from './db.js';
import { prepared, rawInsert, slot } from './prepared.js';
import { first } from './rows.js';

const ph = sql.placeholder;
const columns: readonly (keyof Omit<NewRoll, 'id'>)[] = ['createdAt', 'guildId', 'channelId', 'userId', 'expression', 'normalized', 'kind', 'value', 'outcome', 'faces', 'result', 'comment', 'secret', 'characterId', 'check'];
const insertStatement = ({ db, t: { rolls } }: Tx) =>
  db
    .insert(rolls)
    .values(Object.fromEntries(columns.map((c) => [c, ph(c)])) as unknown as NewRoll)
    .returning({ id: rolls.id });

/** Stores a roll; returns its id. */
export async function insertRoll(tx: Tx, roll: Omit<NewRoll, 'id'>): Promise<number> {
  // Drizzle maps each placeholder through its column (times, JSON, booleans), as for plain values.
  const values = Object.fromEntries(columns.map((c) => [c, roll[c] ?? null]));
  const raw = rawInsert(tx, 'rolls_insert', tx.t.rolls, columns);
  if (raw) return raw(values);
  const [row] = await prepared(tx, 'rolls_insert', insertStatement).execute(values);
  return row!.id;
}

/** A roll's own event: who rolled, where and when (the roll row itself is the record). */
export type RollEvent = Omit<EventInput, 'type' | 'subject' | 'before' | 'after'>;

/**
 * Stores a roll and its `roll.created` event (subject `roll:<id>`); returns the roll's id. On
 * PostgreSQL one statement (the roll inserted in a WITH, the event from its id): one round trip, and
 * atomic by itself, so a plain roll needs no BEGIN/COMMIT around it (Store.statement).
 */
export async function insertRollWithEvent(tx: Tx, roll: Omit<NewRoll, 'id'>, event: RollEvent): Promise<number> {
  if (tx.dialect === 'sqlite') {
    const id = await insertRoll(tx, roll);
    await appendEvent(tx, { ...event, type: 'roll.created', subject: `roll:${id}`, before: null, after: null });
    return id;
  }
  const { rolls, events } = tx.t;
  const value = (column: Column, v: unknown) => (v === null || v === undefined ? sql`NULL` : sql.param(v, column));
  const list = (items: SQLWrapper[]) => sql.join(items, sql`, `);
  const eventValues = [
    value(events.createdAt, event.at),
    value(events.guildId, event.guildId),
    value(events.channelId, event.channelId),
    value(events.actorId, event.actorId),
    sql`'roll.created'`,
    sql`'roll:' || (SELECT id FROM r)`,
    sql`NULL`,
    sql`NULL`,
    value(events.batch, tx.batch),
  ];
  const eventColumns = [events.createdAt, events.guildId, events.channelId, events.actorId, events.type, events.subject, events.before, events.after, events.batch];
  const result = await tx.db.execute<{ id: number }>(sql`WITH r AS (INSERT INTO ${rolls} (${list(columns.map((c) => sql.identifier(rolls[c].name)))}) VALUES (${list(columns.map((c) => value(rolls[c], roll[c])))}) RETURNING id)
INSERT INTO ${events} (${list(eventColumns.map((c) => sql.identifier(c.name)))}) VALUES (${list(eventValues)}) RETURNING (SELECT id FROM r) AS id`);
  return Number(result.rows[0]!.id);
}

/** A player's rolls in a channel; on PostgreSQL through its index's hash of the pair (schema/roll-pair-hash.ts). */
function ofPair(tx: Tx, user: SQLWrapper, channel: SQLWrapper) {
  const { rolls } = tx.t;
  const pair = and(eq(rolls.userId, user), eq(rolls.channelId, channel));
  if (tx.dialect !== 'postgres') return pair;
  // typed, or PostgreSQL cannot tell which || two bare parameters mean
  return and(eq(rollPairHash(rolls.userId, rolls.channelId), rollPairHash(sql`${user}::bytea`, sql`${channel}::bytea`)), pair);
}

const lastStatement = (tx: Tx) =>
  tx.db
    .select()
    .from(tx.t.rolls)
    .where(ofPair(tx, slot('userId', tx.t.rolls.userId), slot('channelId', tx.t.rolls.channelId)))
    .orderBy(desc(tx.t.rolls.id))
    .limit(1);

/** "Your last roll" in a channel: what luck rerolls and audits reach for. */
export async function lastRoll(tx: Tx, userId: string, channelId: string): Promise<RollRow | undefined> {
  return first(prepared(tx, 'rolls_last', lastStatement).execute({ userId, channelId }));
}

export async function getRoll(tx: Tx, id: number): Promise<RollRow | undefined> {
  const { rolls } = tx.t;
  return first(tx.db.select().from(rolls).where(eq(rolls.id, id)));
}

/** A luck reroll or a seal changes a stored check; the event row keeps the before/after. */
export async function updateRoll(tx: Tx, id: number, changes: Partial<Pick<RollRow, 'result' | 'value' | 'outcome' | 'check'>>): Promise<void> {
  const { rolls } = tx.t;
  await tx.db.update(rolls).set(changes).where(eq(rolls.id, id));
}

/**
 * A user's newest rolls in a channel that may be checks Luck or a seal can change, newest first:
 * not a sum, not repeated (`x3 …`), not a BCDice answer (its stored tree is BCDice's text). Whether
 * a pool remains (`2D6>=7` compares the sum) only the replayed result tells: services/rolls.ts.
 */
export async function recentCheckRolls(tx: Tx, userId: string, channelId: string, limit: number): Promise<RollRow[]> {
  const { rolls } = tx.t;
  // `->> 'type'` reads the JSON root's type on both SQLite (3.38+) and PostgreSQL (json).
  return await tx.db
    .select()
    .from(rolls)
    .where(
      and(
        ofPair(tx, sql.param(userId, rolls.userId), sql.param(channelId, rolls.channelId)),
        sql`${rolls.kind} != 'sum'`,
        sql`${rolls.normalized} NOT LIKE 'x%'`,
        sql`coalesce(${rolls.result} ->> 'type', '') != 'bcdice'`,
      ),
    )
    .orderBy(desc(rolls.id))
    .limit(limit);
}

/** The last roll of a user in a channel that is not a plain sum (a success count or a target), whatever read it. */
export async function lastCountingRoll(tx: Tx, userId: string, channelId: string): Promise<RollRow | undefined> {
  const { rolls } = tx.t;
  return first(
    tx.db
      .select()
      .from(rolls)
      .where(and(ofPair(tx, sql.param(userId, rolls.userId), sql.param(channelId, rolls.channelId)), sql`${rolls.kind} != 'sum'`))
      .orderBy(desc(rolls.id))
      .limit(1),
  );
}
