// How a fuzz test file runs its seeds: a fixed set under `npm test`, many more under `npm run soak`
// (SOAK=1, FUZZ_SESSIONS=n), or the one seed of a failure (FUZZ_SEED=<seed>) to replay it.
import { describe, expect, it } from 'vitest';
import { formatDivergence, runSession, type Generator, type SessionResult } from './session.js';
import type { Prng } from './prng.js';

export function seedsFor(area: string, fixed: number): string[] {
  if (process.env.FUZZ_SEED) return process.env.FUZZ_SEED.split(',').filter((s) => s.startsWith(`${area}-`));
  const count = process.env.FUZZ_SESSIONS ? Number(process.env.FUZZ_SESSIONS) : process.env.SOAK ? fixed * 10 : fixed;
  const base = process.env.FUZZ_BASE ? Number(process.env.FUZZ_BASE) : 1;
  return Array.from({ length: count }, (_, i) => `${area}-${base + i}`);
}

export function fuzzArea(area: string, file: string, make: (seed: string, rng: Prng) => Generator, fixed: number): void {
  const seeds = seedsFor(area, fixed);
  const results: SessionResult[] = [];
  describe(`two-worlds fuzzer: ${area}`, () => {
    it.each(seeds)('%s: what every non-entitled reader received is the same in both worlds', async (seed) => {
      const started = Date.now();
      const result = await runSession(seed, make);
      results.push(result);
      if (process.env.FUZZ_VERBOSE) console.log(`${seed}: ${result.steps} steps, ${result.interactions} interactions, ${Date.now() - started} ms${result.parted ? `; parted at ${result.parted}` : ''}\n${process.env.FUZZ_VERBOSE === 'steps' ? result.log.join('\n') : ''}`);
      const replay = `FUZZ_SEED=${seed} npx vitest run ${file} --project sqlite`;
      if (process.env.FUZZ_SURVEY === '1') {
        for (const d of result.survey) console.log(`SURVEY ${formatDivergence(d, replay)}`);
        return;
      }
      expect(result.divergence ? formatDivergence(result.divergence, replay) : null).toBeNull();
    }, 120_000);
    if (seeds.length > 1) {
      it('summary', () => {
        const steps = results.reduce((n, r) => n + r.steps, 0);
        const parted = results.filter((r) => r.parted);
        // The worlds must really differ where the entitled read: else the fuzzer compared two equal worlds.
        expect(results.some((r) => r.hiddenShown > 0), 'no session showed an entitled reader a hidden value').toBe(true);
        console.log(`${area}: ${results.length} sessions, ${steps} steps, ${results.reduce((n, r) => n + r.interactions, 0)} interactions in each world; ${parted.length} parted early (${parted.map((r) => `${r.seed} ${r.parted}`).join('; ') || 'none'})`);
      });
    }
  });
}
