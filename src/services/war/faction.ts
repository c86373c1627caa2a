// A faction's own numbers and the faction-level commands around them (percent rules, seed 000):
// the faction view (/war faction_view), a lost battle's retreat or drop-out (L47), items and seals
// used at any time (L4 mana jewel, L46 seal), and the GM's war settings (L5 rest amounts, L27 table).
import { MANA_JEWEL_MANA, MYSTIC_CODES } from '../../core/grailwar/actions.js';
import { DEFAULT_TABLE, SEAL_MANA, TABLE_ROWS, type TableRow } from '../../core/grailwar/battle.js';
import { STATUSES, baseStatuses, type Status } from '../../core/grailwar/status.js';
import { addMana, DEFAULT_UPKEEP, manaCap, shortagePenalty, TERRITORY_GRADES } from '../../core/grailwar/upkeep.js';
import type { Tx } from '../../store/db.js';
import { factionDeclaration } from '../../store/declarations.js';
import { appendEvent } from '../../store/events.js';
import { channelGm } from '../../store/gms.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import { activeWar, getWar, updateFaction, updateWar, warFactions } from '../../store/wars.js';
import { tableOf } from '../table.js';
import { text, type Reply } from '../../views/view.js';
import { UserError } from '../errors.js';
import { translator } from '../../i18n/index.js';
import { recipientLocales } from '../locales.js';
import type { CommandContext, CommandOptions } from '../types.js';
import { describeAction } from '../../views/war-action.js';
import type { ActionDeclaration } from '../../core/grailwar/actions.js';
import { boardUpdate, warPicture } from './board.js';
import type { WarPicture } from '../../pictures/model.js';
import { masterCombatant, percentOf, servantStatuses } from './profiles.js';
import { factionDms, membersOf, say } from './report.js';
import type { FactionState, PercentFactionState, WarConfig } from './state.js';

/** What may be used at any time: a held mana jewel (L4) or a Command Seal for 120 mana (L46). */
export const USABLE = ['manaJewel', 'sealMana'] as const;

/** Six integers in STR END AGI MAG LUK NP order, summing to the level's points (L29). */
export function parseAllocation(input: string, kind: 'servant' | 'master', level: number): Record<Status, number> {
  const numbers = input.split(/[\s,/、，]+/).filter(Boolean).map(Number);
  if (numbers.length !== STATUSES.length || numbers.some((n) => !Number.isSafeInteger(n))) throw new UserError('warcmd.join.badStatuses', { input: input.slice(0, 60) });
  const allocation = Object.fromEntries(STATUSES.map((s, i) => [s, numbers[i]!])) as Record<Status, number>;
  baseStatuses(kind, level, 'other', undefined, allocation); // GwError when the sum is not the level's points
  return allocation;
}

async function isGm(tx: Tx, ctx: CommandContext): Promise<boolean> {
  return ctx.canManageChannel || (await channelGm(tx, ctx.channelId))?.userId === ctx.user.id;
}

async function percentWar(tx: Tx, ctx: CommandContext): Promise<WarRow> {
  const war = await activeWar(tx, ctx.channelId);
  if (!war) throw new UserError('warcmd.none');
  if (war.ruleset !== 'percent') throw new UserError('warcmd.percentOnly');
  return war;
}

/** The caller's own faction, or (GM only) the one named. */
async function targetFaction(tx: Tx, ctx: CommandContext, war: WarRow, name: string | null, gm: boolean): Promise<FactionRow> {
  const factions = await warFactions(tx, war.id);
  if (name) {
    const f = factions.find((x) => x.name === name);
    if (!f) throw new UserError('warcmd.set.noFaction', { faction: name });
    if (!gm && !(f.members as string[]).includes(ctx.user.id)) throw new UserError('act.notYourFaction', { faction: name });
    return f;
  }
  const own = factions.find((f) => (f.members as string[]).includes(ctx.user.id) && !f.eliminated);
  if (!own) throw new UserError('act.noFaction');
  return own;
}

async function save(tx: Tx, ctx: CommandContext, f: FactionRow, type: string, changes: { state?: FactionState; eliminated?: boolean }): Promise<void> {
  const before = Object.fromEntries(Object.keys(changes).map((k) => [k, f[k as 'state' | 'eliminated']]));
  await updateFaction(tx, f.id, changes);
  await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: `faction:${f.id}`, before, after: changes });
}

