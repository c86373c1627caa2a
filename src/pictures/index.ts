// Pictures: a model (./model.ts) → SVG → PNG, cached by the hash of the model. Pure apart from the
// cache: nothing here reads the store or Discord.
import { cached, hashOf, peek } from './cache.js';
import { histogramSvg } from './histogram.js';
import { judgeSvg } from './judge.js';
import type { Picture } from './model.js';
import { svgToPng } from './png.js';
import { trackerSvg } from './tracker.js';
import { warSvg } from './war.js';

export type { Picture } from './model.js';

export function pictureSvg(p: Picture): string {
  switch (p.kind) {
    case 'tracker':
      return trackerSvg(p);
    case 'histogram':
      return histogramSvg(p);
    case 'war':
      return warSvg(p);
    case 'judge':
      return judgeSvg(p);
  }
}

export interface RenderedPicture {
  /** file name carrying the model's hash: the same picture keeps the same name */
  name: string;
  hash: string;
  png: Buffer;
}

export function renderPicture(p: Picture): RenderedPicture {
  const hash = hashOf(p);
  return { name: `${p.kind}-${hash.slice(0, 12)}.png`, hash, png: cached(hash, () => svgToPng(pictureSvg(p))) };
}

/** The picture if it was drawn already (no drawing now): a live board shows its text without waiting. */
export function drawnPicture(p: Picture): RenderedPicture | undefined {
  const hash = hashOf(p);
  const png = peek(hash);
  return png && { name: `${p.kind}-${hash.slice(0, 12)}.png`, hash, png };
}
