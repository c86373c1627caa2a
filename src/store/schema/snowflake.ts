// Discord ids (snowflakes) are 17–19 decimal digits as text; stored, they take 8 bytes instead, which
// halves them in every row and index (a roll carries six: three in its row, three in its event).
// - SQLite: an 8-byte big-endian BLOB in a column still declared TEXT (SQLite keeps a BLOB as it is, so
//   no table was rebuilt; migrations/sqlite/0008_snowflake_ids.sql converted older rows). Other ids (the
//   console's `console:alice`) stay text: the value's storage class tells the two apart.
// - PostgreSQL: a bytea column (migrations/postgres/0007_discord_id_bytes.sql). A snowflake is its 8
//   bytes (below 2⁶³, so the first byte is under 0x80); any other id is 0xFF then its UTF-8 bytes (UTF-8
//   never holds 0xFF), so the two can never be confused.
import { customType as pgType } from 'drizzle-orm/pg-core';
import { customType } from 'drizzle-orm/sqlite-core';

const MAX = 2n ** 63n; // what SQLite's CAST(… AS INTEGER) and PostgreSQL's bigint hold: the migrations' rule too
const TEXT_MARK = 0xff;
const MEMO_IDS = 1_000;

/**
 * The same few ids (a table's players, channel, server) are written on every roll: each is encoded
 * once. The buffers are only ever bound to statements, never written to. A thousand at most: each
 * 8-byte buffer keeps the 8 KB pool block it was cut from, and 10,000 ids of a day's users kept ~82 of
 * them and ~1.6 MB in all after a shard's day (heap snapshots, issue 32 §2); a table's ids are recent.
 */
function memo<T>(encode: (id: string) => T): (id: string) => T {
  const encoded = new Map<string, T>();
  return (id) => {
    const known = encoded.get(id);
    if (known !== undefined) return known;
    const value = encode(id);
    if (encoded.size >= MEMO_IDS) encoded.clear();
    encoded.set(id, value);
    return value;
  };
}

function snowflakeBytes(id: string): Buffer | null {
  if (!/^[1-9]\d{0,18}$/.test(id)) return null;
  const value = BigInt(id);
  if (value >= MAX) return null;
  const bytes = Buffer.allocUnsafe(8);
  bytes.writeBigUInt64BE(value);
  return bytes;
}

const readSnowflake = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readBigUInt64BE().toString();

/** SQLite: the 8-byte form of a snowflake, or the id unchanged when it is not one. */
export const encodeId = memo((id: string): Buffer | string => snowflakeBytes(id) ?? id);

export function decodeId(stored: Buffer | Uint8Array | string): string {
  return typeof stored === 'string' ? stored : readSnowflake(stored);
}

/** PostgreSQL: the 8-byte form of a snowflake, or 0xFF and the id's UTF-8 bytes. */
export const encodePgId = memo((id: string): Buffer => snowflakeBytes(id) ?? Buffer.concat([Buffer.of(TEXT_MARK), Buffer.from(id, 'utf8')]));

export function decodePgId(stored: Buffer): string {
  return stored[0] === TEXT_MARK ? stored.toString('utf8', 1) : readSnowflake(stored);
}

/** A Discord id column in SQLite: `string` to the code, compact in the file. */
export const discordId = customType<{ data: string; driverData: Buffer | string }>({
  dataType: () => 'text',
  toDriver: encodeId,
  fromDriver: decodeId,
});

/** A Discord id column in PostgreSQL: `string` to the code, 8 bytes (a snowflake) in the table. */
export const pgDiscordId = pgType<{ data: string; driverData: Buffer }>({
  dataType: () => 'bytea',
  // drizzle passes a NULL bound through a placeholder (a copied row's empty column) to the mapper too
  toDriver: (id) => (id === null || id === undefined ? id : encodePgId(id)) as Buffer,
  fromDriver: decodePgId,
});
