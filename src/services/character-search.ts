// Character names for autocomplete (issue 19 §2). The guild's names are read (names and owners
// only) and folded in JS: SQL LIKE folds neither kana nor width. Two sheets with one name get their
// owners' display names in the choice, and a value the command can tell apart: the caller's own
// sheet keeps the plain name (findCharacter prefers it), the others are `name#id`.
import { and, eq, isNull } from 'drizzle-orm';
import { characterIdForm } from '../store/characters.js';
import type { Tx } from '../store/db.js';
import { memberNamesOf } from '../store/locales.js';
import { isChannelGm } from './characters.js';
import { nameChoices, type NameCandidate } from './name-choices.js';
import type { Choice, CommandContext } from './types.js';

/**
 * `any`: every character of the server (a check against, a sheet to read), but NPC sheets of other channels;
 * `own`: only the caller's, unless the caller is the channel's GM (assertCanEdit's rule).
 */
export type CharacterScope = 'any' | 'own';

export async function characterCandidates(tx: Tx, ctx: CommandContext, scope: CharacterScope): Promise<NameCandidate[]> {
  const { characters } = tx.t;
  const guildId = ctx.guildId!;
  const all = await tx.db
    .select({ id: characters.id, name: characters.name, ownerId: characters.ownerId, npcChannelId: characters.npcChannelId })
    .from(characters)
    .where(and(eq(characters.guildId, guildId), isNull(characters.deletedAt)));
  const gm = await isChannelGm(tx, ctx);
  // a GM's NPC sheets are offered at their own table only (another table's NPCs are not this one's to know)
  const visible = (r: (typeof all)[number]) => gm || r.ownerId === ctx.user.id || (scope === 'any' && (r.npcChannelId === null || r.npcChannelId === ctx.channelId));
  const rows = all.filter(visible);
  rows.sort((a, b) => Number(a.ownerId !== ctx.user.id) - Number(b.ownerId !== ctx.user.id) || a.name.localeCompare(b.name) || a.id - b.id);
  const owners = await memberNamesOf(tx, guildId, rows.map((r) => r.ownerId));
  const byName = new Map<string, typeof rows>();
  for (const r of all) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  return rows.map((r) => {
    const alike = byName.get(r.name)!;
    const plain = alike.length === 1 || (r.ownerId === ctx.user.id && alike.filter((x) => x.ownerId === ctx.user.id).length === 1);
    return { name: r.name, value: plain ? r.name : characterIdForm(r.name, r.id), owner: owners.get(r.ownerId) ?? `#${r.id}` };
  });
}

/** The autocomplete of an option naming a character. */
export async function characterChoices(ctx: CommandContext, typed: string, scope: CharacterScope = 'any'): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  return nameChoices(typed, await ctx.store.transaction(async (tx) => await characterCandidates(tx, ctx, scope)));
}
