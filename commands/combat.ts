// /combat start | add | join | remove | next | delay | show | undo | end — the fight tracker.
import { SlashCommandBuilder } from '@discordjs/builders';
import { hydrate, resolveCharacter } from '../src/command/characters.js';
import { agiCheckOf, addCombatant, currentActor, findCombatant, fromSheet, newFateState, nextTurn, sheetsInFight, tieCheckOfPool, withSheets } from '../src/command/combat/fate.js';
import { active, type FateCombatant, type FateCombatState, type Row } from '../src/command/combat/state.js';
import { rollEscape } from '../src/core/fate/combat/escape.js';
import { getCharacter } from '../src/store/characters.js';
import { isGm, requireCombat, requireGm, saveCombatState } from '../src/command/combat/store.js';
import { fateTrackerView, trackerUpdate } from '../src/command/combat/tracker.js';
import { eventLines, isPersona, newPersonaState, personaTrackerView, type PersonaCombatState } from '../src/command/combat/persona.js';
import { addAdHoc, delayInFight, removeFromFight, requireSlotOwnerOrGm, startPersonaFight } from '../src/command/combat/persona-setup.js';
import type { PersonaEvent } from '../src/core/persona/index.js';
import { UserError } from '../src/command/errors.js';
import { describe, localizedChoices } from '../src/command/localize.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/command/types.js';
import { undoBatch } from '../src/command/undo.js';
import { delayedIv } from '../src/core/fate/combat/initiative.js';
import { activeCombat, getCombat, insertCombat, updateCombat } from '../src/store/combats.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import type { CombatRow } from '../src/store/schema/index.js';
import { lastBatchFor } from '../src/store/wars.js';
import { defend, defendButtons, resolveButton, resolvePending } from './attack.js';
import { text, type Reply } from '../src/views/view.js';
import { characterChoices, splitSkills } from './check.js';

const NAME_MAX = 100;
const rowChoice = (o: import('@discordjs/builders').SlashCommandStringOption) =>
  describe(o, 'cmd.combat.row').addChoices(...localizedChoices(['front', 'back'], 'choice.row'));

const definition = describe(new SlashCommandBuilder(), 'cmd.combat')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.start')
      .addStringOption((o) => describe(o, 'cmd.combat.ruleset').setRequired(true).addChoices(...localizedChoices(['fate', 'persona'], 'choice.ruleset')))
      .addStringOption((o) => describe(o, 'cmd.combat.name').setMaxLength(NAME_MAX))
      .addStringOption((o) => describe(o, 'cmd.combat.surprised').addChoices(...localizedChoices(['pc', 'npc'], 'choice.side'))),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.add')
      .addStringOption((o) => describe(o, 'cmd.combat.who').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40))
      .addStringOption(rowChoice)
      .addBooleanOption((o) => describe(o, 'cmd.combat.hidden'))
      .addIntegerOption((o) => describe(o, 'cmd.combat.hp').setMinValue(1).setMaxValue(9999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.mp').setMinValue(0).setMaxValue(9999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.iv').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => describe(o, 'cmd.combat.pool').setMaxLength(60))
      .addBooleanOption((o) => describe(o, 'cmd.combat.servant'))
      .addIntegerOption((o) => describe(o, 'cmd.combat.luck').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.defense').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.armor').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => describe(o, 'cmd.combat.resist').setMaxLength(200))
      .addIntegerOption((o) => describe(o, 'cmd.combat.persona').setMinValue(0).setMaxValue(100))
      .addUserOption((o) => describe(o, 'cmd.combat.player'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.wild')),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.join').addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40)).addStringOption(rowChoice))
  .addSubcommand((s) => describe(s, 'cmd.combat.remove').addStringOption((o) => describe(o, 'cmd.combat.who').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true)))
  .addSubcommand((s) => describe(s, 'cmd.combat.next'))
  .addSubcommand((s) => describe(s, 'cmd.combat.delay').addIntegerOption((o) => describe(o, 'cmd.combat.amount').setRequired(true).setMinValue(0).setMaxValue(999)))
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.defend')
      .addStringOption((o) => describe(o, 'cmd.combat.defend.status').setRequired(true).addChoices(...localizedChoices(['end', 'agi', 'mag'] as const, 'attack.defend')))
      .addStringOption((o) => describe(o, 'cmd.combat.defend.skills').setMaxLength(300)),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.resolve'))
  .addSubcommand((s) => describe(s, 'cmd.combat.yield'))
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.escape')
      .addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40))
      .addBooleanOption((o) => describe(o, 'cmd.combat.escape.opposed'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.escape.rearguard')),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.show'))
  .addSubcommand((s) => describe(s, 'cmd.combat.undo'))
  .addSubcommand((s) => describe(s, 'cmd.combat.end'))
  .toJSON();

