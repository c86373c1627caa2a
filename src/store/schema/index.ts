// The tables as repositories see them, whichever database runs. Each dialect has its own drizzle
// table objects (./sqlite.ts, ./postgres.ts); repositories take them from the transaction (tx.t) and
// are typed against the PostgreSQL flavour, whose query API (awaited, arrays, .returning()) both
// drivers share. The checks below fail the build if the two files ever disagree on a row's shape.
import * as postgres from './postgres.js';
import * as sqlite from './sqlite.js';

export type Tables = typeof postgres;
export type TableName = keyof Tables;
export const tableNames = Object.keys(postgres) as TableName[];

export const sqliteTables = sqlite as unknown as Tables;
export const postgresTables: Tables = postgres;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RowsAgree = {
  [K in TableName]: K extends keyof typeof sqlite
    ? Same<(typeof sqlite)[K]['$inferSelect'], Tables[K]['$inferSelect']> extends true
      ? Same<(typeof sqlite)[K]['$inferInsert'], Tables[K]['$inferInsert']>
      : false
    : false;
};
const rowsAgree: RowsAgree[TableName] = true;
const sameTables: Same<keyof typeof sqlite, TableName> = true;
void rowsAgree;
void sameTables;

export type RollRow = Tables['rolls']['$inferSelect'];
export type NewRoll = Tables['rolls']['$inferInsert'];
export type LibraryRow = Tables['libraries']['$inferSelect'];
export type CombatRow = Tables['combats']['$inferSelect'];
export type SecretRow = Tables['secrets']['$inferSelect'];
export type DeclarationRow = Tables['declarations']['$inferSelect'];
export type WarRow = Tables['wars']['$inferSelect'];
export type FactionRow = Tables['factions']['$inferSelect'];
export type CharacterRow = Tables['characters']['$inferSelect'];
export type SealRequestRow = Tables['sealRequests']['$inferSelect'];
export type ChannelGmRow = Tables['channelGms']['$inferSelect'];
export type EventRow = Tables['events']['$inferSelect'];
