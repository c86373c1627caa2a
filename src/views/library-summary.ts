// One line on a player's MTG library (seed 004), under every /deck and /judge reply.
import { cardName } from '../core/mtg/index.js';
import type { LibraryState } from '../services/library-state.js';
import type { CommandContext } from '../services/types.js';

export function librarySummary(ctx: CommandContext, s: LibraryState): string {
  // Card names as printed in the reader's language where known (seed 004 writes 《森》), as /judge does.
  const known = s.library.cards.slice(0, s.library.knownTop).map((c) => cardName(c, ctx.locale));
  return ctx.t('deck.summary', {
    count: s.library.cards.length,
    exiled: s.library.exiled.length,
    known: known.length ? known.join(', ') : '-',
    boost: ctx.t(s.library.turn.boostUsed ? 'deck.boostUsed' : 'deck.boostReady'),
  });
}
