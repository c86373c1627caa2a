// /combat start and add, and change(): the one transaction every fight step runs in (Fate or Persona).
import { channelGm } from '../../src/store/gms.js';
import { resolveCharacter } from '../../src/services/characters.js';
import { addCombatant, currentActor, fromSheet, newFateState, tieCheckOfPool, withSheets } from '../../src/services/combat/fate.js';
import { type FateCombatState, type Row } from '../../src/services/combat/state.js';
import { requireCombat, requireGm, saveCombatState } from '../../src/services/combat/store.js';
import { eventLines, isPersona, newPersonaState, relogged, unlogged, type PersonaCombatState } from '../../src/services/combat/persona.js';
import { addAdHoc } from '../../src/services/combat/persona-setup.js';
import { personaDms } from '../../src/services/combat/persona-dms.js';
import type { PersonaEvent } from '../../src/core/persona/index.js';
import { UserError } from '../../src/services/errors.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { activeCombat, getCombat, insertCombat, updateCombat } from '../../src/store/combats.js';
import type { Tx } from '../../src/store/db.js';
import { appendEvent } from '../../src/store/events.js';
import type { CombatRow } from '../../src/store/schema/index.js';
import { type Reply } from '../../src/views/view.js';
import { withTracker } from './lifecycle.js';

/** The longest fight or combatant name an option takes. */
export const NAME_MAX = 100;

export async function start(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const ruleset = options.string('ruleset') === 'persona' ? 'persona' : 'fate';
  const combatRow = await ctx.store.transaction(async (tx) => {
    await requireGm(tx, ctx);
    const active = await activeCombat(tx, ctx.channelId);
    if (active) {
      // A Persona fight its rules ended (a side gone, JA L35) is over, as its board says: closed here, not refused.
      if (!(isPersona(active.state) && active.state.combat?.phase === 'ended')) throw new UserError('combat.alreadyActive');
      await updateCombat(tx, active.id, { status: 'ended' });
      await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'combat.ended', subject: `combat:${active.id}`, before: { status: 'active' }, after: { status: 'ended' } });
    }
    const name = (options.string('name') ?? '').trim() || ctx.t('combat.defaultName');
    const surprised = options.string('surprised');
    const state = ruleset === 'persona' ? { ...newPersonaState(name), surprised: surprised === 'pc' || surprised === 'npc' ? surprised : null } : newFateState(name);
    const id = await insertCombat(tx, { guildId: ctx.guildId, channelId: ctx.channelId, ruleset, status: 'active', state, trackerMessageId: null, createdAt: ctx.now() });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'combat.started', subject: `combat:${id}`, before: null, after: { ruleset, name } });
    return (await getCombat(tx, id))!;
  });
  return await withTracker(ctx, combatRow, [ctx.t('combat.started')]);
}

/** A Fate step returns the new state, or the state with lines to show (the IV tie roll-off, L198). */
export type FateStep = FateCombatState | { state: FateCombatState; ties: string[] };

type PersonaStep = (s: PersonaCombatState, tx: Tx) => { state: PersonaCombatState; events: PersonaEvent[] } | Promise<{ state: PersonaCombatState; events: PersonaEvent[] }>;

/**
 * One change of the fight, in one transaction: GM-only unless `gmOnly` is false; the tracker
 * follows. A Persona fight takes `persona` (its events become the reply); without it the step
 * exists for Fate/roll dice fights only.
 */
