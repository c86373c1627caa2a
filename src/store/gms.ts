import { eq } from 'drizzle-orm';
import type { ChannelGmRow } from './schema/index.js';
import type { Tx } from './db.js';
import { prepared, slot } from './prepared.js';
import { first } from './rows.js';

const gmStatement = ({ db, t: { channelGms } }: Tx) => db.select().from(channelGms).where(eq(channelGms.channelId, slot('channelId', channelGms.channelId)));

/** The channel's GM: read by every command that may DM the GM (each secret roll) or is GM-only. */
export async function channelGm(tx: Tx, channelId: string): Promise<ChannelGmRow | undefined> {
  const key = gmKey(channelId);
  if (tx.memo?.has(key)) return (tx.memo.get(key) as ChannelGmRow | null) ?? undefined;
  const gm = await first(prepared(tx, 'channel_gm', gmStatement).execute({ channelId }));
  tx.memo?.set(key, gm ?? null);
  return gm;
}

/** The channel's GM read beside something else in one statement (store/combats.ts): the next channelGm reads it from the memo. */
export function knownChannelGm(tx: Tx, channelId: string, gm: ChannelGmRow | null): void {
  tx.memo?.set(gmKey(channelId), gm);
}

const gmKey = (channelId: string) => `gm/${channelId}`;

export async function setChannelGm(tx: Tx, row: ChannelGmRow): Promise<void> {
  const { channelGms } = tx.t;
  tx.memo?.delete(gmKey(row.channelId));
  await tx.db.insert(channelGms).values(row).onConflictDoUpdate({ target: channelGms.channelId, set: { ...row } });
}

export async function clearChannelGm(tx: Tx, channelId: string): Promise<void> {
  const { channelGms } = tx.t;
  tx.memo?.set(gmKey(channelId), null);
  await tx.db.delete(channelGms).where(eq(channelGms.channelId, channelId));
}
