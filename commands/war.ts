// /war: a Holy Grail War run in this channel — start (Irregular table to the GM), factions,
// the calendar of action turns with its turn-end and day-end rules, sleep, board, undo, log, end.
import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { eq } from 'drizzle-orm';
import { hydrate, isChannelGm, resolveCharacter, resolveFateCharacter } from '../src/services/characters.js';
import { UserError } from '../src/services/errors.js';
import { forTable } from '../src/services/table.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { addTerritory, factionView, intervene, retreat, USABLE, useItem, configure, parseAllocation } from '../src/services/war/faction.js';
import { TERRITORY_GRADES } from '../src/core/grailwar/upkeep.js';
import { TABLE_ROWS } from '../src/core/grailwar/battle.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import { boardUpdate, warClockLine } from '../src/services/war/board.js';
import { irregularLines } from '../src/services/war/report.js';
import { NEW_FATE_STATE, type FactionState, type PercentFactionState, type WarConfig } from '../src/services/war/state.js';
import { parseClass, statusPoints, type Status } from '../src/core/grailwar/status.js';
import { resolveTurn } from '../src/services/war/resolve.js';
import { advanceWar } from '../src/services/war/turn.js';
import { lastServantNotice } from '../src/services/war/last-servant.js';
import { SUMMON_METHODS, TIE_RULES, chooseIrregularResults, setTie, summon } from '../src/services/war/fate-summon.js';
import { turnDeclarations } from '../src/store/declarations.js';
import type { ActionDeclaration } from '../src/core/grailwar/actions.js';
import { describeAction } from '../src/views/war-action.js';
import { optionsFrom } from '../src/services/options-from.js';
import { JOIN_FORM_ID, pickJoinSheets, SHEET_KINDS_OF_A_PAIR, type PairKind } from '../src/services/war/join-sheets.js';
import { importLines, parseSheetInput, storeSheet } from '../src/services/sheet-import.js';
import { dayOneButton, joinButton, RULESETS, summonButtons, summoningDone, type Ruleset } from '../src/services/setup/guide.js';
import { undoLastWarChange } from '../src/services/undo.js';
import { rollIrregular } from '../src/core/session/irregular.js';
import type { Tx } from '../src/store/db.js';
import { getCharacter } from '../src/store/characters.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import type { FactionRow, WarRow } from '../src/store/schema/index.js';
import { activeWar, activeWarTurnWithGm, activeWarWithGm, getWar, insertFaction, insertWar, recentWarEvents, updateFaction, updateWar, warFactions, type FactionSnapshot, type WarTurn } from '../src/store/wars.js';
import { mention, text, type Reply, type View } from '../src/views/view.js';
import { characterChoices } from '../src/services/character-search.js';
import { characterSkillChoices } from '../src/services/skill-choices.js';
import { NAME_LIST, nameChoices, plainNames } from '../src/services/name-choices.js';

const NAME_MAX = 100;
const TERRITORIES = ['none', 'small', 'medium', 'large', 'highest'] as const;
/** What the GM may correct on a faction: percent-rules numbers, and the team itself. */
const SET_FIELDS = ['mana', 'level', 'mag', 'master_level', 'statuses', 'master_statuses', 'rank', 'skills', 'tracking', 'seals', 'territory', 'base', 'supply_cut', 'independent', 'masterless', 'eliminated'] as const;
/** Fields that exist in every ruleset; the rest are the percent rules' numbers. */
const COMMON_FIELDS: readonly string[] = ['masterless', 'eliminated'];
/** War settings the GM may change (percent rules): rest amounts per grade (seed 000 L5), battle table rows (L27), skills a deep gathering reveals (L17). */
const CONFIG_KEYS = ['rest_small', 'rest_medium', 'rest_large', 'rest_highest', ...TABLE_ROWS.map((r) => `table_${r}`), 'info_skills', 'battle_announce'] as const;
const STATUS_INPUT_MAX = 60;
const RANK_MAX = 40;
const SKILLS_MAX = 300;

const percentOptions = (s: SlashCommandSubcommandBuilder) =>
  s
    .addStringOption((o) => describe(o, 'cmd.war.class').setMaxLength(40))
    .addIntegerOption((o) => describe(o, 'cmd.war.level').setMinValue(1).setMaxValue(200))
    .addIntegerOption((o) => describe(o, 'cmd.war.master_level').setMinValue(1).setMaxValue(200))
    .addIntegerOption((o) => describe(o, 'cmd.war.mag').setMinValue(0).setMaxValue(999))
    .addStringOption((o) => describe(o, 'cmd.war.territory').addChoices(...localizedChoices(TERRITORIES, 'war.territory')))
    .addBooleanOption((o) => describe(o, 'cmd.war.independent'))
    .addStringOption((o) => describe(o, 'cmd.war.statuses').setMaxLength(STATUS_INPUT_MAX))
    .addStringOption((o) => describe(o, 'cmd.war.master_statuses').setMaxLength(STATUS_INPUT_MAX))
    .addStringOption((o) => describe(o, 'cmd.war.archer_bonus').addChoices(...localizedChoices(['str', 'end', 'agi'] as const, 'gw.status')))
    .addBooleanOption((o) => describe(o, 'cmd.war.servantless'))
    .addStringOption((o) => describe(o, 'cmd.war.rank').setMaxLength(RANK_MAX))
    .addStringOption((o) => describe(o, 'cmd.war.skills').setMaxLength(SKILLS_MAX).setAutocomplete(true));

