// What Discord's own client can send as slash-command options, so a test cannot send what a user
// could not type. Applied to the test's options before they are built into `data.options`:
// - a newline in a STRING option becomes a space (the client's input box has no newline);
// - INTEGER options are whole numbers within ±2^53, NUMBER options finite within ±2^53;
// - against the command's registered body (when the bot registered one): option names and types,
//   required options, sub-commands, choices, min/max_length and min/max_value.
// Impossible input throws (the test is wrong), naming the command and option.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { CommandOption } from './types.js';

const SUB_COMMAND = 1;
const SUB_COMMAND_GROUP = 2;
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const NUMBER = 10;
/** Discord's bound for INTEGER and NUMBER options (the client refuses more). */
export const OPTION_NUMBER_LIMIT = 2 ** 53;

export class ClientInputError extends Error {
  constructor(where: string, problem: string) {
    super(`fake-discord: Discord's client cannot send /${where}: ${problem}`);
  }
}

/** STRING option text as the client sends it: each line break (\r\n, \r or \n) becomes one space. */
export function typedText(value: string): string {
  return value.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
}

function countFocused(options: CommandOption[]): number {
  return options.reduce((n, o) => n + (o.focused ? 1 : 0) + countFocused(o.options ?? []), 0);
}

function inferType(opt: CommandOption): number | undefined {
  if (opt.type !== undefined) return opt.type;
  if (opt.options) return SUB_COMMAND;
  if (typeof opt.value === 'string') return STRING;
  if (typeof opt.value === 'number') return Number.isInteger(opt.value) ? INTEGER : NUMBER;
  return undefined; // users, attachments, booleans: payloads.ts infers them
}

/**
 * The options as the client would send them. `registered` is the registered option list at this level
 * (undefined when the command was not registered: then only the type-independent rules apply).
 * `autocomplete`: the options of an autocomplete request, which may be partial (no required/choice/length checks).
 */
export function clientOptions(
  options: CommandOption[] | undefined,
  registered: any[] | undefined,
  where: string,
  autocomplete = false,
): CommandOption[] | undefined {
  const given = options ?? [];
  const out = given.map((opt) => clientOption(opt, registered, where, autocomplete));
  const focused = countFocused(given);
  if (autocomplete && where.indexOf(' ') < 0 && focused !== 1) throw new ClientInputError(where, `an autocomplete request has exactly one focused option, not ${focused}`);
  if (registered && !autocomplete) {
    const names = new Set(given.map((o) => o.name));
    const subs = registered.filter((o) => o?.type === SUB_COMMAND || o?.type === SUB_COMMAND_GROUP);
    if (subs.length && !given.some((o) => subs.some((s) => s.name === o.name))) {
      throw new ClientInputError(where, `a sub-command is required (one of ${subs.map((s) => s.name).join(', ')})`);
    }
    for (const o of registered) {
      if (o?.required && !names.has(o.name)) throw new ClientInputError(where, `required option "${o.name}" is missing`);
    }
  }
  return options === undefined && !out.length ? undefined : out;
}

function clientOption(opt: CommandOption, registered: any[] | undefined, where: string, autocomplete: boolean): CommandOption {
  const at = `${where} ${opt.name}`;
  const spec = registered?.find((o) => o?.name === opt.name);
  if (registered && !spec) throw new ClientInputError(at, `the command has no option "${opt.name}" (registered: ${registered.map((o) => o?.name).join(', ') || 'none'})`);
  const type = opt.type ?? spec?.type ?? inferType(opt);
  if (spec && opt.type !== undefined && opt.type !== spec.type) throw new ClientInputError(at, `option type ${opt.type} given, registered as ${spec.type}`);
  if (type === SUB_COMMAND || type === SUB_COMMAND_GROUP) {
    const children = clientOptions(opt.options ?? [], spec ? (spec.options ?? []) : undefined, at, autocomplete);
    return { ...opt, type, options: children ?? [] };
  }
  if (opt.value === undefined) {
    if (!opt.focused) throw new ClientInputError(at, 'an option without a value');
    return { ...opt, ...(type !== undefined ? { type } : {}) };
  }
  // The focused option of an autocomplete request carries the text typed so far, whatever its type;
  // Discord asks the bot only for options registered with autocomplete.
  if (opt.focused && spec && !spec.autocomplete) throw new ClientInputError(at, 'the option is not registered with autocomplete: true');
  if (opt.focused) return { ...opt, ...(type !== undefined ? { type } : {}), value: typeof opt.value === 'string' ? typedText(opt.value) : opt.value };
  let value = opt.value;
  if (type === STRING) {
    if (typeof value === 'number' || typeof value === 'boolean') value = String(value);
    if (typeof value !== 'string') throw new ClientInputError(at, 'a STRING option needs a string');
    value = typedText(value);
    if (!autocomplete) checkString(value, spec, at);
  } else if (type === INTEGER || type === NUMBER) {
    value = number(value, type, at);
    if (!autocomplete) checkNumber(value, spec, at);
  } else if (type === BOOLEAN && typeof value !== 'boolean') {
    throw new ClientInputError(at, 'a BOOLEAN option needs true or false');
  }
  return { ...opt, ...(type !== undefined ? { type } : {}), value };
}

