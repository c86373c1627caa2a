// Options from values already in hand (the console's parsed line, a held battle replayed, a choice from a
// select menu standing in for the option it fills): the same typed access a Discord interaction gives.
import type { AttachmentOption, CommandOptions, Invoker } from './types.js';

export function optionsFrom(subcommand: string | null, values: ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>): CommandOptions {
  const get = (name: string): unknown => (values instanceof Map ? values.get(name) : (values as Record<string, unknown>)[name]);
  const typed = <V>(name: string, check: (v: unknown) => v is V): V | null => {
    const v = get(name);
    return v !== undefined && check(v) ? v : null;
  };
  return {
    subcommand: () => subcommand,
    string: (name) => typed(name, (v): v is string => typeof v === 'string'),
    integer: (name) => typed(name, (v): v is number => typeof v === 'number'),
    boolean: (name) => typed(name, (v): v is boolean => typeof v === 'boolean'),
    user: (name) => typed(name, (v): v is Invoker => typeof v === 'object' && v !== null && 'id' in v),
    attachment: (name) => typed(name, (v): v is AttachmentOption => typeof v === 'object' && v !== null && 'read' in v),
  };
}