const definition = describe(new SlashCommandBuilder(), 'cmd.war')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.war.start')
      .addStringOption((o) =>
        describe(o, 'cmd.war.ruleset')
          .setRequired(true)
          .addChoices(...localizedChoices(['fate', 'percent'] as const, 'warcmd.ruleset')),
      )
      .addStringOption((o) => describe(o, 'cmd.war.name').setRequired(true).setMaxLength(NAME_MAX)),
  )
  .addSubcommand((s) => describe(s, 'cmd.war.irregular').addStringOption((o) => describe(o, 'cmd.war.irregular.choose').setMaxLength(60)))
  .addSubcommand((s) =>
    percentOptions(
      describe(s, 'cmd.war.join')
        .addStringOption((o) => describe(o, 'cmd.war.master').setMaxLength(NAME_MAX).setAutocomplete(true))
        .addStringOption((o) => describe(o, 'cmd.war.servant').setMaxLength(NAME_MAX).setAutocomplete(true))
        .addStringOption((o) => describe(o, 'cmd.war.faction').setMaxLength(NAME_MAX)),
    ),
  )
  .addSubcommand((s) =>
    percentOptions(
      describe(s, 'cmd.war.npc')
        .addStringOption((o) => describe(o, 'cmd.war.faction').setRequired(true).setMaxLength(NAME_MAX))
        .addStringOption((o) => describe(o, 'cmd.war.master').setMaxLength(NAME_MAX).setAutocomplete(true))
        .addStringOption((o) => describe(o, 'cmd.war.servant').setMaxLength(NAME_MAX).setAutocomplete(true)),
    ),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.war.advance')
      .addStringOption((o) => describe(o, 'cmd.war.pending').addChoices(...localizedChoices(['resolve', 'discard'] as const, 'warcmd.pending')))
      // Decisions players still have open at the turn end (familiars after the roll, seed 000 L4): let them lapse.
      .addBooleanOption((o) => describe(o, 'cmd.war.force')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.war.faction_view').addStringOption((o) => describe(o, 'cmd.war.faction').setMaxLength(NAME_MAX).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.war.retreat')
      .addStringOption((o) => describe(o, 'cmd.war.retreat.choice').setRequired(true).addChoices(...localizedChoices(['seals', 'dropout'] as const, 'warcmd.retreat.choice')))
      .addStringOption((o) => describe(o, 'cmd.war.faction').setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.war.retreat.payer').setMaxLength(NAME_MAX).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.war.use')
      .addStringOption((o) => describe(o, 'cmd.war.use.item').setRequired(true).addChoices(...localizedChoices(USABLE, 'warcmd.use.item')))
      .addStringOption((o) => describe(o, 'cmd.war.faction').setMaxLength(NAME_MAX).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.war.intervene').addStringOption((o) => describe(o, 'cmd.war.intervene.eater').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.war.map')
      .addStringOption((o) => describe(o, 'cmd.war.map.name').setRequired(true).setMaxLength(40))
      .addStringOption((o) => describe(o, 'cmd.war.map.grade').setRequired(true).addChoices(...localizedChoices(TERRITORY_GRADES, 'war.territory'))),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.war.config')
      .addStringOption((o) => describe(o, 'cmd.war.config.key').setRequired(true).addChoices(...localizedChoices(CONFIG_KEYS, 'warcmd.config.key')))
      .addIntegerOption((o) => describe(o, 'cmd.war.config.value').setRequired(true).setMinValue(0).setMaxValue(100)),
  )
  .addSubcommand((s) => describe(s, 'cmd.war.declarations'))
  .addSubcommand((s) => describe(s, 'cmd.war.resolve'))
  .addSubcommand((s) => describe(s, 'cmd.war.sleep'))
  // Fate/roll dice (fate-war): the summoning check before day 1 (seed 001 L108–114), the tie reading of opposed checks (L41).
  .addSubcommand((s) =>
    describe(s, 'cmd.war.summon')
      .addStringOption((o) => describe(o, 'cmd.war.summon.method').setRequired(true).addChoices(...localizedChoices(SUMMON_METHODS, 'summon.method')))
      .addStringOption((o) => describe(o, 'cmd.war.summon.skills').setMaxLength(300).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.war.master').setMaxLength(NAME_MAX).setAutocomplete(true)),
  )
  .addSubcommand((s) => describe(s, 'cmd.war.tie').addStringOption((o) => describe(o, 'cmd.war.tie.rule').setRequired(true).addChoices(...localizedChoices(TIE_RULES, 'opposed.tie'))))
  .addSubcommand((s) => describe(s, 'cmd.war.board'))
  .addSubcommand((s) =>
    describe(s, 'cmd.war.set')
      .addStringOption((o) => describe(o, 'cmd.war.faction').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      // Autocomplete, not fixed choices: only the fields of this war's ruleset are offered, in the reader's language.
      .addStringOption((o) => describe(o, 'cmd.war.set.field').setRequired(true).setMaxLength(20).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.war.set.value').setRequired(true).setMaxLength(SKILLS_MAX)),
  )
  .addSubcommand((s) => describe(s, 'cmd.war.undo'))
  .addSubcommand((s) => describe(s, 'cmd.war.log'))
  .addSubcommand((s) => describe(s, 'cmd.war.end'))
  .toJSON();

export const war: CommandModule = {
  definition,
  helpKey: 'help.war',
  lock: 'wars', // its turn, joins and declarations write the war's factions (store/db.ts TransactionOptions)
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    switch (options.subcommand()) {
      case 'start':
        return await start(ctx, options);
      case 'irregular':
        // fate-war: `choose:` records the GM's pick for a 5 or 9 (seed 001 L80, L84) instead of re-rolling.
        return options.string('choose') ? await chooseIrregularResults(ctx, options.string('choose')!) : await irregular(ctx);
      case 'join':
        return await join(ctx, options, false);
      case 'npc':
        return await join(ctx, options, true);
      case 'advance':
        return await ctx.store.transaction(async (tx) => await advanceWar(tx, ctx, await requireGmWarTurn(tx, ctx), options.string('pending') as 'resolve' | 'discard' | null, options.boolean('force') ?? false));
      case 'faction_view':
        return await factionView(ctx, options);
      case 'retreat':
        return await retreat(ctx, options);
      case 'use':
        return await useItem(ctx, options);
      case 'config':
        return await configure(ctx, options);
      case 'map':
        return await addTerritory(ctx, options);
      case 'intervene':
        return await intervene(ctx, options);
      case 'declarations':
        return await declarationsList(ctx);
      case 'resolve':
        return await ctx.store.transaction(async (tx) => await resolveTurn(tx, ctx, await requireGmWar(tx, ctx)));
      case 'sleep':
        return await sleep(ctx);
      case 'summon':
        return await summon(ctx, options);
      case 'tie':
        return await setTie(ctx, options);
      case 'set':
        return await set(ctx, options);
      case 'undo':
        return await undo(ctx);
      case 'log':
        return await log(ctx);
      case 'end':
        return await end(ctx);
      case 'board':
      default:
        return await board(ctx);
    }
  },
  // The guide's steps (src/services/setup/guide.ts) and the next step offered after each one.
  async component(ctx, customId) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const [, action, arg, factionId] = customId.split(':');
    switch (action) {
      case 'start':
        if (!(RULESETS as readonly string[]).includes(arg ?? '')) break;
        return await startFromGuide(ctx, arg as Ruleset);
      case 'join':
        return await join(ctx, optionsFrom('join', {}), false);
      case 'summon':
        if (!(SUMMON_METHODS as readonly string[]).includes(arg ?? '') || (factionId !== undefined && !/^\d{1,12}$/.test(factionId))) break;
        return await summonByButton(ctx, arg!, factionId === undefined ? null : Number(factionId));
      case 'advance':
        if (arg !== 'day1') break;
        return await dayOne(ctx);
    }
    throw new UserError('error.staleButton');
  },
  // war:join — the form for the sheets a player's /war join did not find (src/services/war/join-sheets.ts).
  async modal(ctx, customId, fields) {
    if (customId !== JOIN_FORM_ID) throw new UserError('error.staleButton');
    return await joinFromForm(ctx, fields);
  },
  async autocomplete(ctx, focused, options) {
    if (!ctx.guildId) return [];
    if (focused.name === 'skills') {
      // the summoning check rolls the master's skills; a faction lists its servant's (or master's)
      if (options.subcommand() === 'summon') return await characterSkillChoices(ctx, focused.value, options.string('master'));
      return await characterSkillChoices(ctx, focused.value, options.string('servant') ?? options.string('master'), 'own', NAME_LIST);
    }
    if (focused.name === 'field') {
      const ruleset = await ctx.store.transaction(async (tx) => (await activeWar(tx, ctx.channelId))?.ruleset ?? 'percent');
      const fields = SET_FIELDS.filter((f) => ruleset === 'percent' || COMMON_FIELDS.includes(f));
      return nameChoices(focused.value, fields.map((f) => ({ name: ctx.t(`warcmd.field.${f}`), value: f, also: [f] })));
    }
    // one's own master and servant join; the GM's NPC team and anyone's checks are the GM's (own: all for the GM)
    if (focused.name !== 'faction' && focused.name !== 'eater' && focused.name !== 'payer') return await characterChoices(ctx, focused.value, 'own');
    const names = await ctx.store.transaction(async (tx) => {
      const war = await activeWar(tx, ctx.channelId);
      return war ? (await warFactions(tx, war.id)).map((f) => f.name) : [];
    });
    return nameChoices(focused.value, plainNames(names));
  },
};

/** GM-only war actions: the channel's GM, or a member who may manage the channel. */
async function requireGm(tx: Tx, ctx: CommandContext): Promise<void> {
  if (ctx.canManageChannel) return;
  if ((await channelGm(tx, ctx.channelId))?.userId !== ctx.user.id) throw new UserError('warcmd.gmOnly');
}

async function requireWar(tx: Tx, ctx: CommandContext): Promise<WarRow> {
  const found = await activeWar(tx, ctx.channelId);
  if (!found) throw new UserError('warcmd.none');
  return found;
}

async function requireGmWar(tx: Tx, ctx: CommandContext): Promise<WarRow> {
  // the war with the channel's GM in one read; the GM check then reads it from the transaction's memo
  const found = await activeWarWithGm(tx, ctx.channelId);
  await requireGm(tx, ctx);
  if (!found) throw new UserError('warcmd.none');
  return found.war;
}

/** As requireGmWar, with the war's factions and its turn's declarations read in the same statement (a turn end needs them all). */
async function requireGmWarTurn(tx: Tx, ctx: CommandContext): Promise<WarTurn> {
  const found = await activeWarTurnWithGm(tx, ctx.channelId);
  await requireGm(tx, ctx);
  if (!found) throw new UserError('warcmd.none');
  return found;
}

const EVENT_NAMES = ['war.advanced', 'war.factionJoined', 'war.slept', 'war.irregular', 'war.ended', 'war.factionEdited'];

const warSnapshot = (w: WarRow) => ({ day: w.day, turn: w.turn, status: w.status, irregular: w.irregular, name: w.name });

async function record(tx: Tx, ctx: CommandContext, type: string, subject: string, before: unknown, after: unknown): Promise<void> {
  await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject, before, after });
}

