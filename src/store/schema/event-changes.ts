// The events that changed something, roll events left out: the condition of the partial indexes
// events_batch_idx and events_channel_changes_idx (./sqlite.ts, ./postgres.ts). A query repeats it to
// use them (store/events.ts changesOnly), so both sides are written from this one expression.
import { sql, type SQLWrapper } from 'drizzle-orm';

export const withoutRolls = (type: SQLWrapper) => sql`${type} <> 'roll.created'`;
