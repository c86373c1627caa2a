// Search keys for autocomplete: Japanese players type hiragana or half-width katakana for names
// written in full-width katakana (`せい` or `ｾｲ` should find セイバー), and any case for ASCII.
// NFKC folds width (ｾｲ → セイ, ＡＢ → AB, ｰ → ー, ･ → ・, the ideographic space → ' '); hiragana
// is then shifted onto katakana. Separators people write or drop at will inside a name — spaces,
// the middle dot (ソード・ワールド), long-vowel marks and dashes (セイバー / セイバ- / セイバ) —
// are left out of the key, so either spelling finds the other. Keys are only ever compared with
// other keys, never shown.

const HIRAGANA_START = 0x3041;
const HIRAGANA_END = 0x3096;
const TO_KATAKANA = 0x60;
// after NFKC: whitespace, ・ and ·, ー, and the hyphen/dash/minus family
const IGNORED = /[\s\u30fb\u00b7\u30fc\u002d\u2010-\u2015\u2212]/u;

export function foldForSearch(text: string): string {
  return foldKanaAndWidth(text, true);
}

/**
 * Case, width and kana folded, every character kept: for identities stored in state (the MTG
 * judgement key), where `pick the lock` and `pickthelock` stay two names.
 */
export function foldKanaAndWidth(text: string, dropSeparators = false): string {
  const nfkc = text.normalize('NFKC').toLowerCase();
  let out = '';
  for (const ch of nfkc) {
    if (dropSeparators && IGNORED.test(ch)) continue;
    const cp = ch.codePointAt(0)!;
    out += cp >= HIRAGANA_START && cp <= HIRAGANA_END ? String.fromCodePoint(cp + TO_KATAKANA) : ch;
  }
  return out;
}
