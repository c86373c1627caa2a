// BCDice's original tables (オリジナル表): text a group writes. The first line gives the dice and the
// name (`2D6 シーン表`, or `2D6:シーン表`; BCDice's own two-line form, the name and then the dice on
// their own lines, is read too), then one entry per line: `n:text` or `n-m:text`. Full-width digits,
// letters, colons and dashes are read as their half-width forms; the entries' words are kept exactly
// as written. Every refusal names its line. Pure: /table stores what this returns, /roll rolls it.
import { parseDice, type DiceReading } from '../dice/index.js';
import { KeyedError, type KeyedParams } from '../keyed-error.js';
import { foldKanaAndWidth } from '../text/fold.js';

/** The bounds of one table and of a server's tables (README: "Original tables"). */
export const TABLE_LIMITS = {
  /** characters of a name */
  nameLength: 32,
  /** characters of one entry, as written */
  entryLength: 500,
  /** entry lines of one table */
  entries: 200,
  /** characters of the whole text, header and blank lines included */
  textLength: 20_000,
  /** tables of one server, its channels' own included */
  perServer: 100,
  /** N of NDM */
  maxDice: 10,
  /** M of NDM */
  maxSides: 1000,
  /** N×M: the largest total, so the check that every total has an entry stays small */
  maxTotal: 1000,
} as const;

export interface TableEntry {
  from: number;
  to: number;
  /** as written (BCDice's `\n` still two characters: a line break when rolled) */
  text: string;
}

export interface OriginalTable {
  name: string;
  /** the name folded for case, width and kana: what a typed roll is matched by */
  key: string;
  /** `2D6`, `1D100`, `D66` */
  dice: string;
  /** in the order of their values */
  entries: TableEntry[];
}

export type TableErrorCode =
  | 'empty'
  | 'header'
  | 'diceLimits'
  | 'nameSpaces'
  | 'nameLength'
  | 'nameDice'
  | 'line'
  | 'reversed'
  | 'outOfRange'
  | 'overlap'
  | 'entryEmpty'
  | 'entryLength'
  | 'tooManyEntries'
  | 'tooLong'
  | 'noEntries'
  | 'missing';

/** A table that cannot be read: `otable.error.<code>` in the catalogs, with the line it is on. */
export class TableError extends KeyedError {
  override readonly name = 'TableError';
  constructor(
    readonly code: TableErrorCode,
    readonly line: number | null,
    params: KeyedParams = {},
  ) {
    super(`otable.error.${code}`, line === null ? params : { ...params, line });
  }
}

export interface TableDice {
  count: number;
  sides: number;
  /** BCDice's D66: a tens d6 and a ones d6 (11…66) */
  d66: boolean;
}

const DICE_TOKEN = /^(\d*)D(\d+)$/;
const ENTRY_HEAD = /^(\d+)\s*(?:[-~〜ー–—−]\s*(\d+))?$/;
const COLON = /[:：]/;
const SHOWN = 30;
const MISSING_SHOWN = 20;

/** The table's key: the name folded for case, width and kana (`ｼｰﾝ表`, `しーん表` and `シーン表` are one). */
export const tableKey = (name: string): string => foldKanaAndWidth(name.trim());

/** `2D6` → 2 six-sided dice; `D66` → BCDice's D66; null when the token is no dice. */
export function readTableDice(token: string): TableDice | null {
  const m = DICE_TOKEN.exec(token.normalize('NFKC').trim().toUpperCase());
  if (!m) return null;
  if (m[1] === '' && m[2] === '66') return { count: 1, sides: 66, d66: true };
  const count = m[1] === '' ? 1 : Number(m[1]);
  return { count, sides: Number(m[2]), d66: false };
}

/** Every total the dice can show, ascending. */
function tableValues(dice: TableDice): number[] {
  if (dice.d66) return [1, 2, 3, 4, 5, 6].flatMap((tens) => [1, 2, 3, 4, 5, 6].map((ones) => tens * 10 + ones));
  const out: number[] = [];
  for (let v = dice.count; v <= dice.count * dice.sides; v++) out.push(v);
  return out;
}

const diceText = (dice: TableDice): string => (dice.d66 ? 'D66' : `${dice.count}D${dice.sides}`);
const clip = (text: string): string => (Array.from(text).length > SHOWN ? `${Array.from(text).slice(0, SHOWN).join('')}…` : text);
const length = (text: string): number => Array.from(text).length;

