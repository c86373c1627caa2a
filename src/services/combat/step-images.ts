// What a fight step's event keeps of the fight (subject combat:<id>, before/after, for /combat undo and
// the /log export). A Persona fight's log only grows: each step's new lines follow the old ones
// (persona.ts relogged). Kept whole in both images, every step wrote the whole log three times (the
// fight's row and the event's before and after): ~60 KB a step after 250 lines, the largest write of
// the evening's load (issue 32 §1), and a long fight's events grew with the square of its length. The
// event keeps the log's length instead; /combat undo takes the lines back from the fight as it stands
// (undo reverts the newest step first, so the fight then holds the step's whole log).
import { isPersona, type PersonaCombatState } from './persona.js';

/** A Persona fight in an event: its log left out, its length kept. */
type Image = Omit<PersonaCombatState, 'combat'> & { combat: (Omit<NonNullable<PersonaCombatState['combat']>, 'log'> & { logLength: number }) | null };

const isImage = (state: unknown): state is Image => isPersona(state) && state.combat !== null && !Array.isArray(state.combat.log) && typeof (state.combat as { logLength?: unknown }).logLength === 'number';

function image(state: PersonaCombatState): Image {
  const { log, ...combat } = state.combat!;
  return { ...state, combat: { ...combat, logLength: log.length } };
}

/**
 * The event's before and after of a step from `before` to `after`. A Persona fight whose log the step
 * only extended (the same lines first) keeps lengths; any other state is kept whole.
 */
export function stepImages(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (!isPersona(before) || !isPersona(after) || !before.combat || !after.combat) return { before, after };
  const old = before.combat.log;
  const now = after.combat.log;
  // the same lines first: the step built its log from the one it read (the very same entries)
  if (now.length < old.length || (old.length > 0 && now[0] !== old[0]) || now[old.length - 1] !== old[old.length - 1]) return { before, after };
  return { before: image(before), after: image(after) };
}

/** The log's length a step's image holds, whole or kept as a length (/log export dates each line by it). */
export function imageLogLength(state: unknown): number | null {
  if (isImage(state)) return state.combat!.logLength;
  return isPersona(state) && state.combat && Array.isArray(state.combat.log) ? state.combat.log.length : null;
}

/** The state a before-image stands for, its log's lines taken from the fight as it is now. */
export function restoredState(before: unknown, current: unknown): unknown {
  if (!isImage(before)) return before;
  const { logLength, ...combat } = before.combat!;
  const lines = isPersona(current) && current.combat ? current.combat.log : [];
  return { ...before, combat: { ...combat, log: lines.slice(0, logLength) } };
}