export const combat: CommandModule = {
  definition,
  helpKey: 'help.combat',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    switch (options.subcommand()) {
      case 'start':
        return await start(ctx, options);
      case 'add':
        return await change(ctx, 'combat.added', (tx, _c, s) => add(tx, ctx, options, s, true), true, (s) => addPersona(ctx, options, s));
      case 'join':
        return await change(ctx, 'combat.joined', (tx, _c, s) => add(tx, ctx, options, s, false), false);
      case 'remove':
        return await change(
          ctx,
          'combat.removed',
          (_tx, _c, s) => {
            const who = findCombatant(s, options.string('who') ?? '');
            return { ...s, combatants: s.combatants.filter((x) => x.key !== who.key), order: s.order.filter((k) => k !== who.key) };
          },
          true,
          (s) => removeFromFight(s, options.string('who') ?? '', ctx.rng),
        );
      case 'next':
        return await change(ctx, 'combat.next', (_tx, _c, s) => nextTurn(s, ctx), true, (s) => (s.combat ? { state: s, events: [] } : startPersonaFight(s, ctx.rng)));
      case 'resolve':
        return await resolvePending(ctx, false);
      case 'escape':
        return await escape(ctx, options);
      case 'yield':
        return await change(ctx, 'combat.yielded', (tx, _c, s) => yieldTurn(tx, ctx, s), false);
      case 'defend': {
        // The defense with skills as dice-plus (L208–213): 武術, 魔術, 対魔力… (the buttons roll the status alone).
        const status = options.string('status');
        if (status !== 'end' && status !== 'agi' && status !== 'mag') throw new UserError('attack.noPending');
        return await defend(ctx, status, splitSkills(options.string('skills')), false);
      }
      case 'delay':
        return await change(ctx, 'combat.delayed', (tx, _c, s) => delay(tx, ctx, s, options.integer('amount') ?? 0), false, async (s, tx) => {
          await requireSlotOwnerOrGm(tx, ctx, s);
          return delayInFight(s, ctx.rng);
        });
      case 'undo':
        return await undo(ctx);
      case 'end':
        return await end(ctx);
      case 'show':
      default:
        return await show(ctx);
    }
  },
  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    const inFight = await ctx.store.transaction(async (tx) => {
      const c = await activeCombat(tx, ctx.channelId);
      return c?.ruleset === 'fate' ? (c.state as FateCombatState).combatants.map((x) => x.name) : [];
    });
    const names = [...new Set([...inFight, ...(await characterChoices(ctx, focused.value)).map((c) => c.value)])];
    return names.filter((n) => n.includes(focused.value)).slice(0, 25).map((n) => ({ name: n, value: n }));
  },
};

async function start(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const ruleset = options.string('ruleset') === 'persona' ? 'persona' : 'fate';
  const combatRow = await ctx.store.transaction(async (tx) => {
    await requireGm(tx, ctx);
    if (await activeCombat(tx, ctx.channelId)) throw new UserError('combat.alreadyActive');
    const name = (options.string('name') ?? '').trim() || ctx.t('combat.defaultName');
    const surprised = options.string('surprised');
    const state = ruleset === 'persona' ? { ...newPersonaState(name), surprised: surprised === 'pc' || surprised === 'npc' ? surprised : null } : newFateState(name);
    const id = await insertCombat(tx, { guildId: ctx.guildId, channelId: ctx.channelId, ruleset, status: 'active', state, trackerMessageId: null, createdAt: ctx.now() });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'combat.started', subject: `combat:${id}`, before: null, after: { ruleset, name } });
    return (await getCombat(tx, id))!;
  });
  return withTracker(ctx, combatRow, [ctx.t('combat.started')]);
}

/** A Fate step returns the new state, or the state with lines to show (the IV tie roll-off, L198). */
type FateStep = FateCombatState | { state: FateCombatState; ties: string[] };

type PersonaStep = (s: PersonaCombatState, tx: Tx) => { state: PersonaCombatState; events: PersonaEvent[] } | Promise<{ state: PersonaCombatState; events: PersonaEvent[] }>;

/**
 * One change of the fight, in one transaction: GM-only unless `gmOnly` is false; the tracker
 * follows. A Persona fight takes `persona` (its events become the reply); without it the step
 * exists for Fate/roll dice fights only.
 */
