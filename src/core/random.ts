// Random sources for every draw the rules make. The core never calls Math.random: production
// injects cryptoRandom(), tests inject seededRandom() (statistics) or scriptedRandom() (exact faces).
import { randomFillSync } from 'node:crypto';

export interface RandomSource {
  /** uniform integer in [1, sides]; sides is an integer >= 1 */
  die(sides: number): number;
}

const TWO_32 = 0x1_0000_0000;
const TWO_53 = 2 ** 53;
/** u32 · sides stays below 2^53 (exact in a double) up to this many sides */
const LEMIRE_MAX = 2 ** 21;

function checkSides(sides: number): void {
  if (!Number.isSafeInteger(sides) || sides < 1) {
    throw new RangeError(`die sides must be a safe integer >= 1, got ${sides}`);
  }
}

/**
 * Uniform faces from a stream of uint32 words, without modulo bias: `u % sides` alone favours low
 * faces whenever 2^32 is not a multiple of sides (for 3·2^30 the first third would come up twice
 * as often), so draws from the incomplete block are rejected and redrawn.
 *
 * Up to 2^21 sides (every die the dice engine allows) this is Lemire's multiply-shift method:
 * u·sides is exact in a double, its top 32 bits are the face, and the rare rejection test needs
 * no division on the common path (a floating-point `%` is a slow library call in V8). Larger
 * sides take the classic modulo rejection, with two words for more than 2^32 sides.
 */
abstract class Uint32Source implements RandomSource {
  protected abstract nextU32(): number;

  die(sides: number): number {
    checkSides(sides);
    if (sides <= LEMIRE_MAX) {
      let m = this.nextU32() * sides;
      let high = Math.floor(m / TWO_32);
      let low = m - high * TWO_32;
      if (low < sides) {
        const reject = (TWO_32 - sides) % sides; // 2^32 mod sides: the size of the biased remainder
        while (low < reject) {
          m = this.nextU32() * sides;
          high = Math.floor(m / TWO_32);
          low = m - high * TWO_32;
        }
      }
      return high + 1;
    }
    if (sides <= TWO_32) {
      const limit = TWO_32 - (TWO_32 % sides); // largest multiple of sides <= 2^32
      let u = this.nextU32();
      while (u >= limit) u = this.nextU32();
      return (u % sides) + 1;
    }
    const limit = TWO_53 - (TWO_53 % sides);
    let u = this.next53();
    while (u >= limit) u = this.next53();
    return (u % sides) + 1;
  }

  private next53(): number {
    return (this.nextU32() >>> 11) * TWO_32 + this.nextU32();
  }
}

/** 4 KiB of OS randomness per refill: one syscall serves ~1,000 d6 instead of one each. */
class CryptoSource extends Uint32Source {
  private readonly words = new Uint32Array(1024);
  private next = this.words.length;

  protected nextU32(): number {
    if (this.next === this.words.length) {
      randomFillSync(this.words);
      this.next = 0;
    }
    return this.words[this.next++]!;
  }
}

let sharedCrypto: CryptoSource | null = null;

/** The production source. Shared per process (JS is single-threaded), so calling it per roll is cheap. */
export function cryptoRandom(): RandomSource {
  sharedCrypto ??= new CryptoSource();
  return sharedCrypto;
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128-bit state, passes PractRand. */
class SeededSource extends Uint32Source {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: [number, number, number, number]) {
    super();
    [this.a, this.b, this.c, this.d] = state;
    for (let i = 0; i < 15; i++) this.nextU32(); // let weak seeds diffuse
  }

  protected nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
}

/** cyrb128: spreads any string over four 32-bit words for the generator's state. */
function hashSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Deterministic: the same seed always yields the same faces (numbers hash as their decimal text). */
export function seededRandom(seed: number | string): RandomSource {
  return new SeededSource(hashSeed(String(seed)));
}

export interface ScriptedRandom extends RandomSource {
  /** faces not yet handed out; tests assert 0 to prove every scripted die was rolled */
  readonly remaining: number;
}

/** Hands out exactly the given faces, in order; throws when exhausted or a face does not fit the die. */
export function scriptedRandom(values: number[]): ScriptedRandom {
  const faces = values.slice();
  let next = 0;
  return {
    get remaining() {
      return faces.length - next;
    },
    die(sides: number): number {
      checkSides(sides);
      if (next >= faces.length) {
        throw new Error(`scriptedRandom exhausted: all ${faces.length} scripted faces were used`);
      }
      const face = faces[next]!;
      if (!Number.isInteger(face) || face < 1 || face > sides) {
        throw new RangeError(`scriptedRandom value #${next + 1} is ${face}, not a face of a d${sides}`);
      }
      next++;
      return face;
    },
  };
}
