// /combat add count:N — several of the same enemy in one command (Avrae's `-n 5`): each copy is the same
// options under a numbered name ("Ghoul 1", "Ghoul 2"…, continuing after the numbers already in the fight).
import { UserError } from '../../src/services/errors.js';
import type { CommandOptions } from '../../src/services/types.js';
import { NAME_MAX } from './setup.js';

/** The most copies one command adds. */
export const ADD_COUNT_MAX = 20;

/** How many copies were asked for (1 = the ordinary add); only an ad-hoc NPC (its numbers given) can be copied. */
export function copiesOf(options: CommandOptions): number {
  const count = options.integer('count') ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > ADD_COUNT_MAX) throw new UserError('combat.count.range', { max: ADD_COUNT_MAX });
  // A sheet is one character, with one HP on its row: it cannot stand in a fight twice.
  if (count > 1 && options.integer('hp') === null) throw new UserError('combat.count.adHocOnly');
  return count;
}

/** The names of the copies: [null] (the name as typed) for one; otherwise "<name> <n>" at the next free numbers. */
export function copyNames(options: CommandOptions, taken: readonly string[], count: number): (string | null)[] {
  if (count === 1) return [null];
  const base = (options.string('who') ?? '').trim().slice(0, NAME_MAX - 3);
  const used = new Set(taken);
  const names: string[] = [];
  for (let n = 1; names.length < count; n++) {
    const name = `${base} ${n}`;
    if (!used.has(name)) names.push(name);
  }
  return names;
}

/** The same options with `who` replaced by a copy's name. */
export function renamed(options: CommandOptions, who: string): CommandOptions {
  return {
    subcommand: () => options.subcommand(),
    string: (name) => (name === 'who' ? who : options.string(name)),
    integer: (name) => options.integer(name),
    boolean: (name) => options.boolean(name),
    user: (name) => options.user(name),
    attachment: (name) => options.attachment(name),
  };
}
