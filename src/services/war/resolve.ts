// /war resolve: rolls every declared action of this turn in the seed's order (non-combat →
// combat → soul eating, seed 000 L18) and tells each faction only its own results. The channel
// gets a count and one commitment per hidden result; the GM gets everything.
import { actionChance, familiarsToSucceed, percentRoll, resolutionOrder, restAmount, soulEatingExposure, dayRaidCost, FAMILIAR_BONUS, type ActionDeclaration, type MysticCode } from '../../core/grailwar/actions.js';
import { addMana, DEFAULT_UPKEEP } from '../../core/grailwar/upkeep.js';
import type { Tx } from '../../store/db.js';
import { turnDeclarations, updateDeclaration } from '../../store/declarations.js';
import { appendEvent } from '../../store/events.js';
import type { DeclarationRow, FactionRow, WarRow } from '../../store/schema/index.js';
import { updateFaction, warFactions } from '../../store/wars.js';
import { text, type ChannelPost, type DirectMessage, type Reply } from '../../views/view.js';
import { translator, type Locale } from '../../i18n/index.js';
import { commitSecret } from '../secrets.js';
import { UserError } from '../errors.js';
import { tableOf } from '../table.js';
import type { CommandContext } from '../types.js';
import { boardUpdate } from './board.js';
import { actorProfile, percentOf, servantStatuses } from './profiles.js';
import { recipientLocales } from '../locales.js';
import { factionDms, membersOf, say, type Said } from './report.js';
import type { FactionState, PercentFactionState, WarConfig } from './state.js';

interface FamiliarOffer {
  declarationId: number;
  declarer: string;
  faction: string;
  count: number;
  have: number;
  roll: number;
  chance: number;
}

/** The declarer's choice after seeing the roll (seed 000 L4): a DM in their language with a button to spend the familiars. */
function familiarOfferDm(o: FamiliarOffer, locale: Locale): DirectMessage {
  const t = translator(locale);
  return {
    userId: o.declarer,
    view: {
      locale,
      tone: 'secret',
      title: t('familiars.offer.title', { faction: o.faction }),
      blocks: [text(t('familiars.offer.body', { roll: o.roll, chance: o.chance, count: o.count, value: o.count * FAMILIAR_BONUS, have: o.have }))],
      buttons: [
        { customId: `act:familiars:${o.declarationId}`, label: t('familiars.offer.button', { count: o.count }), style: 'primary' },
        // Declining settles the decision too, so the turn need not wait for it (see warcmd.advance.familiarsOpen).
        { customId: `act:familiars:decline:${o.declarationId}`, label: t('familiars.offer.decline'), style: 'secondary' },
      ],
      ephemeral: false,
    },
  };
}

const STATUS_ORDER = ['str', 'end', 'agi', 'mag', 'luk', 'np'] as const;

export async function resolveTurn(tx: Tx, ctx: CommandContext, war: WarRow): Promise<Reply> {
  return (await resolveLoaded(tx, ctx, war, await turnDeclarations(tx, war.id, war.day, war.turn), await warFactions(tx, war.id))).reply;
}

/**
 * /war resolve on the turn's declarations and the war's factions as already read (/war advance
 * pending:resolve reads them once for both, issue 32 §1); returns them as they are now stored.
 */
