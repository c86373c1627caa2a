// Autocomplete of /persona change name: the Personas in the stat block of the combatant whose slot is
// open (a Wild's, JA L787), folded for case, width and kana (`おるふぇ`, `ｵﾙﾌｪ` find オルフェウス).
// Only its player and the GM are offered them: a hidden shadow's Personas stay the GM's.
import { foldForSearch } from '../../src/core/text/fold.js';
import { personaNames } from '../../src/services/combat/persona-change.js';
import type { PersonaCombatState } from '../../src/services/combat/persona.js';
import type { Choice } from '../../src/services/types.js';

export function changeChoices(state: PersonaCombatState, typed: string, user: { id: string; gm: boolean }): Choice[] {
  const ownerId = state.combat?.slot?.ownerId;
  const entry = state.setup.find((c) => c.id === ownerId);
  if (!entry || (!user.gm && entry.owner !== user.id)) return [];
  const key = foldForSearch(typed.trim());
  return personaNames(entry)
    .filter((n) => foldForSearch(n).includes(key))
    .slice(0, 25)
    .map((n) => ({ name: n, value: n }));
}
