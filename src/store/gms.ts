import { eq } from 'drizzle-orm';
import { channelGms, type ChannelGmRow } from './schema.js';
import type { Tx } from './db.js';

export function channelGm(tx: Tx, channelId: string): ChannelGmRow | undefined {
  return tx.select().from(channelGms).where(eq(channelGms.channelId, channelId)).get();
}

export function setChannelGm(tx: Tx, row: ChannelGmRow): void {
  tx.insert(channelGms)
    .values(row)
    .onConflictDoUpdate({ target: channelGms.channelId, set: { ...row } })
    .run();
}

export function clearChannelGm(tx: Tx, channelId: string): void {
  tx.delete(channelGms).where(eq(channelGms.channelId, channelId)).run();
}
