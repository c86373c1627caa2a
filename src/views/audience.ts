// Every message has an audience: the table (channel posts, public replies, boards, trackers), the
// actor (an ephemeral reply), or one person (a DM: a faction member, the GM). The adapters pass each
// view through here before it is sent, so a block or field marked private (view.ts `Readers`) never
// reaches an audience it was not meant for, whichever command built it; and a view meant for the
// table must be written in the table's language.
import type { Locale } from '../i18n/index.js';
import type { Block, Field, Readers, View } from './view.js';

export type Audience =
  | { kind: 'table'; locale: Locale }
  | { kind: 'actor'; userId: string; isGm?: boolean }
  | { kind: 'person'; userId: string; isGm?: boolean };

function admits(readers: Readers | undefined, audience: Audience): boolean {
  if (!readers) return true;
  if (audience.kind === 'table') return false;
  return (readers.gm === true && audience.isGm === true) || (readers.users ?? []).includes(audience.userId);
}

/** The view as this audience may read it: private blocks and fields of others dropped. */
export function forAudience(view: View, audience: Audience): View {
  const blocks = view.blocks.filter((b: Block) => admits(b.readers, audience));
  const fields = view.fields?.filter((f: Field) => admits(f.readers, audience));
  const dropPicture = view.picture !== undefined && !admits(view.pictureReaders, audience);
  if (blocks.length === view.blocks.length && fields?.length === view.fields?.length && !dropPicture) return view;
  const { picture: _picture, pictureReaders: _readers, ...rest } = view;
  return { ...(dropPicture ? rest : view), blocks, ...(fields ? { fields } : {}) };
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
