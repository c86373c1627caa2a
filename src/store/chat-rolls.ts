// Whether a channel answers rolls typed in chat (issue 30 §2): the GM's last `table.chatRolls` event
// for the channel. The event is the setting (no column to migrate): every change is an event anyway,
// it is read through the channel's change index, and retention keeps it (store/retention.ts).
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from './db.js';
import { appendEvent, changesOnly } from './events.js';
import { first } from './rows.js';

export const CHAT_ROLLS_EVENT = 'table.chatRolls';

export async function chatRollsOn(tx: Tx, channelId: string): Promise<boolean> {
  const { events } = tx.t;
  const row = await first(
    tx.db
      .select({ after: events.after })
      .from(events)
      .where(and(eq(events.channelId, channelId), changesOnly(tx), eq(events.type, CHAT_ROLLS_EVENT)))
      .orderBy(desc(events.id))
      .limit(1),
  );
  return (row?.after as { on?: unknown } | null | undefined)?.on === true;
}

export async function setChatRolls(tx: Tx, change: { guildId: string; channelId: string; actorId: string; on: boolean; at: Date }): Promise<boolean> {
  const before = await chatRollsOn(tx, change.channelId);
  await appendEvent(tx, {
    at: change.at,
    guildId: change.guildId,
    channelId: change.channelId,
    actorId: change.actorId,
    type: CHAT_ROLLS_EVENT,
    subject: `channel:${change.channelId}`,
    before: { on: before },
    after: { on: change.on },
  });
  return before;
}
