// Status names as players type them, in Japanese, English and Korean (seed 001 <ステータス>
// L862: 筋力 耐久 敏捷 魔力 幸運 + 宝具|社会; L878–879: the rank-level check, ランクレベル判定).
import { STATUS_KEYS, type StatusKey } from './sheet/types.js';

/** A status to check with, or the rank level used as a pseudo-status (L878). */
export type CheckStatus = StatusKey | 'rank';

export const CHECK_STATUSES: readonly CheckStatus[] = [...STATUS_KEYS, 'rank'];

export const STATUS_LABELS: Readonly<Record<CheckStatus, { en: string; ja: string; ko: string }>> = {
  str: { en: 'Strength', ja: '筋力', ko: '근력' },
  end: { en: 'Endurance', ja: '耐久', ko: '내구' },
  agi: { en: 'Agility', ja: '敏捷', ko: '민첩' },
  mag: { en: 'Magic', ja: '魔力', ko: '마력' },
  luk: { en: 'Luck', ja: '幸運', ko: '행운' },
  np: { en: 'Noble Phantasm', ja: '宝具', ko: '보구' },
  soc: { en: 'Social', ja: '社会', ko: '사회' },
  rank: { en: 'Rank level', ja: 'ランクレベル', ko: '랭크 레벨' },
};

/** Every accepted spelling, already folded (see fold()). */
const ALIASES: Readonly<Record<CheckStatus, readonly string[]>> = {
  str: ['筋力', 'きんりょく', 'str', 'strength', '근력'],
  end: ['耐久', 'たいきゅう', 'end', 'endurance', '내구'],
  agi: ['敏捷', 'びんしょう', 'agi', 'agility', '민첩'],
  mag: ['魔力', 'まりょく', 'mag', 'magic', '마력'],
  luk: ['幸運', 'こううん', 'luk', 'luck', '행운'],
  np: ['宝具', 'ほうぐ', 'np', 'noblephantasm', 'phantasm', '보구'],
  soc: ['社会', 'しゃかい', 'soc', 'social', '사회'],
  rank: ['ランク', 'ランクレベル', 'rank', 'ranklevel', 'rl', '랭크', '랭크레벨'],
};

const LOOKUP: ReadonlyMap<string, CheckStatus> = new Map(
  CHECK_STATUSES.flatMap((key) => ALIASES[key].map((alias) => [alias, key] as const)),
);

/** Longest input worth looking at; anything longer is not a status name. */
const MAX_INPUT = 40;

/** NFKC (full-width → ASCII, half-width katakana → full-width), lower case, no spaces/_/-/・. */
function fold(input: string): string {
  return input.normalize('NFKC').toLowerCase().replace(/[\s_\-・.]+/g, '');
}

/** `筋力`, `STR`, `ｓｔｒ`, `strength`, `근력`, `ランク`… → the key; null when not a status name. */
export function parseStatusName(input: string): CheckStatus | null {
  if (input.length > MAX_INPUT) return null;
  const key = fold(input);
  // A trailing 判定/check/판정 is tolerated: "幸運判定", "luck check".
  return LOOKUP.get(key) ?? LOOKUP.get(key.replace(/(判定|check|판정)$/, '')) ?? null;
}

export function isCheckStatus(value: string): value is CheckStatus {
  return (CHECK_STATUSES as readonly string[]).includes(value);
}
