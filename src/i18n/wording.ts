// Text stored for readers who are not known yet: a roll's comment, a check's label, a note kept with a
// roll. Stored as words of one language, it is replayed in that language to every later reader (a
// Korean requester read 「영주: 한서준 が 例・魔術師 を攻撃」). Stored as a wording — a catalog key and its
// parameters, or a word in every language — it is worded again for each reader by t() (./index.ts).
//
// A wording travels as a string (the column and the JSON fields stay strings): a mark, then JSON. A
// string without the mark is plain text (a player's comment, a row stored before wordings) and is
// shown as it is, so old rows stay readable.
export type Wording =
  | string
  | { key: string; params?: Record<string, string | number> }
  /** one word in each language (a status name: 筋力 / 근력 / Strength) */
  | { each: { en: string; ja: string; ko: string } }
  /** several wordings in a row (a check's pools: 筋力 + 心眼(真)) */
  | { parts: Wording[]; sep: string };

/** Not typed by anyone and allowed in every store's text (PostgreSQL refuses NUL): INFORMATION SEPARATOR ONE. */
const MARK = '\u001fw:';

/** The wording as a string that t() words again for each reader; a plain string stays itself. */
export function wording(w: Wording): string {
  return typeof w === 'string' ? w : MARK + JSON.stringify(w);
}

/** The wording a stored string holds, or null for plain text. */
export function storedWording(text: string): Exclude<Wording, string> | null {
  if (!text.startsWith(MARK)) return null;
  try {
    const parsed = JSON.parse(text.slice(MARK.length)) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Exclude<Wording, string>) : null;
  } catch {
    return null;
  }
}
