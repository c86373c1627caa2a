// A Noble Phantasm used in an attack (seed 001 <装備> 発動区分 L1061–1064, 対象区分 L1086–1093;
// digest fate-roll-dice-sheets.md §5.7, §5.10): its MP price, its dice-plus pool and its 固定値.
//
// Price. The seed fixes the rule's cost (単発: 2×rank after each use, 継続: rank on activation; 常時 is
// a standing drain, nothing per use) and multiplies it by the target class: 対軍/対城 ×1.5 rounded up,
// 対界 ×2 (L1087–1091). A sheet's "MP消費:" may be written either before or after that multiplier
// (the digest's worked Saber writes 15 = 10 × 1.5; a GM may write the base 10). Reading `auto`: a
// written value below the multiplied rule cost is the base and gets the multiplier; a written value
// at or above it (also an MP消費大 sheet) is the price as written. `multiply` / `asWritten` force one reading.
import { FateError } from '../errors.js';
import { LEVEL, type Mark, type SpecialGear } from '../sheet/types.js';

export type NpCostReading = 'auto' | 'multiply' | 'asWritten';

/** 対象区分 → the MP multiplier (L1087–1091); 特殊 is the GM's, read as ×1. */
export const NP_TARGET_MP_FACTOR: Record<NonNullable<SpecialGear['target']>, number> = { 対人: 1, 対軍: 1.5, 対城: 1.5, 対界: 2, 特殊: 1 };

export interface NpAttack {
  name: string;
  /** MP paid for this use (after the target multiplier) */
  mp: number;
  /** how the price was reached, for the reply: written/base value and multiplier */
  cost: { written: number | null; base: number | null; factor: number; multiplied: boolean };
  /** the dice-plus pool added to the attack (L1064); 対城/対界 against one target: dice ×2 (L1089–1090) */
  dice: number;
  threshold: number;
  /** the 固定値's attack (攻撃力+N) */
  weapon: number;
  /** the attack status its weapon type calls for (L209–211): 射撃 AGI, 魔術 MAG, otherwise STR */
  status: 'str' | 'agi' | 'mag';
  /** 対軍/対城/対界 reach the back row even as a melee weapon (L1088) */
  reachesBackRow: boolean;
  /** the added effects a fight acts on (L1404, L1415–1416, L1470) */
  effects: NpEffects;
  /** the rank's "+" marks and whether it is EX: what `marks:true` activates (L867–868, L1092–1093) */
  rank: { ex: boolean; plus: Mark[]; baseDice: number };
}

/** The added effects of an NP that change how a fight resolves. */
export interface NpEffects {
  /** 防御無視 / 防御無視(真): the defender's armor reduces nothing (L1415–1416) */
  ignoreArmor: boolean;
  /** 必中: the defense is a Luck check, unless the defender spends a Luck use to cancel it (L1404) */
  sureHit: boolean;
  /** 使用時真名判明: using it tells everyone present the servant's true name (L1470) */
  revealsTrueName: boolean;
}

/** Reads the effects a fight acts on from the sheet's added effects (names as the seed writes them). */
function npEffects(np: SpecialGear): NpEffects {
  const has = (name: string) => np.effects.some((e) => e.polarity !== 'zero' && e.name.replace(/\s/g, '').startsWith(name));
  return { ignoreArmor: has('防御無視'), sureHit: has('必中'), revealsTrueName: has('使用時真名判明') };
}

/**
 * What `marks:true` adds to an NP attack (L1092–1093, L867–868): an EX NP takes +14 achievement for
 * 14 MP (EX cannot take a "+"); each "+" on the NP's rank adds its base dice-plus once more (not the
 * ×2 of 対城/対界 against one: "ダイス数が2倍になる時の判定値増加計算はあくまで基礎値が対象"), paid with
 * as many MP as dice added when the "+" is a pay mark ("+でのMPを消費しての判定ダイス増加"), free on
 * its condition. Paid once, however many attacks the target class makes of it (L1092).
 */
