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