export async function resolveLoaded(tx: Tx, ctx: CommandContext, war: WarRow, declarations: readonly DeclarationRow[], factionRows: readonly FactionRow[]): Promise<{ reply: Reply; declarations: DeclarationRow[]; factions: FactionRow[] }> {
  const after = new Map(declarations.map((d) => [d.id, d]));
  const pending = declarations.filter((d) => !d.resolvedAt);
  if (pending.length === 0) throw new UserError('resolve.nothing');
  const factions = new Map(factionRows.map((f) => [f.id, f]));
  const linesByFaction = new Map<number, Said[]>();
  const gmLines: string[] = [];
  const posts: ChannelPost[] = [];
  const tell = (factionId: number, line: Said) => linesByFaction.set(factionId, [...(linesByFaction.get(factionId) ?? []), line]);
  const rowOf = new Map(pending.map((d) => [(d.action as ActionDeclaration).factionId, d]));
  const offers: FamiliarOffer[] = [];

  for (const decl of resolutionOrder(pending.map((d) => d.action as ActionDeclaration))) {
    const faction = factions.get(decl.factionId);
    const row = rowOf.get(decl.factionId)!;
    if (!faction || faction.eliminated) continue;
    const outcome = war.ruleset === 'percent' ? resolvePercent(ctx, war, faction, decl, [...factions.values()], tell) : { result: { kind: decl.kind, gm: true }, line: say('resolve.gmRules') };
    gmLines.push(`**${faction.name}** — ${outcome.line(ctx.t)}`);
    tell(faction.id, outcome.line);
    const resolvedAt = ctx.now();
    await updateDeclaration(tx, row.id, { result: outcome.result, resolvedAt });
    after.set(row.id, { ...row, result: outcome.result, resolvedAt });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.resolved', subject: `declaration:${row.id}`, before: { result: null, resolvedAt: null }, after: { result: outcome.result } });
    if (outcome.state) {
      const before = faction.state as FactionState;
      const state: FactionState = { ...before, percent: outcome.state };
      await updateFaction(tx, faction.id, { state });
      await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.actionApplied', subject: `faction:${faction.id}`, before: { state: before }, after: { state } });
      factions.set(faction.id, { ...faction, state });
    }
    if (outcome.offer) offers.push({ declarationId: row.id, declarer: row.declaredBy, faction: faction.name, ...outcome.offer });
    const owner = (faction.members as string[])[0] ?? ctx.user.id;
    posts.push(await commitSecret(tx, ctx, 'result', owner, { war: war.id, day: war.day, turn: war.turn, faction: faction.name, result: outcome.result }));
  }
  // The GM learns which decisions are still open: /war advance waits for them (seed 000 L4).
  for (const o of offers) gmLines.push(ctx.t('resolve.familiarsOpen', { faction: o.faction, declarer: `<@${o.declarer}>` }));
  // the factions as just written (in id order, as read): not read back
  const all = [...factions.values()];
  const localeOf = await recipientLocales(tx, [...membersOf(all), ...offers.map((o) => o.declarer)], ctx.locale);
  const table = await tableOf(tx, war.channelId, war.guildId, ctx.table.locale);
  posts.unshift({ channelId: war.channelId, view: { locale: table.locale, tone: 'info', title: table.t('resolve.publicTitle', { name: war.name }), blocks: [text(table.t('resolve.publicBody', { count: pending.length }))], ephemeral: false } });
  const reply: Reply = {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('resolve.gmTitle', { name: war.name }), blocks: gmLines.map(text), ephemeral: true },
    dms: [...factionDms(all, (f) => linesByFaction.get(f.id) ?? [], localeOf), ...offers.map((o) => familiarOfferDm(o, localeOf(o.declarer)))],
    posts,
    board: boardUpdate(ctx, war, all),
  };
  return { reply, declarations: [...after.values()], factions: all };
}

interface Outcome {
  result: Record<string, unknown>;
  line: Said;
  state?: PercentFactionState;
  /** A failed information gathering the faction's held familiars would turn into a success (L4): offered to the declarer. */
  offer?: { count: number; have: number; roll: number; chance: number };
}

const joined = (lines: Said[]): Said => (t) => lines.map((l) => l(t)).join('\n');
const territoryName = (t: Parameters<Said>[0], territory: string) => t(`war.territory.${territory}`);
/** Where a faction is: its base on the GM's map with the grade, or the grade alone. */
const whereOf = (t: Parameters<Said>[0], p: PercentFactionState) => (p.base ? `${p.base} (${territoryName(t, p.territory)})` : territoryName(t, p.territory));

/** Spends `count` held items of this kind (never below zero). */
function spend(p: PercentFactionState, item: MysticCode, count: number): PercentFactionState {
  if (count <= 0) return p;
  return { ...p, items: { ...(p.items ?? {}), [item]: Math.max(0, (p.items?.[item] ?? 0) - count) } };
}

/**
 * A % check with what the faction chose to spend on it (seed 000 L4): a bewitching charm rerolls a
 * failure once; familiars, used after the roll, add 20 % each to an information gathering. Only
 * what is needed is spent, and never more than the faction holds.
 */
function checkWithItems(ctx: CommandContext, p: PercentFactionState, decl: ActionDeclaration, chance: number) {
  let state = p;
  const notes: Said[] = [];
  let { roll, success } = percentRoll(chance, ctx.rng);
  if (!success && decl.reroll && (state.items?.charmIllusion ?? 0) > 0) {
    const first = roll;
    ({ roll, success } = percentRoll(chance, ctx.rng));
    state = spend(state, 'charmIllusion', 1);
    notes.push(say('resolve.rerolled', { first, roll }));
  }
  let familiars = 0;
  if (!success && decl.kind === 'infoGathering' && (decl.familiars ?? 0) > 0) {
    const need = familiarsToSucceed(roll, chance);
    const usable = Math.min(decl.familiars ?? 0, state.items?.familiar ?? 0);
    if (need !== null && need <= usable) {
      familiars = need;
      state = spend(state, 'familiar', need);
      success = true;
      notes.push(say('resolve.familiars', { count: need, value: need * FAMILIAR_BONUS }));
    }
  }
  return { roll, success, state, notes, familiars };
}

