// Skill autocomplete from a Fate sheet (issue 19 §2): the last skill of a typed list is completed
// from the sheet of the character or combatant the command will roll for. A sheet the caller may
// not use (another player's, a hidden NPC's to a player) offers nothing.
import { skillNames, type CharacterSheet } from '../core/fate/sheet/index.js';
import { getCharacter } from '../store/characters.js';
import { activeCombat } from '../store/combats.js';
import type { Tx } from '../store/db.js';
import { hydrate, isChannelGm, resolveCharacter } from './characters.js';
import { isGm } from './combat/store.js';
import type { FateCombatant, FateCombatState } from './combat/state.js';
import { nameChoices, plainNames, SKILL_LIST } from './name-choices.js';
import type { Choice, CommandContext } from './types.js';

/**
 * The skills of a named character (null: the caller's active one). `any` reads anyone's sheet (the
 * opponent of an opposed check names its skills); `own` only the caller's, or any for the GM.
 */
export async function characterSkillChoices(ctx: CommandContext, typed: string, name: string | null, scope: 'any' | 'own' = 'own', list: RegExp | null = SKILL_LIST): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const names = await ctx.store.transaction(async (tx) => {
    const c = await resolveCharacter(tx, ctx, name).catch(() => null);
    if (!c || (scope === 'own' && c.row.ownerId !== ctx.user.id && !(await isChannelGm(tx, ctx)))) return [];
    return skillNames(c.sheet);
  });
  return nameChoices(typed, plainNames(names), list);
}

/** The skills of the combatant `pick` finds in the channel's Fate fight, if the caller acts for it. */
export async function combatantSkillChoices(ctx: CommandContext, typed: string, pick: (state: FateCombatState) => FateCombatant | undefined, list: RegExp | null = SKILL_LIST): Promise<Choice[]> {
  return await combatantSheetChoices(ctx, typed, pick, skillNames, list);
}

/** The Noble Phantasms on that combatant's sheet (/attack np:, seed 001 L1064), one name. */
export async function combatantNpChoices(ctx: CommandContext, typed: string, pick: (state: FateCombatState) => FateCombatant | undefined): Promise<Choice[]> {
  return await combatantSheetChoices(ctx, typed, pick, (sheet) => sheet.noblePhantasms.map((n) => n.name), null);
}

async function combatantSheetChoices(ctx: CommandContext, typed: string, pick: (state: FateCombatState) => FateCombatant | undefined, read: (sheet: CharacterSheet) => string[], list: RegExp | null): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const names = await ctx.store.transaction(async (tx) => {
    const row = await activeCombat(tx, ctx.channelId);
    if (!row || row.ruleset !== 'fate') return [];
    const c = pick(row.state as FateCombatState);
    return c ? await combatantSheet(tx, ctx, c, read) : [];
  });
  return nameChoices(typed, plainNames(names), list);
}

/** What `read` finds on the combatant's sheet; nothing for an NPC or a sheet the caller may not use. */
async function combatantSheet(tx: Tx, ctx: CommandContext, c: FateCombatant, read: (sheet: CharacterSheet) => string[]): Promise<string[]> {
  if (c.characterId === null || (c.ownerId !== ctx.user.id && !(await isGm(tx, ctx)))) return [];
  const row = await getCharacter(tx, c.characterId);
  return row ? read(hydrate(row).sheet) : [];
}
