// SVG → PNG with resvg (Rust, prebuilt per platform inside its npm packages; nothing is downloaded at
// install or run time). Fonts are the Noto Sans JP/KR TrueType files shipped through npm, passed as
// paths (resvg memory-maps them: ~6 ms a picture, where handing it the bytes costs ~250 ms each
// time): no system font is needed, and CJK names never fall back to tofu.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** Discord scales larger images down anyway, and a phone shows ~400 px: 1600 is plenty. */
export const MAX_WIDTH = 1600;
/** Discord accepts far more; a board that edits often should stay small. */
export const MAX_BYTES = 1024 * 1024;

const require = createRequire(import.meta.url);
const FONT_FILES: readonly [string, string][] = [
  ['@expo-google-fonts/noto-sans-jp', '400Regular/NotoSansJP_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-jp', '700Bold/NotoSansJP_700Bold.ttf'],
  ['@expo-google-fonts/noto-sans-kr', '400Regular/NotoSansKR_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-kr', '700Bold/NotoSansKR_700Bold.ttf'],
];

let fonts: string[] | undefined;
function fontFiles(): string[] {
  fonts ??= FONT_FILES.map(([pkg, file]) => join(dirname(require.resolve(pkg)), file));
  return fonts;
}

export class PictureTooLarge extends Error {}

/** Renders an SVG document; refuses (throws) a result over the size bounds rather than sending it. */
export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: 'Noto Sans JP' },
    fitTo: { mode: 'original' },
  });
  if (resvg.width > MAX_WIDTH) throw new PictureTooLarge(`picture ${resvg.width}px wide`);
  const png = resvg.render().asPng();
  if (png.length > MAX_BYTES) throw new PictureTooLarge(`picture of ${png.length} bytes`);
  return png;
}