/** Mana, seals, items, statuses, territory and this turn's declaration of one faction. */
function factionLines(ctx: CommandContext, f: FactionRow, declaration: ActionDeclaration | null, all: FactionRow[]): string[] {
  const p = percentOf(f);
  if (!p) return [`**${f.name}**`];
  const t = ctx.t;
  const lines = [`**${f.name}**${f.eliminated ? ` (${t('warcmd.board.eliminated')})` : ''}`];
  lines.push(p.hasServant ? t('warcmd.view.servant', { cls: t(`gw.class.${p.servantClass ?? 'other'}`), level: p.servantLevel }) : t('warcmd.view.noServant'));
  const where = p.base ? `${p.base} (${t(`war.territory.${p.territory}`)})` : t(`war.territory.${p.territory}`);
  lines.push(t('warcmd.view.mana', { mana: p.mana, cap: manaCap(p), seals: p.sealsLeft, territory: where }));
  const show = (st: Record<Status, number>) => STATUSES.map((s) => `${t(`gw.status.${s}`)} ${st[s]}`).join(' ');
  if (p.hasServant) lines.push(`${t('warcmd.view.statuses')}: ${show(servantStatuses(p))}${p.allocation ? '' : ` ${t('warcmd.view.evenSpread')}`}`);
  // Why the statuses above are lower (seed 000 L40): the shortage penalty already applied to them.
  if (p.hasServant && shortagePenalty(p.mana) > 0) lines.push(t('warcmd.view.shortage', { penalty: shortagePenalty(p.mana) }));
  // The master's numbers only as entered: a missing level or distribution is shown as missing, not guessed.
  if (p.masterLevel !== undefined && p.masterAllocation) lines.push(`${t('warcmd.view.masterStatuses', { level: p.masterLevel, mag: p.masterMag })}: ${show(masterCombatant(f).statuses)}`);
  else lines.push(t('warcmd.view.masterMissing', { mag: p.masterMag, level: p.masterLevel ?? '?' }));
  if (p.rank) lines.push(`${t('warcmd.view.rank')}: ${p.rank}`);
  if (p.skills?.length) lines.push(`${t('warcmd.view.skills')}: ${p.skills.join(', ')}`);
  const tracked = all.filter((x) => (p.tracking ?? []).includes(x.id));
  if (tracked.length) lines.push(`${t('warcmd.view.tracking')}: ${tracked.map((x) => { const q = percentOf(x); return q ? `${x.name} — ${q.base ? `${q.base} (${t(`war.territory.${q.territory}`)})` : t(`war.territory.${q.territory}`)}` : x.name; }).join(', ')}`);
  const items = MYSTIC_CODES.filter((c) => (p.items?.[c] ?? 0) > 0).map((c) => `${t(`gw.mysticCode.${c}`)} ×${p.items![c]}`);
  lines.push(`${t('warcmd.view.items')}: ${items.join(', ') || t('warcmd.view.none')}`);
  if (p.pendingRetreat) lines.push(t('battle.lost', { faction: f.name, seals: p.pendingRetreat.seals, have: p.sealsLeft }));
  if (declaration) lines.push(`${t('warcmd.view.declaration')}: ${describeAction(t, declaration, all.filter((x) => declaration.targets.includes(x.id)))}`);
  return lines;
}

/** /war faction_view: ephemeral, a member sees their own faction, the GM any one or all of them. */
export async function factionView(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { lines, picture } = await ctx.store.transaction(async (tx) => {
    const war = await percentWar(tx, ctx);
    const gm = await isGm(tx, ctx);
    const all = await warFactions(tx, war.id);
    const chosen = gm && !options.string('faction') ? all : [await targetFaction(tx, ctx, war, options.string('faction'), gm)];
    const out: string[] = [];
    for (const f of chosen) {
      const d = await factionDeclaration(tx, war.id, f.id, war.day, war.turn);
      out.push(factionLines(ctx, f, (d?.action as ActionDeclaration | undefined) ?? null, all).join('\n'));
    }
    return { lines: out, picture: mapWithBases(ctx, war, all, gm ? all : chosen) };
  });
  // The reader's own map (issue 22 §1): the GM's shows every base, a faction's its own and those it tracks (L17).
  return { view: { locale: ctx.locale, tone: 'secret', title: ctx.t('warcmd.view.title'), blocks: lines.map(text), ...(picture ? { picture, pictureReaders: { users: [ctx.user.id] } } : {}), ephemeral: true }, dms: [] };
}

