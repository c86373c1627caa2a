// Who tries Persona evasion against one attack. Evasion is each defender's standing choice (/persona
// dodge, default yes). Only a target covered against this very attack leaves its evasion to the
// coverer (JA L962, L965). Everyone else keeps its own choice, including a combatant whose Cover is
// still waiting for a later attack: if a fumble makes it this attack's random target, it has just
// become the target, and its passive action follows (JA L132, L135, L970). The Cover itself stays
// for the attack it was declared against.
import type { CoverDeclaration } from '../../core/persona/index.js';

/** The attack spec's `evade`, `othersEvade` and `cover`, from everyone's standing choice and this round's Covers. */
export function evasionSpec(targets: readonly string[], evading: ReadonlySet<string>, cover: readonly CoverDeclaration[]): { evade: string[]; othersEvade: string[]; cover: CoverDeclaration[] } {
  const here = cover.filter((c) => targets.includes(c.target));
  return {
    evade: targets.filter((id) => evading.has(id) && !here.some((c) => c.target === id)),
    othersEvade: [...evading],
    cover: here,
  };
}
