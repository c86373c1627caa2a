// The five colors of Magic and how a judgement relates to them (seed 004, 行動判定-2).
// Allied colors are neighbours on the color wheel W–U–B–R–G–W (友好色, line 20); the two colors
// across the wheel are the enemy colors the seed names per color (対抗色, lines 52, 56, 60, 66, 72).

export const COLORS = ['white', 'blue', 'black', 'red', 'green'] as const;
export type Color = (typeof COLORS)[number];

/** The six judgement types of line 7: the five colors and 色のない判定. */
export type JudgeColor = Color | 'colorless';
export const JUDGE_COLORS: readonly JudgeColor[] = [...COLORS, 'colorless'];

export const COLOR_SYMBOL: Readonly<Record<Color, 'W' | 'U' | 'B' | 'R' | 'G'>> = {
  white: 'W',
  blue: 'U',
  black: 'B',
  red: 'R',
  green: 'G',
};

export type ColorRelation = 'same' | 'allied' | 'enemy';

function isColor(value: unknown): value is Color {
  return typeof value === 'string' && (COLORS as readonly string[]).includes(value);
}

export function isJudgeColor(value: unknown): value is JudgeColor {
  return value === 'colorless' || isColor(value);
}

/** same, allied (adjacent on the wheel) or enemy (two steps away) */
export function colorRelation(a: Color, b: Color): ColorRelation {
  const distance = Math.abs(COLORS.indexOf(a) - COLORS.indexOf(b));
  if (distance === 0) return 'same';
  return distance === 1 || distance === 4 ? 'allied' : 'enemy';
}

/** Colors in wheel order (W U B R G), each once. */
export function sortColors(colors: Iterable<Color>): Color[] {
  const set = new Set(colors);
  return COLORS.filter((c) => set.has(c));
}

const JUDGE_COLOR_WORDS: Readonly<Record<string, JudgeColor>> = (() => {
  const table: Record<JudgeColor, string[]> = {
    white: ['white', 'w', '白', '白色', 'しろ', 'シロ', '흰', '흰색', '하양', '하얀', '하얀색', '백', '백색'],
    blue: ['blue', 'u', '青', '青色', 'あお', 'アオ', '파랑', '파란', '파란색', '파랑색', '청', '청색'],
    black: ['black', 'b', '黒', '黒色', 'くろ', 'クロ', '검정', '검은', '검은색', '검정색', '흑', '흑색'],
    red: ['red', 'r', '赤', '赤色', 'あか', 'アカ', '빨강', '빨간', '빨간색', '빨강색', '적', '적색'],
    green: ['green', 'g', '緑', '緑色', 'みどり', 'ミドリ', '초록', '초록색', '녹색', '녹'],
    colorless: ['colorless', 'colourless', 'c', '無色', '色のない', '色無し', '色なし', 'むしょく', '무색', '무'],
  };
  const out: Record<string, JudgeColor> = {};
  for (const [color, words] of Object.entries(table) as [JudgeColor, string[]][]) {
    for (const word of words) out[word] = color;
  }
  return out;
})();

/** A trailing "judgement" word is allowed: 緑判定, 녹색 판정, green judgement, green check. */
const JUDGEMENT_SUFFIX = /\s*(?:判定|판정|judgements?|judgments?|checks?)$/;

/**
 * The judgement type a GM typed: English names, the letters W U B R G C, Japanese 白/青/黒/赤/緑/無色
 * (and the seed's 色のない, line 7), Korean 흰(색)/하양/파랑/파란/검정/검은/빨강/빨간/초록/녹색/무색 and
 * the Korean card-game terms 백색/청색/흑색/적색. Case- and width-insensitive; null when unknown.
 */
export function parseJudgeColor(input: string): JudgeColor | null {
  let text = input.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
  if (text.length > 40) return null;
  const exact = JUDGE_COLOR_WORDS[text];
  if (exact) return exact;
  text = text.replace(JUDGEMENT_SUFFIX, '').trim();
  return JUDGE_COLOR_WORDS[text] ?? null;
}