function mapWithBases(ctx: CommandContext, war: WarRow, all: FactionRow[], readable: FactionRow[]): WarPicture | null {
  const tracked = readable.flatMap((f) => (percentOf(f)?.tracking ?? []).map((id) => all.find((x) => x.id === id)).filter((x): x is FactionRow => x !== undefined));
  const known = [...new Set([...readable, ...tracked])];
  const picture = warPicture(ctx, war, all, ctx.t('warcmd.board.alive', { alive: all.filter((f) => !f.eliminated).length, total: all.length }));
  if (!picture.map) return null;
  const territories = picture.map.territories.map((t) => ({ ...t, bases: known.filter((f) => !f.eliminated && percentOf(f)?.base === t.name).map((f) => f.name) }));
  return { ...picture, map: { ...picture.map, territories } };
}

/**
 * /war retreat: after a lost battle, spend one seal per combatant to retreat, or drop out (L47). With
 * several factions in the battle, a willing one may pay the seals instead (L47 「협조할 의사가 있는
 * 경우」 상대방의 령주를 대신 지불): `payer:` names it, and only its member (or the GM) may say so.
 */
export async function retreat(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const choice = options.string('choice') === 'dropout' ? 'dropout' : 'seals';
  const payerName = options.string('payer');
  const out = await ctx.store.transaction(async (tx) => {
    const war = await percentWar(tx, ctx);
    const gm = await isGm(tx, ctx);
    const all = await warFactions(tx, war.id);
    const payer = payerName ? all.find((x) => x.name === payerName && !x.eliminated) : undefined;
    if (payerName && !payer) throw new UserError('warcmd.set.noFaction', { faction: payerName.slice(0, 100) });
    if (payer && !gm && !(payer.members as string[]).includes(ctx.user.id)) throw new UserError('warcmd.retreat.notPayer', { faction: payer.name });
    // The paying ally's member may settle another faction's retreat; anyone else only their own.
    const f = await targetFaction(tx, ctx, war, options.string('faction'), gm || payer !== undefined);
    const p = percentOf(f)!;
    const pending = p.pendingRetreat;
    if (!pending) throw new UserError('warcmd.retreat.nothing', { faction: f.name });
    const { pendingRetreat: _done, ...rest } = p;
    const by = payer && payer.id !== f.id ? payer : null;
    if (by && choice === 'dropout') throw new UserError('warcmd.retreat.payerDropout');
    if (by && !(pending.allies ?? []).includes(by.id)) throw new UserError('warcmd.retreat.notAlly', { faction: by.name, loser: f.name });
    if (choice === 'seals') {
      const q = by ? percentOf(by)! : p;
      if (q.sealsLeft < pending.seals) throw new UserError('warcmd.retreat.notEnoughSeals', { faction: by?.name ?? f.name, need: pending.seals, have: q.sealsLeft });
      if (by) {
        await save(tx, ctx, f, 'war.retreat', { state: { ...(f.state as FactionState), percent: rest } });
        await save(tx, ctx, by, 'war.retreatPaid', { state: { ...(by.state as FactionState), percent: { ...q, sealsLeft: q.sealsLeft - pending.seals } } });
      } else {
        await save(tx, ctx, f, 'war.retreat', { state: { ...(f.state as FactionState), percent: { ...rest, sealsLeft: p.sealsLeft - pending.seals } } });
      }
    } else {
      await save(tx, ctx, f, 'war.retreat', { state: { ...(f.state as FactionState), percent: rest }, eliminated: true });
    }
    const told = by ? [f, by] : [f];
    return { war, f, by, pending, told, all: await warFactions(tx, war.id), localeOf: await recipientLocales(tx, membersOf(told), ctx.locale), table: await tableOf(tx, war.channelId, war.guildId, ctx.table.locale) };
  });
  const line = choice === 'dropout'
    ? say('warcmd.retreat.dropout', { faction: out.f.name })
    : out.by
      ? say('warcmd.retreat.paidBy', { faction: out.f.name, payer: out.by.name, seals: out.pending.seals })
      : say('warcmd.retreat.seals', { faction: out.f.name, seals: out.pending.seals });
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('battle.title'), blocks: [text(line(ctx.t))], ephemeral: true },
    dms: factionDms(out.told, () => [line], out.localeOf).filter((d) => d.userId !== ctx.user.id),
    // Dropping out is public: the board shows it anyway (L47).
    posts: choice === 'dropout' ? [{ channelId: out.war.channelId, view: { locale: out.table.locale, tone: 'info', title: out.table.t('battle.title'), blocks: [text(line(out.table.t))], ephemeral: false } }] : [],
    board: boardUpdate(ctx, out.war, out.all),
  };
}

