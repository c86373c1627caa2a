import { and, eq } from 'drizzle-orm';
import type { ChannelGmRow, CombatRow } from './schema/index.js';
import type { Tx } from './db.js';
import { first } from './rows.js';

export async function activeCombat(tx: Tx, channelId: string): Promise<CombatRow | undefined> {
  const { combats } = tx.t;
  return first(tx.db.select().from(combats).where(and(eq(combats.channelId, channelId), eq(combats.status, 'active'))));
}

/**
 * The channel's active fight and the channel's GM, in one statement: every step of a fight reads both
 * (who may move it), and on PostgreSQL each read is a round trip inside the command's transaction.
 */
export async function activeCombatWithGm(tx: Tx, channelId: string): Promise<{ combat: CombatRow; gm: ChannelGmRow | null } | undefined> {
  const { combats, channelGms } = tx.t;
  return first(
    tx.db
      .select({ combat: combats, gm: channelGms })
      .from(combats)
      .leftJoin(channelGms, eq(channelGms.channelId, combats.channelId))
      .where(and(eq(combats.channelId, channelId), eq(combats.status, 'active'))),
  );
}

export async function getCombat(tx: Tx, id: number): Promise<CombatRow | undefined> {
  const { combats } = tx.t;
  return first(tx.db.select().from(combats).where(eq(combats.id, id)));
}

export async function insertCombat(tx: Tx, row: Omit<CombatRow, 'id'>): Promise<number> {
  const { combats } = tx.t;
  const [inserted] = await tx.db.insert(combats).values(row).returning({ id: combats.id });
  return inserted!.id;
}

export async function updateCombat(tx: Tx, id: number, changes: Partial<Omit<CombatRow, 'id'>>): Promise<void> {
  const { combats } = tx.t;
  await tx.db.update(combats).set(changes).where(eq(combats.id, id));
}
