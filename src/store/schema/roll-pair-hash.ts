// PostgreSQL's key for "a player's rolls in a channel" (rolls_user_channel_idx, ./postgres.ts): one
// 8-byte hash of the pair. store/rolls.ts queries with this same expression, or the index goes unused.
import { sql, type SQLWrapper } from 'drizzle-orm';

export const rollPairHash = (user: SQLWrapper, channel: SQLWrapper) => sql`hashtextextended(encode(${user} || ${channel}, 'hex'), 0)`;
