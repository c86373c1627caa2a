import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, commit, makeNonce, verify } from '../../src/core/secrets/commit.js';
import { seededRandom } from '../../src/core/random.js';

describe('commitments', () => {
  it('canonical JSON sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[2,{"y":2,"z":1}]},"b":1}');
  });

  it('the hash is plain SHA-256 of the revealed text, so anyone can check it', () => {
    const c = commit({ roll: [3, 5], value: 8 }, '123', 'abcd');
    expect(c.text).toBe('{"nonce":"abcd","owner":"123","result":{"roll":[3,5],"value":8},"v":1}');
    expect(c.hash).toBe(createHash('sha256').update(c.text).digest('hex'));
    expect(verify(c.hash, c.text)).toBe(true);
    expect(verify(c.hash, c.text.replace('"value":8', '"value":9'))).toBe(false);
  });

  it('nonces are 128-bit hex and differ between draws', () => {
    const rng = seededRandom('n');
    const a = makeNonce(rng);
    const b = makeNonce(rng);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});