async function change(
  ctx: CommandContext,
  type: string,
  fate: (tx: Tx, combat: CombatRow, state: FateCombatState) => FateStep | Promise<FateStep>,
  gmOnly = true,
  persona?: PersonaStep,
): Promise<Reply> {
  const { updated, events, ties } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    if (gmOnly) await requireGm(tx, ctx);
    if (combatRow.ruleset === 'persona') {
      if (!persona) throw new UserError('persona.cmd.fateOnly');
      const step = await persona(combatRow.state as PersonaCombatState, tx);
      return { updated: await saveCombatState(tx, ctx, combatRow, type, step.state), events: step.events, ties: [] as string[] };
    }
    // The sheets are the truth for HP/MP/condition: read them before every step.
    const step = await fate(tx, combatRow, await withSheets(tx, combatRow.state as FateCombatState));
    const next = 'ties' in step ? step : { state: step, ties: [] as string[] };
    return { updated: await saveCombatState(tx, ctx, combatRow, type, next.state), events: null, ties: next.ties };
  });
  if (events) {
    const lines = eventLines(ctx, (updated.state as PersonaCombatState).combat, events, updated.state as PersonaCombatState);
    return withTracker(ctx, updated, lines.length ? lines : [ctx.t(`combat.done.${type.split('.')[1]}`)]);
  }
  const state = updated.state as FateCombatState;
  const actor = currentActor(state);
  const line = type === 'combat.next' && actor ? ctx.t('combat.turnOf', { name: actor.name, round: state.round }) : ctx.t(`combat.done.${type.split('.')[1]}`);
  return withTracker(ctx, updated, [...ties, line]);
}

async function add(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState, byGm: boolean): Promise<FateCombatState> {
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
    pool,
    armor: options.integer('armor') ?? 0,
    tieCheck,
    incapacitated: false,
    dead: false,
    escaped: false,
  });
}

/** Voluntary delay of the current actor, down to IV 0 (seed 001 L197, L201). */
async function delay(tx: Tx, ctx: CommandContext, state: FateCombatState, amount: number): Promise<FateCombatState> {
  const actor = currentActor(state);
  if (!actor) throw new UserError('combat.notStarted');
  if (actor.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('combat.notYourTurn', { name: actor.name });
  delayedIv(actor.iv, amount);
  const combatants = state.combatants.map((c) => (c.key === actor.key ? { ...c, delay: amount } : c));
  // Move the actor behind everyone whose IV is now higher this round.
  const rest = state.order.slice(state.turn + 1);
  const ivOf = (k: string) => {
    const c = combatants.find((x) => x.key === k)!;
    return c.iv - c.delay;
  };
  const insertAt = rest.findIndex((k) => ivOf(k) < actor.iv - amount);
  const reordered = insertAt === -1 ? [...rest, actor.key] : [...rest.slice(0, insertAt), actor.key, ...rest.slice(insertAt)];
  return { ...state, combatants, order: [...state.order.slice(0, state.turn), ...reordered] };
}

/**
 * 戦闘離脱 (L520–524), declared at a turn's start and ruled by the GM: unopposed or with a
 * rearguard it succeeds; otherwise every character of every side rolls AGI and the escaping
 * side needs the single highest achievement, ties rerolled. Escapees leave the order.
 */
async function escape(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const side = (options.string('side') ?? '').trim();
  const { updated, lines } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    if (isPersona(combatRow.state)) throw new UserError('persona.cmd.fateOnly');
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const fighters = state.combatants.filter(active);
    const escapers = fighters.filter((c) => c.side === side);
    if (escapers.length === 0) throw new UserError('combat.escapeNoSide', { side });
    const agi = async (c: FateCombatant) => {
      if (c.characterId === null) return tieCheckOfPool(c.pool ?? '4d6<=3', ctx.rng);
      const row = await getCharacter(tx, c.characterId);
      return row ? agiCheckOf(hydrate(row)) : '2d6<=3';
    };
    const checks = async (list: FateCombatant[]) => {
      const out: string[] = [];
      for (const c of list) out.push(await agi(c));
      return out;
    };
    const result = rollEscape(
      {
        escapers: await checks(escapers),
        chasers: await checks(fighters.filter((c) => c.side !== side)),
        opposed: options.boolean('opposed') ?? true,
        rearguard: options.boolean('rearguard') ?? false,
      },
      ctx.rng,
    );
    const rounds = result.rounds.map((r) => ctx.t('combat.escapeRound', { escapers: r.escapers.join(', '), chasers: r.chasers.join(', ') }));
    const gone = new Set(result.outcome === 'escaped' ? escapers.map((c) => c.key) : []);
    const next = { ...state, pending: null, combatants: state.combatants.map((c) => (gone.has(c.key) ? { ...c, escaped: true } : c)) };
    const updated = await saveCombatState(tx, ctx, combatRow, 'combat.escaped', next);
    return { updated, lines: [...rounds, ...result.lines.map((l) => ctx.t(l.key, l.params))] };
  });
  const reply = withTracker(ctx, updated, lines);
  return { ...reply, view: { ...reply.view, ephemeral: false } };
}

