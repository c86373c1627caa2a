// SVG → PNG with resvg (Rust, prebuilt per platform inside its npm packages; nothing is downloaded at
// install or run time). The pictures carry their text as glyph outlines (./glyphs.ts), so resvg loads
// no font at all: a font database per render cost more than the drawing (and hundreds of MB of
// mapped font pages while the renders' native objects waited for the garbage collector).
import { Resvg } from '@resvg/resvg-js';

/** Discord scales larger images down anyway, and a phone shows ~400 px: 1600 is plenty. */
export const MAX_WIDTH = 1600;
/** Discord accepts far more; a board that edits often should stay small. */
export const MAX_BYTES = 1024 * 1024;

export class PictureTooLarge extends Error {}

/** Renders an SVG document; refuses (throws) a result over the size bounds rather than sending it. */
export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: false },
    fitTo: { mode: 'original' },
  });
  if (resvg.width > MAX_WIDTH) throw new PictureTooLarge(`picture ${resvg.width}px wide`);
  const png = resvg.render().asPng();
  if (png.length > MAX_BYTES) throw new PictureTooLarge(`picture of ${png.length} bytes`);
  return png;
}
