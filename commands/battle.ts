// /battle: a percentage battle between two factions (seed 000 L20–28, seals L43–47): war power
// per status, the player's pick, the GM's pick, a random third, the result table, modifiers, the
// roll. Numbers go to the combatants and the GM; the channel learns who won.
import { SlashCommandBuilder } from '@discordjs/builders';
import { ApplicationCommandOptionType } from 'discord.js';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { recipientLocales } from '../src/services/locales.js';
import { commitSecret } from '../src/services/secrets.js';
import { forTable } from '../src/services/table.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import { nameChoices, plainNames } from '../src/services/name-choices.js';
import { boardUpdate } from '../src/services/war/board.js';
import { masterCombatant, percentOf, servantCombatant } from '../src/services/war/profiles.js';
import { factionBlockDms, membersOf } from '../src/services/war/report.js';
import { costLine, factionReaders, oddsLines, pickLines, retreatLine, seatOf, soulEatingLine, type BattleSeats } from '../src/services/war/battle-view.js';
import type { FactionState, WarConfig } from '../src/services/war/state.js';
import { battleOdds, DEFAULT_TABLE, drawThirdStatus, retreatSealsNeeded, rollBattle, type BattleTable, type Combatant, type Seat } from '../src/core/grailwar/battle.js';
import { STATUSES, type Status } from '../src/core/grailwar/status.js';
import { SOUL_EATING_GROUPS, soulEatingMana } from '../src/core/grailwar/actions.js';
import { addMana, battleEnd, type UpkeepEffect } from '../src/core/grailwar/upkeep.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import type { FactionRow } from '../src/store/schema/index.js';
import { activeWar, updateFaction, updateWar, warFactions } from '../src/store/wars.js';
import { gmDirectMessage, heldReply, holdBattle, sealWindowPress, type BattleMode, type OptionKinds } from '../src/services/war/seal-window.js';
import { text, type Block, type Reply } from '../src/views/view.js';

const statusChoices = localizedChoices(STATUSES, 'gw.status');
const mainChoices = localizedChoices(['servant', 'master'] as const, 'gw.combatant');

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
  .addStringOption((o) => describe(o, 'cmd.battle.our_main').addChoices(...mainChoices))
  .addStringOption((o) => describe(o, 'cmd.battle.their_main').addChoices(...mainChoices))
  .addStringOption((o) => describe(o, 'cmd.battle.our_ally').setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.battle.their_ally').setMaxLength(100).setAutocomplete(true))
  .addIntegerOption((o) => describe(o, 'cmd.battle.sub_seals').setMinValue(0).setMaxValue(3))
  .addIntegerOption((o) => describe(o, 'cmd.battle.their_sub_seals').setMinValue(0).setMaxValue(3))
  .addIntegerOption((o) => describe(o, 'cmd.battle.soul_eating_groups').setMinValue(0).setMaxValue(SOUL_EATING_GROUPS))
  .addBooleanOption((o) => describe(o, 'cmd.battle.seal_window'))
  .toJSON();

// The options a held battle keeps and replays: all of /battle's but the window's own switch.
const KEPT_OPTIONS: OptionKinds = (definition.options ?? [])
  .filter((o) => o.name !== 'seal_window')
  .map((o) => [o.name, o.type === ApplicationCommandOptionType.String ? 'string' : o.type === ApplicationCommandOptionType.Integer ? 'integer' : 'boolean'] as const);

export const battle: CommandModule = {
  definition,
  helpKey: 'help.battle',
  lock: 'wars', // a battle's outcome writes both factions (store/db.ts TransactionOptions)
  execute: (ctx, options) => (options.boolean('seal_window') ? fight(ctx, options, { hold: true }) : fight(ctx, options)),
  component: (ctx, customId) => sealWindowPress(ctx, customId, fight),
  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    const names = await ctx.store.transaction(async (tx) => {
      const war = await activeWar(tx, ctx.channelId);
      return war ? (await warFactions(tx, war.id)).filter((f) => !f.eliminated).map((f) => f.name) : [];
    });
    return nameChoices(focused.value, plainNames(names));
  },
};

/**
 * One side (seed 000 L22): the chosen main (the servant unless it is the master, or the faction has
 * no servant, L42), the faction's other combatant as sub, and an ally faction's servant as sub; at
 * most three (the core refuses more).
 */
