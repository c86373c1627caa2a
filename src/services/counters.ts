// Day-end reset of /counter counters (reset:day): called from the war's day end (src/services/war/turn.ts)
// inside its transaction, one event per counter so /war undo puts them back.
import { channelCounters, updateCounter } from '../store/counters.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import type { CommandContext } from './types.js';

/** Refills every `reset: 'day'` counter of the channel: to its max, or to 0 when it has none. */
export async function resetDailyCounters(tx: Tx, ctx: CommandContext): Promise<void> {
  for (const c of await channelCounters(tx, ctx.channelId)) {
    if (c.reset !== 'day') continue;
    const value = c.max ?? 0;
    if (value === c.value) continue;
    await updateCounter(tx, c.id, { value });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'counter.reset', subject: `counter:${c.id}`, before: { value: c.value }, after: { value } });
  }
}
