// Speaking as a character (issue 30 §3), the pure part: what a character's posts look like (its
// display name, face and chat prefix, kept in its runtime state), the name the table may read (never
// a servant's true name the sheet keeps secret, seed 001 L297–314, until 使用時真名判明 told it,
// L1470), and which typed message speaks for which character.
import type { CharacterSheet } from '../fate/sheet/types.js';
import { NAMELESS } from '../fate/sheet/id.js';
import { foldForSearch } from '../text/fold.js';

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * A face: a link its player gave (https, shown as it is), or an image its player attached, whose
 * bytes the store keeps (Discord's attachment links expire; the Discord side hosts the bytes in a
 * message of its own and refreshes that link before each use: src/discord/speech.ts).
 */
export type Face = { kind: 'url'; url: string } | { kind: 'stored'; sha256: string; type: ImageType; bytes: number };

/** How a character speaks; each part optional. */
export interface SpeakerSetup {
  /** The name its posts carry (else the character's own name). */
  name?: string;
  face?: Face;
  /** A message starting with this (`!セイバー 台詞`) is reposted as the character. */
  prefix?: string;
}

export const SPEAKER_LIMITS = {
  /** Discord's webhook username limit. */
  nameLength: 80,
  prefixLength: 20,
  urlLength: 2048,
  /** An attached face: enough for a portrait, small enough to keep in the store. */
  imageBytes: 1024 * 1024,
} as const;

/** The image type its first bytes say (PNG, JPEG, WebP, GIF), whatever its name or declared type claim. */
export function imageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'gif';
  return null;
}

/** A face link as given: https only (Discord fetches it for every reader), one line, within Discord's 2048. */
export function faceUrlProblem(url: string): 'scheme' | 'length' | null {
  if (Array.from(url).length > SPEAKER_LIMITS.urlLength) return 'length';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !/\s/.test(url) && parsed.hostname !== '' ? null : 'scheme';
  } catch {
    return 'scheme';
  }
}

/** A prefix: one word (no spaces), not a slash command, within the limit. */
export function prefixProblem(prefix: string): 'space' | 'slash' | 'length' | null {
  if (prefix === '' || Array.from(prefix).length > SPEAKER_LIMITS.prefixLength) return 'length';
  if (/\s/u.test(prefix)) return 'space';
  return prefix.startsWith('/') ? 'slash' : null;
}

/** The true name the table has not been told: a servant's 真名 while `trueNameRevealed` is unset. */
export function hiddenTrueName(sheet: CharacterSheet, revealed: boolean | undefined): string | null {
  const trueName = sheet.type === 'servant' ? (sheet.servant?.trueName ?? '').trim() : '';
  return trueName !== '' && !revealed ? trueName : null;
}

/** Whether `name` would tell the table a hidden true name (folded for width, case and kana). */
export function tellsTrueName(name: string, trueName: string | null): boolean {
  if (!trueName) return false;
  const key = foldForSearch(trueName);
  return key !== '' && foldForSearch(name).includes(key);
}

/**
 * The name a post carries: the chosen display name, else the character's; a name that would tell a
 * hidden true name gives way to the class (セイバー), else 名無し, as the public summary does.
 */
export function publicName(characterName: string, sheet: CharacterSheet, revealed: boolean | undefined, setup: SpeakerSetup | undefined): string {
  const trueName = hiddenTrueName(sheet, revealed);
  const wanted = setup?.name?.trim() || characterName;
  if (!tellsTrueName(wanted, trueName)) return wanted;
  if (!tellsTrueName(characterName, trueName)) return characterName;
  const className = sheet.servant?.className?.trim();
  return className && !tellsTrueName(className, trueName) ? className : NAMELESS;
}

/** A prefix as compared: width and case folded. */
const prefixKey = (s: string): string => s.normalize('NFKC').toLowerCase();

/**
 * Which character a typed message speaks for, and its words: the longest prefix the message starts
 * with; a prefix ending in a letter or digit must be followed by a space or line break (`!セイバー
 * 台詞`, not `!セイバーズ`), one ending in a mark may touch the words (`s:台詞`). No words, no post.
 */
export function matchPrefix<T extends { prefix: string }>(content: string, entries: readonly T[]): { entry: T; text: string } | null {
  const folded = prefixKey(content);
  const sorted = [...entries].sort((a, b) => prefixKey(b.prefix).length - prefixKey(a.prefix).length);
  for (const entry of sorted) {
    const key = prefixKey(entry.prefix);
    if (!key || !folded.startsWith(key)) continue;
    // the same number of code points of the original (NFKC may change lengths: compare by folding each)
    const cut = originalLength(content, key.length);
    if (cut === null) continue;
    const next = content.slice(cut, cut + 1);
    if (/[\p{L}\p{N}]$/u.test(key) && next !== '' && !/\s/u.test(next)) continue;
    const text = content.slice(cut).trim();
    if (text !== '') return { entry, text };
  }
  return null;
}

/** How many UTF-16 units of `content` fold to the first `foldedLength` units of its folded form. */
function originalLength(content: string, foldedLength: number): number | null {
  let folded = 0;
  let i = 0;
  for (const ch of content) {
    if (folded === foldedLength) return i;
    folded += prefixKey(ch).length;
    i += ch.length;
    if (folded > foldedLength) return null;
  }
  return folded === foldedLength ? i : null;
}