function resolvePercent(
  ctx: CommandContext,
  war: WarRow,
  faction: FactionRow,
  decl: ActionDeclaration,
  all: FactionRow[],
  tell: (factionId: number, line: Said) => void,
): Outcome {
  const p = percentOf(faction);
  if (!p) return { result: { kind: decl.kind }, line: say('resolve.gmRules') };
  const others = all.filter((f) => f.id !== faction.id && !f.eliminated);
  switch (decl.kind) {
    case 'mysticCode':
    case 'infoGathering': {
      const chance = actionChance(decl, actorProfile(faction), all.filter((f) => !f.eliminated).map(actorProfile)).chance ?? 0;
      const { roll, success, state, notes, familiars } = checkWithItems(ctx, p, decl, chance);
      const head: Said = (t) => t(success ? 'resolve.success' : 'resolve.failure', { action: t(`gw.action.${decl.kind}`), roll, chance: chance + familiars * FAMILIAR_BONUS });
      const base = { kind: decl.kind, roll, chance, success, ...(familiars ? { familiars } : {}) };
      const changed = state !== p ? { state } : {};
      if (decl.kind === 'mysticCode') {
        if (!success || !decl.mysticCode) return { result: base, line: joined([...notes, head]), ...changed };
        const code = decl.mysticCode;
        const items = { ...(state.items ?? {}), [code]: (state.items?.[code] ?? 0) + 1 };
        return { result: { ...base, item: code }, line: joined([...notes, (t) => `${head(t)} ${t('resolve.item', { item: t(`gw.mysticCode.${code}`) })}`]), state: { ...state, items } };
      }
      if (!success) {
        // Familiars are used after the roll (L4): when those held would make it, the declarer decides now, by button.
        const need = familiarsToSucceed(roll, chance);
        const have = state.items?.familiar ?? 0;
        const offer = need !== null && need > 0 && need <= have ? { count: need, have, roll, chance } : undefined;
        return { result: { ...base, ...(offer ? { familiarOffer: need } : {}) }, line: joined([...notes, head]), ...changed, ...(offer ? { offer } : {}) };
      }
      const report = infoReport(decl, others, (war.config as WarConfig).infoSkills);
      // A deep look keeps track of the faction's location from now on (L17): its moves are told to this one.
      const tracked = decl.infoMode === 'deep' ? { state: { ...state, tracking: [...new Set([...(state.tracking ?? []), ...decl.targets])] } } : changed;
      return { result: { ...base, report: report.map((r) => r(ctx.t)) }, line: joined([...notes, head, ...report]), ...tracked };
    }
    case 'rest': {
      // Once a day (seed 000 L5); /act refuses a second one, this guards a GM's declaration for an NPC.
      if (p.restedDay === war.day) return { result: { kind: 'rest', already: true }, line: say('resolve.restedAlready') };
      const mana = addMana(p, restAmount(p.territory, upkeepOf(war)));
      return { result: { kind: 'rest', gained: mana - p.mana }, line: say('resolve.rest', { gained: mana - p.mana, mana }), state: { ...p, mana, restedDay: war.day } };
    }
    case 'soulEating': {
      const { roll, exposed } = soulEatingExposure(ctx.rng);
      if (exposed) {
        // Every other participant learns where the eater is and may intervene (seed 000 L6).
        for (const other of others) tell(other.id, (t) => t('resolve.soulEatingSensed', { faction: faction.name, territory: whereOf(t, p) }));
      }
      // Exposed: whoever intervenes fights the eater around two groups of civilians; /battle with
      // soul_eating_groups settles it (L6–7). Unnoticed: the seed gives no amount, the GM rules.
      return {
        result: { kind: 'soulEating', roll, exposed },
        line: say(exposed ? 'resolve.soulEatingExposed' : 'resolve.soulEatingHidden', { roll }),
        ...(exposed ? { state: { ...p, soulEating: { day: war.day, turn: war.turn, sensedBy: others.map((f) => f.id), intervening: [] } } } : {}),
      };
    }
    case 'moveBase': {
      const map = (war.config as WarConfig).territories ?? [];
      const territory = decl.territory ?? p.territory;
      const moved = map.length > 0 ? moveOnMap(ctx, faction, p, decl, map, others, tell) : { result: { kind: 'moveBase', territory, random: decl.random ?? false }, line: (t: Parameters<Said>[0]) => t('resolve.moved', { territory: territoryName(t, territory) }), state: { ...p, territory } };
      // Whoever looked deep into this faction keeps track of it after it moves (seed 000 L17).
      const to = moved.state;
      if (to) for (const other of others) if (percentOf(other)?.tracking?.includes(faction.id)) tell(other.id, (t) => t('resolve.info.trackedMove', { faction: faction.name, territory: whereOf(t, to) }));
      return moved;
    }
    case 'contact': {
      // Only a raid in the day turns (morning, noon) costs 20 more mana (seed 000 L11); friendly contact is free (L19).
      const raid = decl.raid ?? false;
      const cost = dayRaidCost(war.turn <= 1, raid);
      const target = all.find((f) => decl.targets.includes(f.id));
      if (target && target.id !== faction.id) tell(target.id, say(raid ? 'resolve.raided' : 'resolve.contacted', { faction: faction.name }));
      const line: Said = (t) => t(raid ? 'resolve.raid' : 'resolve.contact', { target: target?.name ?? t('act.random'), cost });
      return { result: { kind: 'contact', target: target?.id ?? null, raid, cost }, line, ...(cost > 0 ? { state: { ...p, mana: p.mana - cost } } : {}) };
    }
    default:
      return { result: { kind: decl.kind }, line: say('resolve.gmRules') };
  }
}

