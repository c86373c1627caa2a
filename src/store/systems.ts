// The BCDice game system each channel rolls with (/system).
import { eq } from 'drizzle-orm';
import type { Tx } from './db.js';

export async function channelSystem(tx: Tx, channelId: string): Promise<string | undefined> {
  const { channelSystems } = tx.t;
  const rows = await tx.db.select({ system: channelSystems.system }).from(channelSystems).where(eq(channelSystems.channelId, channelId));
  return rows[0]?.system;
}

export async function setChannelSystem(tx: Tx, row: { channelId: string; guildId: string | null; system: string; setBy: string; setAt: Date }): Promise<void> {
  const { channelSystems } = tx.t;
  await tx.db.insert(channelSystems).values(row).onConflictDoUpdate({ target: channelSystems.channelId, set: { ...row } });
}

export async function clearChannelSystem(tx: Tx, channelId: string): Promise<void> {
  const { channelSystems } = tx.t;
  await tx.db.delete(channelSystems).where(eq(channelSystems.channelId, channelId));
}

/** Every system some channel uses (loaded at start-up so no channel's first roll pays for it). */
export async function systemsInUse(tx: Tx): Promise<string[]> {
  const { channelSystems } = tx.t;
  const rows = await tx.db.selectDistinct({ system: channelSystems.system }).from(channelSystems);
  return rows.map((r) => r.system);
}
