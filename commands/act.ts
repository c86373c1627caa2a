// /act: a faction's hidden action for this action turn. The reply is ephemeral, the GM gets the
// content by DM, the channel sees only that the faction has declared (board) and a commitment.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { commitSecret } from '../src/services/secrets.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import { NAME_LIST, nameChoices, plainNames } from '../src/services/name-choices.js';
import { boardUpdate } from '../src/services/war/board.js';
import { actorProfile } from '../src/services/war/profiles.js';
import { declineFamiliarsAfterRoll, spendFamiliarsAfterRoll } from '../src/services/war/familiars.js';
import { INFO_MODES, MAX_FAMILIARS, MYSTIC_CODES, actionChance, type ActionDeclaration, type ActorProfile } from '../src/core/grailwar/actions.js';
import { actionChoices, actionOf } from '../src/services/war/action-kinds.js';
import { TERRITORY_GRADES } from '../src/core/grailwar/upkeep.js';
import { statusPoints } from '../src/core/grailwar/status.js';
import { translator } from '../src/i18n/index.js';
import { recipientLocales } from '../src/services/locales.js';
import { percentOf } from '../src/services/war/profiles.js';
import type { WarConfig } from '../src/services/war/state.js';
import { factionDeclaration, insertDeclaration, turnDeclarations, updateDeclaration } from '../src/store/declarations.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import type { FactionRow } from '../src/store/schema/index.js';
import { activeWar, updateFaction, warFactions } from '../src/store/wars.js';
import { text, type DirectMessage, type Reply } from '../src/views/view.js';
import { describeAction } from '../src/views/war-action.js';

const TEXT_MAX = 500;