/** A war reply; a public one is the table's (callers write its lines with forTable(ctx)). */
function info(ctx: CommandContext, lines: string[], ephemeral: boolean): View {
  const speaker = ephemeral ? ctx : forTable(ctx);
  return { locale: speaker.locale, tone: 'info', title: speaker.t('warcmd.title'), blocks: lines.map(text), ephemeral };
}

/** The Irregular table goes to the GM only: ephemerally and as a DM to keep (seed 001 L73). */
function gmSecret(ctx: CommandContext, war: WarRow, lines: string[]): Reply {
  const view: View = { locale: ctx.locale, tone: 'secret', title: ctx.t('warcmd.irregular.title', { name: war.name }), blocks: lines.map(text), ephemeral: true };
  return { view, dms: [{ userId: ctx.user.id, view: { ...view, ephemeral: false } }] };
}

async function start(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const ruleset: 'fate' | 'percent' = options.string('ruleset') === 'percent' ? 'percent' : 'fate';
  const name = (options.string('name') ?? '').trim().slice(0, NAME_MAX) || ctx.t('warcmd.defaultName');
  const { war, irregularResult } = await ctx.store.transaction(async (tx) => {
    await requireGm(tx, ctx);
    if (await activeWar(tx, ctx.channelId)) throw new UserError('warcmd.alreadyActive');
    // The Irregular table belongs to Fate/roll dice (seed 001 L71–91); the percent rules have none.
    const irregularResult = ruleset === 'fate' ? rollIrregular(ctx.rng) : null;
    const row = { guildId: ctx.guildId, channelId: ctx.channelId, name, ruleset: ruleset as 'fate' | 'percent', status: 'active' as const, day: 0, turn: 0, irregular: irregularResult, config: {}, boardMessageId: null, pendingBattle: null, createdAt: ctx.now() };
    const id = await insertWar(tx, row);
    await record(tx, ctx, 'war.started', `war:${id}`, null, { name, ruleset });
    return { war: (await getWar(tx, id))!, irregularResult };
  });
  const reply = irregularResult ? gmSecret(ctx, war, irregularLines(ctx, irregularResult)) : { view: info(ctx, [ctx.t('warcmd.started', { name })], true), dms: [] };
  return { ...reply, board: boardUpdate(ctx, war, []) };
}

