import { and, desc, eq, getTableName, sql, type Column, type SQLWrapper } from 'drizzle-orm';
import type { EventInput } from './events.js';
import type { NewRoll, RollRow } from './schema/index.js';
import { rollPairHash } from './schema/roll-pair-hash.js';
import type { RawSqlite, Tx } from './db.js';
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
  const raw = rawInsert(tx, 'rolls_insert', tx.t.rolls, columns);
  if (raw) return raw(columns.map((c) => roll[c]));
  // Drizzle maps each placeholder through its column (times, JSON, booleans), as for plain values.
  const [row] = await prepared(tx, 'rolls_insert', insertStatement).execute(Object.fromEntries(columns.map((c) => [c, roll[c] ?? null])));
  return row!.id;
}

/** A roll's own event: who rolled, where and when (the roll row itself is the record). */
export type RollEvent = Omit<EventInput, 'type' | 'subject' | 'before' | 'after'>;

/**
 * Stores a roll and its `roll.created` event (subject `roll:<id>`); returns the roll's id. On
 * PostgreSQL one statement (the roll inserted in a WITH, the event from its id): one round trip, and
 * atomic by itself, so a plain roll needs no BEGIN/COMMIT around it (Store.statement).
 */
export function insertRollWithEvent(tx: Tx, roll: Omit<NewRoll, 'id'>, event: RollEvent): number | Promise<number> {
  // SQLite answers at once: no promise for its callers to wait on (issue 32 §3)
  if (tx.sqlite) return sqliteRollWriter(tx, tx.sqlite)(roll, event, tx.batch);
  return insertPostgres(tx, roll, event);
}

async function insertPostgres(tx: Tx, roll: Omit<NewRoll, 'id'>, event: RollEvent): Promise<number> {
  const { text, rollColumns, eventColumns } = (withEventStatement ??= rollWithEventStatement(tx));
  const values = [
    ...rollColumns.map((c, i) => mapped(c, roll[columns[i]!])),
    ...[event.at, event.guildId, event.channelId, event.actorId, tx.batch].map((v, i) => mapped(eventColumns[i]!, v)),
  ];
  if (!tx.pg) throw new Error('a PostgreSQL transaction without its connection (store/postgres.ts sets Tx.pg)');
  return Number((await tx.pg(text, values)).rows[0]!.id);
}

type RollWriter = (roll: Omit<NewRoll, 'id'>, event: RollEvent, batch: string) => number;
const sqliteWriters = new WeakMap<RawSqlite, RollWriter>();

/** Each value mapped as drizzle maps it for its column (ids to bytes, times, JSON, booleans), null as NULL. */
const mapped = (column: Column, v: unknown) => (v === null || v === undefined ? null : column.mapToDriverValue(v));

/**
 * SQLite: the roll and its event inserted at once, through two statements prepared once per connection,
 * their arguments mapped into one reused array: a plain roll's own time beside its store's floor was
 * mostly objects built per roll around the same two inserts (issue 32 §3).
 */
function sqliteRollWriter(tx: Tx, sqlite: RawSqlite): RollWriter {
  let write = sqliteWriters.get(sqlite);
  if (write) return write;
  const { rolls, events } = tx.t;
  const names = (list: Column[]) => list.map((c) => `"${c.name}"`).join(', ');
  const rollColumns = columns.map((c) => rolls[c] as Column);
  const insertRoll = sqlite.prepare(`INSERT INTO "${getTableName(rolls)}" (${names(rollColumns)}) VALUES (${rollColumns.map(() => '?').join(', ')})`);
  const eventColumns = [events.createdAt, events.guildId, events.channelId, events.actorId, events.type, events.subject, events.before, events.after, events.batch] as Column[];
  const insertEvent = sqlite.prepare(`INSERT INTO "${getTableName(events)}" (${names(eventColumns)}) VALUES (?, ?, ?, ?, 'roll.created', ?, NULL, NULL, ?)`);
  const [at, guild, channel, actor, , , , , batchColumn] = eventColumns as [Column, Column, Column, Column, Column, Column, Column, Column, Column];
  // filled and bound within one synchronous call: one array for every roll
  const args: unknown[] = rollColumns.map(() => null);
  write = (roll, event, batch) => {
    for (let i = 0; i < rollColumns.length; i++) args[i] = mapped(rollColumns[i]!, roll[columns[i]!]);
    const id = Number(insertRoll.run(...args).lastInsertRowid);
    insertEvent.run(mapped(at, event.at), mapped(guild, event.guildId), mapped(channel, event.channelId), mapped(actor, event.actorId), `roll:${id}`, mapped(batchColumn, batch));
    return id;
  };
  sqliteWriters.set(sqlite, write);
  return write;
}

/**
 * The text of that statement, built once: drizzle building it anew for each roll (its SQL chunks,
 * identifiers and params) cost more of a roll's time on PostgreSQL than the rest of the command.
 */
let withEventStatement: { text: string; rollColumns: Column[]; eventColumns: Column[] } | undefined;

function rollWithEventStatement({ t: { rolls, events } }: Tx) {
  const names = (list: Column[]) => list.map((c) => `"${c.name}"`).join(', ');
  const rollColumns = columns.map((c) => rolls[c] as Column);
  // the event's own values, in this order after the roll's; type, subject, before and after are fixed
  const eventColumns = [events.createdAt, events.guildId, events.channelId, events.actorId, events.batch] as Column[];
  const n = rollColumns.length;
  const text = `WITH r AS (INSERT INTO "${getTableName(rolls)}" (${names(rollColumns)}) VALUES (${rollColumns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id)
INSERT INTO "${getTableName(events)}" (${names([events.createdAt, events.guildId, events.channelId, events.actorId, events.type, events.subject, events.before, events.after, events.batch] as Column[])}) VALUES ($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, 'roll.created', 'roll:' || (SELECT id FROM r), NULL, NULL, $${n + 5}) RETURNING (SELECT id FROM r) AS id`;
  return { text, rollColumns, eventColumns };
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
