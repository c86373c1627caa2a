// What the store forgets: old rolls and events nothing refers to any more (retention), and all of a
// server's data when its owner asks (/data delete), as Discord's developer policy expects.
import { and, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import { CHAT_ROLLS_EVENT } from './chat-rolls.js';
import { memoUndone, type Tx } from './db.js';
import { deleteFaces } from './faces.js';

export interface Pruned {
  rolls: number;
  events: number;
  secrets: number;
  sealRequests: number;
}

/** Channels with a running war or fight: their whole history stays, for undo and for the board. */
async function liveChannels(tx: Tx): Promise<string[]> {
  const { wars, combats } = tx.t;
  const w = await tx.db.select({ channelId: wars.channelId }).from(wars).where(eq(wars.status, 'active'));
  const c = await tx.db.select({ channelId: combats.channelId }).from(combats).where(eq(combats.status, 'active'));
  return [...new Set([...w, ...c].map((r) => r.channelId))];
}

/** Rolls something still points at: a seal request the GM has not decided, a secret not yet revealed. */
async function referencedRolls(tx: Tx): Promise<number[]> {
  const { sealRequests, secrets } = tx.t;
  const ids = new Set<number>();
  for (const r of await tx.db.select({ rollIds: sealRequests.rollIds }).from(sealRequests).where(eq(sealRequests.status, 'pending'))) {
    for (const id of r.rollIds as number[]) ids.add(id);
  }
  for (const s of await tx.db.select({ text: secrets.text }).from(secrets).where(and(eq(secrets.kind, 'roll'), isNull(secrets.revealedAt)))) {
    const id = /"roll":(\d+)/.exec(s.text)?.[1];
    if (id) ids.add(Number(id));
  }
  return [...ids];
}

/** Deletes rolls, events, revealed secrets and decided seal requests older than `cutoff` that nothing still needs. */
export async function pruneBefore(tx: Tx, cutoff: Date): Promise<Pruned> {
  const { rolls, events, secrets, sealRequests } = tx.t;
  const live = await liveChannels(tx);
  const keep = await referencedRolls(tx);
  const gone = await tx.db
    .delete(rolls)
    .where(and(lt(rolls.createdAt, cutoff), live.length ? notInArray(rolls.channelId, live) : undefined, keep.length ? notInArray(rolls.id, keep) : undefined))
    .returning({ id: rolls.id });
  const goneEvents = await tx.db
    .delete(events)
    // a channel's chat-roll switch is its last table.chatRolls event (store/chat-rolls.ts): kept
    .where(and(lt(events.createdAt, cutoff), ne(events.type, CHAT_ROLLS_EVENT), live.length ? or(notInArray(events.channelId, live), isNull(events.channelId)) : undefined))
    .returning({ id: events.id });
  const goneSecrets = await tx.db.delete(secrets).where(and(lt(secrets.createdAt, cutoff), isNotNull(secrets.revealedAt))).returning({ id: secrets.id });
  const goneSeals = await tx.db.delete(sealRequests).where(and(lt(sealRequests.createdAt, cutoff), ne(sealRequests.status, 'pending'))).returning({ id: sealRequests.id });
  return { rolls: gone.length, events: goneEvents.length, secrets: goneSecrets.length, sealRequests: goneSeals.length };
}

export type Deleted = Record<string, number>;

/** Every row that belongs to one server (characters, wars and what hangs off them, rolls, events …). */
export async function deleteGuildData(tx: Tx, guildId: string): Promise<Deleted> {
  const t = tx.t;
  const out: Deleted = {};
  const characterIds = (await tx.db.select({ id: t.characters.id }).from(t.characters).where(eq(t.characters.guildId, guildId))).map((r) => r.id);
  const warIds = (await tx.db.select({ id: t.wars.id }).from(t.wars).where(eq(t.wars.guildId, guildId))).map((r) => r.id);
  if (warIds.length) {
    out.declarations = (await tx.db.delete(t.declarations).where(inArray(t.declarations.warId, warIds)).returning({ id: t.declarations.id })).length;
    out.factions = (await tx.db.delete(t.factions).where(inArray(t.factions.warId, warIds)).returning({ id: t.factions.id })).length;
  }
  if (characterIds.length) {
    out.faces = await deleteFaces(tx, characterIds);
    out.activeCharacters = (await tx.db.delete(t.activeCharacters).where(inArray(t.activeCharacters.characterId, characterIds)).returning({ id: t.activeCharacters.characterId })).length;
    out.luckShares = (
      await tx.db
        .delete(t.luckShares)
        .where(or(inArray(t.luckShares.characterId, characterIds), inArray(t.luckShares.partnerId, characterIds)))
        .returning({ id: t.luckShares.characterId })
    ).length;
  }
  out.wars = warIds.length ? (await tx.db.delete(t.wars).where(inArray(t.wars.id, warIds)).returning({ id: t.wars.id })).length : 0;
  out.characters = characterIds.length ? (await tx.db.delete(t.characters).where(inArray(t.characters.id, characterIds)).returning({ id: t.characters.id })).length : 0;
  out.rolls = (await tx.db.delete(t.rolls).where(eq(t.rolls.guildId, guildId)).returning({ id: t.rolls.id })).length;
  out.events = (await tx.db.delete(t.events).where(eq(t.events.guildId, guildId)).returning({ id: t.events.id })).length;
  out.secrets = (await tx.db.delete(t.secrets).where(eq(t.secrets.guildId, guildId)).returning({ id: t.secrets.id })).length;
  out.sealRequests = (await tx.db.delete(t.sealRequests).where(eq(t.sealRequests.guildId, guildId)).returning({ id: t.sealRequests.id })).length;
  out.combats = (await tx.db.delete(t.combats).where(eq(t.combats.guildId, guildId)).returning({ id: t.combats.id })).length;
  out.libraries = (await tx.db.delete(t.libraries).where(eq(t.libraries.guildId, guildId)).returning({ id: t.libraries.id })).length;
  out.channelSystems = (await tx.db.delete(t.channelSystems).where(eq(t.channelSystems.guildId, guildId)).returning({ id: t.channelSystems.channelId })).length;
  out.palettes = (await tx.db.delete(t.palettes).where(eq(t.palettes.guildId, guildId)).returning({ id: t.palettes.id })).length;
  out.originalTables = (await tx.db.delete(t.originalTables).where(eq(t.originalTables.guildId, guildId)).returning({ id: t.originalTables.id })).length;
  out.counters = (await tx.db.delete(t.counters).where(eq(t.counters.guildId, guildId)).returning({ id: t.counters.id })).length;
  memoUndone(tx); // the server's GMs and settings go
  out.channelGms = (await tx.db.delete(t.channelGms).where(eq(t.channelGms.guildId, guildId)).returning({ id: t.channelGms.channelId })).length;
  out.channelSettings = (await tx.db.delete(t.channelSettings).where(eq(t.channelSettings.guildId, guildId)).returning({ id: t.channelSettings.channelId })).length;
  out.memberNames = (await tx.db.delete(t.memberNames).where(eq(t.memberNames.guildId, guildId)).returning({ id: t.memberNames.userId })).length;
  out.guildSettings = (await tx.db.delete(t.guildSettings).where(eq(t.guildSettings.guildId, guildId)).returning({ id: t.guildSettings.guildId })).length;
  // effects still waiting for delivery and private messages waiting in someone's inbox carry the server's content
  out.outbox = (await tx.db.delete(t.outbox).where(eq(t.outbox.guildId, guildId)).returning({ id: t.outbox.id })).length;
  return out;
}