async function irregular(ctx: CommandContext): Promise<Reply> {
  const { war, result } = await ctx.store.transaction(async (tx) => {
    const war = await requireGmWar(tx, ctx);
    if (war.ruleset !== 'fate') throw new UserError('warcmd.irregular.fateOnly');
    if (war.day > 0) throw new UserError('warcmd.irregular.tooLate');
    const result = rollIrregular(ctx.rng);
    await updateWar(tx, war.id, { irregular: result });
    await record(tx, ctx, 'war.irregular', `war:${war.id}`, { irregular: war.irregular }, { irregular: result });
    return { war, result };
  });
  return gmSecret(ctx, war, irregularLines(ctx, result));
}

/**
 * The percent-rules numbers the player gives at join (seed 000 L23, L29, L31, L35, L42): no silent
 * defaults that cost mana — the servant's level and the master's MAG (or the master's statuses,
 * whose MAG it is) must be given; statuses are the player's own distribution when given.
 */
function percentState(options: CommandOptions, sheetClass: string | undefined): PercentFactionState {
  const hasServant = !(options.boolean('servantless') ?? false);
  const level = options.integer('level');
  // The master's level is asked for, never assumed: it sets the master's points when the master fights (L28–29).
  const masterLevel = options.integer('master_level') ?? undefined;
  if (options.string('master_statuses') && masterLevel === undefined) throw new UserError('warcmd.join.needMasterLevel');
  const masterAllocation = options.string('master_statuses') ? parseAllocation(options.string('master_statuses')!, 'master', masterLevel!) : undefined;
  // The master's MAG is one number, its 【마】 status (L35, L37): a mag: that the statuses contradict is refused, never overwritten.
  const givenMag = options.integer('mag');
  if (masterAllocation && givenMag !== null && givenMag !== masterAllocation.mag) throw new UserError('warcmd.join.magMismatch', { mag: givenMag, statusMag: masterAllocation.mag });
  const mag = masterAllocation?.mag ?? givenMag;
  if (mag === null || mag === undefined) throw new UserError('warcmd.join.needMag');
  if (hasServant && level === null) throw new UserError('warcmd.join.needLevel');
  const servantLevel = level ?? 0;
  const allocation = hasServant && options.string('statuses') ? parseAllocation(options.string('statuses')!, 'servant', servantLevel) : undefined;
  const servantClass = parseClass(options.string('class') ?? sheetClass ?? '');
  const archerPick = options.string('archer_bonus') as 'str' | 'end' | 'agi' | null;
  if (hasServant && servantClass === 'archer' && !archerPick) throw new UserError('warcmd.join.needArcherBonus');
  const rank = options.string('rank')?.trim().slice(0, RANK_MAX);
  const skills = parseSkills(options.string('skills') ?? '');
  return {
    servantClass,
    ...(masterLevel !== undefined ? { masterLevel } : {}),
    masterMag: mag,
    servantLevel,
    // Summoned full (L35); without a servant the character keeps its own mana (L42).
    mana: 100 + mag * 2,
    sealsLeft: 3,
    masterSupplyCut: false,
    independentAction: options.boolean('independent') ?? false,
    territory: (options.string('territory') as (typeof TERRITORIES)[number] | null) ?? 'none',
    battlesThisTurn: 0,
    vanished: false,
    hasServant,
    ...(archerPick ? { archerPick } : {}),
    ...(allocation ? { allocation } : {}),
    ...(masterAllocation ? { masterAllocation } : {}),
    ...(rank ? { rank } : {}),
    ...(skills.length ? { skills } : {}),
  };
}

