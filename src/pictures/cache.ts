// Pictures by the hash of what they draw: an unchanged tracker or board is not drawn (or uploaded)
// again. A per-process cache: another process simply draws its own copy.
import { createHash } from 'node:crypto';

const MAX_ENTRIES = 200;
const cache = new Map<string, Buffer>();

export function hashOf(model: unknown): string {
  return createHash('sha256').update(JSON.stringify(model)).digest('hex');
}

/** The cached PNG for `key`, if it was drawn already (a hit counts as a use). */
export function peek(key: string): Buffer | undefined {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
  }
  return hit;
}

/** Keeps a drawn PNG; least recently used entries go first. */
export function remember(key: string, png: Buffer): void {
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, png);
}
