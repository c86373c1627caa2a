// Card data as the judgement needs it (seed 004): mana value (マナ総量, line 3), colors, and basic land
// types (a land with a basic land type counts as that type's color when the achievement is made,
// lines 22-23, but stays colorless for the boost, line 98).
import { sortColors, type Color } from './colors.js';

export const BASIC_LAND_TYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'] as const;
export type BasicLandType = (typeof BASIC_LAND_TYPES)[number];

export interface CardData {
  name: string;
  manaValue: number;
  /** empty = colorless */
  colors: Color[];
  basicLandTypes: BasicLandType[];
  typeLine: string;
  /** The name printed on the card in Japanese / Korean where Scryfall has such a printing. */
  printed?: Partial<Record<'ja' | 'ko', string>>;
}

/** The color each basic land type stands for in a judgement (line 23: 《森》 is treated as green). */
export const LAND_TYPE_COLOR: Readonly<Record<BasicLandType, Color>> = {
  Plains: 'white',
  Island: 'blue',
  Swamp: 'black',
  Mountain: 'red',
  Forest: 'green',
};

/**
 * The colors a card counts as when it makes the achievement (行動判定-1 3.): its own colors plus
 * the colors of its basic land types, in W U B R G order. Breeding Pool (Forest Island) → green, blue.
 */
export function judgementColors(card: CardData): Color[] {
  return sortColors([...card.colors, ...card.basicLandTypes.map((t) => LAND_TYPE_COLOR[t])]);
}

/** Colorless for the boost (行動判定-3 3.): no color of its own; basic land types do not count here (line 98). */
export function isColorlessCard(card: CardData): boolean {
  return card.colors.length === 0;
}

// ---------------------------------------------------------------------------------------------
// Mana costs

/** The largest mana value parseManaCost accepts (the largest printed one is 1,000,000). */
export const MAX_MANA_VALUE = 1_000_000;

const SYMBOL_COLOR: Readonly<Record<string, Color>> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };

/** One symbol's content (what stands between the braces), upper-case: its mana value and colors. */
function symbol(content: string): { value: number; colors: Color[] } | null {
  if (/^\d+$/.test(content)) return { value: Number(content), colors: [] };
  if (content === 'X' || content === 'Y' || content === 'Z') return { value: 0, colors: [] };
  if (content === 'C' || content === 'S') return { value: 1, colors: [] };
  const single = SYMBOL_COLOR[content];
  if (single) return { value: 1, colors: [single] };
  const parts = content.split('/');
  if (parts.length < 2 || parts.length > 3) return null;
  const phyrexian = parts[parts.length - 1] === 'P';
  const halves = phyrexian ? parts.slice(0, -1) : parts;
  if (halves.length === 1) {
    // {G/P}: one green mana or 2 life — mana value 1, green
    const color = SYMBOL_COLOR[halves[0]!];
    return color ? { value: 1, colors: [color] } : null;
  }
  if (halves.length !== 2) return null;
  const [left, right] = halves as [string, string];
  const rightColor = SYMBOL_COLOR[right];
  if (!rightColor) return null;
  if (!phyrexian && /^\d+$/.test(left)) return { value: Number(left), colors: [rightColor] }; // {2/W}: mana value 2
  if (!phyrexian && left === 'C') return { value: 1, colors: [rightColor] }; // {C/W}
  const leftColor = SYMBOL_COLOR[left];
  if (!leftColor || leftColor === rightColor) return null;
  return { value: 1, colors: [leftColor, rightColor] }; // {G/W}, {G/W/P}: mana value 1, both colors
}

/**
 * A written mana cost: `{1}{G}`, `{2}{W}{U}`, `{X}{R}` (X, Y, Z count 0), hybrid `{G/W}` (1, both
 * colors), phyrexian `{G/P}` (1, green) and `{G/W/P}`, monocolored hybrid `{2/W}` (2, white), `{C/W}`,
 * snow `{S}` and colorless `{C}` (1, no color). Without braces each digit run is generic mana and
 * each letter of W U B R G C S X Y Z one symbol: `1G`, `2WU`, `10G`. Case-, width- and
 * space-insensitive. Null when it is empty or holds anything else (half mana, {∞}, {T}…).
 */
