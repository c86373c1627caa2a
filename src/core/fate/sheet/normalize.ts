// Text normalization. Structure (keys, grades, numbers) is read from a width-normalized copy of each
// line that has exactly the same length as the original, so values can be sliced from the ORIGINAL
// text by the same indices: Japanese (and any full-width letters in free text) stay verbatim.

/** Full-width ASCII (U+FF01–U+FF5E) → ASCII, ideographic space → space, half-width ･ and · → ・. Length-preserving. */
export function widthNorm(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCharCode(code - 0xfee0);
    else if (code === 0x3000) out += ' ';
    else if (code === 0xff65 || code === 0x00b7) out += '・'; // half-width ･ and the middle dot · Korean keyboards type
    else out += text[i];
  }
  return out;
}

/** Characters read as a minus sign in a grade: hyphen-minus, U+2212, dashes, katakana ー typed for −. */
export const MINUS_CHARS = '-\u2212\u2010\u2011\u2012\u2013\u2014\u2015\u30fc\uff70\ufe63';
export const MINUS_CLASS = '\\-\\u2212\\u2010\\u2011\\u2012\\u2013\\u2014\\u2015\\u30fc\\uff70\\ufe63';

/** For comparing keys and names: NFKC, no whitespace, lower case, one minus sign, one middle dot. */
export function looseKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(new RegExp(`[${MINUS_CLASS}]`, 'g'), '-')
    .replace(/[･·]/g, '・')
    .toLowerCase();
}

/** Code points, not UTF-16 units (what a person counts as characters). */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
