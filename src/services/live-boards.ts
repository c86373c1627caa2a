// A live board (a war's board, a fight's tracker) as an outbox row can name it: its kind, id and
// channel. The command that changed it delivers its own update right after its commit; a process that
// picks the row up later (the first one died) rebuilds the same update from the store here: the board
// is always drawn from the database as it is at send time, in the channel's language then.
import { translator, type Locale } from '../i18n/index.js';
import type { RandomSource } from '../core/random.js';
import type { Store } from '../store/db.js';
import { getCombat } from '../store/combats.js';
import { getWar, warFactions } from '../store/wars.js';
import type { BoardUpdate } from '../views/view.js';
import { trackerUpdate } from './combat/tracker.js';
import { tableContextOf } from './table.js';
import type { CommandContext } from './types.js';
import { boardUpdate } from './war/board.js';

/** What an outbox row keeps of a board update. */
export interface BoardRef {
  kind: 'war' | 'combat';
  id: number;
  channelId: string;
  guildId: string | null;
  repost: boolean;
  /** The language to fall back on when the channel has none of its own (the actor's, as the command had it). */
  locale: Locale;
}

export function boardRef(board: BoardUpdate, guildId: string | null, locale: Locale): BoardRef {
  return { kind: board.kind ?? 'war', id: board.warId, channelId: board.channelId, guildId, repost: board.repost === true, locale };
}

/** The update again, drawn from the store when it is sent (null: the war or fight is gone). */
export function boardFromRef(ref: BoardRef, deps: { store: Store; rng: RandomSource; now: () => Date }): BoardUpdate {
  // No person acts here: the board speaks to its channel's table.
  const ctx: CommandContext = {
    user: { id: 'outbox', name: '' },
    guildId: ref.guildId,
    channelId: ref.channelId,
    locale: ref.locale,
    t: translator(ref.locale),
    table: tableContextOf(ref.locale),
    canManageChannel: false,
    store: deps.store,
    rng: deps.rng,
    now: deps.now,
  };
  const stub = { locale: ref.locale, tone: 'info' as const, blocks: [], ephemeral: false };
  return {
    kind: ref.kind,
    warId: ref.id,
    channelId: ref.channelId,
    view: stub,
    ...(ref.repost ? { repost: true } : {}),
    render: async (tx) => {
      if (ref.kind === 'combat') {
        const row = await getCombat(tx, ref.id);
        return row ? await trackerUpdate(ctx, row, stub).render!(tx) : null;
      }
      const war = await getWar(tx, ref.id);
      return war ? await boardUpdate(ctx, war, await warFactions(tx, ref.id)).render!(tx) : null;
    },
  };
}