const PERCENT_INTEGERS = ['level', 'master_level', 'mag'] as const;
const PERCENT_BOOLEANS = ['independent', 'servantless'] as const;
const PERCENT_STRINGS = ['class', 'territory', 'statuses', 'master_statuses', 'archer_bonus', 'rank', 'skills'] as const;

/**
 * A Fate war plays the sheets (seed 001): the master's MAG is its sheet's 魔力 (L108–109, L227), so a
 * percentage-war number given at join would be dropped without a word; it is refused, naming it.
 */
function refusePercentOptions(ctx: CommandContext, options: CommandOptions): void {
  const given = [
    ...PERCENT_INTEGERS.filter((o) => options.integer(o) !== null),
    ...PERCENT_BOOLEANS.filter((o) => options.boolean(o) !== null),
    ...PERCENT_STRINGS.filter((o) => options.string(o) !== null),
  ];
  if (given.length) throw new UserError('warcmd.join.fateSheetsOnly', { options: given.map((o) => `${ctx.t(`cmd.war.${o}.name`)}:`).join(', ') });
}

/** Skills as the faction writes them, comma-separated (what a deep information gathering reveals, L17). */
function parseSkills(input: string): string[] {
  return input.slice(0, SKILLS_MAX).split(/[,、，\n]/).map((x) => x.trim()).filter(Boolean).slice(0, 20);
}

async function join(ctx: CommandContext, given: CommandOptions, npc: boolean): Promise<Reply> {
  let options = given;
  if (!npc) {
    // A player's plain /war join in a Fate war: their own sheets, or a form for the ones not imported yet.
    const picked = await pickJoinSheets(ctx, given);
    if (picked.war?.ruleset === 'fate') refusePercentOptions(ctx, given);
    if (picked.form) return { view: info(ctx, [], true), dms: [], modal: picked.form };
    options = withNames(given, picked.names);
  }
  const { war, factions, name, factionId } = await ctx.store.transaction(async (tx) => {
    const war = await requireWar(tx, ctx);
    if (npc) await requireGm(tx, ctx);
    // A Fate war plays the sheets (seed 001); a percent-rules faction needs none, so a Ccfolia character may join one.
    const load = war.ruleset === 'fate' ? resolveFateCharacter : resolveCharacter;
    const master = options.string('master') ? await load(tx, ctx, options.string('master')) : null;
    const servant = options.string('servant') ? await load(tx, ctx, options.string('servant')) : null;
    if (war.ruleset === 'fate') refusePercentOptions(ctx, options);
    if (war.ruleset === 'fate' && !npc && (!master || !servant)) throw new UserError('warcmd.join.needSheets');
    if (master && master.sheet.type !== 'master') throw new UserError('res.notMaster', { name: master.row.name });
    // A master and a servant may belong to different players (L49): the caller owns one of them, or is the GM.
    const mine = [master, servant].filter((c) => c !== null);
    const forOthers = mine.length > 0 && !mine.some((c) => c.row.ownerId === ctx.user.id);
    if (!npc && forOthers && !await isChannelGm(tx, ctx)) throw new UserError('character.notYours', { name: mine[0]?.row.name ?? '' });
    const existing = await warFactions(tx, war.id);
    for (const c of [master, servant]) {
      if (c && existing.some((f) => f.masterId === c.row.id || f.servantId === c.row.id)) throw new UserError('warcmd.join.taken', { name: c.row.name });
    }
    const name = (options.string('faction') ?? '').trim() || [master?.row.name, servant?.row.name].filter(Boolean).join(' & ') || ctx.user.name;
    // A percent-rules faction is a master with a servant even without sheets: its numbers are the options.
    const state: FactionState = war.ruleset === 'fate' ? { fate: { ...NEW_FATE_STATE } } : { percent: percentState(options, servant?.sheet.servant?.className) };
    // The GM joining a pair for its players does not become a member of it.
    const members = npc ? [] : [...new Set([master?.row.ownerId, servant?.row.ownerId, forOthers ? null : ctx.user.id].filter((x): x is string => !!x))];
    const row: FactionSnapshot = { warId: war.id, name: name.slice(0, NAME_MAX), masterId: master?.row.id ?? null, servantId: servant?.row.id ?? null, members, npc, declared: false, eliminated: false, state };
    const id = await insertFaction(tx, row);
    await record(tx, ctx, 'war.factionJoined', `faction:${id}`, null, row);
    return { war, factions: await warFactions(tx, war.id), name: row.name, factionId: id };
  });
  const table = forTable(ctx);
  // Before day 1 a Fate master's next step is the summoning check (seed 001 L108–110): a button for each method.
  const summoning = war.ruleset === 'fate' && war.day === 0 && !npc;
  const view = info(ctx, [table.t('warcmd.joined', { faction: name }), ...(summoning ? [table.t('warcmd.join.next')] : [])], false);
  return { view: summoning ? { ...view, buttons: summonButtons(table, factionId) } : view, dms: [], board: boardUpdate(ctx, war, factions) };
}

/** The options with the sheets picked for the player (a name given stays as given). */
function withNames(options: CommandOptions, names: Partial<Record<PairKind, string>>): CommandOptions {
  return {
    subcommand: () => options.subcommand(),
    string: (name) => (name === 'master' || name === 'servant' ? (names[name] ?? options.string(name)) : options.string(name)),
    integer: (name) => options.integer(name),
    boolean: (name) => options.boolean(name),
    user: (name) => options.user(name),
    attachment: (name) => options.attachment(name),
  };
}

/**
 * The join form sent back: each sheet read like /sheet import (refused with what was expected when it
 * is none), saved as the player's, then the join with them; what the import noticed goes to the player aside.
 */
