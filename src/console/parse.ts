// A typed console line → the same options Discord would deliver, checked against the command's
// definition (types, required, max length, ranges), so the console refuses what Discord refuses.
import {
  ApplicationCommandOptionType as T,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../services/errors.js';
import { optionsFrom } from '../services/options-from.js';
import { storeInteger } from '../services/integers.js';
import type { AttachmentOption, CommandOptions, Invoker } from '../services/types.js';

export type UserResolver = (name: string) => Invoker;

interface Parsed {
  subcommand: string | null;
  values: Map<string, string | number | boolean | Invoker | AttachmentOption>;
}

/** In the console an attachment option is a path to a local file. */
function localAttachment(filePath: string): AttachmentOption {
  const resolved = path.resolve(filePath);
  const stat = fs.statSync(resolved, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new UserError('error.fileUnreadable', { name: filePath });
  return {
    name: path.basename(resolved),
    size: stat.size,
    contentType: null,
    async read(maxBytes) {
      if (stat.size > maxBytes) throw new UserError('error.fileTooLarge', { max: Math.floor(maxBytes / 1024) });
      return fs.promises.readFile(resolved);
    },
  };
}

/** Splits on spaces, keeping "quoted text" together (quotes removed). */
export function tokenize(input: string): string[] {
  const tokens: string[] = [];
  const re = /(\S+?:)?"([^"]*)"|(\S+)/g;
  for (const m of input.matchAll(re)) tokens.push(m[2] !== undefined ? `${m[1] ?? ''}${m[2]}` : m[3]!);
  return tokens;
}

const matches = (option: { name: string; name_localizations?: Record<string, string | null> | null }, word: string) =>
  option.name === word.toLowerCase() || Object.values(option.name_localizations ?? {}).includes(word);

export function parseConsoleOptions(
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody,
  rest: string,
  resolveUser: UserResolver,
): CommandOptions {
  const tokens = tokenize(rest);
  let options: APIApplicationCommandOption[] = definition.options ?? [];
  let subcommand: string | null = null;

  const subcommands = options.filter((o) => o.type === T.Subcommand);
  if (subcommands.length > 0) {
    const word = tokens.shift();
    const chosen = word ? subcommands.find((o) => matches(o, word)) : undefined;
    if (!chosen) throw new UserError('error.badOptionValue', { option: 'subcommand', expected: subcommands.map((o) => o.name).join(' | ') });
    subcommand = chosen.name;
    options = chosen.options ?? [];
  }
  const basic = options as APIApplicationCommandBasicOption[];

  // Leading words fill the first required option; `name:value` sets an option and following
  // plain words continue it, as typing into Discord's option box feels.
  const raw = new Map<string, string>();
  let current: APIApplicationCommandBasicOption | undefined = basic.find((o) => o.required && o.type === T.String);
  for (const token of tokens) {
    const colon = token.indexOf(':');
    const named = colon > 0 ? basic.find((o) => matches(o, token.slice(0, colon))) : undefined;
    if (named) {
      current = named;
      raw.set(named.name, token.slice(colon + 1));
    } else if (current) {
      const before = raw.get(current.name);
      raw.set(current.name, before === undefined ? token : `${before} ${token}`);
    } else {
      throw new UserError('error.unknownOption', { option: token.split(':')[0]!, command: definition.name });
    }
  }

  const parsed: Parsed = { subcommand, values: new Map() };
  for (const option of basic) {
    const value = raw.get(option.name);
    if (value === undefined || value === '') {
      if (option.required) throw new UserError('error.missingOption', { option: option.name });
      continue;
    }
    parsed.values.set(option.name, convert(option, value, resolveUser));
  }
  return toOptions(parsed);
}

function convert(option: APIApplicationCommandBasicOption, value: string, resolveUser: UserResolver) {
  switch (option.type) {
    case T.String: {
      if (option.max_length !== undefined && value.length > option.max_length) {
        throw new UserError('error.tooLong', { option: option.name, max: option.max_length });
      }
      // A choice may be typed as Discord shows it, in any language (`행동:정보수집` → infoGathering).
      const choice = (option.choices ?? []).find((c) => c.name === value || Object.values(c.name_localizations ?? {}).includes(value));
      return choice ? String(choice.value) : value;
    }
    case T.Integer: {
      const n = Number(value);
      const inRange =
        Number.isSafeInteger(n) && (option.min_value === undefined || n >= option.min_value) && (option.max_value === undefined || n <= option.max_value);
      if (!inRange) throw new UserError('error.badOptionValue', { option: option.name, expected: 'integer' });
      return storeInteger(option.name, n)!;
    }
    case T.Boolean: {
      const v = value.toLowerCase();
      if (['true', 'yes', 'y', '1', 'on'].includes(v)) return true;
      if (['false', 'no', 'n', '0', 'off'].includes(v)) return false;
      throw new UserError('error.badOptionValue', { option: option.name, expected: 'true | false' });
    }
    case T.User:
      return resolveUser(value.replace(/^<@!?|>$/g, '').replace(/^@/, ''));
    case T.Attachment:
      return localAttachment(value);
    default:
      throw new UserError('error.badOptionValue', { option: option.name, expected: 'a supported value' });
  }
}

function toOptions({ subcommand, values }: Parsed): CommandOptions {
  return optionsFrom(subcommand, values);
}
