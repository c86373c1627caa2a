// Chat palettes (Ccfolia's チャットパレット): one roll command per line, with {変数} filled from the
// character sheet and from the player's own variables. Lines starting with `//` set a variable
// (`//攻撃=8d6<=4`), as Ccfolia users write them; a palette exports and imports as that text.

import { KeyedError, type KeyedParams } from '../keyed-error.js';

export const PALETTE_LIMITS = { lines: 100, lineLength: 200, variables: 100, nameLength: 64, valueLength: 200, depth: 8 } as const;

export interface Palette {
  lines: string[];
  variables: Record<string, string>;
}

/** A palette the user wrote that cannot be read; the words are `palette.error.<code>` in the catalogs. */
export class PaletteError extends KeyedError {
  override readonly name = 'PaletteError';
  constructor(
    readonly code: 'tooManyLines' | 'lineTooLong' | 'tooManyVariables' | 'badVariable' | 'empty' | 'notCcfolia',
    params: KeyedParams = {},
  ) {
    super(`palette.error.${code}`, params);
  }
}

const VARIABLE_LINE = /^\/\/\s*([^=\s{}][^={}]*?)\s*=\s*(.*)$/;

/** Reads palette text: command lines, and `//name=value` variable lines. */
export function parsePaletteText(text: string): Palette {
  const lines: string[] = [];
  const variables: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const v = VARIABLE_LINE.exec(line);
    if (v) {
      setVariable(variables, v[1]!, v[2]!);
      continue;
    }
    if (line.startsWith('//')) continue; // a comment line
    if (line.length > PALETTE_LIMITS.lineLength) throw new PaletteError('lineTooLong', { max: PALETTE_LIMITS.lineLength, line: line.slice(0, 30) });
    lines.push(line);
    if (lines.length > PALETTE_LIMITS.lines) throw new PaletteError('tooManyLines', { max: PALETTE_LIMITS.lines });
  }
  if (lines.length === 0) throw new PaletteError('empty');
  return { lines, variables };
}

/** `name=value` lines (the form's variables box). */
export function parseVariableText(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/^\/\/\s*/, '');
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new PaletteError('badVariable', { line: line.slice(0, 30) });
    setVariable(variables, line.slice(0, eq), line.slice(eq + 1));
  }
  return variables;
}

function setVariable(variables: Record<string, string>, name: string, value: string): void {
  const key = name.trim();
  if (!key || key.length > PALETTE_LIMITS.nameLength || /[{}]/.test(key)) throw new PaletteError('badVariable', { line: key.slice(0, 30) });
  variables[key] = value.trim().slice(0, PALETTE_LIMITS.valueLength);
  if (Object.keys(variables).length > PALETTE_LIMITS.variables) throw new PaletteError('tooManyVariables', { max: PALETTE_LIMITS.variables });
}

/** The palette as text again: variables first (`//name=value`), then the lines. */
export function paletteText(palette: Palette): string {
  return [...Object.entries(palette.variables).map(([k, v]) => `//${k}=${v}`), ...palette.lines].join('\n');
}

/**
 * Fills `{name}` from `variables` (a variable may use others, up to a few levels deep); unknown
 * names stay as written, so the dice engine points at them.
 */
export function substitute(line: string, variables: Readonly<Record<string, string>>): string {
  let out = line;
  for (let depth = 0; depth < PALETTE_LIMITS.depth; depth++) {
    const next = out.replace(/\{([^{}]+)\}/g, (whole, name: string) => variables[name.trim()] ?? whole);
    if (next === out) break;
    out = next;
  }
  return out;
}
