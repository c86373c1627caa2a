import { randomBytes } from 'node:crypto';

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A realistic Discord snowflake (timestamp-based, unique within the process). */
export function snowflake(at: number = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  // worker id 1, process id 0, then the increment
  return (((BigInt(at) - DISCORD_EPOCH) << 22n) | (1n << 17n) | increment).toString();
}

/** An interaction token shaped like Discord's (opaque base64url). */
export function interactionToken(interactionId: string): string {
  return `${Buffer.from(`interaction:${interactionId}:`).toString('base64url')}${randomBytes(48).toString('base64url')}`;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** The shard Discord sends a guild's events to: `(guild_id >> 22) % shard_count`. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(Math.max(1, shardCount)));
}

/** A fresh guild-style snowflake that lands on `shard` of `shardCount` (steps its timestamp back a few ms). */
export function snowflakeOnShard(shard: number, shardCount: number): string {
  if (!Number.isInteger(shard) || shard < 0 || shard >= shardCount) throw new Error(`fake-discord: shard ${shard} is not in 0..${shardCount - 1}`);
  const now = Date.now();
  for (let back = 0; ; back++) {
    const id = snowflake(now - back);
    if (shardOf(id, shardCount) === shard) return id;
  }
}
