// /combat start | add | join | remove | next | delay | show | undo | end — the fight tracker.
import { SlashCommandBuilder } from '@discordjs/builders';
import { hydrate, resolveCharacter } from '../src/services/characters.js';
import { addCombatant, currentActor, findCombatant, fromSheet, newFateState, sheetsInFight, tieCheckOfPool, withSheets } from '../src/services/combat/fate.js';
import { active, type FateCombatant, type FateCombatState, type Row } from '../src/services/combat/state.js';
import { escapeStep } from '../src/services/combat/fate-escape.js';
import { failedDiceCount } from '../src/core/dice/index.js';
import { getCharacter } from '../src/store/characters.js';
import { isGm, requireCombat, requireGm, saveCombatState } from '../src/services/combat/store.js';
import { fateTrackerView, trackerUpdate } from '../src/services/combat/tracker.js';
import { eventLines, isPersona, newPersonaState, personaTrackerView, type PersonaCombatState } from '../src/services/combat/persona.js';
import { addAdHoc, delayInFight, removeFromFight, requireSlotOwnerOrGm, startPersonaFight } from '../src/services/combat/persona-setup.js';
import type { PersonaEvent } from '../src/core/persona/index.js';
import { UserError } from '../src/services/errors.js';
import { forTable } from '../src/services/table.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import { undoBatch } from '../src/services/undo.js';
import { delayedIv } from '../src/core/fate/combat/initiative.js';
import { activeCombat, getCombat, insertCombat, updateCombat } from '../src/store/combats.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import type { CombatRow } from '../src/store/schema/index.js';
import { lastBatchFor } from '../src/store/wars.js';
import { MARK_PAY, markChoice } from '../src/services/fate-marks.js';
import { assertMagicAllowed, defend, defendButtons, resolveButton, resolvePending } from './attack.js';
import { advanceTurn, cure, inflict } from '../src/services/combat/fate-bad-status.js';
import { coverAllowed, rollCover } from '../src/services/combat/fate-cover.js';
import { declarePriority } from '../src/services/combat/fate-priority.js';
import { achievementOf } from '../src/services/combat/fate.js';
import { magicFlightTurns } from '../src/core/fate/combat/attack.js';
import type { CoverMeans } from '../src/core/fate/combat/cover.js';
import type { CheckStatus } from '../src/core/fate/status-names.js';
import { storeRoll, storedResult } from '../src/services/rolls.js';
import { getRoll } from '../src/store/rolls.js';
import { rollView } from '../src/views/roll.js';
import { fighterChoices, sideChoices } from '../src/services/combat/fight-choices.js';
import { combatantSkillChoices } from '../src/services/skill-choices.js';
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
      .addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40).setAutocomplete(true))
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
  .addSubcommand((s) => describe(s, 'cmd.combat.join').addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40).setAutocomplete(true)).addStringOption(rowChoice))
  .addSubcommand((s) => describe(s, 'cmd.combat.remove').addStringOption((o) => describe(o, 'cmd.combat.who').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true)))
  .addSubcommand((s) => describe(s, 'cmd.combat.next'))
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.delay')
      .addIntegerOption((o) => describe(o, 'cmd.combat.amount').setRequired(true).setMinValue(0).setMaxValue(999))
      .addBooleanOption((o) => describe(o, 'cmd.combat.delay.first')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.defend')
      .addStringOption((o) => describe(o, 'cmd.combat.defend.status').setRequired(true).addChoices(...localizedChoices(['end', 'agi', 'mag'] as const, 'attack.defend')))
      .addStringOption((o) => describe(o, 'cmd.combat.defend.skills').setMaxLength(300).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.check.support').setMinValue(1).setMaxValue(999))
      // The mark choices /check offers, at the same prices (L897–909, L867–868).
      .addBooleanOption((o) => describe(o, 'cmd.check.marks'))
      .addBooleanOption((o) => describe(o, 'cmd.check.no_minus'))
      .addStringOption((o) => describe(o, 'cmd.check.pay').addChoices(...localizedChoices(MARK_PAY, 'check.pay'))),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.resolve'))
  .addSubcommand((s) => describe(s, 'cmd.combat.yield'))
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.escape')
      .addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40).setAutocomplete(true))
      .addBooleanOption((o) => describe(o, 'cmd.combat.escape.opposed'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.escape.rearguard')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.priority')
      .addStringOption((o) => describe(o, 'cmd.combat.priority.mode').setRequired(true).addChoices(...localizedChoices(['attack', 'defense'], 'choice.priorityMode')))
      .addIntegerOption((o) => describe(o, 'cmd.combat.priority.dice').setRequired(true).setMinValue(0).setMaxValue(99))
      .addStringOption((o) => describe(o, 'cmd.combat.priority.status').addChoices(...localizedChoices(['agi', 'mag'], 'choice.coverStatus')))
      .addStringOption((o) => describe(o, 'cmd.combat.priority.skill').setMaxLength(100).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setMaxLength(NAME_MAX).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.cover')
      .addStringOption((o) => describe(o, 'cmd.combat.cover.who').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.cover.status').setRequired(true).addChoices(...localizedChoices(['end', 'agi', 'mag', 'str'], 'choice.coverStatus')))
      .addStringOption((o) => describe(o, 'cmd.combat.defend.skills').setMaxLength(300).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.cover.means').addChoices(...localizedChoices(['body', 'ranged', 'magic'], 'choice.coverMeans')))
      .addIntegerOption((o) => describe(o, 'cmd.combat.cover.reaction').setMinValue(-99).setMaxValue(99))
      .addBooleanOption((o) => describe(o, 'cmd.combat.cover.take')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.inflict')
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.kind').setRequired(true).addChoices(...localizedChoices(['continuous', 'impediment', 'other'], 'fate.bs.kind')))
      .addIntegerOption((o) => describe(o, 'cmd.combat.bs.strength').setRequired(true).setMinValue(1).setMaxValue(99))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.source').setRequired(true).setMaxLength(100))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.nature').addChoices(...localizedChoices(['physical', 'magical', 'mental'], 'fate.bs.nature')))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.target').addChoices(...localizedChoices(['hp', 'mp'], 'fate.bs.target')))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.checks').addChoices(...localizedChoices(['body', 'magic', 'luck'], 'fate.bs.checks')))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.byAttack'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.sum'))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.resistSkills').setMaxLength(300).setAutocomplete(true))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.resistible'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.mustExceed')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.cure')
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.combat.cure.number').setMinValue(1).setMaxValue(50)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.fly')
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.combat.fly.level').setRequired(true).setMinValue(0).setMaxValue(99))
      .addIntegerOption((o) => describe(o, 'cmd.combat.fly.achievement').setMinValue(1).setMaxValue(999)),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.show'))
  .addSubcommand((s) => describe(s, 'cmd.combat.undo'))
  .addSubcommand((s) => describe(s, 'cmd.combat.end'))
  .toJSON();