export async function change(
  ctx: CommandContext,
  type: string,
  fate: (tx: Tx, combat: CombatRow, state: FateCombatState) => FateStep | Promise<FateStep>,
  gmOnly = true,
  persona?: PersonaStep,
): Promise<Reply> {
  const { updated, events, ties, gm } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    if (gmOnly) await requireGm(tx, ctx);
    if (combatRow.ruleset === 'persona') {
      if (!persona) throw new UserError('persona.cmd.fateOnly');
      const state = combatRow.state as PersonaCombatState;
      // the rules run on the fight without its log, which they only append to (persona.ts unlogged)
      const step = await persona(state.combat ? { ...state, combat: unlogged(state.combat) } : state, tx);
      const saved = step.state.combat ? { ...step.state, combat: relogged(state.combat?.log ?? [], step.state.combat) } : step.state;
      // the GM read beside the fight: the step's DM copy goes to it without reading it again
      return { updated: await saveCombatState(tx, ctx, combatRow, type, saved), events: step.events, ties: [] as string[], gm: (await channelGm(tx, ctx.channelId)) ?? null };
    }
    // The sheets are the truth for HP/MP/condition: read them before every step.
    const step = await fate(tx, combatRow, await withSheets(tx, combatRow.state as FateCombatState));
    const next = 'ties' in step ? step : { state: step, ties: [] as string[] };
    return { updated: await saveCombatState(tx, ctx, combatRow, type, next.state), events: null, ties: next.ties, gm: undefined };
  });
  if (events) {
    const state = updated.state as PersonaCombatState;
    const lines = eventLines(ctx, state.combat, events, state);
    // the reply is the actor's: a player reads a hidden combatant's numbers as the table does, so the GM gets the copy
    const reply = await withTracker(ctx, updated, lines.length ? lines : [ctx.t(`combat.done.${type.split('.')[1]}`)]);
    // The start of a fight is played before the table (JA L48–49 each summon roll, L64 surprise and who
    // loses round 1): posted in the table's language, each line worded for it (a hidden one's numbers
    // are the GM's, who reads them in the DM copy).
    const open = type === 'combat.next' && events.length > 0;
    return { ...reply, view: { ...reply.view, ephemeral: !open }, dms: await personaDms(ctx, state, events, gm) };
  }
  const state = updated.state as FateCombatState;
  const actor = currentActor(state);
  const line = type === 'combat.next' && actor ? ctx.t('combat.turnOf', { name: actor.name, round: state.round }) : ctx.t(`combat.done.${type.split('.')[1]}`);
  const reply = await withTracker(ctx, updated, [...ties, line]);
  // Roll-offs, resistances, ticks and declarations are the table's to see, unless a hidden NPC could show through.
  const open = ties.length > 0 && !state.combatants.some((c) => c.hidden);
  return open ? { ...reply, view: { ...reply.view, ephemeral: false } } : reply;
}

export async function add(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState, byGm: boolean): Promise<FateCombatState> {
  const side = (options.string('side') ?? '').trim().slice(0, 40);
  const row = (options.string('row') ?? 'front') as Row;
  if (!byGm) {
    const ch = await resolveCharacter(tx, ctx, null);
    return addCombatant(state, fromSheet(ch, side, row, false));
  }
  const who = (options.string('who') ?? '').trim();
  const hp = options.integer('hp');
  if (hp === null) {
    // A sheet of this server: a player's character or the GM's NPC.
    return addCombatant(state, fromSheet(await resolveCharacter(tx, ctx, who), side, row, options.boolean('hidden') ?? false));
  }
  const pool = options.string('pool') ?? '4d6<=3';
  // Refuse a bad or non-counting expression now, not in the middle of the fight.
  const tieCheck = tieCheckOfPool(pool, ctx.rng);
  return addCombatant(state, {
    characterId: null,
    name: who.slice(0, NAME_MAX),
    side,
    row,
    hidden: options.boolean('hidden') ?? false,
    ownerId: null,
    hp,
    hpMax: hp,
    mp: options.integer('mp') ?? 0,
    mpMax: options.integer('mp') ?? 0,
    iv: options.integer('iv') ?? 0,
    delay: 0,
    isServant: options.boolean('servant') ?? false,
    ...(options.boolean('troop') ? { troop: true } : {}),
    pool,
    armor: options.integer('armor') ?? 0,
    tieCheck,
    incapacitated: false,
    dead: false,
    escaped: false,
  });
}

export function addPersona(ctx: CommandContext, options: CommandOptions, s: PersonaCombatState): { state: PersonaCombatState; events: PersonaEvent[] } {
  // Persona setup (and reinforcements after round 1) live in src/services/combat/persona-setup.ts.
  return addAdHoc(ctx, options, s);
}
