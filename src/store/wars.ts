import { and, desc, eq, inArray, isNull, like, or } from 'drizzle-orm';
import { events, factions, wars, type EventRow, type FactionRow, type WarRow } from './schema.js';
import type { Tx } from './db.js';

export type WarSnapshot = Omit<WarRow, 'id'>;
export type FactionSnapshot = Omit<FactionRow, 'id'>;

export function activeWar(tx: Tx, channelId: string): WarRow | undefined {
  return tx.select().from(wars).where(and(eq(wars.channelId, channelId), eq(wars.status, 'active'))).get();
}

export function getWar(tx: Tx, id: number): WarRow | undefined {
  return tx.select().from(wars).where(eq(wars.id, id)).get();
}

export function insertWar(tx: Tx, row: WarSnapshot): number {
  return Number(tx.insert(wars).values(row).run().lastInsertRowid);
}

export function updateWar(tx: Tx, id: number, changes: Partial<WarSnapshot>): void {
  tx.update(wars).set(changes).where(eq(wars.id, id)).run();
}

export function warFactions(tx: Tx, warId: number): FactionRow[] {
  return tx.select().from(factions).where(eq(factions.warId, warId)).orderBy(factions.id).all();
}

export function getFaction(tx: Tx, id: number): FactionRow | undefined {
  return tx.select().from(factions).where(eq(factions.id, id)).get();
}

export function insertFaction(tx: Tx, row: FactionSnapshot): number {
  return Number(tx.insert(factions).values(row).run().lastInsertRowid);
}

export function updateFaction(tx: Tx, id: number, changes: Partial<FactionSnapshot>): void {
  tx.update(factions).set(changes).where(eq(factions.id, id)).run();
}

export function deleteFaction(tx: Tx, id: number): void {
  tx.delete(factions).where(eq(factions.id, id)).run();
}

/** The events of a war's channel, newest first (GM's /war log). */
export function recentWarEvents(tx: Tx, channelId: string, limit: number): EventRow[] {
  return tx.select().from(events).where(eq(events.channelId, channelId)).orderBy(desc(events.id)).limit(limit).all();
}

/** The newest batch not yet undone that changed this war (a war or faction event in it). */
export function lastWarBatch(tx: Tx, channelId: string, warId: number): string | null {
  const warSubjects = or(eq(events.subject, `war:${warId}`), like(events.subject, 'faction:%'), like(events.subject, 'declaration:%'));
  const row = tx
    .select({ batch: events.batch })
    .from(events)
    .where(and(eq(events.channelId, channelId), isNull(events.undoneAt), warSubjects, like(events.type, 'war.%')))
    .orderBy(desc(events.id))
    .limit(1)
    .get();
  return row?.batch ?? null;
}

export function batchEvents(tx: Tx, batch: string): EventRow[] {
  return tx.select().from(events).where(and(eq(events.batch, batch), isNull(events.undoneAt))).orderBy(desc(events.id)).all();
}

export function markUndone(tx: Tx, ids: number[], at: Date): void {
  if (ids.length > 0) tx.update(events).set({ undoneAt: at }).where(inArray(events.id, ids)).run();
}

/** The faction whose master is this character, in the channel's active war. */
export function masterFactionInWar(tx: Tx, channelId: string, characterId: number): FactionRow | undefined {
  const war = activeWar(tx, channelId);
  if (!war) return undefined;
  return warFactions(tx, war.id).find((f) => f.masterId === characterId && !f.eliminated);
}

/** The newest batch not yet undone with an event of this type prefix on this exact subject. */
export function lastBatchFor(tx: Tx, channelId: string, subject: string, typePrefix: string): string | null {
  const row = tx
    .select({ batch: events.batch })
    .from(events)
    .where(and(eq(events.channelId, channelId), isNull(events.undoneAt), eq(events.subject, subject), like(events.type, `${typePrefix}%`)))
    .orderBy(desc(events.id))
    .limit(1)
    .get();
  return row?.batch ?? null;
}
