// A line that is worded when its reader is known: a catalog key and its parameters, some of which may
// be Owned (./owned.ts). The adapters render it once per audience (./audience.ts): the GM's DM copy
// and a faction member read the numbers their owner lets them; the table reads the owner's public word
// ("?", a condition word) or, when the line says so, a public wording of its own (`fallback`). A
// renderer that meets a line with no audience renders it for the table, so forgetting to address a
// view can only hide a number, never show it.
import { t, type Locale, type Params } from '../i18n/index.js';
import { isOwned, type Audience, type Maybe, type Printable } from './owned.js';

export type LineParam = Maybe<Printable> | Line;

export interface Line {
  kind: 'line';
  key: string;
  params: Record<string, LineParam>;
  /** Worded instead when a reader may not know one of the owned parameters ("hit", "no damage"). */
  fallback?: Line;
}

export function line(key: string, params: Record<string, LineParam> = {}, fallback?: Line): Line {
  return { kind: 'line', key, params, ...(fallback ? { fallback } : {}) };
}

const isLine = (value: unknown): value is Line => typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'line';

/** Whether this reader may read every owned value in the line (nested lines included). */
export function readable(l: Line, audience: Audience): boolean {
  return Object.values(l.params).every((p) => (isOwned(p) ? p.for(audience) !== undefined : isLine(p) ? readable(p, audience) : true));
}

/** Whether the line holds any owned value at all (a view with one needs to know whether its reader is the GM). */
export function holdsOwned(l: Line): boolean {
  return Object.values(l.params).some((p) => isOwned(p) || (isLine(p) && holdsOwned(p)));
}

export function renderLine(l: Line, locale: Locale, audience: Audience): string {
  if (l.fallback && !readable(l, audience)) return renderLine(l.fallback, locale, audience);
  const params: Params = {};
  for (const [name, p] of Object.entries(l.params)) {
    if (isLine(p)) params[name] = renderLine(p, locale, audience);
    else if (isOwned(p)) {
      const value = p.for(audience);
      params[name] = value !== undefined ? value : t(locale, p.word?.key ?? 'owned.unknown', p.word?.params ?? {});
    } else params[name] = p;
  }
  return t(locale, l.key, params);
}

export { isLine };

/**
 * A field value or line for a renderer that was handed no audience: worded for the table, so a view
 * that skipped ./audience.ts can only lose a number, never show it.
 */
export function unaddressed(value: string | Line, locale: Locale): string {
  return typeof value === 'string' ? value : renderLine(value, locale, { kind: 'table', locale });
}