/** /war use: a held mana jewel (+20 mana, L4) or a Command Seal for 120 mana (L46), at any time. */
export async function useItem(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const item = options.string('item') === 'sealMana' ? 'sealMana' : 'manaJewel';
  const out = await ctx.store.transaction(async (tx) => {
    const war = await percentWar(tx, ctx);
    const f = await targetFaction(tx, ctx, war, options.string('faction'), await isGm(tx, ctx));
    const p = percentOf(f)!;
    if (!p.hasServant) throw new UserError('warcmd.use.noServant', { faction: f.name });
    let next: PercentFactionState;
    if (item === 'manaJewel') {
      const have = p.items?.manaJewel ?? 0;
      if (have < 1) throw new UserError('warcmd.use.noJewel', { faction: f.name });
      next = { ...p, mana: addMana(p, MANA_JEWEL_MANA), items: { ...p.items, manaJewel: have - 1 } };
    } else {
      if (p.sealsLeft < 1) throw new UserError('battle.notEnoughSeals', { faction: f.name, have: 0 });
      // "Supplies 120 at once" (L46): the cap of L35 still holds, as for any mana added.
      next = { ...p, mana: addMana(p, SEAL_MANA), sealsLeft: p.sealsLeft - 1 };
    }
    await save(tx, ctx, f, 'war.itemUsed', { state: { ...(f.state as FactionState), percent: next } });
    return { f, before: p.mana, after: next.mana, seals: next.sealsLeft };
  });
  return { view: { locale: ctx.locale, tone: 'secret', title: ctx.t('warcmd.view.title'), blocks: [text(ctx.t(`warcmd.use.done.${item}`, { faction: out.f.name, gained: out.after - out.before, mana: out.after, seals: out.seals }))], ephemeral: true }, dms: [] };
}

/** /war config: the GM sets a rest amount per grade (L5), a battle-table row (L27, the gap row included) or how many skills a deep gathering reveals (L17). */
export async function configure(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const key = options.string('key') ?? '';
  const value = options.integer('value') ?? 0;
  if (value < 0 || value > 100) throw new UserError('warcmd.config.badValue', { value });
  const out = await ctx.store.transaction(async (tx) => {
    const war = await percentWar(tx, ctx);
    if (!(await isGm(tx, ctx))) throw new UserError('warcmd.gmOnly');
    const config = war.config as WarConfig;
    let next: WarConfig;
    const grade = key.startsWith('rest_') ? key.slice(5) : null;
    const row = key.startsWith('table_') ? key.slice(6) : null;
    if (grade && (TERRITORY_GRADES as readonly string[]).includes(grade)) {
      next = { ...config, territoryRecovery: { ...(config.territoryRecovery ?? DEFAULT_UPKEEP.territoryRecovery), [grade]: value } };
    } else if (row && (TABLE_ROWS as readonly string[]).includes(row)) {
      next = { ...config, battleTable: { ...(config.battleTable ?? {}), [row]: value } };
    } else if (key === 'info_skills') {
      next = { ...config, infoSkills: value };
    } else if (key === 'battle_announce') {
      // 0: battles stay between the two sides and the GM; the channel sees only a commitment.
      next = { ...config, quietBattles: value === 0 };
    } else throw new UserError('warcmd.config.badKey', { key: key.slice(0, 40) });
    await updateWar(tx, war.id, { config: next });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.configured', subject: `war:${war.id}`, before: { config }, after: { config: next } });
    return { war: (await getWar(tx, war.id))!, next };
  });
  const rest = { ...DEFAULT_UPKEEP.territoryRecovery, ...(out.next.territoryRecovery ?? {}) };
  const table = { ...DEFAULT_TABLE, ...(out.next.battleTable ?? {}) } as Record<TableRow, number>;
  const lines = [
    ctx.t('warcmd.config.done', { key: ctx.t(`warcmd.config.key.${key}`), value }),
    `${ctx.t('warcmd.config.rest')}: ${TERRITORY_GRADES.map((g) => `${ctx.t(`war.territory.${g}`)} ${rest[g]}`).join(', ')}`,
    `${ctx.t('warcmd.config.table')}: ${TABLE_ROWS.map((r) => `${ctx.t(`gw.row.${r}`)} ${table[r]}%`).join(', ')}`,
    `${ctx.t('warcmd.config.key.info_skills')}: ${out.next.infoSkills ?? ctx.t('warcmd.config.allSkills')}`,
    `${ctx.t('warcmd.config.key.battle_announce')}: ${ctx.t(out.next.quietBattles ? 'warcmd.config.quiet' : 'warcmd.config.announced')}`,
  ];
  return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('warcmd.title'), blocks: lines.map(text), ephemeral: true }, dms: [] };
}

