// /battle: a percentage battle between two factions (seed 000 L19–28, seals L43–47): war power
// per status, the player's pick, the GM's pick, a random third, the result table, modifiers, the
// roll. Numbers go to the combatants and the GM; the channel learns who won.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/command/errors.js';
import { describe } from '../src/command/localize.js';
import { commitSecret } from '../src/command/secrets.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/command/types.js';
import { boardUpdate } from '../src/command/war/board.js';
import { masterCombatant, percentOf, servantCombatant } from '../src/command/war/profiles.js';
import { factionDms } from '../src/command/war/report.js';
import type { FactionState } from '../src/command/war/state.js';
import { battleOdds, battleOddsParts, DEFAULT_TABLE, drawThirdStatus, rollBattle, type BattleTable } from '../src/core/grailwar/battle.js';
import { STATUSES, type Status } from '../src/core/grailwar/status.js';
import { localizeParams } from '../src/core/grailwar/status.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import type { FactionRow } from '../src/store/schema/index.js';
import { activeWar, updateFaction, warFactions } from '../src/store/wars.js';
import { text, type Reply } from '../src/views/view.js';

const statusChoices = STATUSES.map((s) => ({ name: s.toUpperCase(), value: s }));

const definition = describe(new SlashCommandBuilder(), 'cmd.battle')
  .setDMPermission(false)
  .addStringOption((o) => describe(o, 'cmd.battle.ours').setRequired(true).setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.battle.theirs').setRequired(true).setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.battle.our_status').setRequired(true).addChoices(...statusChoices))
  .addStringOption((o) => describe(o, 'cmd.battle.their_status').setRequired(true).addChoices(...statusChoices))
  .addBooleanOption((o) => describe(o, 'cmd.battle.with_masters'))
  .addIntegerOption((o) => describe(o, 'cmd.battle.charms').setMinValue(0).setMaxValue(20))
  .addIntegerOption((o) => describe(o, 'cmd.battle.seals').setMinValue(0).setMaxValue(3))
  .addIntegerOption((o) => describe(o, 'cmd.battle.status_seals').setMinValue(0).setMaxValue(3))
  .addIntegerOption((o) => describe(o, 'cmd.battle.their_charms').setMinValue(0).setMaxValue(20))
  .addIntegerOption((o) => describe(o, 'cmd.battle.their_seals').setMinValue(0).setMaxValue(3))
  .addIntegerOption((o) => describe(o, 'cmd.battle.their_status_seals').setMinValue(0).setMaxValue(3))
  .addIntegerOption((o) => describe(o, 'cmd.battle.other').setMinValue(-100).setMaxValue(100))
  .addBooleanOption((o) => describe(o, 'cmd.battle.redraw'))
  .toJSON();

export const battle: CommandModule = {
  definition,
  helpKey: 'help.battle',
  execute: fight,
  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    const names = await ctx.store.transaction(async (tx) => {
      const war = await activeWar(tx, ctx.channelId);
      return war ? (await warFactions(tx, war.id)).filter((f) => !f.eliminated).map((f) => f.name) : [];
    });
    return names.filter((n) => n.includes(focused.value)).map((n) => ({ name: n, value: n }));
  },
};

