import { and, asc, eq } from 'drizzle-orm';
import type { SealRequestRow, Tables } from './schema/index.js';
import type { Tx } from './db.js';
import { first } from './rows.js';

export async function insertSealRequest(tx: Tx, row: Omit<Tables['sealRequests']['$inferInsert'], 'id'>): Promise<number> {
  const { sealRequests } = tx.t;
  const [inserted] = await tx.db.insert(sealRequests).values(row).returning({ id: sealRequests.id });
  return inserted!.id;
}

export async function getSealRequest(tx: Tx, id: number): Promise<SealRequestRow | undefined> {
  const { sealRequests } = tx.t;
  return first(tx.db.select().from(sealRequests).where(eq(sealRequests.id, id)));
}

export async function decideSealRequest(tx: Tx, id: number, status: 'approved' | 'refused', at: Date): Promise<void> {
  const { sealRequests } = tx.t;
  await tx.db.update(sealRequests).set({ status, decidedAt: at }).where(eq(sealRequests.id, id));
}

/** Requests still waiting for a GM's decision in a server, oldest first (each channel's GM decides its own). */
export async function pendingSealRequests(tx: Tx, guildId: string): Promise<SealRequestRow[]> {
  const { sealRequests } = tx.t;
  return tx.db
    .select()
    .from(sealRequests)
    .where(and(eq(sealRequests.guildId, guildId), eq(sealRequests.status, 'pending')))
    .orderBy(asc(sealRequests.id))
    .limit(20);
}