const MAP_MAX = 60;

/** /war map: the GM adds a named territory of a grade to the war's map, or changes its grade (seed 000 L9). */
export async function addTerritory(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const name = (options.string('name') ?? '').trim().slice(0, 40);
  const grade = options.string('grade') as (typeof TERRITORY_GRADES)[number];
  if (!name || !(TERRITORY_GRADES as readonly string[]).includes(grade)) throw new UserError('warcmd.map.bad');
  const { map, board } = await ctx.store.transaction(async (tx) => {
    const war = await percentWar(tx, ctx);
    if (!(await isGm(tx, ctx))) throw new UserError('warcmd.gmOnly');
    const config = war.config as WarConfig;
    const before = config.territories ?? [];
    if (before.length >= MAP_MAX && !before.some((x) => x.name === name)) throw new UserError('warcmd.map.full', { max: MAP_MAX });
    const territories = [...before.filter((x) => x.name !== name), { name, grade }];
    await updateWar(tx, war.id, { config: { ...config, territories } });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.configured', subject: `war:${war.id}`, before: { config }, after: { config: { ...config, territories } } });
    // The board's picture draws the map's territories and grades (issue 22), never who sits where.
    return { map: territories, board: boardUpdate(ctx, { ...war, config: { ...config, territories } }, await warFactions(tx, war.id)) };
  });
  // The map is the GM's: who sits where stays hidden, so the reply is ephemeral.
  const lines = [ctx.t('warcmd.map.done', { name, territory: ctx.t(`war.territory.${grade}`) }), map.map((x) => `${x.name} (${ctx.t(`war.territory.${x.grade}`)})`).join(', ')];
  return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('warcmd.title'), blocks: lines.map(text), ephemeral: true }, dms: [], board };
}

/**
 * /war intervene: a faction that sensed soul eating chooses hostile intervention (seed 000 L6); the GM
 * is told (in the GM's language) to run the battle with soul_eating_groups (L7). Nobody else learns it.
 */
export async function intervene(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const eaterName = options.string('eater') ?? '';
  const out = await ctx.store.transaction(async (tx) => {
    const war = await percentWar(tx, ctx);
    const all = await warFactions(tx, war.id);
    const mine = all.find((f) => (f.members as string[]).includes(ctx.user.id) && !f.eliminated);
    if (!mine) throw new UserError('act.noFaction');
    const eater = all.find((f) => f.name === eaterName && !f.eliminated);
    const se = eater ? percentOf(eater)?.soulEating : undefined;
    if (!eater || !se || se.day !== war.day || se.turn !== war.turn || !(se.sensedBy ?? []).includes(mine.id)) throw new UserError('warcmd.intervene.nothing', { faction: eaterName.slice(0, 100) });
    if (!(se.intervening ?? []).includes(mine.id)) {
      const p = percentOf(eater)!;
      await save(tx, ctx, eater, 'war.intervened', { state: { ...(eater.state as FactionState), percent: { ...p, soulEating: { ...se, intervening: [...(se.intervening ?? []), mine.id] } } } });
    }
    const gm = await channelGm(tx, ctx.channelId);
    const localeOf = await recipientLocales(tx, gm ? [gm.userId] : [], ctx.locale);
    return { mine, eater, gmId: gm?.userId ?? null, gmLocale: gm ? localeOf(gm.userId) : ctx.locale };
  });
  const line = say('warcmd.intervene.gm', { faction: out.mine.name, eater: out.eater.name });
  const gmT = translator(out.gmLocale);
  return {
    view: { locale: ctx.locale, tone: 'secret', title: ctx.t('warcmd.view.title'), blocks: [text(ctx.t('warcmd.intervene.done', { eater: out.eater.name }))], ephemeral: true },
    dms: out.gmId ? [{ userId: out.gmId, view: { locale: out.gmLocale, tone: 'secret', title: gmT('warcmd.view.title'), blocks: [text(line(gmT))], ephemeral: false } }] : [],
  };
}
