// Discord's 50035 "Invalid Form Body" error tree: problems are nested by path, each leaf holding
// `_errors: [{ code, message }]`, e.g. { data: { components: { 0: { custom_id: { _errors: [...] } } } } }.
// discord.js flattens it to "data.components[0].custom_id[BASE_TYPE_BAD_LENGTH]: …".

export class FormErrors {
  readonly tree: Record<string, any> = {};

  /** Adds one problem at a dotted path ('' for the body itself). */
  add(path: string, code: string, message: string): void {
    let node = this.tree;
    for (const key of path.split('.').filter(Boolean)) node = node[key] ??= {};
    (node['_errors'] ??= []).push({ code, message });
  }

  get empty(): boolean {
    return Object.keys(this.tree).length === 0;
  }
}

/** Characters as Discord counts them (code points, not UTF-16 units). */
export const chars = (v: unknown): number => (typeof v === 'string' ? [...v].length : 0);

/** Checks `min ≤ length ≤ max` with Discord's own codes and messages; a missing value counts as length 0. */
export function checkLength(errors: FormErrors, path: string, value: unknown, min: number, max: number): void {
  const n = chars(value);
  if (min > 0 && (typeof value !== 'string' || n < min || n > max)) {
    if (value === undefined || value === null) errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    else errors.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
  } else if (n > max) {
    errors.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  }
}

export const join = (prefix: string, key: string | number): string => (prefix ? `${prefix}.${key}` : String(key));

/** The tree as discord.js prints it: `data.components[0].custom_id[CODE]: message`. */
export function flattenErrors(tree: unknown, path = ''): string[] {
  if (!tree || typeof tree !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (key === '_errors' && Array.isArray(value)) {
      for (const e of value) out.push(`${path}[${e?.code}]: ${e?.message}`);
      continue;
    }
    out.push(...flattenErrors(value, path ? (/^\d+$/.test(key) ? `${path}[${key}]` : `${path}.${key}`) : key));
  }
  return out;
}
