import { and, eq } from 'drizzle-orm';
import { combats, type CombatRow } from './schema.js';
import type { Tx } from './db.js';

export function activeCombat(tx: Tx, channelId: string): CombatRow | undefined {
  return tx.select().from(combats).where(and(eq(combats.channelId, channelId), eq(combats.status, 'active'))).get();
}

export function getCombat(tx: Tx, id: number): CombatRow | undefined {
  return tx.select().from(combats).where(eq(combats.id, id)).get();
}

export function insertCombat(tx: Tx, row: Omit<CombatRow, 'id'>): number {
  return Number(tx.insert(combats).values(row).run().lastInsertRowid);
}

export function updateCombat(tx: Tx, id: number, changes: Partial<Omit<CombatRow, 'id'>>): void {
  tx.update(combats).set(changes).where(eq(combats.id, id)).run();
}
