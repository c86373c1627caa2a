// Whose secret a Fate character's resources are (seed 001 L50: PvP information — a war faction's MP,
// luck uses, seals, wealth — is secret). Decided per character, never per channel: a master or servant
// of a faction in one of the server's active wars keeps its resources with that faction (its members)
// and the GM in every channel and thread of the server; any other character's are public. This is the
// one place that decides it: the tracker (text and picture), /hp, /mp, /sheet show, a palette's status
// lines, the costs a roll pays and the luck buttons all ask here.
import type { Tx } from '../store/db.js';
import { activeFactionsOf } from '../store/wars.js';
import type { FactionRow } from '../store/schema/index.js';
import { own, shownAs, type Maybe, type Printable } from '../views/owned.js';
import type { Readers } from '../views/view.js';

/** Each character's readers (its faction's members and the GM), or null when its resources are public. */
export type Secrecy = ReadonlyMap<number, Readers | null>;

/** The readers of each of these characters' resources; a character in no active war faction maps to null. */
export async function secrecy(tx: Tx, guildId: string | null, characterIds: readonly (number | null)[]): Promise<Secrecy> {
  const ids = [...new Set(characterIds.filter((id): id is number => id !== null))];
  return secrecyFrom(ids, await activeFactionsOf(tx, guildId, ids));
}

/** The same from these characters' factions in the server's active wars, read by the caller (store/characters.ts warStandings). */
export function secrecyFrom(ids: readonly number[], factions: readonly FactionRow[]): Secrecy {
  const out = new Map<number, Readers | null>(ids.map((id) => [id, null]));
  for (const f of factions) {
    for (const id of [f.masterId, f.servantId]) {
      if (id === null || !out.has(id)) continue;
      // A character in two wars' factions (one per channel) is read by the members of both.
      const before = out.get(id);
      const users = [...new Set([...(before?.users ?? []), ...(f.members as string[])])];
      out.set(id, { gm: true, ...(users.length ? { users } : {}) });
    }
  }
  return out;
}

/** One character's readers, or null when its resources are public. */
export async function readersOf(tx: Tx, guildId: string | null, characterId: number | null): Promise<Readers | null> {
  if (characterId === null) return null;
  return (await secrecy(tx, guildId, [characterId])).get(characterId) ?? null;
}

/** A resource of a character (MP, luck left, seals, wealth, support points), with its owner when it has one. */
export function resourceOf<T extends Printable>(owners: Secrecy, characterId: number | null, value: T): Maybe<T> {
  if (characterId === null) return value;
  // Asked about a character nobody looked up: a bug that must not default to "public".
  if (!owners.has(characterId)) throw new Error(`secrecy of character ${characterId} was not read`);
  return own(value, owners.get(characterId) ?? null);
}

/** The GM's alone: a hidden NPC's numbers (its dice, pool, defense, armor, HP). */
export const GM_ONLY: Readers = { gm: true };

/**
 * A character's HP: public, except that HP paid for an MP shortfall while its MP was its faction's
 * secret (seed 001 L872 with L50; CharacterRuntime.hpUnseen) is its faction's — the table reads HP
 * that much higher, as if that payment had not happened, since its size would tell the MP it had.
 */
export function hpFor(owners: Secrecy, characterId: number | null, hp: number, unseen: number | undefined): Maybe<number> {
  return shownHp(hp, unseen, characterId === null ? null : (owners.get(characterId) ?? null));
}

/** HP owned by `readers` while some of it is unseen, the table reading `hp + unseen`; plain HP otherwise. */
export function shownHp(hp: number, unseen: number | undefined, readers: Readers | null): Maybe<number> {
  if (!unseen || unseen <= 0 || !readers) return hp;
  return own(hp, readers, shownAs(hp + unseen));
}

/** The runtime's unseen HP after paying `fromHp` of an MP shortfall (L872): unseen while the MP is secret. */
export function unseenAfter(runtime: { hpUnseen?: number }, fromHp: number, readers: Readers | null): { hpUnseen?: number } {
  if (!readers || fromHp <= 0) return runtime.hpUnseen ? { hpUnseen: runtime.hpUnseen } : {};
  return { hpUnseen: (runtime.hpUnseen ?? 0) + fromHp };
}
