import { eq } from 'drizzle-orm';
import type { SecretRow, Tables } from './schema/index.js';
import type { Tx } from './db.js';
import { first } from './rows.js';

export async function insertSecret(tx: Tx, row: Omit<Tables['secrets']['$inferInsert'], 'id'>): Promise<number> {
  const { secrets } = tx.t;
  const [inserted] = await tx.db.insert(secrets).values(row).returning({ id: secrets.id });
  return inserted!.id;
}

export async function getSecret(tx: Tx, id: number): Promise<SecretRow | undefined> {
  const { secrets } = tx.t;
  return first(tx.db.select().from(secrets).where(eq(secrets.id, id)));
}

export async function markRevealed(tx: Tx, id: number, at: Date): Promise<void> {
  const { secrets } = tx.t;
  await tx.db.update(secrets).set({ revealedAt: at }).where(eq(secrets.id, id));
}
