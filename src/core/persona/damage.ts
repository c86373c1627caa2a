// Attack damage (JA L136–162, KO L129–137; digest §5.1.2–§5.1.5). Pure arithmetic: the dice are
// rolled by the caller (attack.ts) with evaluateDice; this file expands db expressions and runs the
// per-target pipeline resistance → % modifiers → defense and armor.
import { PersonaError, roundBy, type Element, type Resistance, type Rounding } from './types.js';

interface DiceTerm {
  sign: 1 | -1;
  count: number;
  sides: number;
}

interface DbTerms {
  dice: DiceTerm[];
  constant: number;
}

const TERM = /([+-]?)(?:(\d*)[dD](\d+)|(\d+))/y;

function parseDb(db: string): DbTerms {
  const text = db.replace(/\s+/g, '').replace(/[ＤｄDd]/g, 'D').replace(/[＋]/g, '+').replace(/[－−]/g, '-');
  if (text.length === 0 || text.length > 200) throw new PersonaError('persona.error.badDb', { db });
  const out: DbTerms = { dice: [], constant: 0 };
  let pos = 0;
  while (pos < text.length) {
    TERM.lastIndex = pos;
    const m = TERM.exec(text);
    // every term after the first needs its sign
    if (m === null || (pos > 0 && m[1] === '')) throw new PersonaError('persona.error.badDb', { db });
    const sign: 1 | -1 = m[1] === '-' ? -1 : 1;
    if (m[3] !== undefined) {
      const count = m[2] === '' || m[2] === undefined ? 1 : Number(m[2]);
      const sides = Number(m[3]);
      if (count < 1 || sides < 1) throw new PersonaError('persona.error.badDb', { db });
      out.dice.push({ sign, count, sides });
    } else {
      out.constant += sign * Number(m[4]);
    }
    pos = TERM.lastIndex;
  }
  return out;
}

function merge(parts: DbTerms[], coefficient: number, source: string): DbTerms {
  const dice: DiceTerm[] = [];
  let constant = 0;
  for (const part of parts) {
    for (const term of part.dice) {
      const count = term.count * coefficient;
      if (!Number.isInteger(count)) throw new PersonaError('persona.error.badCoefficient', { db: source, coefficient });
      const same = dice.find((d) => d.sign === term.sign && d.sides === term.sides);
      if (same) same.count += count;
      else dice.push({ ...term, count });
    }
    const c = part.constant * coefficient;
    if (!Number.isInteger(c)) throw new PersonaError('persona.error.badCoefficient', { db: source, coefficient });
    constant += c;
  }
  return { dice, constant };
}

function print(terms: DbTerms): string {
  let out = '';
  for (const d of terms.dice) {
    if (d.count === 0) continue;
    out += `${d.sign < 0 ? '-' : out === '' ? '' : '+'}${d.count}D${d.sides}`;
  }
  if (terms.constant !== 0) out += `${terms.constant < 0 ? '-' : out === '' ? '' : '+'}${Math.abs(terms.constant)}`;
  return out === '' ? '0' : out;
}

/**
 * Power = db × skill coefficient, by multiplying the dice counts (JA L137–138: physical db 1D6+1D4,
 * power 2db → (1D6+1D4)×2 = 2D6+2D4; KO L130: (2D6+1D4)×2 = 4D6+2D4). Constants are multiplied too.
 * The coefficient must give whole dice (fractional coefficients are a GM ruling, digest §5.7).
 */
export function expandDb(db: string, coefficient: number): string {
  if (!Number.isFinite(coefficient) || coefficient <= 0 || coefficient > 20) {
    throw new PersonaError('persona.error.badCoefficient', { db, coefficient });
  }
  return print(merge([parseDb(db)], coefficient, db));
}

/** The sum of several db expressions, like dice merged (an All-out attack's 「参加者の総能力dbの合計」, JA L1108). */
export function sumDb(dbs: readonly string[]): string {
  return print(merge(dbs.map(parseDb), 1, dbs.join('+')));
}

export interface DamageInput {
  /** the damage roll of this hit (shared by every target, JA L140); negative totals count as 0 */
  roll: number;
  /**
   * Already-split amounts per element instead of roll (a reflected attack restarts at the resistance
   * step with "the results so far", JA L145, L269): no doubling, split or attacker modifiers.
   */
  parts?: readonly number[];
  elements: readonly Element[];
  /** the target's effective resistance to each element, same order (combatant.resistanceOf) */
  resistances: readonly Resistance[];
  /** physical critical: +100% of the rolled damage (JA L130) */
  physicalCritical?: boolean;
  /** critical (JA L129) or All-out attack (JA L1108): no defense */
  ignoreDefense?: boolean;
  /** All-out attack (JA L1108): no armor either */
  ignoreArmor?: boolean;
  /** attacker's effects on the rolled damage, applied after the split (JA L142), in % */
  attackerPct?: number;
  /** the target's "damage taken ±x%" effects incl. Defend −50 (JA L156), summed, floor −75 (JA L157) */
  targetPcts?: readonly number[];
  defense: number;
  armor: number;
  rounding?: Rounding;
}

