// Discord ids (snowflakes) are 17–19 decimal digits as text; in SQLite they are stored as 8-byte
// big-endian BLOBs instead, which halves them in every row and index (a roll carries six: three in
// its row, three in its event). Other ids (the console's `console:alice`) stay text. The column's
// declared type stays TEXT: SQLite keeps a BLOB as it is in a TEXT column, so no table is rebuilt,
// and migrations/sqlite/0008_snowflake_ids.sql converts rows written before.
import { customType } from 'drizzle-orm/sqlite-core';

const MAX = 2n ** 63n; // what SQLite's CAST(… AS INTEGER) holds exactly: the migration's rule too

// The same few ids (a table's players, channel, server) are written on every roll: encoded once. The
// buffers are only ever bound to statements, never written to.
const encoded = new Map<string, Buffer | string>();
const MAX_ENCODED = 10_000;

/** The 8-byte form of a snowflake, or the id unchanged when it is not one. */
export function encodeId(id: string): Buffer | string {
  const known = encoded.get(id);
  if (known !== undefined) return known;
  const value = encodeOnce(id);
  if (encoded.size >= MAX_ENCODED) encoded.clear();
  encoded.set(id, value);
  return value;
}

function encodeOnce(id: string): Buffer | string {
  if (!/^[1-9]\d{0,18}$/.test(id)) return id;
  const value = BigInt(id);
  if (value >= MAX) return id;
  const bytes = Buffer.allocUnsafe(8);
  bytes.writeBigUInt64BE(value);
  return bytes;
}

export function decodeId(stored: Buffer | Uint8Array | string): string {
  if (typeof stored === 'string') return stored;
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).readBigUInt64BE().toString();
}

/** A Discord id column: `string` to the code, compact in the file. */
export const discordId = customType<{ data: string; driverData: Buffer | string }>({
  dataType: () => 'text',
  toDriver: encodeId,
  fromDriver: decodeId,
});
