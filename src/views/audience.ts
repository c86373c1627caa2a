// Every message has an audience: the table (channel posts, public replies, boards, trackers), the
// actor (an ephemeral reply), or one person (a DM: a faction member, the GM). The adapters pass each
// view through here before it is sent, so a block or field marked private (view.ts `Readers`) never
// reaches an audience it was not meant for, whichever command built it; every line (./line.ts) is
// worded for this audience, its owned values shown only to their readers; and a view meant for the
// table must be written in the table's language.
import type { Locale } from '../i18n/index.js';
import { holdsOwned, isLine, renderLine } from './line.js';
import { admits, type Audience } from './owned.js';
import type { Block, Field, View } from './view.js';

export type { Audience } from './owned.js';

/** The view as this audience may read it: private blocks and fields of others dropped, lines worded for it. */
export function forAudience(view: View, audience: Audience): View {
  const blocks = view.blocks
    .filter((b: Block) => admits(b.readers, audience))
    .map((b): Block => (b.kind === 'line' ? { kind: 'text', text: renderLine(b, view.locale, audience) } : b));
  const fields = view.fields
    ?.filter((f: Field) => admits(f.readers, audience))
    .map((f): Field => (isLine(f.value) ? { ...f, value: renderLine(f.value, view.locale, audience) } : f));
  const dropPicture = view.picture !== undefined && !admits(view.pictureReaders, audience);
  const { picture: _picture, pictureReaders: _readers, ...rest } = view;
  return { ...(dropPicture ? rest : view), blocks, ...(fields ? { fields } : {}) };
}

/** Whether any line of the view holds an owned value (its reader's standing, e.g. GM, then matters). */
export function viewHoldsOwned(view: View): boolean {
  return view.blocks.some((b) => b.kind === 'line' && holdsOwned(b)) || (view.fields ?? []).some((f) => isLine(f.value) && holdsOwned(f.value));
}

/** A table view in another language than the table's: the builder forgot forTable(ctx). */
export interface AudienceViolation {
  where: 'reply' | 'post' | 'board';
  expected: Locale;
  got: Locale;
  title: string | undefined;
}

export function languageViolation(view: View, where: AudienceViolation['where'], table: Locale): AudienceViolation | null {
  return view.locale === table ? null : { where, expected: table, got: view.locale, title: view.title };
}
