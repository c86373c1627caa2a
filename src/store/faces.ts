// Faces attached by players (issue 30 §3): the image's bytes, kept because Discord's attachment links
// expire, and where the bot hosts them now (a message of its own whose link it refreshes). They live
// in the keyed JSON table card_cache under `face:<character id>` (no migration; the Scryfall entries
// use other keys), so a character's runtime state and its events never carry megabytes.
import { eq, inArray } from 'drizzle-orm';
import type { ImageType } from '../core/speech/speaker.js';
import type { Tx } from './db.js';
import { first } from './rows.js';

/** Where the bot posted the bytes, and the signed link it last read there. */
export interface FaceHost {
  channelId: string;
  messageId: string;
  url: string;
}

export interface StoredFace {
  sha256: string;
  type: ImageType;
  /** The image, base64. */
  data: string;
  host?: FaceHost;
}

const key = (characterId: number): string => `face:${characterId}`;

export async function getFace(tx: Tx, characterId: number): Promise<StoredFace | undefined> {
  const { cardCache } = tx.t;
  const row = await first(tx.db.select().from(cardCache).where(eq(cardCache.key, key(characterId))));
  return row ? (row.data as StoredFace) : undefined;
}

export async function saveFace(tx: Tx, characterId: number, face: StoredFace, at: Date): Promise<void> {
  const { cardCache } = tx.t;
  await tx.db.insert(cardCache).values({ key: key(characterId), data: face, fetchedAt: at }).onConflictDoUpdate({ target: cardCache.key, set: { data: face, fetchedAt: at } });
}

/** Notes where the bytes are hosted now, unless the face changed meanwhile (another sha). */
export async function setFaceHost(tx: Tx, characterId: number, sha256: string, host: FaceHost, at: Date): Promise<void> {
  const face = await getFace(tx, characterId);
  if (face?.sha256 !== sha256) return;
  await saveFace(tx, characterId, { ...face, host }, at);
}

export async function deleteFaces(tx: Tx, characterIds: readonly number[]): Promise<number> {
  const { cardCache } = tx.t;
  if (characterIds.length === 0) return 0;
  const gone = await tx.db.delete(cardCache).where(inArray(cardCache.key, characterIds.map(key))).returning({ key: cardCache.key });
  return gone.length;
}
