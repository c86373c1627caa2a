import { eq } from 'drizzle-orm';
import { sealRequests, type SealRequestRow } from './schema.js';
import type { Tx } from './db.js';

export function insertSealRequest(tx: Tx, row: Omit<typeof sealRequests.$inferInsert, 'id'>): number {
  return Number(tx.insert(sealRequests).values(row).run().lastInsertRowid);
}

export function getSealRequest(tx: Tx, id: number): SealRequestRow | undefined {
  return tx.select().from(sealRequests).where(eq(sealRequests.id, id)).get();
}

export function decideSealRequest(tx: Tx, id: number, status: 'approved' | 'refused', at: Date): void {
  tx.update(sealRequests).set({ status, decidedAt: at }).where(eq(sealRequests.id, id)).run();
}
