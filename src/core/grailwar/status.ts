// Percentage Grail War ruleset: statuses, level → status points and servant class corrections
// (seed 000 L23, L29–31; digest grail-war-actions.md §2.3–2.4). Also the rule error of the
// grailwar rules (GwError), shared by actions.ts and battle.ts. Pure functions only.
//
// Line numbers are those of the seed file as an editor shows them (49 lines, the last one without
// a newline), the same numbering upkeep.ts uses.
import { KeyedError } from '../keyed-error.js';
import type { Params, Translate } from '../../i18n/index.js';

/** 【근】【내】【민】【마】【운】【보】 (L23): strength, endurance, agility, magic, luck, Noble Phantasm. */
export const STATUSES = ['str', 'end', 'agi', 'mag', 'luk', 'np'] as const;
export type Status = (typeof STATUSES)[number];

export const SERVANT_CLASSES = ['saber', 'lancer', 'archer', 'rider', 'caster', 'assassin', 'berserker', 'other'] as const;
export type ServantClass = (typeof SERVANT_CLASSES)[number];

/** The statuses an Archer may put its +15 on (L31). */
export const ARCHER_PICKS = ['str', 'end', 'agi'] as const;
export type ArcherPick = (typeof ARCHER_PICKS)[number];

/** Lowest and highest level accepted anywhere in these rules. */
export const MIN_LEVEL = 1;
export const MAX_LEVEL = 999;

/**
 * A refusal by the grailwar rules. Like FateError it carries only a catalog key (`gw.error.*`,
 * src/i18n/messages/grailwar.ts) and its parameters; gwErrorMessage() picks the words.
 */
export class GwError extends KeyedError {
  override readonly name = 'GwError';
}


/**
 * Parameters as shown to a reader: `status` (a Status), `row` (a battle table row) and `cls` (a
 * ServantClass) hold keys and are replaced by their names (`gw.status.*`, `gw.row.*`, `gw.class.*`).
 */
export function localizeParams(params: Params, t: Translate): Params {
  const out: Params = { ...params };
  const { status, row, cls } = params;
  if (typeof status === 'string' && isStatus(status)) out.status = t(`gw.status.${status}`);
  if (typeof row === 'string' && /^[a-zA-Z]+$/.test(row)) out.row = t(`gw.row.${row}`);
  if (typeof cls === 'string' && (SERVANT_CLASSES as readonly string[]).includes(cls)) out.cls = t(`gw.class.${cls}`);
  return out;
}

/** The user-facing text of a GwError. */
export function gwErrorMessage(error: GwError, t: Translate): string {
  return t(error.key, localizeParams(error.params, t));
}

export function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
}

/** Accepted spellings per class, already folded (see fold()). */
const CLASS_ALIASES: Readonly<Record<Exclude<ServantClass, 'other'>, readonly string[]>> = {
  saber: ['saber', 'sabre', 'セイバー', '剣', '세이버'],
  lancer: ['lancer', 'ランサー', '槍', '랜서'],
  archer: ['archer', 'アーチャー', '弓', '아처'],
  rider: ['rider', 'ライダー', '騎', '라이더'],
  caster: ['caster', 'キャスター', '術', '캐스터'],
  // the seed spells it both 어새신 (L13) and 어쌔신 (L31)
  assassin: ['assassin', 'アサシン', '殺', '어새신', '어쌔신', '어세신'],
  berserker: ['berserker', 'バーサーカー', '狂', '버서커'],
};

const CLASS_LOOKUP: ReadonlyMap<string, ServantClass> = new Map(
  (Object.keys(CLASS_ALIASES) as Exclude<ServantClass, 'other'>[]).flatMap((cls) =>
    CLASS_ALIASES[cls].map((alias) => [alias, cls] as const),
  ),
);

/** Longest input worth looking at. */
const MAX_CLASS_INPUT = 40;

/** NFKC (full-width → ASCII, half-width katakana → full-width), lower case, no spaces/_/-/・/. */
function fold(input: string): string {
  return input.normalize('NFKC').toLowerCase().replace(/[\s_\-・.]+/g, '');
}

/**
 * `Saber`, `ＳＡＢＥＲ`, `세이버`, `ｾｲﾊﾞｰ`, `セイバー`, `剣`… → the class; a trailing
 * class/クラス/클래스 is tolerated. Anything unknown (Ruler, Avenger, typos) → 'other', which has no
 * class correction (L31 lists only the seven classes).
 */
export function parseClass(input: string): ServantClass {
  if (input.length > MAX_CLASS_INPUT) return 'other';
  const key = fold(input);
  return CLASS_LOOKUP.get(key) ?? CLASS_LOOKUP.get(key.replace(/(class|クラス|클래스)$/, '')) ?? 'other';
}

function checkLevel(level: number): void {
  if (!Number.isSafeInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) {
    throw new GwError('gw.error.level', { level: String(level), min: MIN_LEVEL, max: MAX_LEVEL });
  }
}