export function parseManaCost(cost: string): { manaValue: number; colors: Color[] } | null {
  const text = cost.normalize('NFKC').toUpperCase().replace(/\s+/g, '');
  if (text.length === 0 || text.length > 200) return null;
  const contents: string[] = [];
  if (text.includes('{') || text.includes('}')) {
    if (!/^(?:\{[^{}]+\})+$/.test(text)) return null;
    for (const m of text.matchAll(/\{([^{}]+)\}/g)) contents.push(m[1]!);
  } else {
    if (!/^(?:\d+|[WUBRGCSXYZ])+$/.test(text)) return null;
    for (const m of text.matchAll(/\d+|[WUBRGCSXYZ]/g)) contents.push(m[0]);
  }
  let manaValue = 0;
  const colors: Color[] = [];
  for (const content of contents) {
    const parsed = symbol(content);
    if (!parsed) return null;
    manaValue += parsed.value;
    if (manaValue > MAX_MANA_VALUE) return null;
    colors.push(...parsed.colors);
  }
  return { manaValue, colors: sortColors(colors) };
}

/** Card data from a name and a written cost (offline decklists); no types: a card database knows better. */
export function cardFromCost(name: string, cost: string): CardData | null {
  const parsed = parseManaCost(cost);
  return parsed ? { name, manaValue: parsed.manaValue, colors: parsed.colors, basicLandTypes: [], typeLine: '' } : null;
}

// ---------------------------------------------------------------------------------------------
// Basic lands: known without any card database.

/** Frozen, arrays included: the same objects are handed to every caller. */
function land(name: string, type: BasicLandType | null, snow = false): CardData {
  const colors: Color[] = [];
  const basicLandTypes: BasicLandType[] = type ? [type] : [];
  Object.freeze(colors);
  Object.freeze(basicLandTypes);
  return Object.freeze({
    name,
    manaValue: 0,
    colors,
    basicLandTypes,
    typeLine: `Basic ${snow ? 'Snow ' : ''}Land${type ? ` — ${type}` : ''}`,
  });
}

export const BASIC_LANDS: Readonly<Record<string, CardData>> = Object.freeze({
  Plains: land('Plains', 'Plains'),
  Island: land('Island', 'Island'),
  Swamp: land('Swamp', 'Swamp'),
  Mountain: land('Mountain', 'Mountain'),
  Forest: land('Forest', 'Forest'),
  'Snow-Covered Plains': land('Snow-Covered Plains', 'Plains', true),
  'Snow-Covered Island': land('Snow-Covered Island', 'Island', true),
  'Snow-Covered Swamp': land('Snow-Covered Swamp', 'Swamp', true),
  'Snow-Covered Mountain': land('Snow-Covered Mountain', 'Mountain', true),
  'Snow-Covered Forest': land('Snow-Covered Forest', 'Forest', true),
  Wastes: land('Wastes', null),
});

/** Japanese and Korean printed names of the basic lands, to their English names. */
const LAND_ALIASES: Readonly<Record<string, string>> = {
  平地: 'Plains',
  島: 'Island',
  沼: 'Swamp',
  山: 'Mountain',
  森: 'Forest',
  冠雪の平地: 'Snow-Covered Plains',
  冠雪の島: 'Snow-Covered Island',
  冠雪の沼: 'Snow-Covered Swamp',
  冠雪の山: 'Snow-Covered Mountain',
  冠雪の森: 'Snow-Covered Forest',
  荒地: 'Wastes',
  평지: 'Plains',
  섬: 'Island',
  늪: 'Swamp',
  산: 'Mountain',
  숲: 'Forest',
  황무지: 'Wastes',
};

function landKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/^《(.*)》$/, '$1')
    .replace(/[‐‑–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const LAND_INDEX: ReadonlyMap<string, CardData> = new Map([
  ...Object.entries(BASIC_LANDS).map(([name, data]) => [landKey(name), data] as const),
  ...Object.entries(LAND_ALIASES).map(([alias, name]) => [landKey(alias), BASIC_LANDS[name]!] as const),
]);

/** The basic lands' printed names by language, from the aliases above (Hangul → ko, else ja). */
const BASIC_PRINTED: ReadonlyMap<string, Partial<Record<'ja' | 'ko', string>>> = (() => {
  const out = new Map<string, Partial<Record<'ja' | 'ko', string>>>();
  for (const [alias, name] of Object.entries(LAND_ALIASES)) {
    const lang = /[\uac00-\ud7a3]/.test(alias) ? 'ko' : 'ja';
    out.set(name, { ...out.get(name), [lang]: out.get(name)?.[lang] ?? alias });
  }
  return out;
})();

/**
 * A card's name as the reader knows it (seed 004 writes 《森》): the Japanese or Korean printed name
 * where one is known, else the English name.
 */
export function cardName(card: Pick<CardData, 'name' | 'printed'>, locale: string): string {
  if (locale !== 'ja' && locale !== 'ko') return card.name;
  return card.printed?.[locale] ?? BASIC_PRINTED.get(card.name)?.[locale] ?? card.name;
}

/** A basic land by its English, Japanese or Korean name (case-, width-insensitive; 《森》 works too). */
export function basicLand(name: string): CardData | undefined {
  return LAND_INDEX.get(landKey(name));
}
