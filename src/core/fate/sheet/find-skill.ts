// Skill lookup for commands and autocomplete.
import type { CharacterSheet, SkillEntry } from './types.js';
import { looseKey } from './normalize.js';

/**
 * Exact name first, then the same name ignoring width, case and spaces (NFKC), then a unique prefix
 * of the loose form: "魔術" finds "魔術・宝石" when no other skill starts with "魔術".
 */
export function findSkill(sheet: CharacterSheet, query: string): SkillEntry | undefined {
  const exact = sheet.skills.find((s) => s.name === query);
  if (exact) return exact;
  const q = looseKey(query);
  if (q === '') return undefined;
  const loose = sheet.skills.find((s) => looseKey(s.name) === q);
  if (loose) return loose;
  const prefixed = sheet.skills.filter((s) => looseKey(s.name).startsWith(q));
  const names = new Set(prefixed.map((s) => s.name));
  return names.size === 1 ? prefixed[0] : undefined;
}

/** Skill names in sheet order, each once (for autocomplete). */
export function skillNames(sheet: CharacterSheet): string[] {
  return [...new Set(sheet.skills.map((s) => s.name))];
}
