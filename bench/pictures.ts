// Pictures (issue 22 §3): p50/p99 time to draw each kind uncached (model → SVG → PNG) and its bytes,
// for a 10-combatant fight, a 7-faction war with a 12-territory map and a 10,000-roll histogram; the
// cached path; and memory after the renderer is loaded and has drawn (goal: p99 ≤ 50 ms, ≤ 40 MB).
import { pictureSvg, renderPicture, type Picture } from '../src/pictures/index.js';
import { stopDrawing } from '../src/pictures/drawer.js';
import { preloadFonts } from '../src/pictures/glyphs.js';
import { svgToPng } from '../src/pictures/png.js';
import { sampleHistogram, sampleJudge, sampleTracker, sampleWar } from './picture-samples.js';

const RUNS = 60;
const WARMUP = 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The event loop turns between renders, as in the bot: resvg's native buffers are freed when V8 finalizes their objects. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function time(model: Picture): Promise<{ p50: number; p99: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < WARMUP; i++) svgToPng(pictureSvg(model));
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await turn();
    // a fresh model each time (one more roll in the title), so nothing is reused but the glyph outlines
    const fresh = { ...model, title: `${model.title} ${i}` };
    const start = process.hrtime.bigint();
    bytes = svgToPng(pictureSvg(fresh)).length;
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), bytes };
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

export async function benchPictures(): Promise<string[]> {
  const rssBefore = rssMb();
  const loading = process.hrtime.bigint();
  preloadFonts();
  const loadMs = Number(process.hrtime.bigint() - loading) / 1e6;
  await turn();
  const rssLoaded = rssMb();
  const models: [string, Picture][] = [
    ['tracker, 10 combatants', sampleTracker()],
    ['war board, 7 factions, 12 territories', sampleWar()],
    ['/stats histogram, 10,000 rolls', sampleHistogram()],
    ['/judge with a boost', sampleJudge()],
  ];
  const lines = [`pictures (resvg, Noto Sans JP/KR; ${RUNS} uncached renders each after ${WARMUP} warm-up; goal p99 ≤ 50 ms)`];
  for (const [name, model] of models) {
    const t = await time(model);
    lines.push(`  ${name.padEnd(40)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p99 ${t.p99.toFixed(1).padStart(6)} ms  ${(t.bytes / 1024).toFixed(1).padStart(7)} KiB`);
  }
  const model = sampleTracker();
  await renderPicture(model);
  const start = process.hrtime.bigint();
  for (let i = 0; i < 1000; i++) await renderPicture(model);
  lines.push(`  cached tracker (hash + lookup)            ${(Number(process.hrtime.bigint() - start) / 1e6 / 1000).toFixed(3)} ms`);
  await new Promise((r) => setTimeout(r, 200));
  lines.push(`  fonts parsed once in ${loadMs.toFixed(0)} ms; RSS +${(rssLoaded - rssBefore).toFixed(1)} MB with the renderer loaded, +${(rssMb() - rssBefore).toFixed(1)} MB after ${models.length * (RUNS + WARMUP)} renders (goal ≤ 40 MB idle)`);
  // Issue 32: as the bot draws, in the picture worker — 1,000 back-to-back uncached renders, memory
  // from the worker loaded (its first picture drawn) to the end (goal: within 40 MB).
  await renderPicture({ ...model, title: 'worker loaded' });
  const workerLoaded = rssMb();
  let peak = workerLoaded;
  for (let i = 0; i < 1000; i++) {
    await renderPicture({ ...model, title: `${model.title} w${i}` });
    if (i % 50 === 0) peak = Math.max(peak, rssMb());
  }
  await new Promise((r) => setTimeout(r, 200));
  const after = rssMb();
  lines.push(`  1,000 renders in the picture worker: RSS ${workerLoaded.toFixed(0)} → ${after.toFixed(0)} MB (${after - workerLoaded >= 0 ? '+' : ''}${(after - workerLoaded).toFixed(1)} MB, peak +${(peak - workerLoaded).toFixed(1)}; goal within 40 MB)`);
  await stopDrawing();
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await benchPictures()) console.log(line);