function buildSide(f: FactionRow, main: 'servant' | 'master' | null, withMaster: boolean, ally: FactionRow | null): Combatant[] {
  const p = percentOf(f)!;
  const mainKind = main ?? (p.hasServant ? 'servant' : 'master');
  if (mainKind === 'servant' && !p.hasServant) throw new UserError('battle.noServant', { faction: f.name });
  const side: Combatant[] = [];
  if (p.hasServant) side.push(servantCombatant(f, mainKind === 'servant' ? 'main' : 'sub'));
  if (mainKind === 'master' || withMaster) side.push(masterCombatant(f, mainKind === 'master' ? 'main' : 'sub'));
  if (ally) side.push(percentOf(ally)!.hasServant ? servantCombatant(ally, 'sub') : masterCombatant(ally, 'sub'));
  return side;
}

/**
 * Sets up and rolls a battle. With `hold` (the seal window, seed 000 L43) it stops once the final rate
 * is known and keeps the battle pending; `resume` rolls a pending one with the draw it already made and
 * the seals the sides added (the GM's authority was checked when it was held).
 */
export async function fight(ctx: CommandContext, options: CommandOptions, mode: BattleMode = {}): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const war = await activeWar(tx, ctx.channelId);
    if (!war) throw new UserError('warcmd.none');
    if (war.ruleset !== 'percent') throw new UserError('battle.percentOnly');
    if (!mode.resume && !ctx.canManageChannel && (await channelGm(tx, ctx.channelId))?.userId !== ctx.user.id) throw new UserError('warcmd.gmOnly');
    // One battle waits for seals at a time; a second roll of the same one finds it gone.
    if (!mode.resume && war.pendingBattle) throw new UserError('battle.pending');
    if (mode.resume && !war.pendingBattle) throw new UserError('battle.window.gone');
    const factions = await warFactions(tx, war.id);
    const find = (name: string | null) => {
      const f = factions.find((x) => x.name === name && !x.eliminated);
      if (!f || !percentOf(f)) throw new UserError('warcmd.set.noFaction', { faction: name ?? '' });
      return f;
    };
    const ours = find(options.string('ours'));
    const theirs = find(options.string('theirs'));
    const ourAlly = options.string('our_ally') ? find(options.string('our_ally')) : null;
    const theirAlly = options.string('their_ally') ? find(options.string('their_ally')) : null;
    const involved = [ours, theirs, ourAlly, theirAlly].filter((f): f is FactionRow => !!f);
    if (new Set(involved.map((f) => f.id)).size !== involved.length) throw new UserError('battle.sameFaction');
    // A faction that lost and has not yet retreated or dropped out cannot fight again (seed 000 L47).
    for (const f of involved) if (percentOf(f)!.pendingRetreat) throw new UserError('battle.retreatPending', { faction: f.name });
    const picks: [Status, Status] = [options.string('our_status') as Status, options.string('their_status') as Status];
    if (picks[0] === picks[1]) throw new UserError('battle.samePick');
    // A seal may redraw the random status once the first draw is seen (seed 000 L44).
    const redraw = options.boolean('redraw') ?? false;
    const firstDraw = mode.resume?.firstDraw ?? drawThirdStatus(picks, ctx.rng);
    const third = mode.resume?.third ?? (redraw ? drawThirdStatus(picks, ctx.rng) : firstDraw);
    const withMasters = options.boolean('with_masters') ?? false;
    const ourSide = buildSide(ours, options.string('our_main') as 'servant' | 'master' | null, withMasters, ourAlly);
    const theirSide = buildSide(theirs, options.string('their_main') as 'servant' | 'master' | null, withMasters, theirAlly);
    // Sub seals (+20 %, L43) are paid by the faction whose servant fights as sub: the ally's, else the faction's own.
    const subPayer = (f: FactionRow, ally: FactionRow | null, side: Combatant[]) => side.find((c) => c.role === 'sub' && c.kind === 'servant' && c.factionId === ally?.id) ? ally! : f;
    const spendSeals = new Map<number, number>();
    const addSeals = (f: FactionRow, n: number) => spendSeals.set(f.id, (spendSeals.get(f.id) ?? 0) + n);
    addSeals(ours, (options.integer('seals') ?? 0) + (options.integer('status_seals') ?? 0) + (redraw ? 1 : 0));
    addSeals(theirs, (options.integer('their_seals') ?? 0) + (options.integer('their_status_seals') ?? 0));
    addSeals(subPayer(ours, ourAlly, ourSide), options.integer('sub_seals') ?? 0);
    addSeals(subPayer(theirs, theirAlly, theirSide), options.integer('their_sub_seals') ?? 0);
    for (const f of involved) {
      const have = percentOf(f)!.sealsLeft;
      if ((spendSeals.get(f.id) ?? 0) > have) throw new UserError('battle.notEnoughSeals', { faction: f.name, have });
    }
    // Reinforcement charms are items the faction made (seed 000 L3–4): never more than it holds.
    const ourCharms = options.integer('charms') ?? 0;
    const theirCharms = options.integer('their_charms') ?? 0;
    const charms: [FactionRow, number][] = [[ours, ourCharms], [theirs, theirCharms]];
    for (const [f, n] of charms) {
      const have = percentOf(f)!.items?.charmStrength ?? 0;
      if (n > have) throw new UserError('battle.notEnoughCharms', { faction: f.name, have });
    }
    const table = { ...DEFAULT_TABLE, ...((war.config as { battleTable?: Partial<BattleTable> }).battleTable ?? {}) };
    const odds = battleOdds(ourSide, theirSide, [picks[0], picks[1], third], {
      charms: ourCharms,
      seals: { main: options.integer('seals') ?? 0, sub: options.integer('sub_seals') ?? 0 },
      allStatusSeals: options.integer('status_seals') ?? 0,
      other: options.integer('other') ?? 0,
      enemy: { charms: theirCharms, seals: { main: options.integer('their_seals') ?? 0, sub: options.integer('their_sub_seals') ?? 0 }, allStatusSeals: options.integer('their_status_seals') ?? 0 },
    }, table);
    // A soul-eating battle (seed 000 L6–7): `ours` is the eater, noticed this turn; the GM gives how many
    // of the two civilian groups fell. Win: +100 mana each; loss: the soul eating failed.
    const groups = options.integer('soul_eating_groups');
    if (groups !== null) {
      const se = percentOf(ours)!.soulEating;
      if (!se || se.day !== war.day || se.turn !== war.turn) throw new UserError('battle.notSoulEating', { faction: ours.name });
    }
    if (mode.hold) {
      const pending = holdBattle(options, KEPT_OPTIONS, { third, firstDraw: redraw ? firstDraw : null }, ctx.user.id, [ours, theirs], [ourSide, theirSide], (f) => spendSeals.get(f.id) ?? 0);
      await updateWar(tx, war.id, { pendingBattle: pending });
      await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.battle.held', subject: `war:${war.id}`, before: { pendingBattle: null }, after: { pendingBattle: pending } });
      const localeOf = await recipientLocales(tx, membersOf([ours, theirs]), ctx.locale);
      const seats: BattleSeats = { ours: [ours, ourAlly].filter((x): x is FactionRow => x !== null), theirs: [theirs, theirAlly].filter((x): x is FactionRow => x !== null), gmId: ctx.user.id };
      return { held: true as const, war, ours, theirs, odds, third, firstDraw: redraw ? firstDraw : null, pending, localeOf, seats };
    }
    if (mode.resume) {
      await updateWar(tx, war.id, { pendingBattle: null });
      await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.battle.rolled', subject: `war:${war.id}`, before: { pendingBattle: war.pendingBattle }, after: { pendingBattle: null } });
    }
    const { roll, win } = rollBattle(odds, ctx.rng);
    const soulMana = groups !== null && win ? soulEatingMana(groups) : 0;
    const winner = win ? ours : theirs;
    const loserSide = win ? theirSide : ourSide;
    // Each servant that fought pays its level in mana now, at the battle's end (seed 000 L38); seals and
    // charms are spent now; each losing faction must retreat by seals or drop out (L47).
    const costs: UpkeepEffect[] = [];
    const sides = [[ours, ourAlly], [theirs, theirAlly]].map((side) => side.filter((x): x is FactionRow => x !== null));
    const sideOf = (f: FactionRow) => sides.find((side) => side.some((x) => x.id === f.id)) ?? [];
    for (const f of involved) {
      const before = f.state as FactionState;
      const p = percentOf(f)!;
      const fought = [...ourSide, ...theirSide].some((c) => c.factionId === f.id && c.kind === 'servant');
      const charmsUsed = charms.find(([x]) => x.id === f.id)?.[1] ?? 0;
      const losers = loserSide.filter((c) => c.factionId === f.id);
      let percent = {
        ...p,
        sealsLeft: p.sealsLeft - (spendSeals.get(f.id) ?? 0),
        ...(charmsUsed ? { items: { ...(p.items ?? {}), charmStrength: (p.items?.charmStrength ?? 0) - charmsUsed } } : {}),
        // The other factions on its side may pay these seals for it (L47).
        ...(losers.length ? { pendingRetreat: { seals: retreatSealsNeeded(losers), against: winner.name, allies: sideOf(f).filter((x) => x.id !== f.id).map((x) => x.id) } } : {}),
      };
      if (groups !== null && f.id === ours.id) {
        // The civilians fall during the battle (L7); the level is paid when it ends (L38).
        delete percent.soulEating;
        percent.mana = addMana(percent, soulMana);
      }
      if (fought) {
        const paid = battleEnd({ id: f.id, ...percent });
        const { id: _id, ...next } = paid.faction;
        percent = next;
        if (paid.effect) costs.push(paid.effect);
      }
      const state: FactionState = { ...before, percent };
      await updateFaction(tx, f.id, { state });
      await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.battle', subject: `faction:${f.id}`, before: { state: before }, after: { state } });
    }
    const detail = { ours: ours.name, theirs: theirs.name, statuses: odds.statuses, powers: odds.powers, rate: odds.rate, roll, winner: winner.name };
    // The GM's secret to reveal: a side whose "ready" rolled the battle must not own (and publish) the other side's numbers.
    const gmId = mode.resume?.gmId ?? ctx.user.id;
    const commitment = await commitSecret(tx, ctx, 'battle', gmId, detail);
    const all = await warFactions(tx, war.id);
    // The GM too when a side's press rolls it: the GM's copy is a DM in the GM's language.
    const localeOf = await recipientLocales(tx, [...membersOf(involved), ...(mode.resume ? [mode.resume.gmId] : [])], ctx.locale);
    const seats: BattleSeats = { ours: [ours, ourAlly].filter((x): x is FactionRow => x !== null), theirs: [theirs, theirAlly].filter((x): x is FactionRow => x !== null), gmId };
    return { held: false as const, war, ours, theirs, involved, odds, roll, winner, third, firstDraw: redraw ? firstDraw : null, commitment, all, localeOf, groups, soulMana, win, costs, seats };
  });

  const { odds, seats } = out;
  // Each side reads the battle from its own side (seed 000 L28): its war power per status against "?",
  // its superior statuses, its own seals as a plus, its own rate; the GM reads the first side's view
  // with everything (battle-view.ts). Every number carries its owner, so a line can only reach its readers.
  const picks = pickLines(seats, odds, out.third, out.firstDraw);
  if (out.held) return heldReply(ctx, out, (seat) => [...picks, ...oddsLines(seats, odds, seat)], (f) => factionReaders(f, seats));
  const rolled = (seat: Seat): Block[] => [...picks, ...oddsLines(seats, odds, seat, { roll: out.roll, winner: out.winner.name })];
  // Mana is private (seed 000 L33, L38): each faction's battle cost and soul-eating gain are its own;
  // a lost faction's retreat names its own seals (L47).
  const combatants = out.all.filter((f) => out.involved.some((x) => x.id === f.id));
  const byId = (id: number) => combatants.find((f) => f.id === id)!;
  const privateBlocks: Block[] = [
    ...(out.groups !== null ? [soulEatingLine(seats, byId(out.ours.id), out.win, out.groups, out.soulMana)] : []),
    ...out.costs.map((e) => costLine(seats, e, byId(e.id))),
    ...combatants.flatMap((f) => {
      const p = percentOf(f);
      return p?.pendingRetreat ? [retreatLine(seats, f, p.pendingRetreat, p.sealsLeft)] : [];
    }),
  ];
  const tableCtx = forTable(ctx);
  const gmBlocks = [...rolled('ours'), ...privateBlocks];
  // Rolled by a side's last "ready" press: the presser reads only that it was rolled; the GM gets the whole by DM.
  const byPlayer = mode.resume && mode.resume.gmId !== ctx.user.id;
  const gmDm = byPlayer ? [gmDirectMessage(mode.resume!.gmId, out.localeOf(mode.resume!.gmId), gmBlocks)] : [];
  return {
    view: byPlayer
      ? { locale: ctx.locale, tone: 'info', title: ctx.t('battle.title'), blocks: [text(ctx.t('battle.window.rolled'))], ephemeral: true }
      : { locale: ctx.locale, tone: 'info', title: ctx.t('battle.title'), blocks: gmBlocks, ephemeral: true },
    // Each faction's members read their own side's view and the lines their faction owns (the rest is dropped for them).
    dms: [...factionBlockDms(combatants, (f) => [...rolled(seatOf(seats, f)!), ...privateBlocks], out.localeOf), ...gmDm],
    // Who fought is public unless the GM keeps battles quiet (/war config battle_announce:0): then only the commitment.
    posts: [
      ...((out.war.config as WarConfig).quietBattles ? [] : [{ channelId: out.war.channelId, view: { locale: tableCtx.locale, tone: 'info' as const, title: tableCtx.t('battle.title'), blocks: [text(tableCtx.t('battle.public', { ours: out.ours.name, theirs: out.theirs.name, winner: out.winner.name }))], ephemeral: false } }]),
      out.commitment,
    ],
    board: boardUpdate(tableCtx, out.war, out.all),
  };
}
