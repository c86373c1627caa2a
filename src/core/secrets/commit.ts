// Verifiable secrets: a hidden result is published first as a commitment, SHA-256 over a canonical
// text holding the result, who it belongs to and a random nonce; revealing the text later lets
// anyone recompute the hash:  printf '%s' '<revealed text>' | sha256sum
import { createHash } from 'node:crypto';
import type { RandomSource } from '../random.js';

export interface Commitment {
  /** hex SHA-256 of `text` */
  hash: string;
  /** the canonical text: kept private until revealed */
  text: string;
}

const NONCE_WORDS = 4; // 4 × 32 bits: a hash cannot be brute-forced back to a small result

export function makeNonce(rng: RandomSource): string {
  let hex = '';
  for (let i = 0; i < NONCE_WORDS; i++) hex += (rng.die(2 ** 32) - 1).toString(16).padStart(8, '0');
  return hex;
}

/** JSON with sorted keys, so the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function commit(result: unknown, ownerId: string, nonce: string): Commitment {
  const text = canonicalJson({ v: 1, owner: ownerId, nonce, result });
  return { hash: sha256Hex(text), text };
}

export function verify(hash: string, text: string): boolean {
  return sha256Hex(text) === hash.toLowerCase();
}