const TABLE_STEPS = new Set(['next', 'resolve', 'escape', 'yield', 'defend', 'priority', 'cover', 'inflict', 'cure', 'fly', 'delay', 'undo']);

export const combat: CommandModule = {
  definition,
  helpKey: 'help.combat',
  async execute(actorCtx, options) {
    if (!actorCtx.guildId) throw new UserError('error.guildOnly');
    const sub = options.subcommand();
    // The steps of a fight are played in front of the table: built in its language. Setting up (start,
    // add, join, remove), show and end answer the GM alone, in the GM's language; the tracker is always
    // the table's (tracker.ts).
    const ctx = TABLE_STEPS.has(sub ?? '') ? forTable(actorCtx) : actorCtx;
    switch (sub) {
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
        return await change(ctx, 'combat.next', (tx, _c, s) => advanceTurn(tx, ctx, s), true, (s) => (s.combat ? { state: s, events: [] } : startPersonaFight(s, ctx.rng)));
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
        return await defend(ctx, status, splitSkills(options.string('skills')), false, options.integer('support') ?? 0, markChoice(options));
      }
      case 'priority':
        return await change(ctx, 'combat.priority', (tx, _c, s) => priority(tx, ctx, options, s), false);
      case 'cover':
        return await cover(ctx, options);
      case 'inflict':
        return await change(ctx, 'combat.inflicted', (tx, _c, s) => inflictFrom(tx, ctx, options, s));
      case 'cure':
        return await change(ctx, 'combat.cured', (_tx, _c, s) => cure(s, options.string('fighter') ?? '', options.integer('number')));
      case 'fly':
        return await change(ctx, 'combat.flying', (tx, _c, s) => fly(tx, ctx, options, s), false);
      case 'delay':
        return await change(ctx, 'combat.delayed', (tx, _c, s) => delay(tx, ctx, s, options.integer('amount') ?? 0, options.boolean('first') ?? false), false, async (s, tx) => {
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
  async autocomplete(ctx, focused, options) {
    const sub = options.subcommand();
    const named = (s: FateCombatState, option: string) => s.combatants.find((c) => c.name === options.string(option));
    switch (focused.name) {
      case 'side':
        return await sideChoices(ctx, focused.value);
      case 'skills': // the defender's (L208–213) or the coverer's skills
        return await combatantSkillChoices(ctx, focused.value, (s) => (sub === 'cover' ? named(s, 'who') : s.combatants.find((c) => c.key === s.pending?.target)));
      case 'skill': // priority (L220–225): the fighter's, or the one whose turn it is
        return await combatantSkillChoices(ctx, focused.value, (s) => (options.string('fighter') ? named(s, 'fighter') : currentActor(s)), null);
      case 'resist_skills':
        return await combatantSkillChoices(ctx, focused.value, (s) => named(s, 'fighter'));
      case 'who':
        // add: a sheet of this server (the GM's command); remove, cover: who is in the fight
        if (sub === 'add') return await characterChoices(ctx, focused.value);
        return await fighterChoices(ctx, focused.value, { own: sub === 'cover' });
      default: // fighter: one's own for a priority declaration (mayActFor)
        return await fighterChoices(ctx, focused.value, { own: sub === 'priority' });
    }
  },
};

async function start(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
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
  const reply = withTracker(ctx, updated, [...ties, line]);
  // Roll-offs, resistances, ticks and declarations are the table's to see, unless a hidden NPC could show through.
  const open = ties.length > 0 && !state.combatants.some((c) => c.hidden);
  return open ? { ...reply, view: { ...reply.view, ephemeral: false } } : reply;
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

/**
 * Voluntary delay of the current actor, down to IV 0 (seed 001 L197, L201). Landing on another's IV,
 * the one who delayed chooses to act before (`first`) or after them (L201).
 */
async function delay(tx: Tx, ctx: CommandContext, state: FateCombatState, amount: number, first: boolean): Promise<FateCombatState> {
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
  const insertAt = rest.findIndex((k) => (first ? ivOf(k) <= actor.iv - amount : ivOf(k) < actor.iv - amount));
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
  const { updated, lines, buttons } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    if (isPersona(combatRow.state)) throw new UserError('persona.cmd.fateOnly');
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const step = await escapeStep(tx, ctx, state, side, { opposed: options.boolean('opposed') ?? true, rearguard: options.boolean('rearguard') ?? false });
    const updated = await saveCombatState(tx, ctx, combatRow, 'combat.escaped', step.state);
    return { updated, lines: step.lines, buttons: step.buttons };
  });
  const reply = withTracker(ctx, updated, lines);
  // Each roller's Luck button (L215–217): a reroll settles the escape again.
  return { ...reply, view: { ...reply.view, ephemeral: false, ...(buttons.length ? { buttons } : {}) } };
}

/** Only the fighter's player or the GM may act for it. */
async function mayActFor(tx: Tx, ctx: CommandContext, c: FateCombatant): Promise<void> {
  if (c.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('combat.notYourTurn', { name: c.name });
}

/** 攻撃優先 / 防御優先 for this round (L220–225): `dice` of AGI or MAG move; 0 clears it. */
async function priority(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState): Promise<FateStep> {
  if (state.round === 0) throw new UserError('combat.notStarted');
  const name = options.string('fighter');
  const c = name ? findCombatant(state, name) : currentActor(state);
  if (!c) throw new UserError('combat.notStarted');
  await mayActFor(tx, ctx, c);
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  const mode = options.string('mode') === 'defense' ? 'defense' : 'attack';
  const status = options.string('status') === 'mag' ? 'mag' : 'agi';
  const dice = options.integer('dice') ?? 0;
  const skill = options.string('skill')?.trim() || null;
  const declared = declarePriority(row ? hydrate(row) : null, c, state.round, mode, dice, status, skill);
  const combatants = state.combatants.map((x) => {
    if (x.key !== c.key) return x;
    const { priority: _old, ...rest } = x;
    return declared ? { ...rest, priority: declared } : rest;
  });
  const from = declared?.skill ?? ctx.t(`choice.coverStatus.${status}`);
  const line = declared ? ctx.t(`fate.priority.declared.${mode}`, { name: c.name, dice, status: from }) : ctx.t('fate.priority.cleared', { name: c.name });
  return { state: { ...state, combatants }, ties: [line] };
}

/** /combat inflict (GM): a bad status on a combatant, with its first effects (L427–433). */
async function inflictFrom(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState): Promise<FateStep> {
  const kind = (options.string('kind') ?? 'continuous') as 'continuous' | 'impediment' | 'other';
  const nature = (options.string('nature') ?? 'physical') as 'physical' | 'magical' | 'mental';
  const checks = options.string('checks') as 'body' | 'magic' | 'luck' | null;
  const step = await inflict(tx, ctx, state, options.string('fighter') ?? '', {
    kind,
    strength: options.integer('strength') ?? 1,
    nature,
    target: options.string('target') === 'mp' ? 'mp' : 'hp',
    ...(kind === 'impediment' ? { checks: checks ?? 'body' } : {}),
    source: options.string('source') ?? '',
    sumWhenOverlapping: options.boolean('sum') ?? false,
    resistSkills: splitSkills(options.string('resist_skills')),
    resistible: options.boolean('resistible') ?? true,
    ...(options.boolean('must_exceed') ? { equalCancels: false } : {}),
    byAttack: options.boolean('by_attack') ?? true,
  });
  return { state: step.state, ties: step.lines };
}

/**
 * Flight (L513–518): the level of what gives it; 0 lands. With the achievement of a successful
 * MAG + magecraft check it lasts ceil(achievement / 2) rounds counted from the next (L517).
 */
async function fly(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState): Promise<FateStep> {
  const c = findCombatant(state, options.string('fighter') ?? '');
  await mayActFor(tx, ctx, c);
  const level = options.integer('level') ?? 0;
  const achievement = options.integer('achievement');
  const turns = achievement === null ? null : magicFlightTurns(achievement);
  const combatants = state.combatants.map((x) => {
    if (x.key !== c.key) return x;
    const { flight: _old, ...rest } = x;
    return level === 0 ? rest : { ...rest, flight: { level, untilRound: turns === null ? null : state.round + turns } };
  });
  const line = level === 0 ? ctx.t('fate.flight.landed', { name: c.name }) : turns === null ? ctx.t('fate.flight.flying', { name: c.name, level }) : ctx.t('fate.flight.magic', { name: c.name, level, turns, round: state.round + turns });
  return { state: { ...state, combatants }, ties: [line] };
}

/** 庇う (L471–482): after the covered character's defense failed, another combatant rolls a cover defense. */
async function cover(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    if (isPersona(combatRow.state)) throw new UserError('persona.cmd.fateOnly');
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const pending = state.pending;
    if (!pending) throw new UserError('attack.noPending');
    if (pending.defenseRollId === undefined) throw new UserError('attack.notDefended');
    if (pending.cover) throw new UserError('fate.cover.already');
    const coverer = findCombatant(state, options.string('who') ?? '');
    await mayActFor(tx, ctx, coverer);
    const status = (options.string('status') ?? 'end') as CheckStatus;
    if (!await isGm(tx, ctx)) await assertMagicAllowed(tx, coverer, status, pending.magical);
    const achieved = async (id: number) => {
      const r = await getRoll(tx, id);
      return r ? achievementOf(storedResult(r)) : 0;
    };
    const attackValue = await achieved(pending.rollId);
    const defenseValue = pending.defenseless ? 0 : await achieved(pending.defenseRollId);
    const covered = state.combatants.find((c) => c.key === pending.target)!;
    if (!coverAllowed(attackValue, defenseValue)) throw new UserError('fate.cover.defenseWon', { name: covered.name });
    const comment = ctx.t('fate.cover.comment', { name: coverer.name, target: covered.name });
    const rolled = await rollCover(
      tx,
      ctx,
      state,
      { coverer, status, skills: splitSkills(options.string('skills')), means: (options.string('means') ?? 'body') as CoverMeans, reaction: options.integer('reaction') ?? 0, takeDamage: options.boolean('take_damage') ?? true },
      async (result) => await storeRoll(tx, ctx, { result, comment, secret: false, ...(coverer.characterId !== null ? { characterId: coverer.characterId, ...(coverer.ownerId ? { userId: coverer.ownerId } : {}) } : {}) }),
    );
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.cover', rolled.state);
    const row = coverer.characterId === null ? undefined : await getCharacter(tx, coverer.characterId);
    const luckLeft = row ? (() => { const c = hydrate(row); return c.max.luckPerDay - c.runtime.luckUsedToday; })() : 0;
    return { ...rolled, saved, coverer, covered, comment, luckLeft };
  });
  const b = out.breakdown;
  const notes = [
    ...out.notes,
    ctx.t('fate.cover.penalty', { status: b.statusPenalty, reaction: b.reactionBonus, total: b.total > 0 ? `−${b.total}` : `+${-b.total}` }),
    ...(out.moved ? [ctx.t('fate.cover.moved', { name: out.coverer.name })] : []),
    ...(out.canTakeDamage ? [] : [ctx.t('fate.cover.cannotTake', { name: out.coverer.name })]),
  ];
  const view = rollView(ctx, { result: out.result, id: out.rollId, name: out.coverer.name, comment: out.comment, notes });
  return {
    // The cover roll takes Luck as a defense does (L215–217): the resolve step reads it as it stands.
    view: { ...view, blocks: [...view.blocks, text(ctx.t('attack.resolvePrompt', { name: out.covered.name }))], buttons: [...(out.luckLeft > 0 && failedDiceCount(out.result) > 0 ? [{ customId: `luck:reroll:${out.rollId}`, label: ctx.t('luck.button', { left: out.luckLeft }), style: 'secondary' as const }] : []), resolveButton(ctx)] },
    dms: [],
    board: trackerUpdate(ctx, out.saved, fateTrackerView(ctx, out.saved.state as FateCombatState)),
  };
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
  // a Persona fight keeps no sheets: no word about HP/MP copied back
  return withTracker(ctx, updated, [isPersona(updated.state) ? ctx.t('persona.cmd.ended') : ctx.t('combat.ended', { count: written })], true);
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
  // Persona setup (and reinforcements after round 1) live in src/services/combat/persona-setup.ts.
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