/** Whether the engine would read the name as dice itself (`2D6`, `S2D6`, `1d100<=50`): /roll could never reach the table. */
function isDiceExpression(name: string): boolean {
  const readings: DiceReading[] = ['seed', 'bcdice', 'system'];
  const forms = /^[sSｓＳ]./.test(name) ? [name, name.slice(1)] : [name];
  return forms.some((form) =>
    readings.some((reading) => {
      try {
        parseDice(form, reading);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

function readName(raw: string, line: number): { name: string; key: string } {
  const name = raw.trim();
  if (!name) throw new TableError('header', line, { text: clip(raw) });
  if (/\s/.test(name)) throw new TableError('nameSpaces', line, { name: clip(name) });
  if (length(name) > TABLE_LIMITS.nameLength) throw new TableError('nameLength', line, { max: TABLE_LIMITS.nameLength, name: clip(name) });
  if (isDiceExpression(name)) throw new TableError('nameDice', line, { name });
  return { name, key: tableKey(name) };
}

function checkDice(dice: TableDice, line: number): void {
  const { maxDice, maxSides, maxTotal } = TABLE_LIMITS;
  if (dice.d66) return;
  if (dice.count < 1 || dice.count > maxDice || dice.sides < 1 || dice.sides > maxSides || dice.count * dice.sides > maxTotal) {
    throw new TableError('diceLimits', line, { dice: diceText(dice), maxDice, maxSides, maxTotal });
  }
}

/**
 * The header: `2D6 シーン表` / `2D6:シーン表` on the first written line, or the name there and the
 * dice alone on the next (BCDice's two-line form). Returns the line the entries start after.
 */
function readHeader(lines: readonly string[], first: number): { name: string; key: string; dice: TableDice; last: number } {
  const raw = lines[first]!;
  const line = first + 1;
  const m = /^\s*(\S+?)(?:\s*[:：]\s*|\s+)(.*)$/.exec(raw);
  const dice = m ? readTableDice(m[1]!) : null;
  if (m && dice) {
    checkDice(dice, line);
    return { ...readName(m[2]!, line), dice, last: first };
  }
  let next = first + 1;
  while (next < lines.length && !lines[next]!.trim()) next++;
  const alone = next < lines.length ? readTableDice(lines[next]!) : null;
  if (alone && !COLON.test(raw)) {
    checkDice(alone, next + 1);
    return { ...readName(raw, line), dice: alone, last: next };
  }
  throw new TableError('header', line, { text: clip(raw.trim()) });
}

/** `7, 9–11` for the values in `missing` (runs of neighbouring totals joined), at most MISSING_SHOWN items. */
function describeValues(missing: readonly number[], all: readonly number[]): string {
  const index = new Map(all.map((v, i) => [v, i]));
  const runs: string[] = [];
  for (let i = 0; i < missing.length; ) {
    let j = i;
    while (j + 1 < missing.length && index.get(missing[j + 1]!) === index.get(missing[j]!)! + 1) j++;
    runs.push(i === j ? String(missing[i]) : `${missing[i]}–${missing[j]}`);
    i = j + 1;
  }
  return runs.length > MISSING_SHOWN ? `${runs.slice(0, MISSING_SHOWN).join(', ')}, …` : runs.join(', ');
}

/** Reads a table's text; throws TableError naming the line and the reason. */
export function parseOriginalTable(text: string): OriginalTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let total = 0;
  for (let i = 0; i < lines.length; i++) {
    total += length(lines[i]!) + (i > 0 ? 1 : 0);
    if (total > TABLE_LIMITS.textLength) throw new TableError('tooLong', i + 1, { max: TABLE_LIMITS.textLength });
  }
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) throw new TableError('empty', null);
  const header = readHeader(lines, first);
  const values = tableValues(header.dice);
  const valid = new Set(values);
  const min = values[0]!;
  const max = values[values.length - 1]!;
  const dice = diceText(header.dice);

  const entries: (TableEntry & { line: number })[] = [];
  for (let i = header.last + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) continue;
    const line = i + 1;
    const colon = raw.search(COLON);
    const head = colon < 0 ? null : ENTRY_HEAD.exec(raw.slice(0, colon).normalize('NFKC').trim());
    if (!head) throw new TableError('line', line, { text: clip(raw.trim()) });
    const from = Number(head[1]);
    const to = head[2] === undefined ? from : Number(head[2]);
    if (from > to) throw new TableError('reversed', line, { from: head[1]!, to: head[2]! });
    for (const [value, typed] of [[from, head[1]!], [to, head[2] ?? head[1]!]] as const) {
      if (!valid.has(value)) throw new TableError('outOfRange', line, { value: clip(typed), dice, min, max });
    }
    const entry = raw.slice(colon + 1).trim();
    if (!entry) throw new TableError('entryEmpty', line, { values: from === to ? String(from) : `${from}–${to}` });
    if (length(entry) > TABLE_LIMITS.entryLength) throw new TableError('entryLength', line, { max: TABLE_LIMITS.entryLength });
    const other = entries.find((e) => e.from <= to && e.to >= from);
    if (other) {
      const a = Math.max(from, other.from);
      const b = Math.min(to, other.to);
      throw new TableError('overlap', line, { other: other.line, values: a === b ? String(a) : `${a}–${b}` });
    }
    entries.push({ from, to, text: entry, line });
    if (entries.length > TABLE_LIMITS.entries) throw new TableError('tooManyEntries', line, { max: TABLE_LIMITS.entries });
  }
  if (entries.length === 0) throw new TableError('noEntries', null, { dice });
  const missing = values.filter((v) => !entries.some((e) => e.from <= v && v <= e.to));
  if (missing.length) throw new TableError('missing', null, { values: describeValues(missing, values), count: missing.length });
  return {
    name: header.name,
    key: header.key,
    dice,
    entries: entries.sort((a, b) => a.from - b.from).map(({ from, to, text }) => ({ from, to, text })),
  };
}

/** The table as text again, in the form it is read from (`/table show`, and an edit's starting point). */
export function originalTableText(table: Pick<OriginalTable, 'name' | 'dice' | 'entries'>): string {
  const lines = table.entries.map((e) => `${e.from === e.to ? e.from : `${e.from}-${e.to}`}:${e.text}`);
  return [`${table.dice} ${table.name}`, ...lines].join('\n');
}
