// The part of opentype.js the pictures use (src/pictures/glyphs.ts). @types/opentype.js is not used:
// it pulls the DOM library into the whole project's types.
declare module 'opentype.js' {
  export interface Path {
    toPathData(decimalPlaces?: number): string;
  }
  export interface Glyph {
    index: number;
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyphIndex(char: string): number;
    glyphs: { get(index: number): Glyph };
  }
  export function parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
}