/**
 * A move on the GM's territory map (seed 000 L9): to a named territory only when it is empty; without
 * information, to a random territory of the chosen grade, which may turn out to be occupied — then
 * the two factions meet (contact), and both are told.
 */
function moveOnMap(
  ctx: CommandContext,
  faction: FactionRow,
  p: PercentFactionState,
  decl: ActionDeclaration,
  map: NonNullable<WarConfig['territories']>,
  others: FactionRow[],
  tell: (factionId: number, line: Said) => void,
): Outcome {
  const occupant = (name: string) => others.find((f) => percentOf(f)?.base === name);
  let to = decl.destination ? map.find((x) => x.name === decl.destination) : undefined;
  if (to && occupant(to.name)) return { result: { kind: 'moveBase', blocked: to.name }, line: say('resolve.moveOccupied', { name: to.name }) };
  if (!to) {
    const pool = map.filter((x) => x.grade === decl.territory && x.name !== p.base);
    if (pool.length === 0) return { result: { kind: 'moveBase', none: decl.territory ?? null }, line: (t) => t('resolve.moveNowhere', { territory: territoryName(t, decl.territory ?? 'none') }) };
    to = pool[ctx.rng.die(pool.length) - 1]!;
  }
  const dest = to;
  const met = occupant(dest.name);
  const state = { ...p, base: dest.name, territory: dest.grade };
  const moved: Said = (t) => t('resolve.movedTo', { name: dest.name, territory: territoryName(t, dest.grade) });
  if (!met) return { result: { kind: 'moveBase', to: dest.name }, line: moved, state };
  tell(met.id, say('resolve.moveMetThem', { faction: faction.name, name: dest.name }));
  return { result: { kind: 'moveBase', to: dest.name, met: met.id }, line: joined([moved, say('resolve.moveMet', { faction: met.name })]), state };
}

/** The war's rest amounts per grade (GM-configurable, /war config). */
export function upkeepOf(war: WarRow) {
  const config = war.config as WarConfig;
  return { ...DEFAULT_UPKEEP, ...(config.territoryRecovery ? { territoryRecovery: config.territoryRecovery } : {}) };
}

/**
 * What a successful information gathering learns (seed 000 L14–17), from what each faction entered:
 * locate → every faction's location; shallow → statuses, rank and location; deep → the same plus
 * its skills (as many as the GM's info_skills setting allows, all when unset: 「어느 정도의 스킬(GM
 * 임의)」) and tracking from then on. A rank or skills the faction never entered are said to be missing.
 */
export function infoReport(decl: ActionDeclaration, others: FactionRow[], skillsShown: number | undefined): Said[] {
  const targets = decl.infoMode === 'locate' ? others : others.filter((f) => decl.targets.includes(f.id));
  return targets.map((f) => (t) => {
    const p = percentOf(f);
    if (!p) return `・${f.name}`;
    const territory = whereOf(t, p);
    if (decl.infoMode === 'locate') return t('resolve.info.locate', { faction: f.name, territory });
    if (!p.hasServant) return t('resolve.info.noServant', { faction: f.name, territory });
    // Statuses the player never allocated are not made up from an even spread (L23, L29).
    const stats = servantStatuses(p);
    const statusText = p.allocation ? STATUS_ORDER.map((s) => `${t(`gw.status.${s}`)} ${stats[s]}`).join(' ') : t('resolve.info.statusesNotEntered');
    const lines = [t('resolve.info.shallow', { faction: f.name, territory, level: p.servantLevel, rank: p.rank ?? t('resolve.info.notEntered'), statuses: statusText })];
    if (decl.infoMode === 'deep') {
      const skills = (p.skills ?? []).slice(0, skillsShown ?? undefined);
      const none = p.skills?.length ? 'resolve.info.noneRevealed' : 'resolve.info.notEntered';
      lines.push(t('resolve.info.skills', { skills: skills.length ? skills.join(', ') : t(none) }));
      lines.push(t('resolve.info.tracking', { faction: f.name }));
    }
    return lines.join('\n');
  });
}
