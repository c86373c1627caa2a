// /persona autocomplete (issue 19 §2): every option that names a combatant, a skill, a combo part or
// an item, as the tracker shows them. A player is offered only what they may use: their own
// combatants for who:, the slot's skills when the slot is theirs, no hidden shadow's skills.
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../store/db.js';
import { NAME_LIST, nameChoices, plainNames } from '../name-choices.js';
import type { Choice, CommandContext } from '../types.js';
import type { PersonaCombatState, PersonaSetup } from './persona.js';
import { isGm } from './store.js';

/** who: for these is the GM's alone (manage(): adjust, extra; add takes a stored block's name). */
const GM_WHO = new Set(['add', 'adjust', 'extra']);

export async function personaChoices(ctx: CommandContext, tx: Tx, state: PersonaCombatState, sub: string | null, focused: { name: string; value: string }): Promise<Choice[]> {
  const gm = await isGm(tx, ctx);
  const typed = focused.value;
  const combat = state.combat;
  const roster = combat ? combat.combatants : state.setup;
  const slotOwner = combat?.combatants.find((c) => c.id === combat.slot?.ownerId);
  const setupOf = (id: string | undefined): PersonaSetup | undefined => state.setup.find((s) => s.id === id);
  const mySlot = gm || (slotOwner !== undefined && setupOf(slotOwner.id)?.owner === ctx.user.id);
  const present = roster.filter((c) => !('fled' in c && c.fled)).map((c) => c.name);

  switch (focused.name) {
    case 'skill': // attack: the slot owner's stored skills
      return mySlot ? nameChoices(typed, plainNames(setupOf(slotOwner?.id)?.skills?.map((s) => s.name) ?? [])) : [];
    case 'targets':
      return nameChoices(typed, plainNames(present), NAME_LIST);
    case 'target':
      return nameChoices(typed, plainNames(present), null);
    case 'with': {
      // escape: the slot owner's side escapes with it (JA L834–839)
      const allies = combat?.combatants.filter((c) => slotOwner && c.side === slotOwner.side && c.id !== slotOwner.id && !c.fled).map((c) => c.name) ?? [];
      return mySlot ? nameChoices(typed, plainNames(allies), NAME_LIST) : [];
    }
    case 'skills': {
      // combo parts `who:skill` (persona-combo.ts): attack skills of the slot owner's side; a hidden one's only to the GM
      if (!mySlot || !slotOwner || !combat) return [];
      const parts = combat.combatants
        .filter((c) => c.side === slotOwner.side && !c.fled && (gm || !setupOf(c.id)?.hidden))
        .flatMap((c) => (setupOf(c.id)?.skills ?? []).filter((s) => (s.kind === 'physical' || s.kind === 'magic') && s.power !== undefined).map((s) => `${c.name}:${s.name}`));
      return nameChoices(typed, plainNames(parts), NAME_LIST);
    }
    case 'name': {
      // item: the items this fight has seen (Wild Talk rewards, items used before)
      const items = [
        ...(combat?.rewards ?? []).map((r) => r.item ?? ''),
        ...(combat?.log ?? []).filter((e) => e.key === 'persona.item.use').map((e) => String(e.params?.skill ?? '')),
      ].filter(Boolean);
      return nameChoices(typed, plainNames(items));
    }
    case 'who': {
      if (GM_WHO.has(sub ?? '') && !gm) return [];
      if (sub === 'add') return nameChoices(typed, plainNames(await storedBlockNames(tx, ctx.channelId)));
      const mine = state.setup.filter((c) => gm || c.owner === ctx.user.id).map((c) => c.name);
      return nameChoices(typed, plainNames(roster.map((c) => c.name).filter((n) => mine.includes(n))));
    }
    default:
      return [];
  }
}

/** Names with a stored stat block in this channel's recent Persona fights (storedBlock reads the same rows). */
async function storedBlockNames(tx: Tx, channelId: string): Promise<string[]> {
  const { combats } = tx.t;
  const recent = await tx.db.select().from(combats).where(and(eq(combats.channelId, channelId), eq(combats.ruleset, 'persona'))).orderBy(desc(combats.id)).limit(20);
  return recent.flatMap((row) => {
    const state = row.state as Partial<PersonaCombatState>;
    // one the GM took out of a fight too (issue 31: its block can be added again)
    return [...(state.setup ?? []), ...(state.removed ?? [])].filter((c) => c.block !== undefined).map((c) => c.name);
  });
}
