// Text drawn as glyph outlines. resvg shapes every <text> anew from the font files (a CJK font's
// tables make that ~3 ms a label, and each render maps every font again), so the pictures set their
// own text: the Noto Sans JP/KR TrueType files are parsed once (opentype.js), each glyph's outline is
// kept in font units, and a label becomes paths placed by the glyphs' advances. A character missing
// from Noto Sans JP (Hangul) comes from Noto Sans KR, per character.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype, { type Font, type Glyph, type PathCommand } from 'opentype.js';

type Weight = 'normal' | 'bold';

const require = createRequire(import.meta.url);
/**
 * The regular weight only: bold is drawn by stroking the outlines (see textPaths), which keeps the
 * parsed fonts to two (~25 MB with the renderer loaded instead of ~65 MB for four).
 */
const FILES: [string, string][] = [
  ['@expo-google-fonts/noto-sans-jp', '400Regular/NotoSansJP_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-kr', '400Regular/NotoSansKR_400Regular.ttf'],
];
/** Stroke width of the drawn bold, as a share of the em. */
const BOLD_STROKE = 0.045;

interface Face {
  font: Font;
  /** glyph index → outline path data in font units (y down) */
  outlines: Map<number, string>;
}

/** Each font file parsed on first use: a table without Hangul never loads Noto Sans KR. */
const faces = new Map<string, Face>();

function face(pkg: string, file: string): Face {
  const key = `${pkg}/${file}`;
  let loaded = faces.get(key);
  if (!loaded) {
    const data = readFileSync(join(dirname(require.resolve(pkg)), file));
    // A file this large owns its ArrayBuffer: passed as is, not copied.
    const bytes = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? (data.buffer as ArrayBuffer) : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    // lowMemory: the cmap and glyphs are read on demand (a CJK font parsed whole holds ~60 MB of objects)
    loaded = { font: opentype.parse(bytes, { lowMemory: true }), outlines: new Map() };
    faces.set(key, loaded);
  }
  return loaded;
}

/** Parses the fonts now (about a quarter of a second each) rather than on the first picture. */
export function preloadFonts(): void {
  for (const [pkg, file] of FILES) face(pkg, file);
}

/** Extracts and keeps the outlines of these characters now (a test that compares timings warms them first). */
export function warmGlyphs(text: string): void {
  for (const p of place([...new Set(text)].join(''))) outline(p.face, p.glyph);
}

interface Placed {
  face: Face;
  glyph: Glyph;
  /** advance in font units of this face */
  advance: number;
}

function place(value: string): Placed[] {
  const [first, ...fallbacks] = FILES;
  const primary = face(...first!);
  const out: Placed[] = [];
  for (const ch of value) {
    let chosen = primary;
    let index = chosen.font.charToGlyphIndex(ch);
    for (const [pkg, file] of fallbacks) {
      if (index > 0) break;
      const other = face(pkg, file);
      const i = other.font.charToGlyphIndex(ch);
      if (i > 0) {
        chosen = other;
        index = i;
      }
    }
    const glyph = chosen.font.glyphs.get(index);
    out.push({ face: chosen, glyph, advance: glyph.advanceWidth ?? chosen.font.unitsPerEm / 2 });
  }
  return out;
}

/**
 * SVG path data in whole font units, every number separated. (opentype.js's toPathData(0) runs two
 * numbers together when one of them rounds to 0 — `732 0` became `7320` — and resvg then drew only part
 * of 第 or 공.)
 */
function pathData(commands: readonly PathCommand[]): string {
  const n = (v: number) => String(Math.round(v) || 0);
  return commands
    .map((c) => {
      switch (c.type) {
        case 'M':
        case 'L':
          return `${c.type}${n(c.x)} ${n(c.y)}`;
        case 'Q':
          return `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
        case 'C':
          return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

function outline(face: Face, glyph: Glyph): string {
  const index = glyph.index;
  const known = face.outlines.get(index);
  if (known !== undefined) return known;
  const d = pathData(glyph.getPath(0, 0, face.font.unitsPerEm).commands);
  face.outlines.set(index, d);
  return d;
}

/** Width of `value` at `size` px. */
export function measure(value: string, size: number, weight: Weight = 'normal'): number {
  const stroke = weight === 'bold' ? BOLD_STROKE * size : 0;
  return stroke + place(value).reduce((w, p) => w + (p.advance / p.face.font.unitsPerEm) * size, 0);
}

/** `value` as SVG paths with its baseline at (x, y); anchored at its start, middle or end. */
export function textPaths(value: string, x: number, y: number, size: number, fill: string, weight: Weight = 'normal', anchor: 'start' | 'middle' | 'end' = 'start'): string {
  const placed = place(value);
  const width = measure(value, size, weight);
  let pen = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  const parts: string[] = [];
  for (const p of placed) {
    const scale = size / p.face.font.unitsPerEm;
    const d = outline(p.face, p.glyph);
    if (d) parts.push(`<path transform="translate(${pen.toFixed(2)} ${y}) scale(${scale.toFixed(5)})" d="${d}"/>`);
    pen += p.advance * scale;
  }
  if (!parts.length) return '';
  // the stroke is in font units (each path is scaled): the same share of the em whatever the size
  const bold = weight === 'bold' ? ` stroke="${fill}" stroke-width="${Math.round(BOLD_STROKE * (placed[0]?.face.font.unitsPerEm ?? 1000))}" stroke-linejoin="round"` : '';
  return `<g fill="${fill}"${bold}>${parts.join('')}</g>`;
}