export interface ElementPart {
  element: Element;
  resistance: Resistance;
  /** this element's share of the roll (JA L141) after the attacker's modifiers */
  base: number;
  /** what it contributes after resistance: base, base/2 (resist), 0 (null/reflect/absorb) */
  dealt: number;
}

/** Multi-element infliction modifier after the cancelling rules (JA L151–152). */
export type InflictionAffinity = 'weak' | 'normal' | 'resist';

export interface DamageBreakdown {
  roll: number;
  /** roll after the physical-critical doubling */
  rolled: number;
  parts: ElementPart[];
  /** every element was null/reflect/absorb: nothing further happens to this target (JA L153) */
  negated: boolean;
  /** a weak element dealt damage: no defense (JA L161), Down (JA L1016) */
  weakHit: boolean;
  affinity: InflictionAffinity;
  /** sum of the parts after resistance (JA L150) */
  subtotal: number;
  /** the % total actually applied (≥ −75) */
  pct: number;
  afterPct: number;
  defenseApplied: number;
  armorApplied: number;
  /** HP the target loses (≥ 0) */
  total: number;
  /** HP the target regains from Absorb: the absorbed parts (JA L270) */
  absorbed: number;
  /** parts sent back to the attacker (JA L269) */
  reflected: { element: Element; amount: number }[];
}

/** The % damage floor: the summed modifiers never go below −75% (JA L157; KO L136 "not below 25%"). */
export const PCT_FLOOR = -75;

/**
 * Weak with Resist: both infliction modifiers cancel; Weak with Null/Reflect/Absorb: the weak ×2
 * is cancelled (JA L151–152, JA's narrow reading; digest §5.1.4). Damage is unaffected.
 */
export function inflictionAffinity(resistances: readonly Resistance[]): InflictionAffinity {
  const weak = resistances.includes('weak');
  const resist = resistances.includes('resist');
  const negating = resistances.some((r) => r === 'null' || r === 'reflect' || r === 'absorb');
  if (weak && !resist && !negating) return 'weak';
  if (resist && !weak) return 'resist';
  return 'normal';
}

/**
 * One hit on one target, in the seeds' order (JA L136–162):
 * 1. physical critical doubles the roll (JA L130); the roll is split evenly by element (JA L141);
 *    attacker modifiers apply to each part (JA L142);
 * 2. resistance per element (JA L264–270): weak keeps the part (weakness adds NO damage in this
 *    system: it removes defense and causes Down), resist halves, null/reflect/absorb make it 0;
 *    the parts are summed (JA L150);
 * 3. % modifiers summed, never below −75% (JA L156–157);
 * 4. minus defense + armor (JA L160); no defense on a weakness hit (JA L161, armor still applies
 *    L162) or on a critical (JA L129); the result never goes below 0 (not stated; digest §5.1.3).
 */
export function computeDamage(input: DamageInput): DamageBreakdown {
  const r = (x: number): number => roundBy(input.rounding ?? 'floor', x);
  const n = input.elements.length;
  if (n === 0 || n !== input.resistances.length || (input.parts !== undefined && input.parts.length !== n)) {
    throw new PersonaError('persona.error.noElements');
  }
  const roll = Math.max(0, input.roll);
  const rolled = input.physicalCritical ? roll * 2 : roll;
  const share = r(rolled / input.elements.length);
  const attackerPct = input.attackerPct ?? 0;
  const parts: ElementPart[] = input.elements.map((element, i) => {
    const resistance = input.resistances[i]!;
    const given = input.parts?.[i];
    const base = given !== undefined ? Math.max(0, given) : Math.max(0, r((share * (100 + attackerPct)) / 100));
    const dealt = resistance === 'resist' ? r(base / 2) : resistance === 'weak' || resistance === 'normal' ? base : 0;
    return { element, resistance, base, dealt };
  });
  const absorbed = parts.filter((p) => p.resistance === 'absorb').reduce((s, p) => s + p.base, 0);
  const reflected = parts.filter((p) => p.resistance === 'reflect' && p.base > 0).map((p) => ({ element: p.element, amount: p.base }));
  const negated = parts.every((p) => p.resistance === 'null' || p.resistance === 'reflect' || p.resistance === 'absorb');
  const weakHit = parts.some((p) => p.resistance === 'weak' && p.dealt > 0);
  const affinity = inflictionAffinity(parts.map((p) => p.resistance));
  const subtotal = parts.reduce((s, p) => s + p.dealt, 0);
  const base = { roll, rolled, parts, negated, weakHit, affinity, subtotal, absorbed, reflected };
  if (negated) {
    return { ...base, pct: 0, afterPct: 0, defenseApplied: 0, armorApplied: 0, total: 0 };
  }
  const pct = Math.max(PCT_FLOOR, (input.targetPcts ?? []).reduce((s, p) => s + p, 0));
  const afterPct = r((subtotal * (100 + pct)) / 100);
  const defenseApplied = input.ignoreDefense || weakHit ? 0 : Math.max(0, input.defense);
  const armorApplied = input.ignoreArmor ? 0 : Math.max(0, input.armor);
  const total = Math.max(0, afterPct - defenseApplied - armorApplied);
  return { ...base, pct, afterPct, defenseApplied, armorApplied, total };
}
