// Ccfolia's clipboard character as a character, not a snapshot (issue 21 §2): its status bars
// (HP, MP, SAN… with max), params and initiative describe the character the palette belongs to, and
// its palette lines are of three kinds as Ccfolia reads them: `:HP-5` changes a status, a line
// BCDice would not read as a command (`【RP】よろしく`) is chat text, anything else is a roll.
import { KeyedError, type KeyedParams } from '../keyed-error.js';
import { PALETTE_LIMITS, PaletteError, parsePaletteText, type Palette } from './palette.js';

/** A status bar; `max` null when Ccfolia gave none. */
export interface CcfoliaStatus {
  label: string;
  value: number;
  max: number | null;
}

export interface CcfoliaParam {
  label: string;
  value: string;
}

/** What a character keeps of Ccfolia beside HP/MP (which live in the character's own HP/MP). */
export interface CcfoliaResources {
  status: CcfoliaStatus[];
  params: CcfoliaParam[];
  initiative: number | null;
}

export interface CcfoliaCharacter {
  name: string;
  hp: CcfoliaStatus | null;
  mp: CcfoliaStatus | null;
  resources: CcfoliaResources;
  palette: Palette;
}

export const CCFOLIA_LIMITS = { statuses: 20, params: 60, value: 999_999, amount: 9_999, labelLength: 32 } as const;

/** A status command the character cannot take; the words are `ccfolia.error.<code>` in the catalogs. */
export class CcfoliaError extends KeyedError {
  override readonly name = 'CcfoliaError';
  constructor(
    readonly code: 'badValue' | 'tooMany' | 'amount' | 'noStatus' | 'badLine',
    params: KeyedParams = {},
  ) {
    super(`ccfolia.error.${code}`, params);
  }
}

const fold = (s: string): string => s.normalize('NFKC').trim();
/** HP and MP are the character's own pools; Ccfolia sheets write them in either width and case. */
export const isHp = (label: string): boolean => /^(hp|体力)$/i.test(fold(label));
export const isMp = (label: string): boolean => /^(mp|精神力)$/i.test(fold(label));
const sameLabel = (a: string, b: string): boolean => fold(a).toLowerCase() === fold(b).toLowerCase();

function integerOf(raw: unknown, label: string): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(fold(raw)) : 0;
  if (!Number.isInteger(n) || Math.abs(n) > CCFOLIA_LIMITS.value) throw new CcfoliaError('badValue', { label, max: CCFOLIA_LIMITS.value });
  return n;
}

function labelOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  const label = raw.trim();
  if (label.length > CCFOLIA_LIMITS.labelLength || /[{}]/.test(label)) throw new PaletteError('badVariable', { line: label.slice(0, 30) });
  return label;
}

/**
 * Ccfolia's clipboard character (`{"kind":"character","data":{name, status, params, initiative,
 * commands}}`), as sheet sites export it. Throws PaletteError / CcfoliaError on what it cannot take.
 */
export function readCcfoliaCharacter(text: string): CcfoliaCharacter {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new PaletteError('notCcfolia');
  }
  const root = json as { kind?: unknown; data?: { name?: unknown; status?: unknown; params?: unknown; initiative?: unknown; commands?: unknown } };
  if (root?.kind !== 'character' || typeof root.data !== 'object' || root.data === null) throw new PaletteError('notCcfolia');
  const data = root.data;
  const statuses: CcfoliaStatus[] = [];
  for (const s of Array.isArray(data.status) ? data.status : []) {
    const { label: rawLabel, value, max } = (s ?? {}) as { label?: unknown; value?: unknown; max?: unknown };
    const label = labelOf(rawLabel);
    if (!label || statuses.some((x) => sameLabel(x.label, label))) continue;
    statuses.push({ label, value: integerOf(value, label), max: max === undefined || max === null || max === '' ? null : integerOf(max, label) });
    if (statuses.length > CCFOLIA_LIMITS.statuses) throw new CcfoliaError('tooMany', { max: CCFOLIA_LIMITS.statuses });
  }
  const params: CcfoliaParam[] = [];
  for (const p of Array.isArray(data.params) ? data.params : []) {
    const { label: rawLabel, value } = (p ?? {}) as { label?: unknown; value?: unknown };
    const label = labelOf(rawLabel);
    if (!label || params.some((x) => sameLabel(x.label, label))) continue;
    params.push({ label, value: String(value ?? '').trim().slice(0, PALETTE_LIMITS.valueLength) });
    if (params.length > CCFOLIA_LIMITS.params) throw new CcfoliaError('tooMany', { max: CCFOLIA_LIMITS.params });
  }
  const initiative = data.initiative === undefined || data.initiative === null || data.initiative === '' ? null : integerOf(data.initiative, 'initiative');
  const commands = typeof data.commands === 'string' ? data.commands : '';
  const palette = commands.trim() ? parsePaletteText(commands) : { lines: [], variables: {} };
  if (palette.lines.length === 0) throw new PaletteError('empty');
  const name = typeof data.name === 'string' && data.name.trim() ? data.name.trim().slice(0, PALETTE_LIMITS.nameLength) : 'Ccfolia';
  return {
    name,
    hp: statuses.find((s) => isHp(s.label)) ?? null,
    mp: statuses.find((s) => isMp(s.label)) ?? null,
    resources: { status: statuses.filter((s) => !isHp(s.label) && !isMp(s.label)), params, initiative },
    palette,
  };
}

