// Discord's rejections of application command bodies (PUT/POST …/commands), so a command that grows
// past a limit fails in tests as it would on deploy: names, descriptions, option and choice counts,
// required options first, and the whole command's size (≤ 8000 characters of names, descriptions
// and choice values, counting each field's longest localization).

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
export const COMMAND_SIZE_LIMIT = 8000;

type Localized = { [key: string]: unknown };

function longest(base: unknown, localizations: unknown): number {
  const values = [base, ...Object.values((localizations as Localized | null | undefined) ?? {})];
  return Math.max(...values.map((v) => (typeof v === 'string' ? [...v].length : 0)));
}

/** The size Discord counts for one command (the longest localization of each field). */
export function commandSize(body: any): number {
  const option = (o: any): number =>
    longest(o?.name, o?.name_localizations) +
    longest(o?.description, o?.description_localizations) +
    (o?.choices ?? []).reduce((n: number, c: any) => n + longest(c?.name, c?.name_localizations) + String(c?.value ?? '').length, 0) +
    (o?.options ?? []).reduce((n: number, sub: any) => n + option(sub), 0);
  return option(body);
}

/** Every problem with one command body, as `path: message` (none when Discord would accept it). */
export function commandProblems(body: any): string[] {
  const problems: string[] = [];
  const named = (where: string, o: any, level: number) => {
    for (const name of [o?.name, ...Object.values(o?.name_localizations ?? {})]) {
      if (typeof name !== 'string' || !NAME.test(name) || name !== name.toLowerCase()) problems.push(`${where}.name: invalid name ${JSON.stringify(name)}`);
    }
    for (const d of [o?.description, ...Object.values(o?.description_localizations ?? {})]) {
      if (typeof d !== 'string' || d.length < 1 || [...d].length > 100) problems.push(`${where}.description: must be 1–100 characters`);
    }
    const options: any[] = o?.options ?? [];
    if (options.length > 25) problems.push(`${where}.options: at most 25`);
    if (level > 2 && options.length) problems.push(`${where}.options: nested too deep`);
    const firstOptional = options.findIndex((x) => !x?.required);
    if (firstOptional >= 0 && options.slice(firstOptional).some((x) => x?.required)) problems.push(`${where}.options: required options must come first`);
    options.forEach((x, i) => named(`${where}.options[${i}]`, x, level + 1));
    const choices: any[] = o?.choices ?? [];
    if (choices.length > 25) problems.push(`${where}.choices: at most 25`);
    choices.forEach((c, i) => {
      for (const n of [c?.name, ...Object.values(c?.name_localizations ?? {})]) {
        if (typeof n !== 'string' || n.length < 1 || [...n].length > 100) problems.push(`${where}.choices[${i}].name: must be 1–100 characters`);
      }
      if (typeof c?.value === 'string' && c.value.length > 100) problems.push(`${where}.choices[${i}].value: at most 100 characters`);
    });
  };
  named(String(body?.name ?? '?'), body, 0);
  const size = commandSize(body);
  if (size > COMMAND_SIZE_LIMIT) problems.push(`${body?.name}: command size ${size} exceeds ${COMMAND_SIZE_LIMIT}`);
  return problems;
}
