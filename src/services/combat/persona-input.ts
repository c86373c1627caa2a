// What a GM or player types for a Persona fight, in en, ja or ko: elements (火炎, 화염), resistances
// (弱点, 약점), bad statuses (悩殺, 뇌쇄) and dice such as `(1D6+1D4)*2`. Unknown words are refused
// with the list of accepted ones, so a typo (`fier:weak`) never silently becomes a new element.
import { ELEMENTS, RESISTANCES, type Resistance } from '../../core/persona/types.js';
import { expandDb } from '../../core/persona/damage.js';
import type { BadStatusDef } from '../../core/persona/status-table.js';
import { LOCALES, t } from '../../i18n/index.js';
import { UserError } from '../errors.js';

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** word → id, over the ids themselves and every catalog's name for `<prefix>.<id>`. */
function lookup(ids: readonly string[], prefix: string, extra: Record<string, string> = {}): Map<string, string> {
  const map = new Map<string, string>();
  for (const id of ids) {
    map.set(fold(id), id);
    for (const locale of LOCALES) map.set(fold(t(locale, `${prefix}.${id}`)), id);
  }
  for (const [word, id] of Object.entries(extra)) map.set(fold(word), id);
  return map;
}

// A few spellings tables use besides the catalog names.
const ELEMENT_ALIASES: Record<string, string> = { 斬: 'slash', 打: 'strike', 貫: 'pierce', 火: 'fire', 氷: 'ice', 電: 'elec', 風: 'wind', 万: 'almighty', electric: 'elec', 물리: 'strike' };
const RESISTANCE_ALIASES: Record<string, string> = { 弱: 'weak', 耐: 'resist', 無: 'null', 反: 'reflect', 吸: 'absorb', '-': 'normal', 普通: 'normal', 보통: 'normal' };
const elementWords = lookup(ELEMENTS, 'persona.element', ELEMENT_ALIASES);
const resistanceWords = lookup(RESISTANCES, 'persona.resistance', RESISTANCE_ALIASES);

export function parseElement(word: string): string {
  const id = elementWords.get(fold(word));
  if (id === undefined) throw new UserError('persona.cmd.badElement', { word: word.slice(0, 40), list: ELEMENTS.join(', ') });
  return id;
}

export function isElement(word: string): boolean {
  return elementWords.has(fold(word));
}

export function parseResistance(word: string): Resistance {
  const id = resistanceWords.get(fold(word));
  if (id === undefined) throw new UserError('persona.cmd.badResistance', { word: word.slice(0, 40), list: RESISTANCES.join(', ') });
  return id as Resistance;
}

/** "fire:weak, 氷結:無効, 화염=약점" → resistances. Every element and resistance word is checked. */
export function parseResistances(input: string | null): Partial<Record<string, Resistance>> {
  const out: Partial<Record<string, Resistance>> = {};
  for (const part of (input ?? '').split(/[,、，\s]+/).map((s) => s.trim()).filter(Boolean)) {
    const [element, resistance, ...rest] = part.split(/[:：=]/).map((s) => s.trim());
    if (!element || !resistance || rest.length > 0) throw new UserError('persona.cmd.badResist', { part: part.slice(0, 60) });
    out[parseElement(element)] = parseResistance(resistance);
  }
  return out;
}

/** A bad status by id or by its name in any language. */
export function parseStatus(word: string, table: readonly BadStatusDef[]): string {
  const w = fold(word);
  const def = table.find((d) => fold(d.id) === w || LOCALES.some((l) => fold(d.name[l]) === w));
  if (def === undefined) throw new UserError('persona.cmd.badStatus', { word: word.slice(0, 40), list: table.map((d) => d.id).join(', ') });
  return def.id;
}

export function findStatusPrefix(word: string, table: readonly BadStatusDef[]): { id: string; rest: string } | null {
  const w = fold(word);
  for (const d of table) {
    for (const name of [d.id, ...LOCALES.map((l) => d.name[l])]) {
      const n = fold(name);
      if (w.startsWith(n)) return { id: d.id, rest: w.slice(n.length).replace(/^[:：=]/, '') };
    }
  }
  return null;
}

/**
 * Damage dice as the seeds write them: `(1D6+1D4)×2` or `2×(1D6+1D4)` multiplies the dice counts
 * (JA L137–138: 2D6+2D4); anything else goes to the dice engine unchanged.
 */
export function normalizeDice(input: string): string {
  const s = input.normalize('NFKC').replace(/\s+/g, '');
  const a = /^\(([^()]+)\)[*×xX](\d{1,2})$/.exec(s);
  const b = a ? null : /^(\d{1,2})[*×xX]\(([^()]+)\)$/.exec(s);
  if (a === null && b === null) return s;
  const [inner, n] = a ? [a[1]!, a[2]!] : [b![2]!, b![1]!];
  return expandDb(inner, Number(n));
}