/** `{SAN}`, `{SAN最大}`, `{STR}`, `{イニシアティブ}`: the character's Ccfolia values as they are now. */
export function ccfoliaVariables(r: CcfoliaResources): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const s of r.status) {
    vars[s.label] = String(s.value);
    if (s.max !== null) vars[`${s.label}最大`] = String(s.max);
  }
  for (const p of r.params) vars[p.label] = p.value;
  if (r.initiative !== null) {
    vars['イニシアティブ'] = String(r.initiative);
    vars['initiative'] = String(r.initiative);
  }
  return vars;
}

export type StatusOp = '+' | '-' | '=';

export type PaletteLine =
  /** `amount` a number, or a dice expression (`:HP-1d6`) the caller rolls */
  | { kind: 'status'; label: string; op: StatusOp; amount: number | string; comment: string }
  | { kind: 'text'; text: string }
  | { kind: 'roll'; input: string };

// `:HP-5`, `：ＨＰ＋２`, `:SAN=50 発狂`, `:HP-1d6`; Ccfolia's own status command (a colon, a label,
// + - or =, a number or dice, then an optional comment).
const STATUS_LINE = /^:\s*([^\s+\-=:]+?)\s*([+\-=])\s*(\S+)(?:\s+(.*))?$/s;
const DICE_AMOUNT = /^[0-9dD+\-*/()]{1,30}$/;
// What may begin a dice command, as typed in either width: a digit, a letter, a bracket, a sign, the
// secret `S`. Chat text in Ccfolia begins otherwise (【RP】, 「…」, Japanese or Korean words).
const COMMAND_START = /^[0-9A-Za-z(\[+\-]/;

/** What a palette line does once its `{variables}` are filled. */
export function classifyLine(line: string): PaletteLine {
  const folded = line.trim().normalize('NFKC');
  const status = STATUS_LINE.exec(folded);
  if (status) {
    const raw = status[3]!;
    const comment = (status[4] ?? '').trim();
    if (/^\d+$/.test(raw)) return { kind: 'status', label: status[1]!, op: status[2] as StatusOp, amount: statusAmount(Number(raw)), comment };
    if (DICE_AMOUNT.test(raw) && /d/i.test(raw)) return { kind: 'status', label: status[1]!, op: status[2] as StatusOp, amount: raw, comment };
  }
  // A colon line that is no status command is a mistake to show, not chat to post.
  if (folded.startsWith(':')) throw new CcfoliaError('badLine', { line: folded.slice(0, 40) });
  if (!COMMAND_START.test(folded)) return { kind: 'text', text: line.trim() };
  return { kind: 'roll', input: line.trim() };
}

/** A status command's amount (typed or rolled): a whole number up to the limit. */
export function statusAmount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0 || n > CCFOLIA_LIMITS.amount) throw new CcfoliaError('amount', { max: CCFOLIA_LIMITS.amount });
  return n;
}

export interface StatusChange {
  before: number;
  after: number;
  /** what the arithmetic asked for, before the bar's bounds (0…max) */
  wanted: number;
  clamped: boolean;
}

/**
 * One status command on a bar: `-` and `+` move it, `=` sets it; the result stays within 0…max (no
 * upper bound without a max). A surplus above max is not cut by `+` or `-`, as /hp keeps it.
 */
export function changeStatus(value: number, max: number | null, op: StatusOp, amount: number): StatusChange {
  const wanted = op === '=' ? amount : op === '+' ? value + amount : value - amount;
  // A value already above max (an effect's surplus) stays the ceiling for + and -; `=` sets within max.
  const ceiling = max === null ? Number.POSITIVE_INFINITY : op === '=' ? max : Math.max(max, value);
  const after = Math.max(0, Math.min(ceiling, wanted));
  return { before: value, after, wanted, clamped: after !== wanted };
}

/** The status of that label, or null; HP and MP are looked up by the caller (the character's pools). */
export function findStatus(r: CcfoliaResources, label: string): CcfoliaStatus | null {
  return r.status.find((s) => sameLabel(s.label, label)) ?? null;
}

/** The resources with one status set to a new value. */
export function withStatus(r: CcfoliaResources, label: string, value: number): CcfoliaResources {
  const found = findStatus(r, label);
  if (!found) throw new CcfoliaError('noStatus', { label });
  return { ...r, status: r.status.map((s) => (s === found ? { ...s, value } : s)) };
}