async function joinFromForm(ctx: CommandContext, fields: Record<string, string>): Promise<Reply> {
  const names: Record<string, string> = {};
  const notes: string[] = [];
  for (const kind of SHEET_KINDS_OF_A_PAIR) {
    const content = fields[kind];
    if (!content?.trim()) continue;
    const parsed = parseSheetInput(content);
    if (parsed.sheet.type !== kind) {
      throw new UserError('warcmd.join.formWrongKind', { field: ctx.t(kind === 'master' ? 'warcmd.join.formMaster' : 'warcmd.join.formServant'), kind: ctx.t(`warcmd.sheetKind.${parsed.sheet.type}`), name: parsed.sheet.name });
    }
    const { character, replaced } = await storeSheet(ctx, parsed, false);
    names[kind] = character.row.name;
    notes.push(...importLines(ctx, parsed, character, replaced));
  }
  if (!Object.keys(names).length) throw new UserError('warcmd.join.formEmpty');
  const faction = fields.faction?.trim();
  const reply = await join(ctx, optionsFrom('join', { ...names, ...(faction ? { faction } : {}) }), false);
  return reply.modal ? reply : { ...reply, aside: { locale: ctx.locale, tone: 'success', title: ctx.t('sheet.title'), blocks: [text(notes.join('\n'))], ephemeral: true } };
}

/** The guide's "start the war": the war's default name in the table's language; the players are shown the join button. */
async function startFromGuide(ctx: CommandContext, ruleset: Ruleset): Promise<Reply> {
  const table = forTable(ctx);
  const reply = await start(ctx, optionsFrom('start', { ruleset, name: table.t('warcmd.defaultName') }));
  const post: View = { ...info(ctx, [table.t('warcmd.started', { name: table.t('warcmd.defaultName') }), table.t('warcmd.started.next')], false), buttons: [joinButton(table)] };
  return { ...reply, posts: [...(reply.posts ?? []), { channelId: ctx.channelId, view: post }] };
}

/**
 * A summoning button: the faction's master rolls (only its player or the GM may, as with /war summon);
 * without a faction in the id, the presser's own. The last check of the phase offers the GM day 1.
 */
async function summonByButton(ctx: CommandContext, method: string, factionId: number | null): Promise<Reply> {
  const master = await ctx.store.transaction(async (tx) => {
    const war = await requireWar(tx, ctx);
    const factions = await warFactions(tx, war.id);
    const faction = factionId === null ? myFaction(factions, ctx.user.id) : factions.find((f) => f.id === factionId);
    if (!faction) throw new UserError(factionId === null ? 'summon.noFactionOfYours' : 'error.staleButton');
    const row = faction.masterId === null ? undefined : await getCharacter(tx, faction.masterId);
    if (!row) throw new UserError('summon.noFaction', { name: faction.name });
    return row.name;
  });
  const reply = await summon(ctx, optionsFrom('summon', { method, master }));
  const done = await ctx.store.transaction(async (tx) => {
    const war = await requireWar(tx, ctx);
    return summoningDone(war, await warFactions(tx, war.id));
  });
  if (!done) return reply;
  const table = forTable(ctx);
  return { ...reply, view: { ...reply.view, blocks: [...reply.view.blocks, text(table.t('summon.allRolled'))], buttons: [...(reply.view.buttons ?? []), dayOneButton(table)] } };
}

/** The guide's "begin day 1": the GM's /war advance out of the summoning phase, and only out of it. */
async function dayOne(ctx: CommandContext): Promise<Reply> {
  return await ctx.store.transaction(async (tx) => {
    const read = await requireGmWarTurn(tx, ctx);
    if (read.war.day !== 0) throw new UserError('summon.over');
    return await advanceWar(tx, ctx, read);
  });
}

/** Factions the caller plays in (as owner of its sheets). */
function myFaction(factions: FactionRow[], userId: string): FactionRow | undefined {
  return factions.find((f) => (f.members as string[]).includes(userId) && !f.eliminated);
}

async function sleep(ctx: CommandContext): Promise<Reply> {
  const { war, factions } = await ctx.store.transaction(async (tx) => {
    const war = await requireWar(tx, ctx);
    if (war.ruleset !== 'fate') throw new UserError('warcmd.sleep.fateOnly');
    if (war.day === 0) throw new UserError('warcmd.sleep.notYet');
    const faction = myFaction(await warFactions(tx, war.id), ctx.user.id);
    if (!faction?.masterId) throw new UserError('warcmd.sleep.noMaster');
    // Sleep is the living master's declaration (L246); the turn end skips a dead one (L204), so its sleep would be a hollow "declared".
    const master = await getCharacter(tx, faction.masterId);
    if (master && hydrate(master).runtime.dead) throw new UserError('warcmd.sleep.masterDead', { name: master.name });
    const state = faction.state as FactionState;
    const fate = { ...(state.fate ?? NEW_FATE_STATE), sleptThisTurn: true };
    // Sleeping is this turn's declaration: the board shows that one exists, never what it is.
    await updateFaction(tx, faction.id, { state: { ...state, fate }, declared: true });
    await record(tx, ctx, 'war.slept', `faction:${faction.id}`, { state, declared: faction.declared }, { state: { ...state, fate }, declared: true });
    return { war, factions: await warFactions(tx, war.id) };
  });
  return { view: { ...info(ctx, [ctx.t('warcmd.sleep.done')], true), tone: 'secret' }, dms: [], board: boardUpdate(ctx, war, factions) };
}

