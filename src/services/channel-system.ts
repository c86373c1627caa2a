// The channel's BCDice system, read on every /roll: kept in memory per channel so a roll costs one
// transaction, not two. /system set|clear and /data delete in this process forget it at once; another
// process (a shard, a second bot on PostgreSQL) picks a change up within TRUST_MS, as the table's
// language does (table.ts).
import { channelSystem } from '../store/systems.js';
import type { Store } from '../store/db.js';
import { Recent } from './recent.js';

const TRUST_MS = 30_000;
const MAX_CHANNELS = 20_000;
const cache = new Recent<string, string | null>(TRUST_MS, MAX_CHANNELS);

export async function systemOfChannel(store: Store, channelId: string, now: Date): Promise<string | null> {
  const seen = knownSystemOfChannel(channelId, now);
  if (seen !== undefined) return seen;
  // one statement, beside commands' transactions (src/store/postgres.ts)
  const system = (await store.statement((tx) => channelSystem(tx, channelId))) ?? null;
  cache.set(channelId, system, now.getTime());
  return system;
}

/** The system kept in memory, undefined when it must be read (/roll asks first: no promise when known, issue 32 §3). */
export function knownSystemOfChannel(channelId: string, now: Date): string | null | undefined {
  return cache.get(channelId, now.getTime());
}

/** A change in this process (one channel, or every channel after a server's data is deleted). */
export function forgetChannelSystem(channelId?: string): void {
  if (channelId === undefined) cache.clear();
  else cache.delete(channelId);
}
