// Names in the channel's fight for autocomplete (issue 19 §2): combatants and sides, as the tracker
// shows them. `own` keeps to the caller's combatants unless the caller is the GM (mayActFor's rule).
import { activeCombat } from '../../store/combats.js';
import type { Tx } from '../../store/db.js';
import type { CombatRow } from '../../store/schema/index.js';
import { nameChoices, plainNames, type NameCandidate } from '../name-choices.js';
import type { Choice, CommandContext } from '../types.js';
import { isPersona } from './persona.js';
import { active, type FateCombatState } from './state.js';
import { isGm } from './store.js';

export interface FighterFilter {
  /** only the caller's own combatants, unless the caller is the GM */
  own?: boolean;
  /** only those still standing (a Fate attack's target) */
  standing?: boolean;
  /** a list option: complete its last name */
  list?: RegExp;
}

export async function fighterChoices(ctx: CommandContext, typed: string, filter: FighterFilter = {}): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const names = await ctx.store.transaction(async (tx) => {
    const row = await activeCombat(tx, ctx.channelId);
    return row ? await fighters(tx, ctx, row, filter) : [];
  });
  return nameChoices(typed, names, filter.list);
}

/** The sides already in the fight (a new one may still be typed). */
export async function sideChoices(ctx: CommandContext, typed: string): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const sides = await ctx.store.transaction(async (tx) => {
    const row = await activeCombat(tx, ctx.channelId);
    if (!row) return [];
    return isPersona(row.state) ? row.state.setup.map((c) => c.side) : (row.state as FateCombatState).combatants.map((c) => c.side);
  });
  return nameChoices(typed, plainNames(sides));
}

async function fighters(tx: Tx, ctx: CommandContext, row: CombatRow, filter: FighterFilter): Promise<NameCandidate[]> {
  const everyone = !filter.own || (await isGm(tx, ctx));
  if (isPersona(row.state)) {
    const setup = row.state.setup.filter((c) => everyone || c.owner === ctx.user.id);
    return plainNames(setup.map((c) => c.name));
  }
  const all = (row.state as FateCombatState).combatants;
  return plainNames(all.filter((c) => (everyone || c.ownerId === ctx.user.id) && (!filter.standing || active(c))).map((c) => c.name));
}
