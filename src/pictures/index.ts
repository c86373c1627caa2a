// Pictures: a model (./model.ts) → SVG → PNG, cached by the hash of the model. Drawn in a worker
// thread (./drawer.ts); nothing here reads the store or Discord.
import { hashOf, peek, remember } from './cache.js';
import { drawInWorker } from './drawer.js';
import type { Picture } from './model.js';

export type { Picture } from './model.js';
export { pictureSvg } from './svg-of.js';

export interface RenderedPicture {
  /** file name carrying the model's hash: the same picture keeps the same name */
  name: string;
  hash: string;
  png: Buffer;
}

/** Drawings under way, by hash: the same picture asked for twice is drawn once. */
const drawing = new Map<string, Promise<Buffer>>();

const named = (p: Picture, hash: string, png: Buffer): RenderedPicture => ({ name: `${p.kind}-${hash.slice(0, 12)}.png`, hash, png });

/** The picture, drawn in the worker unless it was drawn already. Rejects past the size bounds (PictureTooLarge). */
export async function renderPicture(p: Picture): Promise<RenderedPicture> {
  const hash = hashOf(p);
  const ready = peek(hash);
  if (ready) return named(p, hash, ready);
  let draw = drawing.get(hash);
  if (!draw) {
    draw = drawInWorker(p).then((png) => {
      remember(hash, png);
      return png;
    });
    drawing.set(hash, draw);
    void draw.finally(() => drawing.delete(hash)).catch(() => undefined);
  }
  return named(p, hash, await draw);
}

/** The picture if it was drawn already (no drawing now): a reply or live board shows its text without waiting. */
export function drawnPicture(p: Picture): RenderedPicture | undefined {
  const hash = hashOf(p);
  const png = peek(hash);
  return png && named(p, hash, png);
}