const definition = describe(new SlashCommandBuilder(), 'cmd.act')
  .setDMPermission(false)
  // Autocomplete, not fixed choices: a Fate war's channel is offered the Fate war's actions, never the percentage menu.
  .addStringOption((o) => describe(o, 'cmd.act.action').setRequired(true).setMaxLength(60).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.act.text').setMaxLength(TEXT_MAX))
  .addStringOption((o) => describe(o, 'cmd.act.targets').setMaxLength(300).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.act.mode').addChoices(...localizedChoices(INFO_MODES, 'gw.infoMode')))
  .addStringOption((o) => describe(o, 'cmd.act.item').addChoices(...localizedChoices(MYSTIC_CODES, 'gw.mysticCode')))
  .addStringOption((o) => describe(o, 'cmd.act.creator').addChoices(...localizedChoices(['master', 'servant'] as const, 'gw.creator')))
  .addStringOption((o) => describe(o, 'cmd.act.territory').addChoices(...localizedChoices(TERRITORY_GRADES, 'war.territory')))
  .addBooleanOption((o) => describe(o, 'cmd.act.random'))
  .addStringOption((o) => describe(o, 'cmd.act.faction').setMaxLength(100).setAutocomplete(true))
  .addBooleanOption((o) => describe(o, 'cmd.act.raid'))
  .addIntegerOption((o) => describe(o, 'cmd.act.familiars').setMinValue(0).setMaxValue(MAX_FAMILIARS))
  .addBooleanOption((o) => describe(o, 'cmd.act.reroll'))
  .addStringOption((o) => describe(o, 'cmd.act.to').setMaxLength(40).setAutocomplete(true))
  .toJSON();

export const act: CommandModule = {
  definition,
  helpKey: 'help.act',
  lock: 'wars', // a declaration and its familiars write the war's rows (store/db.ts TransactionOptions)
  execute: declare,
  // The button /war resolve sends the declarer of a failed gathering: spend familiars after the roll (seed 000 L4).
  async component(ctx, customId) {
    if (customId.startsWith('act:familiars:decline:')) {
      const declined = Number(customId.slice('act:familiars:decline:'.length));
      if (!Number.isSafeInteger(declined)) throw new UserError('familiars.gone');
      return await declineFamiliarsAfterRoll(ctx, declined);
    }
    const id = Number(customId.slice('act:familiars:'.length));
    if (!customId.startsWith('act:familiars:') || !Number.isSafeInteger(id)) throw new UserError('familiars.gone');
    return await spendFamiliarsAfterRoll(ctx, id);
  },
  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    if (focused.name === 'action') {
      const ruleset = await ctx.store.transaction(async (tx) => (await activeWar(tx, ctx.channelId))?.ruleset ?? 'percent');
      return actionChoices(ctx, ruleset, focused.value);
    }
    if (focused.name === 'to') {
      const map = await ctx.store.transaction(async (tx) => ((await activeWar(tx, ctx.channelId))?.config as WarConfig | undefined)?.territories ?? []);
      return nameChoices(focused.value, map.map((x) => ({ name: x.name, note: ctx.t(`war.territory.${x.grade}`) })));
    }
    const names = await ctx.store.transaction(async (tx) => {
      const war = await activeWar(tx, ctx.channelId);
      return war ? (await warFactions(tx, war.id)).filter((f) => !f.eliminated).map((f) => f.name) : [];
    });
    return nameChoices(focused.value, plainNames(names), NAME_LIST);
  },
};

function splitNames(input: string | null): string[] {
  return (input ?? '').split(/[,、，]/).map((s) => s.trim()).filter(Boolean);
}

async function declare(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  const result = await ctx.store.transaction(async (tx) => {
    const war = await activeWar(tx, ctx.channelId);
    if (!war) throw new UserError('warcmd.none');
    if (war.day === 0) throw new UserError('act.notYet');
    const kind = actionOf(ctx, war.ruleset, options.string('action') ?? '');
    if (war.ruleset === 'fate') refusePercentOptions(ctx, options);
    const factions = await warFactions(tx, war.id);
    const gm = await channelGm(tx, ctx.channelId);
    const faction = pickFaction(ctx, factions, options.string('faction'), gm?.userId === ctx.user.id || ctx.canManageChannel);
    const targets = splitNames(options.string('targets')).map((name) => {
      const f = factions.find((x) => x.name === name && !x.eliminated);
      if (!f) throw new UserError('warcmd.set.noFaction', { faction: name });
      return f;
    });
    const decl: ActionDeclaration = {
      factionId: faction.id,
      kind,
      targets: targets.map((f) => f.id),
      text: (options.string('text') ?? '').trim().slice(0, TEXT_MAX),
      ...(options.string('mode') ? { infoMode: options.string('mode') as ActionDeclaration['infoMode'] } : {}),
      ...(options.string('item') ? { mysticCode: options.string('item') as ActionDeclaration['mysticCode'] } : {}),
      ...(options.string('creator') ? { creator: options.string('creator') as 'master' | 'servant' } : {}),
      ...(options.string('territory') ? { territory: options.string('territory') as ActionDeclaration['territory'] } : {}),
      ...(options.boolean('random') ? { random: true } : {}),
      ...(kind === 'contact' && options.boolean('raid') ? { raid: true } : {}),
      ...(kind === 'moveBase' && options.string('to') ? { destination: options.string('to')!.trim() } : {}),
      ...(kind === 'infoGathering' && options.integer('familiars') ? { familiars: options.integer('familiars')! } : {}),
      ...((kind === 'infoGathering' || kind === 'mysticCode') && options.boolean('reroll') ? { reroll: true } : {}),
    };
    const p = percentOf(faction);
    if (war.ruleset === 'percent' && p) {
      // Items are spent only if held (seed 000 L4); a second rest the same day is refused now, not at resolve (L5).
      if ((decl.familiars ?? 0) > (p.items?.familiar ?? 0)) throw new UserError('act.notEnoughFamiliars', { have: p.items?.familiar ?? 0 });
      if (decl.reroll && (p.items?.charmIllusion ?? 0) < 1) throw new UserError('act.noIllusionCharm');
      if (kind === 'rest' && p.restedDay === war.day) throw new UserError('act.restedToday');
      // A servant-made mystic code succeeds on the servant's MAG × 2 (L1, L3): never an even spread's guess (L23, L29).
      if (kind === 'mysticCode' && decl.creator === 'servant' && p.hasServant && !p.allocation) throw new UserError('act.needStatuses', { points: statusPoints('servant', p.servantLevel) });
      // A named move goes to a territory of the GM's map (seed 000 L9); random moves pick a grade.
      const map = (war.config as WarConfig).territories ?? [];
      if (decl.destination) {
        const to = map.find((x) => x.name === decl.destination);
        if (!to) throw new UserError('act.unknownTerritory', { name: decl.destination.slice(0, 40) });
        if (!decl.territory) decl.territory = to.grade;
      }
      if (kind === 'moveBase' && !decl.destination && !decl.territory) throw new UserError('act.moveWhere');
    }
    // The percent rules compute the chance from the factions' numbers; Fate/roll dice actions are the GM's to resolve.
    const alive = factions.filter((f) => !f.eliminated);
    const chance = war.ruleset === 'percent' ? actionChance(decl, actorProfile(faction), alive.map(actorProfile)) : { chance: null, parts: [] };
    // What the declarer may know: another faction's class is hidden until found out, so the player's
    // figure leaves out the Assassin's −20 % (seed 000 L13, L31); the GM's DM has the real chance.
    const masked = (x: ActorProfile): ActorProfile => (x.factionId === faction.id ? x : { ...x, servantClass: 'other' });
    const playerChance = war.ruleset === 'percent' ? actionChance(decl, actorProfile(faction), alive.map(actorProfile).map(masked)) : { chance: null, parts: [] };
    const at = ctx.now();
    const existing = await factionDeclaration(tx, war.id, faction.id, war.day, war.turn);
    if (existing?.resolvedAt) throw new UserError('act.alreadyResolved');
    if (existing) {
      await updateDeclaration(tx, existing.id, { action: decl, declaredBy: ctx.user.id, createdAt: at });
      await appendEvent(tx, { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.declared', subject: `declaration:${existing.id}`, before: { action: existing.action, declaredBy: existing.declaredBy }, after: { action: decl, declaredBy: ctx.user.id } });
    } else {
      const id = await insertDeclaration(tx, { warId: war.id, factionId: faction.id, day: war.day, turn: war.turn, action: decl, declaredBy: ctx.user.id, createdAt: at, result: null, resolvedAt: null });
      await appendEvent(tx, { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.declared', subject: `declaration:${id}`, before: null, after: { action: decl } });
    }
    if (!faction.declared) {
      await updateFaction(tx, faction.id, { declared: true });
      await appendEvent(tx, { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.declaredFlag', subject: `faction:${faction.id}`, before: { declared: false }, after: { declared: true } });
    }
    const after = await warFactions(tx, war.id);
    const declaredCount = (await turnDeclarations(tx, war.id, war.day, war.turn)).length;
    const aliveCount = after.filter((f) => !f.eliminated).length;
    const commitment = await commitSecret(tx, ctx, 'action', (faction.members as string[])[0] ?? ctx.user.id, { war: war.id, day: war.day, turn: war.turn, faction: faction.name, action: decl });
    const gmId = gm?.userId ?? null;
    const localeOf = await recipientLocales(tx, gmId ? [gmId] : [], ctx.locale);
    return { war, faction, targets, decl, chance, playerChance, after, allDeclared: declaredCount >= aliveCount, gmId, gmLocale: gmId ? localeOf(gmId) : ctx.locale, commitment };
  });

  const summary = (t: typeof ctx.t) => describeAction(t, result.decl, result.targets);
  const chanceLines = (t: typeof ctx.t, c = result.chance) => c.parts.map((p) => t(p.key, p.params));
  // The percentage war's rates and their hidden modifiers; a Fate war's action is the GM's to play out with checks.
  const fate = result.war.ruleset === 'fate';
  const playerLines = fate ? [ctx.t('act.fate.note')] : [...chanceLines(ctx.t, result.playerChance), ...(result.decl.kind === 'infoGathering' ? [ctx.t('act.hiddenModifiers')] : [])];
  const dms: DirectMessage[] = [];
  if (result.gmId && result.gmId !== ctx.user.id) {
    const gmT = translator(result.gmLocale);
    const lines = [gmT('act.gmDigest', { faction: result.faction.name, player: `<@${ctx.user.id}>`, action: summary(gmT) }), ...(fate ? [gmT('act.fate.gmNote')] : chanceLines(gmT))];
    if (result.decl.text) lines.push(`> ${result.decl.text}`);
    if (result.allDeclared) lines.push(gmT('act.allDeclared'));
    dms.push({ userId: result.gmId, view: { locale: result.gmLocale, tone: 'secret', title: gmT('act.gmTitle', { name: result.war.name }), blocks: lines.map(text), ephemeral: false } });
  }
  return {
    view: { locale: ctx.locale, tone: 'secret', title: ctx.t('act.title'), blocks: [text(ctx.t('act.declared', { faction: result.faction.name, action: summary(ctx.t) })), ...playerLines.map(text)], ephemeral: true },
    dms,
    posts: [result.commitment],
    board: boardUpdate(ctx, result.war, result.after),
  };
}

/** What only the percentage war's menu means (seed 000 L1–17): in a Fate war it would be dropped unread, so it is refused by name. */
const PERCENT_ONLY = { strings: ['mode', 'item', 'creator', 'territory', 'to'], booleans: ['random', 'raid', 'reroll'], integers: ['familiars'] } as const;

function refusePercentOptions(ctx: CommandContext, options: CommandOptions): void {
  const given = [
    ...PERCENT_ONLY.strings.filter((o) => options.string(o) !== null),
    ...PERCENT_ONLY.booleans.filter((o) => options.boolean(o) !== null),
    ...PERCENT_ONLY.integers.filter((o) => options.integer(o) !== null),
  ];
  if (given.length) throw new UserError('act.fate.percentOptions', { options: given.map((o) => `${ctx.t(`cmd.act.${o}.name`)}:`).join(', ') });
}

/** The caller's own faction; the GM may declare for an NPC faction by name. */
function pickFaction(ctx: CommandContext, factions: FactionRow[], name: string | null, isGm: boolean): FactionRow {
  if (name) {
    const f = factions.find((x) => x.name === name && !x.eliminated);
    if (!f) throw new UserError('warcmd.set.noFaction', { faction: name });
    if (!isGm && !(f.members as string[]).includes(ctx.user.id)) throw new UserError('act.notYourFaction', { faction: name });
    return f;
  }
  const own = factions.find((f) => (f.members as string[]).includes(ctx.user.id) && !f.eliminated);
  if (!own) throw new UserError('act.noFaction');
  return own;
}
