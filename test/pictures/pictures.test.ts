// The picture renderer (issue 22 §2–3): each kind decodes as a PNG within the bounds (≤1600 px wide,
// ≤1 MB) and matches its reference image within a tolerance (pixelmatch); Japanese and Korean names
// are drawn with the shipped Noto fonts, not as tofu; identical models come from the cache.
// UPDATE_PICTURES=1 rewrites the references (look at them before committing).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { sampleHistogram, sampleJudge, sampleTracker, sampleWar } from '../../bench/picture-samples.js';
import { pictureSvg, renderPicture, type Picture } from '../../src/pictures/index.js';
import { MAX_TRACKER_ROWS } from '../../src/pictures/tracker.js';
import { svgToPng } from '../../src/pictures/png.js';
import { document, label } from '../../src/pictures/svg.js';

const REFERENCES = path.join(import.meta.dirname, '..', 'fixtures', 'pictures');
/** Share of pixels allowed to differ (anti-aliasing and rasterizer versions), per pixel threshold 0.1. */
const TOLERANCE = 0.005;

function decode(png: Buffer): PNG {
  return PNG.sync.read(png);
}

function matchesReference(name: string, png: Buffer): void {
  const file = path.join(REFERENCES, `${name}.png`);
  if (process.env.UPDATE_PICTURES === '1') fs.writeFileSync(file, png);
  const actual = decode(png);
  const expected = decode(fs.readFileSync(file));
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  const differing = pixelmatch(actual.data, expected.data, null, actual.width, actual.height, { threshold: 0.1 });
  expect(differing / (actual.width * actual.height)).toBeLessThanOrEqual(TOLERANCE);
}

function bounded(png: Buffer): PNG {
  const image = decode(png);
  expect(image.width).toBeLessThanOrEqual(1600);
  expect(png.length).toBeLessThanOrEqual(1024 * 1024);
  return image;
}

const samples: [string, Picture, [number, number]][] = [
  ['tracker-10-ja-ko', sampleTracker(), [980, 908]],
  ['war-7-factions-12-territories', sampleWar(), [980, 736]],
  ['histogram-10000-rolls', sampleHistogram(), [980, 986]],
  ['judge-boost', sampleJudge(), [980, 636]],
];

describe('pictures', () => {
  it.each(samples)('%s decodes within the bounds and matches its reference image', async (name, model, size) => {
    const { png } = await renderPicture(model);
    const image = bounded(png);
    expect([image.width, image.height]).toEqual(size);
    matchesReference(name, png);
  });

  it('a changed number changes the picture (the reference comparison can fail)', async () => {
    const hurt = sampleTracker(undefined, 3, 30);
    const a = decode((await renderPicture(sampleTracker())).png);
    const b = decode((await renderPicture(hurt)).png);
    expect(pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.1 })).toBeGreaterThan(200);
  });

  it('Japanese and Korean names are drawn with glyphs, not tofu', () => {
    const ink = (text: string) => {
      const image = decode(svgToPng(document(300, 60, [label(10, 40, text, { size: 28 })])));
      return image.data;
    };
    // U+0378 is unassigned: every font draws it as the same .notdef box (tofu).
    const tofu = ink('\u0378\u0378\u0378\u0378');
    for (const name of ['セイバー', '遠坂凛', '세이버', '김민준']) {
      const drawn = ink(name);
      expect(pixelmatch(drawn, tofu, null, 300, 60, { threshold: 0.1 }), name).toBeGreaterThan(100);
    }
    expect(pixelmatch(ink('セイバー'), ink('세이버'), null, 300, 60, { threshold: 0.1 })).toBeGreaterThan(100);
  });

  it('every glyph outline is whole: no two numbers of its path run together (第 and 공 once lost strokes)', () => {
    // A glyph's points lie within a few thousand font units; a run-together pair such as `732 0` → `7320`
    // shows as a number far outside, and resvg then drew only part of the character.
    const svg = document(600, 60, [label(10, 40, '第五次聖杯戦争 공원 학교 遠坂凛 セイバー 세이버', { size: 28 })]);
    const numbers = [...svg.matchAll(/ d="([^"]*)"/g)].flatMap((m) => m[1]!.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    expect(numbers.length).toBeGreaterThan(1000);
    expect(numbers.filter((v) => Math.abs(v) > 3000)).toEqual([]);
  });

  it('the same model comes from the cache; its file name carries the model’s hash', async () => {
    const first = await renderPicture(sampleWar());
    const again = await renderPicture(sampleWar());
    expect(again.png).toBe(first.png);
    expect(again.name).toBe(first.name);
    expect((await renderPicture({ ...sampleWar(), clock: 'Day 4' })).name).not.toBe(first.name);
  });

  it('drawing happens off the thread that answers Discord: it keeps turning while a picture is drawn (issue 32)', async () => {
    // A drawing on this thread would hold it until the PNG is done: no tick in between.
    let ticks = 0;
    let drawing = true;
    const tick = (): void => {
      ticks++;
      if (drawing) setImmediate(tick);
    };
    setImmediate(tick);
    await renderPicture(sampleTracker(Array.from({ length: 10 }, (_, i) => `worker-${i}`)));
    drawing = false;
    expect(ticks).toBeGreaterThan(1);
  });

  it.runIf(process.platform === 'linux')('the picture worker draws at a lower priority than the thread that answers Discord (Linux: a thread’s own nice value)', async () => {
    // each thread of this process and its nice value (field 19 of /proc/self/task/<tid>/stat)
    const nice = () =>
      fs.readdirSync('/proc/self/task').map((tid) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    await renderPicture({ ...sampleWar(), clock: 'Day 12' }); // the worker is running
    const mine = os.getPriority();
    expect(nice()).toContain(Math.min(19, mine + 10));
    expect(nice()[0]).toBe(mine); // the main thread (its tid is the process's) is not lowered
  });

  it('two asks for a picture being drawn are drawn once (the same buffer)', async () => {
    const model = { ...sampleWar(), clock: 'Day 9' };
    const [a, b] = await Promise.all([renderPicture(model), renderPicture(model)]);
    expect(a.png).toBe(b.png);
  });

  it('a model the worker cannot draw fails that picture alone: the worker goes on drawing', async () => {
    await expect(renderPicture({ kind: 'nonsense' } as unknown as Picture)).rejects.toThrow(/picture worker/);
    expect((await renderPicture({ ...sampleWar(), clock: 'Day 11' })).png.length).toBeGreaterThan(1000);
  });

  it('whatever arrives is bounded: long names are cut, rows beyond the limit are left to the text, markup is escaped', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `${'名'.repeat(200)}<&"${i}">`);
    const model = sampleTracker(names);
    const svg = pictureSvg(model);
    expect(svg).not.toContain('<&');
    expect(svg).not.toContain('名'.repeat(100));
    const image = bounded((await renderPicture(model)).png);
    expect(image.height).toBeLessThan(92 + (MAX_TRACKER_ROWS + 1) * 78);
  });
});