/**
 * The winner of an IV tie may let the other act first (L198: "あえて相手に先手を譲るのもあり"):
 * at the start of its turn the current actor swaps with the next one when their IVs are equal.
 */
async function yieldTurn(tx: Tx, ctx: CommandContext, state: FateCombatState): Promise<FateCombatState> {
  const actor = currentActor(state);
  if (!actor) throw new UserError('combat.notStarted');
  if (actor.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('combat.notYourTurn', { name: actor.name });
  const nextKey = state.order[state.turn + 1];
  const next = state.combatants.find((c) => c.key === nextKey);
  if (state.pending || !next || next.iv - next.delay !== actor.iv - actor.delay) throw new UserError('combat.cannotYield', { name: actor.name });
  const order = [...state.order];
  order[state.turn] = next.key;
  order[state.turn + 1] = actor.key;
  return { ...state, order };
}

async function undo(ctx: CommandContext): Promise<Reply> {
  const updated = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    const batch = await lastBatchFor(tx, ctx.channelId, `combat:${combatRow.id}`, 'combat.');
    if (!batch) throw new UserError('combat.undoNothing');
    const reverted = await undoBatch(tx, ctx, batch, `combat:${combatRow.id}`);
    if (reverted.some((e) => e.type === 'combat.started')) throw new UserError('combat.undoStart');
    return (await getCombat(tx, combatRow.id))!;
  });
  const reply = withTracker(ctx, updated, [ctx.t('combat.undone')]);
  const pending = (updated.state as FateCombatState).pending;
  if (!pending) return reply;
  // The undone step was a defense or a resolve: the defender needs the buttons again.
  const target = (updated.state as FateCombatState).combatants.find((c) => c.key === pending.target);
  return {
    ...reply,
    view: {
      ...reply.view,
      ephemeral: false,
      blocks: [...reply.view.blocks, text(ctx.t(pending.defenseRollId === undefined ? 'attack.defendPrompt' : 'attack.resolvePrompt', { name: target?.name ?? '?' }))],
      buttons: pending.defenseRollId === undefined ? defendButtons(ctx) : [resolveButton(ctx)],
    },
  };
}

async function end(ctx: CommandContext): Promise<Reply> {
  const { updated, written } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    // Nothing to copy back: sheet combatants' HP/MP were written to their sheets as the fight went.
    const written = isPersona(combatRow.state) ? 0 : sheetsInFight(combatRow.state as FateCombatState);
    await updateCombat(tx, combatRow.id, { status: 'ended' });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'combat.ended', subject: `combat:${combatRow.id}`, before: { status: 'active' }, after: { status: 'ended' } });
    const state = isPersona(combatRow.state) ? combatRow.state : await withSheets(tx, combatRow.state as FateCombatState);
    return { updated: { ...combatRow, state, status: 'ended' as const }, written };
  });
  return withTracker(ctx, updated, [ctx.t('combat.ended', { count: written })], true);
}

async function show(ctx: CommandContext): Promise<Reply> {
  const combatRow = await ctx.store.transaction(async (tx) => {
    const c = await requireCombat(tx, ctx);
    return isPersona(c.state) ? c : { ...c, state: await withSheets(tx, c.state as FateCombatState) };
  });
  const reply = withTracker(ctx, combatRow, [ctx.t('combat.shown')]);
  return { ...reply, board: { ...reply.board!, repost: true } };
}

function addPersona(ctx: CommandContext, options: CommandOptions, s: PersonaCombatState): { state: PersonaCombatState; events: PersonaEvent[] } {
  // Persona setup (and reinforcements after round 1) live in src/command/combat/persona-setup.ts.
  return addAdHoc(ctx, options, s);
}

export function withTracker(ctx: CommandContext, combatRow: CombatRow, lines: string[], ended = false): Reply {
  const view = isPersona(combatRow.state) ? personaTrackerView(ctx, combatRow.state, ended) : fateTrackerView(ctx, combatRow.state as FateCombatState, ended);
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('combat.title'), blocks: lines.map(text), ephemeral: true },
    dms: [],
    board: trackerUpdate(ctx, combatRow, view),
  };
}
