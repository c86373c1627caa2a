// Who tries Persona evasion against one attack. Evasion is each defender's standing choice (/persona
// dodge, default yes). Only a target covered against this very attack leaves its evasion to the
// coverer (JA L962, L965). Everyone else keeps its own choice, including a combatant whose Cover is
// still waiting for a later attack: if a fumble makes it this attack's random target, it has just
// become the target, and its passive action follows (JA L132, L135, L970). The Cover itself stays
// for the attack it was declared against.
import type { CombatState, CoverDeclaration } from '../../core/persona/index.js';
import { coverRefusal } from '../../core/persona/defense.js';
import type { PersonaCombatState } from './persona.js';

/** The attack spec's `evade`, `othersEvade` and `cover`, from everyone's standing choice and this round's Covers. */
export function evasionSpec(targets: readonly string[], evading: ReadonlySet<string>, cover: readonly CoverDeclaration[]): { evade: string[]; othersEvade: string[]; cover: CoverDeclaration[] } {
  const here = cover.filter((c) => targets.includes(c.target));
  return {
    evade: targets.filter((id) => evading.has(id) && !here.some((c) => c.target === id)),
    othersEvade: [...evading],
    cover: here,
  };
}

/**
 * This round's Cover declarations whose coverer can still cover: one who has since gone Down, been
 * charmed or covered already just does not cover (JA L961–962), rather than blocking the attack.
 */
export function coversFor(combat: CombatState, state: Pick<PersonaCombatState, 'cover'>): CoverDeclaration[] {
  const find = (id: string) => combat.combatants.find((x) => x.id === id);
  return (state.cover ?? [])
    .filter((c) => {
      const by = find(c.by);
      const target = find(c.target);
      return c.round === combat.round && by !== undefined && target !== undefined && coverRefusal(combat, by, target, false) === null;
    })
    .map((c) => ({ by: c.by, target: c.target, evade: c.evade }));
}

export const tries = (state: Pick<PersonaCombatState, 'dodge'>, id: string): boolean => state.dodge?.[id] ?? true;

/** Everyone's standing evasion choice; who is covered against an attack is settled per attack (evasionSpec). */
export const standingEvasion = (combat: CombatState, state: Pick<PersonaCombatState, 'dodge'>): Set<string> => new Set(combat.combatants.filter((c) => tries(state, c.id)).map((c) => c.id));