/** The GM's view of this turn's declarations, content included (ephemeral). */
async function declarationsList(ctx: CommandContext): Promise<Reply> {
  const lines = await ctx.store.transaction(async (tx) => {
    const war = await requireGmWar(tx, ctx);
    const factions = await warFactions(tx, war.id);
    const byId = new Map(factions.map((f) => [f.id, f]));
    const declared = await turnDeclarations(tx, war.id, war.day, war.turn);
    const out = declared.map((d) => {
      const action = d.action as ActionDeclaration;
      const targets = action.targets.map((id) => byId.get(id)).filter((f): f is FactionRow => !!f);
      const resolved = d.resolvedAt ? ` (${ctx.t('resolve.done')})` : '';
      return `**${byId.get(d.factionId)?.name ?? '?'}** — ${describeAction(ctx.t, action, targets)}${resolved}${action.text ? `\n> ${action.text}` : ''}`;
    });
    // Fate: sleeping is a declaration the board shows only as "declared" (seed 001 L57, L249); the GM sees it here.
    const asleep = factions.filter((f) => !f.eliminated && (f.state as FactionState).fate?.sleptThisTurn);
    for (const f of asleep) out.push(ctx.t('warcmd.sleep.listed', { faction: f.name }));
    const missing = factions.filter((f) => !f.eliminated && !declared.some((d) => d.factionId === f.id) && !asleep.includes(f)).map((f) => f.name);
    if (missing.length) out.push(ctx.t('act.missing', { factions: missing.join(', ') }));
    return out;
  });
  return { view: { ...info(ctx, [lines.join('\n') || ctx.t('act.none')], true), tone: 'secret' }, dms: [] };
}

async function board(ctx: CommandContext): Promise<Reply> {
  const { war, factions } = await ctx.store.transaction(async (tx) => {
    const war = await requireWar(tx, ctx);
    return { war, factions: await warFactions(tx, war.id) };
  });
  // Re-post the board at the bottom of the channel (the old message stops being updated).
  return { view: info(ctx, [ctx.t('warcmd.board.reposted')], true), dms: [], board: { ...boardUpdate(ctx, war, factions), repost: true } };
}

function fits(kind: 'servant' | 'master', level: number, allocation: Record<Status, number>): boolean {
  return Object.values(allocation).reduce((a, b) => a + b, 0) === statusPoints(kind, level);
}

function parseFlag(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(v)) return true;
  if (['false', 'no', 'off', '0'].includes(v)) return false;
  return null;
}

/** GM corrections to a faction; one event with before/after, so /war undo can revert it. */
async function set(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const field = options.string('field') as (typeof SET_FIELDS)[number];
  if (!(SET_FIELDS as readonly string[]).includes(field)) throw new UserError('warcmd.set.badField', { field: String(field) });
  const value = (options.string('value') ?? '').trim();
  const bad = () => new UserError('warcmd.set.badValue', { field, value });
  const { war, factions, name, notice } = await ctx.store.transaction(async (tx) => {
    const war = await requireGmWar(tx, ctx);
    const f = (await warFactions(tx, war.id)).find((x) => x.name === options.string('faction'));
    if (!f) throw new UserError('warcmd.set.noFaction', { faction: options.string('faction') ?? '' });
    const state = f.state as FactionState;
    let changes: Partial<FactionSnapshot>;
    if (field === 'masterless' || field === 'eliminated') {
      const flag = parseFlag(value);
      if (flag === null) throw bad();
      // A master who died or broke the contract leaves the servant masterless (seed 001 L244).
      changes = field === 'eliminated' ? { eliminated: flag } : flag ? { masterId: null } : {};
    } else {
      if (!state.percent) throw new UserError('warcmd.set.percentOnly', { field });
      const percent = { ...state.percent };
      if (field === 'territory') {
        if (!(TERRITORIES as readonly string[]).includes(value)) throw bad();
        percent.territory = value as (typeof TERRITORIES)[number];
      } else if (field === 'base') {
        // A base on the GM's map (seed 000 L9): its grade becomes the faction's territory.
        const to = ((war.config as WarConfig).territories ?? []).find((x) => x.name === value);
        if (!to) throw bad();
        percent.base = to.name;
        percent.territory = to.grade;
      } else if (field === 'rank') {
        // What a shallow information gathering reveals beside statuses and location (L16); '-' clears it.
        if (value === '-') delete percent.rank;
        else percent.rank = value.slice(0, RANK_MAX);
      } else if (field === 'skills') {
        const skills = value === '-' ? [] : parseSkills(value);
        if (skills.length) percent.skills = skills;
        else delete percent.skills;
      } else if (field === 'tracking') {
        // A skill may hinder a deep gathering's tracking (L17): the GM stops it, for one faction or all.
        const other = (await warFactions(tx, war.id)).find((x) => x.name === value);
        if (value !== '-' && !other) throw bad();
        const tracking = value === '-' ? [] : (percent.tracking ?? []).filter((id) => id !== other!.id);
        if (tracking.length) percent.tracking = tracking;
        else delete percent.tracking;
      } else if (field === 'statuses') {
        percent.allocation = parseAllocation(value, 'servant', percent.servantLevel);
      } else if (field === 'master_statuses') {
        if (percent.masterLevel === undefined) throw new UserError('warcmd.join.needMasterLevel');
        percent.masterAllocation = parseAllocation(value, 'master', percent.masterLevel);
        percent.masterMag = percent.masterAllocation.mag;
      } else if (field === 'supply_cut' || field === 'independent') {
        const flag = parseFlag(value);
        if (flag === null) throw bad();
        if (field === 'supply_cut') percent.masterSupplyCut = flag;
        else percent.independentAction = flag;
      } else {
        const n = Number(value);
        if (!Number.isInteger(n) || Math.abs(n) > 99_999) throw bad();
        if (field === 'mana') percent.mana = n;
        else if (field === 'level' || field === 'master_level') {
          if (n < 1 || n > 200) throw bad();
          // A distribution made for another level no longer adds up (L29): it must be entered again.
          if (field === 'level') {
            percent.servantLevel = n;
            if (percent.allocation && !fits('servant', n, percent.allocation)) delete percent.allocation;
          } else {
            percent.masterLevel = n;
            if (percent.masterAllocation && !fits('master', n, percent.masterAllocation)) delete percent.masterAllocation;
          }
        } else if (field === 'mag') {
          percent.masterMag = n;
          // The master's MAG is one number (L35, L37): a distribution with another MAG is dropped.
          if (percent.masterAllocation && percent.masterAllocation.mag !== n) delete percent.masterAllocation;
        } else percent.sealsLeft = Math.max(0, n);
      }
      changes = { state: { ...state, percent } };
    }
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, f[k as keyof FactionSnapshot]]));
    await updateFaction(tx, f.id, changes);
    await record(tx, ctx, 'war.factionEdited', `faction:${f.id}`, before, changes);
    // An elimination may leave one servant standing (seed 001 L66): the table is told.
    const notice = await lastServantNotice(tx, ctx, war.id);
    return { war, factions: await warFactions(tx, war.id), name: f.name, notice };
  });
  return { view: info(ctx, [ctx.t('warcmd.set.done', { faction: name, field: ctx.t(`warcmd.field.${field}`), value })], true), dms: notice.dms, posts: notice.posts, board: boardUpdate(ctx, war, factions) };
}

