import { sql } from 'drizzle-orm';
import { events } from './schema.js';
import { currentBatch, type Tx } from './db.js';
import { prepared } from './prepared.js';

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

const insertEvent = (db: Tx) =>
  db
    .insert(events)
    .values({
      createdAt: sql.placeholder('at'),
      guildId: sql.placeholder('guildId'),
      channelId: sql.placeholder('channelId'),
      actorId: sql.placeholder('actorId'),
      type: sql.placeholder('type'),
      subject: sql.placeholder('subject'),
      before: sql.placeholder('before'),
      after: sql.placeholder('after'),
      batch: sql.placeholder('batch'),
    })
    .prepare();

export function appendEvent(tx: Tx, event: EventInput): number {
  const result = prepared(tx, 'events.insert', insertEvent).run({ ...event, before: event.before ?? null, after: event.after ?? null, batch: currentBatch(tx) });
  return Number(result.lastInsertRowid);
}
