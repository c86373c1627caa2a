// A channel's messages read back for /log export (issue 30 §4): GET /channels/{id}/messages, paged
// forward with `after` from the session's first point, 100 a page, stopping at the second point or
// once more than the bound are there (the command refuses then rather than cut the session short).
// Without Read Message History Discord returns no messages, without View Channel 50001: both unreadable.
// Discord answers each page newest first; the reader sorts by id, which is time.
import { DiscordAPIError, RESTJSONErrorCodes, Routes, type APIMessage, type Client } from 'discord.js';
import type { ChannelHistory, HistoryMessage, HistoryResult } from '../services/types.js';
import { snowflakeTime } from '../core/log/range.js';

const PAGE = 100;
/** What people say, and replies to them: not joins, pins, boosts or thread notices. */
const SPOKEN = new Set([0, 19, 20, 23]);

/** `readable`: the bot's Read Message History here (the interaction's app permissions; null when unknown). */
export function channelHistory(client: Client, readable: boolean | null = null): ChannelHistory {
  return {
    async read({ channelId, after, before, max }): Promise<HistoryResult> {
      // Without it Discord answers every page empty, which would read as a silent session.
      if (readable === false) return { unreadable: true };
      const out: HistoryMessage[] = [];
      const end = before === null ? null : BigInt(before);
      let cursor = after;
      for (;;) {
        let page: APIMessage[];
        try {
          page = (await client.rest.get(Routes.channelMessages(channelId), { query: new URLSearchParams({ after: cursor, limit: String(PAGE) }) })) as APIMessage[];
        } catch (error) {
          // No View Channel / Read Message History here: the export goes on without the players' lines.
          if (error instanceof DiscordAPIError && (error.code === RESTJSONErrorCodes.MissingAccess || error.code === RESTJSONErrorCodes.MissingPermissions)) return { unreadable: true };
          throw error;
        }
        const sorted = page.slice().sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        for (const m of sorted) {
          if (end !== null && BigInt(m.id) >= end) return { messages: out };
          if (!SPOKEN.has(m.type)) continue;
          out.push(toHistory(m, client.user?.id ?? null));
          if (out.length > max) return { over: true };
        }
        if (page.length < PAGE) return { messages: out };
        cursor = sorted.at(-1)!.id;
      }
    },
  };
}

function toHistory(m: APIMessage, selfId: string | null): HistoryMessage {
  return {
    id: m.id,
    at: snowflakeTime(m.id),
    authorId: m.author.id,
    authorName: m.author.global_name ?? m.author.username,
    own: m.author.id === selfId,
    bot: m.author.bot === true,
    webhook: m.webhook_id !== undefined,
    content: m.content,
    attachments: m.attachments.map((a) => a.filename),
  };
}
