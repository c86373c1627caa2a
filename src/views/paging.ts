// Discord refuses a message whose embeds hold more than 6,000 characters in all, or an embed with more
// than 25 fields (400, 50035). A long view (a /help page, a long list) is cut into pages that each fit,
// counted the way the Discord renderer will send them (each field clipped to its limits), and the
// command offers buttons to turn them.
import { isLine, unaddressed } from './line.js';
import type { Field, View } from './view.js';

export const EMBED_TOTAL_MAX = 6000;
export const FIELDS_MAX = 25;
const FIELD_NAME_MAX = 256;
const FIELD_VALUE_MAX = 1024;
/** Room kept for the page marker in the footer ("2/3") and what a reader's wording may add. */
const RESERVE = 200;

/** Characters as Discord counts them (code points). */
const size = (s: string | undefined): number => (s ? [...s].length : 0);

const fieldSize = (f: Field, view: View): number =>
  Math.min(size(f.name), FIELD_NAME_MAX) + Math.min(size(isLine(f.value) ? unaddressed(f.value, view.locale) : f.value), FIELD_VALUE_MAX);

/** The embed's characters of the view as it stands (title, text blocks, fields, footer). */
export function embedSize(view: View): number {
  const blocks = view.blocks.map((b) => (b.kind === 'text' ? b.text : b.kind === 'line' ? unaddressed(b, view.locale) : '')).join('\n\n');
  return size(view.title) + size(blocks) + (view.fields ?? []).reduce((n, f) => n + fieldSize(f, view), 0) + size(view.footer);
}

/**
 * The view cut into pages of at most 25 fields and 6,000 characters: the first page keeps the text
 * blocks, every page the title; fields stay in order and whole. A view that fits is one page.
 */
export function paginate(view: View): View[] {
  const fields = view.fields ?? [];
  // a view that fits is sent as it is (no page marker is added to it)
  if (fields.length <= FIELDS_MAX && embedSize(view) <= EMBED_TOTAL_MAX) return [view];
  const head = embedSize({ ...view, fields: [] }) + RESERVE;
  const pages: View[] = [];
  let current: Field[] = [];
  let used = head;
  const close = () => {
    pages.push(pages.length === 0 ? { ...view, fields: current } : { ...view, blocks: [], fields: current });
    current = [];
    used = size(view.title) + size(view.footer) + RESERVE;
  };
  for (const f of fields) {
    const n = fieldSize(f, view);
    if (current.length > 0 && (current.length === FIELDS_MAX || used + n > EMBED_TOTAL_MAX)) close();
    current.push(f);
    used += n;
  }
  if (current.length > 0 || pages.length === 0) close();
  return pages;
}
