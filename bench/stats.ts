// Timing helpers for the benchmarks: warm up (so the JIT has settled), size batches so each one
// is long enough for the clock to resolve, then report the distribution of per-op batch means.

export interface BenchOptions {
  /** time spent warming up before measuring, in ms */
  warmupMs?: number;
  /** total measuring time, in ms */
  measureMs?: number;
  /** target length of one batch, in ns: long enough that hrtime's resolution does not matter */
  batchNs?: number;
  /** at least this many batches, even if that overruns measureMs */
  minBatches?: number;
}

export interface BenchStats {
  /** median of the per-op batch means, ns per op */
  medianNs: number;
  p50Ns: number;
  p99Ns: number;
  meanNs: number;
  /** operations per batch and number of batches measured */
  batchSize: number;
  batches: number;
}

const now = (): bigint => process.hrtime.bigint();

/** Keeps results reachable so the optimizer cannot drop the measured call. */
let sink: unknown;
export function blackhole(): unknown {
  return sink;
}

export function measure(fn: () => unknown, options: BenchOptions = {}): BenchStats {
  const warmupNs = BigInt(Math.round((options.warmupMs ?? 200) * 1e6));
  const measureNs = (options.measureMs ?? 1000) * 1e6;
  const batchNs = options.batchNs ?? 1e6;
  const minBatches = options.minBatches ?? 30;

  // Warm-up, counting calls to estimate the cost of one.
  let calls = 0;
  const warmStart = now();
  let elapsed = 0n;
  do {
    sink = fn();
    calls++;
    elapsed = now() - warmStart;
  } while (elapsed < warmupNs);
  const estimate = Number(elapsed) / calls;
  const batchSize = Math.max(1, Math.round(batchNs / Math.max(estimate, 1)));
  const batches = Math.max(minBatches, Math.round(measureNs / (batchSize * Math.max(estimate, 1))));

  const perOp: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = now();
    for (let i = 0; i < batchSize; i++) sink = fn();
    perOp.push(Number(now() - start) / batchSize);
  }
  perOp.sort((a, b) => a - b);
  const p50 = percentile(perOp, 0.5);
  return {
    medianNs: p50,
    p50Ns: p50,
    p99Ns: percentile(perOp, 0.99),
    meanNs: perOp.reduce((s, x) => s + x, 0) / perOp.length,
    batchSize,
    batches,
  };
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[percentileIndex(sorted.length, q)]!;
}

/** Where the nearest-rank percentile `q` of `length` sorted samples sits (of 60, p99 is the last). */
export function percentileIndex(length: number, q: number): number {
  return Math.min(length - 1, Math.max(0, Math.ceil(q * length) - 1));
}

/**
 * How often `n` of `values`, drawn at random without replacement, read a nearest-rank percentile `q`
 * above `threshold`, over `draws` draws: the chance that a kind sent only `n` times misses a goal on
 * that percentile although its answers come from the very same distribution as `values`. (Of 60, p99
 * is the slowest: one stall decides it.)
 */
export function shareOfDrawsAbove(values: readonly number[], n: number, q: number, threshold: number, draws: number, random: () => number): number {
  if (n <= 0 || n > values.length || draws <= 0) return Number.NaN;
  const pool = [...values];
  const drawn = new Array<number>(n);
  const at = percentileIndex(n, q);
  let above = 0;
  for (let d = 0; d < draws; d++) {
    // a partial Fisher-Yates shuffle: the first n places hold the draw
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(random() * (pool.length - i));
      const v = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = v;
      drawn[i] = v;
    }
    drawn.sort((a, b) => a - b);
    if (drawn[at]! > threshold) above++;
  }
  return above / draws;
}

/** A small seeded generator (mulberry32), so that a run's draws are the same each time it is read. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}
