// One matcher for every autocomplete that names something (issue 19 §2): folded for case, width, kana
// and separators (core/text/fold.ts), the last item of a list completed, two alike names told apart
// by their owner, and Discord's limits kept (≤ 25 choices, name and value ≤ 100 characters).
import { foldForSearch } from '../core/text/fold.js';
import type { Choice } from './types.js';

const MAX_CHOICES = 25;
const MAX_LENGTH = 100;

export interface NameCandidate {
  /** What the user reads and types: matched against the input. */
  name: string;
  /** What the command receives, when it differs from the name (an id form for a duplicate). */
  value?: string;
  /** Who it belongs to (a member's display name, a faction), shown only beside an alike name. */
  owner?: string | null;
  /** Always shown after the name (a territory's grade). */
  note?: string;
  /** Other spellings that find it too (a field's key beside its localized label). */
  also?: readonly string[];
}

/** Separators of a list the command splits itself: names of combatants (targetIds, combo parts). */
export const NAME_LIST = /[,、，]/;
/** Skill lists as splitSkills reads them (check, attack, defend, cover, inflict). */
export const SKILL_LIST = /[,、，/／;+＋]/;

/**
 * The choices for `typed`. With `list`, typed is a list: the items before the last are kept as typed
 * and the last is completed, so each choice's value is the whole list (`A, B, セイバー`).
 */
export function nameChoices(typed: string, candidates: readonly NameCandidate[], list?: RegExp | null): Choice[] {
  const parts = list ? typed.split(list) : [typed];
  const last = parts.pop() ?? '';
  const done = parts.map((p) => p.trim()).filter(Boolean);
  const prefix = done.length > 0 ? `${done.join(', ')}, ` : '';
  const doneKeys = new Set(done.map(foldForSearch));
  const key = foldForSearch(last);

  const sameName = new Map<string, number>();
  for (const c of candidates) sameName.set(c.name, (sameName.get(c.name) ?? 0) + 1);

  const seen = new Set<string>();
  const matched: Array<{ c: NameCandidate; starts: boolean }> = [];
  for (const c of candidates) {
    const value = c.value ?? c.name;
    const folded = foldForSearch(c.name);
    const keys = [folded, ...(c.also ?? []).map(foldForSearch)];
    if (seen.has(value) || doneKeys.has(folded) || doneKeys.has(foldForSearch(value)) || !keys.some((k) => k.includes(key))) continue;
    seen.add(value);
    matched.push({ c, starts: keys.some((k) => k.startsWith(key)) });
  }
  // names that begin with the input first; otherwise the caller's order (own characters first, …)
  const ordered = [...matched.filter((m) => m.starts), ...matched.filter((m) => !m.starts)];

  const out: Choice[] = [];
  for (const { c } of ordered) {
    const value = prefix + (c.value ?? c.name);
    if (value.length > MAX_LENGTH) continue; // Discord could not send it back
    const owner = (sameName.get(c.name) ?? 0) > 1 && c.owner ? c.owner : null;
    const label = [c.name, ...[c.note, owner].filter(Boolean).map((x) => `(${x})`)].join(' ');
    out.push({ name: fitName(prefix + label), value });
    if (out.length === MAX_CHOICES) break;
  }
  return out;
}

/** Plain names (no owners, no ids): a short list the command matches by name. */
export const plainNames = (names: Iterable<string>): NameCandidate[] => [...new Set(names)].map((name) => ({ name }));

// The end of a long list is the part being completed: keep it and cut the front.
function fitName(name: string): string {
  if (name.length <= MAX_LENGTH) return name;
  const chars = Array.from(name); // whole code points: never half a surrogate pair
  let tail = '';
  for (let i = chars.length - 1; i >= 0 && tail.length + chars[i]!.length < MAX_LENGTH; i--) tail = chars[i]! + tail;
  return `…${tail}`;
}