/** A number typed into an INTEGER/NUMBER option (a numeric string is what a user types, so it is read). */
function number(raw: unknown, type: number, at: string): number {
  const value = typeof raw === 'string' && /^\s*-?\d+(\.\d+)?(e[+-]?\d+)?\s*$/i.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ClientInputError(at, `${JSON.stringify(raw)} is not a finite number`);
  if (type === INTEGER && !Number.isInteger(value)) throw new ClientInputError(at, `${value} is not a whole number (INTEGER option)`);
  if (Math.abs(value) > OPTION_NUMBER_LIMIT) throw new ClientInputError(at, `${value} is outside -2^53..2^53`);
  return value;
}

function checkString(value: string, spec: any, at: string): void {
  if (!spec) return;
  const n = [...value].length;
  if (spec.max_length !== undefined && n > spec.max_length) throw new ClientInputError(at, `${n} characters, registered max_length ${spec.max_length}`);
  if (spec.min_length !== undefined && n < spec.min_length) throw new ClientInputError(at, `${n} characters, registered min_length ${spec.min_length}`);
  if (n < 1) throw new ClientInputError(at, 'an empty string');
  choice(value, spec, at);
}

function checkNumber(value: number, spec: any, at: string): void {
  if (!spec) return;
  if (spec.min_value !== undefined && value < spec.min_value) throw new ClientInputError(at, `${value} is below the registered min_value ${spec.min_value}`);
  if (spec.max_value !== undefined && value > spec.max_value) throw new ClientInputError(at, `${value} is above the registered max_value ${spec.max_value}`);
  choice(value, spec, at);
}

function choice(value: string | number, spec: any, at: string): void {
  const choices: any[] | undefined = spec.choices;
  if (choices?.length && !choices.some((c) => c?.value === value)) {
    throw new ClientInputError(at, `${JSON.stringify(value)} is not among the registered choices (${choices.map((c) => JSON.stringify(c?.value)).join(', ')})`);
  }
}

/** A string select's picks as the client sends them: values among its options, min_values..max_values of them. */
export function checkSelectValues(select: any, values: string[], customId: string): void {
  if (select?.type !== 3) return;
  const offered = (select.options ?? []).map((o: any) => o?.value);
  const stray = values.filter((v) => !offered.includes(v));
  if (stray.length) throw new ClientInputError(`select ${customId}`, `${JSON.stringify(stray)} not among its options (${offered.join(', ')})`);
  const min = select.min_values ?? 1;
  const max = select.max_values ?? 1;
  if (values.length < min || values.length > max) throw new ClientInputError(`select ${customId}`, `${values.length} value(s) picked, the menu takes ${min}..${max}`);
}

/** A modal text input as the client lets it be filled: within min_length..max_length, not empty when required. */
export function checkTextInput(input: any, value: string | undefined, modalId: string): void {
  if (input?.type !== 4 || value === undefined) return;
  const n = [...value].length;
  const where = `modal ${modalId} field ${input.custom_id}`;
  if (input.max_length !== undefined && n > input.max_length) throw new ClientInputError(where, `${n} characters, the field takes at most ${input.max_length}`);
  if (n > 4000) throw new ClientInputError(where, `${n} characters, a text input takes at most 4000`);
  if (n > 0 && input.min_length !== undefined && n < input.min_length) throw new ClientInputError(where, `${n} characters, the field needs at least ${input.min_length}`);
  if (n === 0 && input.required !== false) throw new ClientInputError(where, 'a required field left empty');
}
