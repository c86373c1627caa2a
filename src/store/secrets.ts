import { eq } from 'drizzle-orm';
import { secrets, type SecretRow } from './schema.js';
import type { Tx } from './db.js';

export function insertSecret(tx: Tx, row: Omit<typeof secrets.$inferInsert, 'id'>): number {
  return Number(tx.insert(secrets).values(row).run().lastInsertRowid);
}

export function getSecret(tx: Tx, id: number): SecretRow | undefined {
  return tx.select().from(secrets).where(eq(secrets.id, id)).get();
}

export function markRevealed(tx: Tx, id: number, at: Date): void {
  tx.update(secrets).set({ revealedAt: at }).where(eq(secrets.id, id)).run();
}