async function fight(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const war = await activeWar(tx, ctx.channelId);
    if (!war) throw new UserError('warcmd.none');
    if (war.ruleset !== 'percent') throw new UserError('battle.percentOnly');
    if (!ctx.canManageChannel && (await channelGm(tx, ctx.channelId))?.userId !== ctx.user.id) throw new UserError('warcmd.gmOnly');
    const factions = await warFactions(tx, war.id);
    const find = (name: string | null) => {
      const f = factions.find((x) => x.name === name && !x.eliminated);
      if (!f || !percentOf(f)) throw new UserError('warcmd.set.noFaction', { faction: name ?? '' });
      return f;
    };
    const ours = find(options.string('ours'));
    const theirs = find(options.string('theirs'));
    if (ours.id === theirs.id) throw new UserError('battle.sameFaction');
    const picks: [Status, Status] = [options.string('our_status') as Status, options.string('their_status') as Status];
    if (picks[0] === picks[1]) throw new UserError('battle.samePick');
    // A seal may redraw the random status once the first draw is seen (seed 000 L44).
    const redraw = options.boolean('redraw') ?? false;
    const firstDraw = drawThirdStatus(picks, ctx.rng);
    const third = redraw ? drawThirdStatus(picks, ctx.rng) : firstDraw;
    const withMasters = options.boolean('with_masters') ?? false;
    const side = (f: FactionRow) => [servantCombatant(f, 'main'), ...(withMasters ? [masterCombatant(f)] : [])];
    const sealsOf = (f: FactionRow) => percentOf(f)!.sealsLeft;
    const mySeals = (options.integer('seals') ?? 0) + (options.integer('status_seals') ?? 0) + (redraw ? 1 : 0);
    const theirSeals = (options.integer('their_seals') ?? 0) + (options.integer('their_status_seals') ?? 0);
    if (mySeals > sealsOf(ours)) throw new UserError('battle.notEnoughSeals', { faction: ours.name, have: sealsOf(ours) });
    if (theirSeals > sealsOf(theirs)) throw new UserError('battle.notEnoughSeals', { faction: theirs.name, have: sealsOf(theirs) });
    const table = { ...DEFAULT_TABLE, ...((war.config as { battleTable?: Partial<BattleTable> }).battleTable ?? {}) };
    const odds = battleOdds(side(ours), side(theirs), [picks[0], picks[1], third], {
      charms: options.integer('charms') ?? 0,
      seals: { main: options.integer('seals') ?? 0, sub: 0 },
      allStatusSeals: options.integer('status_seals') ?? 0,
      other: options.integer('other') ?? 0,
      enemy: { charms: options.integer('their_charms') ?? 0, seals: { main: options.integer('their_seals') ?? 0, sub: 0 }, allStatusSeals: options.integer('their_status_seals') ?? 0 },
    }, table);
    const { roll, win } = rollBattle(odds, ctx.rng);
    // Each side's servant pays its level in mana at the turn end for the battle (seed 000 L38); seals are spent now.
    for (const [f, seals] of [[ours, mySeals], [theirs, theirSeals]] as const) {
      const before = f.state as FactionState;
      const p = percentOf(f)!;
      const state: FactionState = { ...before, percent: { ...p, battlesThisTurn: p.battlesThisTurn + 1, sealsLeft: p.sealsLeft - seals } };
      await updateFaction(tx, f.id, { state });
      await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.battle', subject: `faction:${f.id}`, before: { state: before }, after: { state } });
    }
    const winner = win ? ours : theirs;
    const detail = {
      ours: ours.name,
      theirs: theirs.name,
      statuses: odds.statuses,
      powers: odds.powers,
      rate: odds.rate,
      roll,
      winner: winner.name,
    };
    const commitment = await commitSecret(tx, ctx, 'battle', ctx.user.id, detail);
    return { war, ours, theirs, odds, roll, winner, third, firstDraw: redraw ? firstDraw : null, commitment, all: await warFactions(tx, war.id) };
  });

  const { odds } = out;
  const lines = [
    ctx.t('battle.picks', { ours: out.ours.name, theirs: out.theirs.name, a: odds.statuses[0].toUpperCase(), b: odds.statuses[1].toUpperCase(), c: out.third.toUpperCase() }),
    ...(out.firstDraw ? [ctx.t('battle.redrawn', { from: out.firstDraw.toUpperCase(), to: out.third.toUpperCase() })] : []),
    ...battleOddsParts(odds).map((p) => ctx.t(p.key, localizeParams(p.params, ctx.t))),
    ctx.t('battle.roll', { roll: out.roll, rate: odds.rate, winner: out.winner.name }),
  ];
  const combatants = out.all.filter((f) => f.id === out.ours.id || f.id === out.theirs.id);
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('battle.title'), blocks: lines.map(text), ephemeral: true },
    dms: factionDms(ctx, combatants, () => lines),
    posts: [
      { channelId: out.war.channelId, view: { locale: ctx.locale, tone: 'info', title: ctx.t('battle.title'), blocks: [text(ctx.t('battle.public', { ours: out.ours.name, theirs: out.theirs.name, winner: out.winner.name }))], ephemeral: false } },
      out.commitment,
    ],
    board: boardUpdate(ctx, out.war, out.all),
  };
}
