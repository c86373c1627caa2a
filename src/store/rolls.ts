import { and, desc, eq, sql } from 'drizzle-orm';
import { rolls, type NewRoll, type RollRow } from './schema.js';
import type { Tx } from './db.js';
import { prepared } from './prepared.js';

const ph = sql.placeholder;
const insertStatement = (db: Tx) =>
  db
    .insert(rolls)
    .values({
      createdAt: ph('createdAt'),
      guildId: ph('guildId'),
      channelId: ph('channelId'),
      userId: ph('userId'),
      expression: ph('expression'),
      normalized: ph('normalized'),
      kind: ph('kind'),
      value: ph('value'),
      outcome: ph('outcome'),
      dice: ph('dice'),
      result: ph('result'),
      comment: ph('comment'),
      secret: ph('secret'),
      characterId: ph('characterId'),
      check: ph('check'),
    })
    .prepare();

const lastStatement = (db: Tx) =>
  db
    .select()
    .from(rolls)
    .where(and(eq(rolls.userId, ph('userId')), eq(rolls.channelId, ph('channelId'))))
    .orderBy(desc(rolls.id))
    .limit(1)
    .prepare();

/** Stores a roll; returns its id. */
export function insertRoll(tx: Tx, roll: Omit<NewRoll, 'id'>): number {
  const result = prepared(tx, 'rolls.insert', insertStatement).run({
    ...roll,
    guildId: roll.guildId ?? null,
    outcome: roll.outcome ?? null,
    comment: roll.comment ?? null,
    secret: roll.secret ?? false,
    characterId: roll.characterId ?? null,
    check: roll.check ?? null,
  });
  return Number(result.lastInsertRowid);
}

/** "Your last roll" in a channel: what luck rerolls and audits reach for. */
export function lastRoll(tx: Tx, userId: string, channelId: string): RollRow | undefined {
  return prepared(tx, 'rolls.last', lastStatement).get({ userId, channelId });
}

export function getRoll(tx: Tx, id: number): RollRow | undefined {
  return tx.select().from(rolls).where(eq(rolls.id, id)).get();
}

/** A luck reroll or a seal changes a stored check; the event row keeps the before/after. */
export function updateRoll(tx: Tx, id: number, changes: Partial<Pick<RollRow, 'dice' | 'result' | 'value' | 'outcome' | 'check'>>): void {
  tx.update(rolls).set(changes).where(eq(rolls.id, id)).run();
}

/** The last success-counting roll of a user in a channel (what /luck rerolls). */
export function lastCountingRoll(tx: Tx, userId: string, channelId: string): RollRow | undefined {
  return tx
    .select()
    .from(rolls)
    .where(and(eq(rolls.userId, userId), eq(rolls.channelId, channelId), sql`${rolls.kind} != 'sum'`))
    .orderBy(desc(rolls.id))
    .limit(1)
    .get();
}
