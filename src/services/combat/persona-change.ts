// /persona change for a Wild with several Personas in its stat block (JA L786–799, KO L319–332): the
// named Persona's stats, resistances and skills replace the current ones. The core applies the stats;
// the skills live in the setup entry (the command layer's), so they are swapped here in the same step.
import { personaChange, type CombatState, type PersonaPatch, type Step } from '../../core/persona/index.js';
import type { RandomSource } from '../../core/random.js';
import { foldForSearch } from '../../core/text/fold.js';
import { UserError } from '../errors.js';
import { findPersona, type PersonaEntry, type PersonaSkill } from './persona-block.js';
import type { PersonaCombatState, PersonaSetup } from './persona.js';

/** What a change to this Persona brings (JA L797: its stats and their effect on the user's). */
export function personaPatch(p: PersonaEntry): PersonaPatch {
  return {
    name: p.name,
    resistances: { ...(p.resist ?? {}) },
    ...(p.agi !== undefined ? { agi: p.agi } : {}),
    ...(p.luck !== undefined ? { luck: p.luck } : {}),
    ...(p.end !== undefined ? { personaEnd: p.end } : {}),
    ...(p.mag !== undefined ? { personaMag: p.mag } : {}),
    ...(p.db !== undefined ? { physDb: p.db } : {}),
    ...(p.mdb !== undefined ? { magDb: p.mdb } : {}),
    ...(p.defense !== undefined ? { defense: p.defense } : {}),
    ...(p.downResistance !== undefined ? { downResistance: p.downResistance } : {}),
  };
}

/** The names a combatant may change to (autocomplete): its block's Personas. */
export function personaNames(entry: PersonaSetup | undefined): string[] {
  return entry?.block?.personas?.map((p) => p.name) ?? [];
}

/** Enemies this combatant made its Personas by Wild Talk in this fight (JA L1056–1058): not in the block, no stored stats. */
function wonPersonas(combat: CombatState, entry: PersonaSetup | undefined): string[] {
  return (combat.rewards ?? []).filter((r) => r.kind === 'persona' && entry !== undefined && r.by === entry.name).map((r) => r.from);
}

/**
 * The open slot's owner changes to `name`. A block that lists Personas only allows those and the ones
 * won by Wild Talk (a typo is refused with the list); otherwise (an ad hoc combatant, a one-Persona block) any name is taken with
 * the stats the GM gives, and no stored skills: the previous Persona's no longer fire.
 * `overrides` are the command's explicit options (速, 運, 防御, 耐性), which win over the block's.
 */
export function changeToPersona(combat: CombatState, state: PersonaCombatState, name: string, overrides: Omit<PersonaPatch, 'name'>, rng: RandomSource): Step & { setup?: PersonaSetup[] } {
  const ownerId = combat.slot?.ownerId;
  const entry = state.setup.find((c) => c.id === ownerId);
  const listed = personaNames(entry);
  const found = findPersona(entry?.block, name);
  const won = wonPersonas(combat, entry).some((n) => foldForSearch(n) === foldForSearch(name.trim()));
  if (listed.length > 0 && !found && !won) {
    throw new UserError('persona.cmd.unknownPersona', { name: entry!.name, persona: name.slice(0, 60), list: listed.join(', ') });
  }
  const patch: PersonaPatch = found ? { ...personaPatch(found), ...overrides, name: found.name } : { ...overrides, name: name.trim() };
  const step = personaChange(combat, patch, rng);
  const after = step.state.combatants.find((c) => c.id === ownerId);
  // A Released user who fails the roll keeps everything (JA L1074): nothing to swap.
  if (!entry || after?.persona !== patch.name) return step;
  const skills: PersonaSkill[] = found?.skills ?? (entry.block?.persona !== undefined && foldForSearch(entry.block.persona) === foldForSearch(name.trim()) ? (entry.block.skills ?? []) : []);
  return { ...step, setup: state.setup.map((c) => (c.id === entry.id ? { ...c, skills } : c)) };
}
