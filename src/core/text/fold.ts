// Search keys for autocomplete: Japanese players type hiragana or half-width katakana for names
// written in full-width katakana (`せい` or `ｾｲ` should find セイバー), and any case for ASCII.
// NFKC folds width (ｾｲ → セイ, ＡＢ → AB); hiragana is then shifted onto katakana.

const HIRAGANA_START = 0x3041;
const HIRAGANA_END = 0x3096;
const TO_KATAKANA = 0x60;

export function foldForSearch(text: string): string {
  const nfkc = text.normalize('NFKC').toLowerCase();
  let out = '';
  for (const ch of nfkc) {
    const cp = ch.codePointAt(0)!;
    out += cp >= HIRAGANA_START && cp <= HIRAGANA_END ? String.fromCodePoint(cp + TO_KATAKANA) : ch;
  }
  return out;
}