/**
 * Status points for a level (L29):
 * - servant: Lv ≤ 50 → Lv × 2 + 60; Lv ≥ 55 → (Lv − 50) × 3 + 160;
 * - master: Lv ≤ 40 → Lv × 2 + 40; Lv ≥ 45 → (Lv − 40) × 3 + 120.
 *
 * Decision: this is the **total** the character distributes over its six statuses, not each
 * status's base value. L29 counts it in 점 (points), and the rest of the seed only works with
 * statuses of a few dozen: a creator's 【마】 × 2 % (L3) would be ≥ 200 % for every Lv 50 master
 * and servant if each status were 160; the upkeep master 【마】 × 2 − servant Lv (L37) and the stored
 * mana cap 100 + 【마】 × 2 (L35) weigh 【마】 against a level of 50; −10 per status for a mana
 * shortage (L40) and +10 for a seal (L45) would hardly matter on 160.
 *
 * Levels between the steps (servant 51–54, master 41–44): the seed's levels move in steps of 5,
 * and its two formulas meet exactly at Lv 50 (160) and Lv 40 (120), so every level above the step
 * uses the upper formula (51 → 163): continuous and increasing, no level refused for being off-step.
 * Levels must be integers 1–999 (GwError `gw.error.level`).
 */
export function statusPoints(kind: 'servant' | 'master', level: number): number {
  checkLevel(level);
  if (kind === 'servant') return level <= 50 ? level * 2 + 60 : (level - 50) * 3 + 160;
  return level <= 40 ? level * 2 + 40 : (level - 40) * 3 + 120;
}

function zeroStatuses(): Record<Status, number> {
  return { str: 0, end: 0, agi: 0, mag: 0, luk: 0, np: 0 };
}

/**
 * The servant class correction (L31), added on top of the distributed points:
 * Saber 【근】【내】【민】+10; Lancer 【민】+20; Archer one of 【근】【내】【민】+15 (archerPick,
 * required for an Archer: GwError `gw.error.archerPick`); Rider 【보】+20; Caster 【마】+20;
 * Assassin 【민】+10; Berserker 【근】【내】【민】【마】【운】+5; other: none. archerPick is ignored for
 * the other classes. (The Archer's and Assassin's information-gathering corrections are in
 * actions.ts.)
 */
function classCorrection(cls: ServantClass, archerPick?: ArcherPick): Record<Status, number> {
  const c = zeroStatuses();
  switch (cls) {
    case 'saber':
      c.str = c.end = c.agi = 10;
      break;
    case 'lancer':
      c.agi = 20;
      break;
    case 'archer':
      if (archerPick === undefined || !(ARCHER_PICKS as readonly string[]).includes(archerPick)) {
        throw new GwError('gw.error.archerPick', { pick: String(archerPick) });
      }
      c[archerPick] = 15;
      break;
    case 'rider':
      c.np = 20;
      break;
    case 'caster':
      c.mag = 20;
      break;
    case 'assassin':
      c.agi = 10;
      break;
    case 'berserker':
      c.str = c.end = c.agi = c.mag = c.luk = 5;
      break;
    case 'other':
      break;
  }
  return c;
}

/**
 * A character's statuses: its status points (L29) distributed over the six statuses, plus the class
 * correction (L31) for a servant. Class corrections are servant corrections (L30 「서번트의 클래스
 * 보정」): for a master cls and archerPick are ignored.
 *
 * - With `allocation`: the player's distribution; every value an integer ≥ 0 and the sum exactly
 *   statusPoints(kind, level) (GwError `gw.error.allocationValue` / `gw.error.allocationSum`).
 * - Without: an even spread for quick GM characters: ⌊points ÷ 6⌋ each and the remainder, one point
 *   each, to the first statuses in STATUSES order (Lv 50 servant: 160 → 27 27 27 27 26 26).
 */
export function baseStatuses(
  kind: 'servant' | 'master',
  level: number,
  cls: ServantClass = 'other',
  archerPick?: ArcherPick,
  allocation?: Partial<Record<Status, number>>,
): Record<Status, number> {
  const points = statusPoints(kind, level);
  const out = zeroStatuses();
  if (allocation === undefined) {
    const each = Math.floor(points / STATUSES.length);
    const rest = points - each * STATUSES.length;
    STATUSES.forEach((s, i) => (out[s] = each + (i < rest ? 1 : 0)));
  } else {
    let sum = 0;
    for (const s of STATUSES) {
      const v = allocation[s] ?? 0;
      if (!Number.isSafeInteger(v) || v < 0) throw new GwError('gw.error.allocationValue', { status: s, value: String(v) });
      out[s] = v;
      sum += v;
    }
    if (sum !== points) throw new GwError('gw.error.allocationSum', { sum, points });
  }
  if (kind === 'servant') {
    const c = classCorrection(cls, archerPick);
    for (const s of STATUSES) out[s] += c[s];
  }
  return out;
}
