// /sheet template and what /sheet import needs from it (issue 30 §5): the blank sheet in the reader's
// language with its notes, the set of note lines the importer passes over, and the refusal of a text
// that names no character.
import { LOCALES, t, type Locale } from '../i18n/index.js';
import { looseKey } from '../core/fate/sheet/normalize.js';
import { MAIN_STATUS_KEYS } from '../core/fate/sheet/labels.js';
import { TEMPLATE_NOTE_KEYS, noteLine, sheetTemplate } from '../core/fate/sheet/template.js';
import type { SheetKind } from '../core/fate/sheet/words.js';
import type { SheetParseResult } from '../core/fate/sheet/index.js';
import { SHEET_LIMITS } from '../core/fate/sheet/limits.js';
import { UserError } from './errors.js';
import { text, type Reply } from '../views/view.js';
import type { CommandContext } from './types.js';

export const SHEET_KINDS = ['servant', 'master', 'troop'] as const satisfies readonly SheetKind[];

export function templateText(kind: SheetKind, locale: Locale): string {
  return sheetTemplate(kind, locale, (key) => t(locale, `sheet.template.note.${key}`));
}

/** Every note line of every language's template: a sheet filled in from any of them imports alike. */
export const TEMPLATE_NOTES: ReadonlySet<string> = new Set(
  LOCALES.flatMap((locale) => TEMPLATE_NOTE_KEYS.map((key) => looseKey(noteLine(t(locale, `sheet.template.note.${key}`))))),
);

/** The embed's description holds 4,096 characters; the intro and the code fence take the rest. */
const INLINE_MAX = 3_600;

export function templateReply(ctx: CommandContext, kind: SheetKind): Reply {
  const sheet = templateText(kind, ctx.locale);
  const file = { name: `${kind}-${ctx.locale}.txt`, content: `${sheet}\n` };
  const inline = sheet.length <= INLINE_MAX;
  const blocks = inline
    ? [text(ctx.t('sheet.template.intro')), text('```\n' + sheet + '\n```')]
    : [text(ctx.t('sheet.template.intro')), text(ctx.t('sheet.template.inFile', { max: SHEET_LIMITS.maxTextLength }))];
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('sheet.template.title', { kind: ctx.t(`choice.sheetKind.${kind}`) }), blocks, ephemeral: true, files: [file] },
    dms: [],
  };
}

/**
 * A text read as a sheet but naming no character (no name) or giving no status a grade is refused,
 * saying what was missing and what was expected: a Korean-labelled sheet used to come in as 「名無し」
 * with every status "−" (issue 30 §5).
 */
export function refuseNonSheet(parsed: SheetParseResult): void {
  if (!parsed.written) return;
  const noName = !parsed.written.name;
  const noStatus = !parsed.written.statuses.some((k) => (MAIN_STATUS_KEYS as readonly string[]).includes(k));
  if (!noName && !noStatus) return;
  const unknown = parsed.unparsed.filter((u) => u.reason === 'sheet.unparsed.unknownField').map((u) => /【[^】]*】/.exec(u.text)?.[0] ?? u.text);
  throw new NotASheet([...(noName ? ['name'] : []), ...(noStatus ? ['statuses'] : [])], unknown.slice(0, 8));
}

/** Worded in the reader's language when shown (refusalText): the missing parts are catalog keys. */
export class NotASheet extends UserError {
  constructor(readonly missing: string[], readonly unknownFields: string[]) {
    super('sheet.import.notASheet', { missing: missing.join(', '), unknown: unknownFields.join(' ') });
  }
}

export function notASheetText(error: NotASheet, locale: Locale): string {
  const missing = error.missing.map((m) => t(locale, `sheet.import.missing.${m}`)).join(locale === 'ja' ? '・' : ', ');
  const lines = [t(locale, 'sheet.import.notASheet', { missing, expected: t(locale, 'sheet.import.expected') })];
  if (error.unknownFields.length) lines.push(t(locale, 'sheet.import.notASheetUnknown', { fields: error.unknownFields.join(' ') }));
  return lines.join('\n');
}