async function undo(ctx: CommandContext): Promise<Reply> {
  const { war, factions, reverted } = await ctx.store.transaction(async (tx) => {
    const war = await requireGmWar(tx, ctx);
    const reverted = await undoLastWarChange(tx, ctx, war.id);
    return { war: (await getWar(tx, war.id))!, factions: await warFactions(tx, war.id), reverted };
  });
  // Name the command that was undone by its own war event (advance, join, sleep …).
  const what = [...new Set(reverted.filter((e) => EVENT_NAMES.includes(e.type)).map((e) => forTable(ctx).t(`warcmd.event.${e.type.slice(4)}`)))];
  return { view: info(ctx, [forTable(ctx).t('warcmd.undo.done', { what: what.join(', ') }), warClockLine(forTable(ctx), war)], false), dms: [], board: boardUpdate(ctx, war, factions) };
}

async function log(ctx: CommandContext): Promise<Reply> {
  const { rows, names } = await ctx.store.transaction(async (tx) => {
    const war = await requireGmWar(tx, ctx);
    const rows = await recentWarEvents(tx, ctx.channelId, 20);
    const names = new Map((await warFactions(tx, war.id)).map((f) => [`faction:${f.id}`, f.name]));
    // A character's sheet changes (turn-end HP/MP, seals) name the character, not its row id.
    for (const subject of new Set(rows.map((e) => e.subject).filter((x) => x.startsWith('character:')))) {
      const c = await getCharacter(tx, Number(subject.slice('character:'.length)));
      if (c && c.guildId === ctx.guildId) names.set(subject, c.name);
    }
    // A declaration by its faction and action, a library by its owner (the GM reads this log; a secret keeps its #id, the /reveal id).
    const { declarations, libraries } = tx.t;
    const factionName = (id: number) => names.get(`faction:${id}`) ?? `#${id}`;
    for (const subject of new Set(rows.map((e) => e.subject).filter((x) => x.startsWith('declaration:')))) {
      const [d] = await tx.db.select().from(declarations).where(eq(declarations.id, Number(subject.slice('declaration:'.length))));
      if (d && d.warId === war.id) names.set(subject, ctx.t('warcmd.log.declaration', { faction: factionName(d.factionId), action: ctx.t(`gw.action.${(d.action as ActionDeclaration).kind}`) }));
    }
    for (const subject of new Set(rows.map((e) => e.subject).filter((x) => x.startsWith('library:')))) {
      const [l] = await tx.db.select({ ownerId: libraries.ownerId, guildId: libraries.guildId }).from(libraries).where(eq(libraries.id, Number(subject.slice('library:'.length))));
      if (l && l.guildId === ctx.guildId) names.set(subject, ctx.t('warcmd.log.library', { owner: mention(l.ownerId) }));
    }
    return { rows, names };
  });
  // In the reader's words: the event's name from the catalog, the subject by its faction's name.
  const label = (type: string) => {
    const key = `warcmd.logType.${type}`;
    const said = ctx.t(key);
    return said === key ? type : said;
  };
  const subject = (s: string) => names.get(s) ?? (s.startsWith('war:') ? '' : s.startsWith('channel:') ? `<#${s.slice('channel:'.length)}>` : s.replace(/^(\w+):/, '#'));
  const lines = rows.map((e) =>
    [`\`${e.createdAt.toISOString().slice(5, 16).replace('T', ' ')}\``, mention(e.actorId), label(e.type), subject(e.subject), e.undoneAt ? `(${ctx.t('warcmd.log.undone')})` : ''].filter(Boolean).join(' '),
  );
  return { view: info(ctx, [lines.join('\n') || ctx.t('warcmd.log.empty')], true), dms: [] };
}

async function end(ctx: CommandContext): Promise<Reply> {
  const { war, factions } = await ctx.store.transaction(async (tx) => {
    const war = await requireGmWar(tx, ctx);
    await updateWar(tx, war.id, { status: 'ended' });
    await record(tx, ctx, 'war.ended', `war:${war.id}`, warSnapshot(war), { ...warSnapshot(war), status: 'ended' });
    return { war: { ...war, status: 'ended' as const }, factions: await warFactions(tx, war.id) };
  });
  return { view: info(ctx, [forTable(ctx).t('warcmd.ended', { name: war.name })], false), dms: [], board: boardUpdate(ctx, war, factions) };
}
