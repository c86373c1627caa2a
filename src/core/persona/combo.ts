// Combination magic's wait (合体魔法, JA L476–484; KO L282–284). The declarer declares in its own slot,
// which the declaration uses; every other participant must then get an original slot (本来の手番,
// JA L72) — the attack starts in the slot of the last of them (JA L482–483), each participant paying
// its own cost then (JA L484). Until then the participants take no other action (JA L479): each of
// their slots is spent waiting. One who can no longer act or choose its action before the attack
// makes it fail (JA L480; checked after every rule call, state.ts finish). The attack itself (power, elements, hit) is the command layer's
// (services/combat/persona-combo.ts), rebuilt from its plan when it starts.
import { canAct, choiceBlockingStatus, findCombatant, skillBlockingStatus } from './combatant.js';
import { initiativeOf } from './initiative.js';
import { beginAction, closeSlot, draft, finish } from './state.js';
import { PersonaError, ev, type CombatState, type Combatant, type ComboWait, type Side, type Step } from './types.js';

/** Still able to keep to the declared magic: able to act and choose, its Persona out, its skills usable (JA L480). */
function canKeep(d: CombatState, c: Combatant, side: Side): boolean {
  return c.side === side && canAct(d, c) && choiceBlockingStatus(d, c) === undefined && skillBlockingStatus(d, c) === undefined && (!c.personaUser || c.summoned);
}

const namesOf = (d: CombatState, ids: readonly string[]): string => ids.map((id) => findCombatant(d, id).name).join(', ');

/**
 * The declaration in the open slot: `ids` the participants (the slot's owner among them), `plan` what
 * the command layer needs to build the attack when it starts. The slot is used.
 */
export function declareCombo(state: CombatState, ids: readonly string[], plan: ComboWait['plan'], actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (d.comboWait) throw new PersonaError('persona.error.comboDeclared', { names: namesOf(d, d.comboWait.ids) });
  const others = [...new Set(ids)].filter((id) => id !== actor.id).map((id) => findCombatant(d, id));
  if (others.length === 0 || !ids.includes(actor.id)) throw new PersonaError('persona.error.noParticipants');
  for (const c of [actor, ...others]) if (!canKeep(d, c, actor.side)) throw new PersonaError('persona.error.badParticipant', { name: c.name });
  d.comboWait = { ids: [actor.id, ...others.map((c) => c.id)], pending: others.map((c) => c.id), plan };
  // a forecast: one who has had its turn this round gets its next original slot next round (JA L61)
  const slowest = (cs: Combatant[]) => [...cs].sort((a, b) => initiativeOf(a) - initiativeOf(b))[0]!;
  const later = others.filter((c) => c.acted);
  const last = slowest(later.length > 0 ? later : others);
  events.push(ev('persona.combo.declared', { name: actor.name, names: others.map((c) => c.name).join(', '), last: last.name }));
  closeSlot(dr);
  return finish(dr);
}

/**
 * The declared magic at a slot just opened, or null when it does not concern it. A participant's slot is spent waiting,
 * except the original slot of the last one still to get one: there `fire` starts the attack.
 */
export function continueCombo(state: CombatState, fire: (state: CombatState, wait: ComboWait) => Step): Step | null {
  const wait = state.comboWait;
  if (!wait || state.phase !== 'slot' || state.slot === null) return null;
  const owner = state.slot.ownerId;
  if (!wait.ids.includes(owner)) return null;
  const pending = state.slot.kind === 'original' ? wait.pending.filter((id) => id !== owner) : wait.pending;
  if (pending.length === 0) return fire({ ...state, comboWait: null }, wait);
  const dr = beginAction(state, undefined, true);
  dr.d.comboWait = { ...wait, pending };
  dr.events.push(ev('persona.combo.waiting', { name: dr.actor.name }));
  closeSlot(dr);
  return finish(dr);
}

/** The magic fails (JA L480): `name` could not keep to it. Nothing was paid (JA L484). */
export function abandonCombo(state: CombatState, name: string): Step {
  const dr = draft(state);
  const wait = dr.d.comboWait;
  if (!wait) return finish(dr);
  dr.d.comboWait = null;
  dr.events.push(ev('persona.combo.failed', { names: namesOf(dr.d, wait.ids), name }));
  return finish(dr);
}
