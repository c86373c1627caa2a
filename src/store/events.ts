import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './db.js';
import { withoutRolls } from './schema/event-changes.js';
import { prepared, rawInsert } from './prepared.js';

/** Roll events left out: the condition of the partial indexes on events (schema/event-changes.ts). */
export const changesOnly = (tx: Tx) => withoutRolls(tx.t.events.type);

const EVENT_COLUMNS = ['createdAt', 'guildId', 'channelId', 'actorId', 'type', 'subject', 'before', 'after', 'batch'] as const;

export interface EventInput {
  at: Date;
  guildId: string | null;
  channelId: string | null;
  actorId: string;
  /** What happened, dotted: `roll.created`, `gm.claimed`, … */
  type: string;
  /** What it happened to: `roll:12`, `channel:123`, … */
  subject: string;
  before: unknown;
  after: unknown;
}

const ph = sql.placeholder;
const insertStatement = ({ db, t: { events } }: Tx) =>
  db
    .insert(events)
    .values({
      createdAt: ph('at'),
      guildId: ph('guildId'),
      channelId: ph('channelId'),
      actorId: ph('actorId'),
      type: ph('type'),
      subject: ph('subject'),
      before: ph('before'),
      after: ph('after'),
      batch: ph('batch'),
    })
    .returning({ id: events.id });

export async function appendEvent(tx: Tx, event: EventInput): Promise<number> {
  const id = appendEventNow(tx, event);
  if (id !== null) return id;
  const [row] = await prepared(tx, 'events_insert', insertStatement).execute({ ...event, before: event.before ?? null, after: event.after ?? null, batch: tx.batch });
  return row!.id;
}

/** SQLite: the event inserted at once, its id; null on PostgreSQL (drizzle statement then). */
function appendEventNow(tx: Tx, event: EventInput): number | null {
  const raw = rawInsert(tx, 'events_insert', tx.t.events, EVENT_COLUMNS);
  // in EVENT_COLUMNS' order
  return raw ? raw([event.at, event.guildId, event.channelId, event.actorId, event.type, event.subject, event.before, event.after, tx.batch]) : null;
}

/**
 * Several events in their order: on PostgreSQL one multi-row INSERT (one round trip for a turn end's
 * events, issue 32 §1), on SQLite each at once on the connection. Ids ascend in the given order, as
 * undo's newest-first reading expects.
 */
export async function appendEvents(tx: Tx, events: readonly EventInput[]): Promise<void> {
  if (events.length === 0) return;
  if (tx.sqlite || events.length === 1) {
    for (const e of events) await appendEvent(tx, e);
    return;
  }
  await tx.db.execute(eventsInsertSql(tx, events));
}

/** PostgreSQL: the events in one multi-row INSERT (also a part of store/one-statement.ts). */
export function eventsInsertSql(tx: Tx, events: readonly EventInput[]): SQL {
  const { events: table } = tx.t;
  return tx.db
    .insert(table)
    .values(events.map((e) => ({ createdAt: e.at, guildId: e.guildId, channelId: e.channelId, actorId: e.actorId, type: e.type, subject: e.subject, before: e.before ?? null, after: e.after ?? null, batch: tx.batch })))
    .getSQL();
}
