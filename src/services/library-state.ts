// A player's MTG library as /deck and /judge keep it (seed 004): the stored state, loading the
// caller's library in a transaction and saving a change with its event row.
import type { JudgeResult, Library } from '../core/mtg/index.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import { getLibrary, updateLibraryState } from '../store/libraries.js';
import type { LibraryRow } from '../store/schema/index.js';
import { UserError } from './errors.js';
import type { CommandContext } from './types.js';

export interface LibraryState {
  library: Library;
  /** The last judgement this turn, which a boost re-evaluates. */
  lastJudge: JudgeResult | null;
}

export async function requireLibrary(tx: Tx, ctx: CommandContext): Promise<LibraryRow> {
  const row = await getLibrary(tx, ctx.guildId!, ctx.user.id);
  if (!row) throw new UserError('deck.none');
  return row;
}

export async function saveState(tx: Tx, ctx: CommandContext, row: LibraryRow, type: string, state: LibraryState): Promise<void> {
  const at = ctx.now();
  await updateLibraryState(tx, row.id, state, at);
  await appendEvent(tx, { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: `library:${row.id}`, before: { state: row.state }, after: { state } });
}
