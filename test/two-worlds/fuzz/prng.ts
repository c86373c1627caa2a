// The fuzzer's two kinds of randomness (issue 27 §2).
// - Prng: the generators' choices (which step, which option), one stream per session, seeded by the
//   session's seed: the same seed plays the same session.
// - KeyedDice: the bot's dice. Both worlds must roll the same faces for the same draws, but a hidden
//   value may make one world draw more dice than the other (a bigger hidden pool): with one shared
//   stream every later roll would then shift. So the stream is reseeded from (seed, step) before each
//   step: the worlds stay aligned from one step to the next whatever one step drew.
import { seededRandom, type RandomSource } from '../../../src/core/random.js';

export class Prng {
  private readonly source: RandomSource;

  constructor(seed: string) {
    this.source = seededRandom(`fuzz-choices:${seed}`);
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + this.source.die(hi - lo + 1) - 1;
  }

  chance(p: number): boolean {
    return this.source.die(1_000_000) <= p * 1_000_000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(0, items.length - 1)]!;
  }

  /** One of the entries, by weight (entries of weight 0 never). */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.int(1, total);
    for (const [item, w] of entries) {
      r -= w;
      if (r <= 0) return item;
    }
    return entries.at(-1)![0];
  }

  /** Up to n distinct items, in random order. */
  some<T>(items: readonly T[], n: number): T[] {
    const left = [...items];
    const out: T[] = [];
    while (out.length < n && left.length) out.push(left.splice(this.int(0, left.length - 1), 1)[0]!);
    return out;
  }
}

/** The bot's random source in one world: reseeded per step, so the worlds' draws stay aligned. */
export class KeyedDice implements RandomSource {
  private current: RandomSource;

  constructor(private readonly seed: string) {
    this.current = seededRandom(`fuzz-dice:${seed}:setup`);
  }

  key(step: number): void {
    this.current = seededRandom(`fuzz-dice:${this.seed}:${step}`);
  }

  die(sides: number): number {
    return this.current.die(sides);
  }
}

/**
 * The bot's clock in one world: it stands still during a step and moves a minute per step, so what
 * two things of one step are ordered by (a roll and its commitment in the log) is the same in both
 * worlds, however long either world took.
 */
export class StepClock {
  private at = Date.UTC(2031, 0, 6, 9, 0, 0);

  key(step: number): void {
    this.at = Date.UTC(2031, 0, 6, 9, 0, 0) + step * 60_000;
  }

  readonly now = (): Date => new Date(this.at);
}
