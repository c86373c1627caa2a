// Generic counters (/counter): per channel and name; `reset: 'day'` ones refill at a war's day end.
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from './db.js';
import type { Tables } from './schema/index.js';

export type CounterRow = Tables['counters']['$inferSelect'];

export async function findCounter(tx: Tx, channelId: string, name: string): Promise<CounterRow | undefined> {
  const { counters } = tx.t;
  return (await tx.db.select().from(counters).where(and(eq(counters.channelId, channelId), eq(counters.name, name))))[0];
}

export async function channelCounters(tx: Tx, channelId: string): Promise<CounterRow[]> {
  const { counters } = tx.t;
  return tx.db.select().from(counters).where(eq(counters.channelId, channelId)).orderBy(asc(counters.name)).limit(25);
}

export async function insertCounter(tx: Tx, row: Omit<CounterRow, 'id'>): Promise<number> {
  const { counters } = tx.t;
  const [inserted] = await tx.db.insert(counters).values(row).returning({ id: counters.id });
  return inserted!.id;
}

export async function updateCounter(tx: Tx, id: number, values: Partial<Pick<CounterRow, 'value' | 'max' | 'reset' | 'name'>>): Promise<void> {
  const { counters } = tx.t;
  await tx.db.update(counters).set(values).where(eq(counters.id, id));
}

export async function deleteCounter(tx: Tx, id: number): Promise<void> {
  const { counters } = tx.t;
  await tx.db.delete(counters).where(eq(counters.id, id));
}