export function npMarks(np: NpAttack, activate: boolean): { dice: number; bonus: number; mp: number; notes: { key: string; params: Record<string, string | number> }[] } {
  const none = { dice: 0, bonus: 0, mp: 0, notes: [] };
  if (!activate) return none;
  if (np.rank.ex) return { dice: 0, bonus: EX_NP_PLUS, mp: EX_NP_PLUS, notes: [{ key: 'fate.note.exPlusCost', params: { label: np.name, amount: EX_NP_PLUS } }] };
  if (np.rank.plus.length === 0 || np.rank.baseDice === 0) return none;
  const dice = np.rank.baseDice * np.rank.plus.length;
  const paid = np.rank.plus.some((m) => m.mode === 'pay');
  const note: { key: string; params: Record<string, string | number> } = paid
    ? { key: 'fate.np.plusCost', params: { label: np.name, marks: np.rank.plus.length, amount: dice } }
    : { key: 'fate.note.plusCondition', params: { label: np.name, condition: np.rank.plus.map((m) => m.condition ?? '').filter(Boolean).join(' / ') || '—' } };
  return { dice, bonus: 0, mp: paid ? dice : 0, notes: [note] };
}

/** EX's implicit "+" (L867–868): +14 achievement for 14 MP, the same for an EX Noble Phantasm (L1092). */
export const EX_NP_PLUS = 14;

/** The rule's per-use cost before the target multiplier: 単発 2R, 継続 R, 常時 0 (already drained), L1062–1064. */
function npRuleBase(np: SpecialGear): number | null {
  const level = np.rank.grade === '??' ? null : LEVEL[np.rank.grade];
  if (level === null || level === 0) return null;
  if (np.activation === '常時') return 0;
  return np.activation === '継続' ? level : 2 * level;
}

/** The MP an NP costs on one use (L1062–1064, L1087–1093), read as `reading` says (see the header). */
export function npMpCost(np: SpecialGear, reading: NpCostReading = 'auto'): NpAttack['cost'] & { mp: number } {
  const factor = NP_TARGET_MP_FACTOR[np.target ?? '対人'];
  const written = np.mpCost?.value ?? null;
  const ruleBase = npRuleBase(np);
  if (np.activation === '常時' && written === null) return { mp: 0, written, base: 0, factor, multiplied: false };
  const base = written ?? ruleBase;
  if (base === null) throw new FateError('fate.np.noCost', { name: np.name });
  const multiplied = written === null || reading === 'multiply' || (reading === 'auto' && factor !== 1 && ruleBase !== null && written < Math.ceil(ruleBase * factor));
  const mp = multiplied ? Math.ceil(base * factor) : base;
  return { mp, written, base, factor, multiplied: multiplied && factor !== 1 };
}

/** The NP's dice-plus (L1064: 単発 2R dice, 継続 R dice, 常時 ceil(R/2) dice, threshold R); a written pool wins. */
export function npDicePlus(np: SpecialGear): { dice: number; threshold: number } {
  const doubled = np.target === '対城' || np.target === '対界';
  if (np.dicePlus) {
    const dice = doubled ? (np.dicePlus.altDice ?? np.dicePlus.dice * 2) : np.dicePlus.dice;
    return { dice, threshold: np.dicePlus.threshold };
  }
  const level = np.rank.grade === '??' ? 0 : LEVEL[np.rank.grade];
  if (level === 0) return { dice: 0, threshold: 0 };
  const base = np.activation === '常時' ? Math.ceil(level / 2) : np.activation === '継続' ? level : 2 * level;
  return { dice: doubled ? base * 2 : base, threshold: level };
}

/** Finds the NP a player named: its exact name, else the one NP whose name contains what was typed. */
export function findNp(nps: readonly SpecialGear[], typed: string): SpecialGear | undefined {
  const t = typed.trim();
  if (t === '') return undefined;
  const exact = nps.find((n) => n.name === t);
  if (exact) return exact;
  const partial = nps.filter((n) => n.name.includes(t));
  return partial.length === 1 ? partial[0] : undefined;
}

/** Everything an attack with this NP adds: price, dice-plus, weapon value. */
export function npAttack(np: SpecialGear, reading: NpCostReading = 'auto'): NpAttack {
  const { mp, ...cost } = npMpCost(np, reading);
  const { dice, threshold } = npDicePlus(np);
  const status = np.subtype === '射撃' ? 'agi' : np.subtype === '魔術' ? 'mag' : 'str';
  const reachesBackRow = np.target === '対軍' || np.target === '対城' || np.target === '対界';
  const level = np.rank.grade === '??' ? 0 : LEVEL[np.rank.grade];
  const baseDice = np.dicePlus ? np.dicePlus.dice : np.activation === '常時' ? Math.ceil(level / 2) : np.activation === '継続' ? level : 2 * level;
  const rank = { ex: np.rank.grade === 'EX', plus: np.rank.marks.filter((m) => m.sign === '+'), baseDice };
  return { name: np.name, mp, cost, dice, threshold, weapon: np.fixed?.attack ?? 0, status, reachesBackRow, effects: npEffects(np), rank };
}
