// Fate/roll dice before day 1: the summoning checks and order (seed 001 L93–121), and the war's
// reading of a tie in an opposed check (L41). /war summon and /war tie route here.
import { evaluateDice } from '../../core/dice/index.js';
import { planCheck } from '../../core/fate/check.js';
import { TIE_RULES, isTieRule } from '../../core/fate/opposed.js';
import { findSkill } from '../../core/fate/sheet/index.js';
import { isSummoningPhase } from '../../core/session/calendar.js';
import { chooseIrregular, MAX_CHOSEN, type IrregularResult } from '../../core/session/irregular.js';
import { irregularLines } from './report.js';
import { planSummoning, summoningOrder, SUMMON_METHODS, type SummonMethod } from '../../core/fate/summoning.js';
import type { Tx } from '../../store/db.js';
import { appendEvent } from '../../store/events.js';
import { channelGm } from '../../store/gms.js';
import { getRoll } from '../../store/rolls.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import { activeWar, getWar, updateFaction, updateWar, warFactions } from '../../store/wars.js';
import { rollView } from '../../views/roll.js';
import { luckButtons } from '../../views/check-display.js';
import { readersOf } from '../secrecy.js';
import { text, type BoardUpdate, type Reply, type View } from '../../views/view.js';
import { forTable } from '../table.js';
import { assertCanEdit, hydrate, resolveFateCharacter, resourceLine, type Character } from '../characters.js';
import { getCharacter } from '../../store/characters.js';
import { UserError } from '../errors.js';
import { storeRoll, type CheckRecord } from '../rolls.js';
import type { CommandContext, CommandOptions } from '../types.js';
import { boardUpdate } from './board.js';
import { say, type Said } from './report.js';
import { conditionsOf } from '../combat/fate-conditions.js';
import { NEW_FATE_STATE, type FactionState, type WarConfig } from './state.js';
import { wording } from '../../i18n/wording.js';
import { statusNotesWorded } from '../plan-words.js';
import type { TurnWrites } from './turn-writes.js';

export { SUMMON_METHODS, TIE_RULES };

async function fateWar(tx: Tx, ctx: CommandContext): Promise<WarRow> {
  const war = await activeWar(tx, ctx.channelId);
  if (!war) throw new UserError('warcmd.none');
  if (war.ruleset !== 'fate') throw new UserError('summon.fateOnly');
  return war;
}

async function event(tx: Tx, ctx: CommandContext, type: string, subject: string, before: unknown, after: unknown): Promise<void> {
  await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject, before, after });
}

/**
 * /war summon method: [skills:] [master:] — a master's summoning check in the summoning phase
 * (L108–109): solo 幸運 + 魔力, catalyst 魔力 + 社会, a magic skill adding its dice. Once per master
 * (the method is chosen before the roll, L110); Luck rerolls work on it as on any check (L113).
 */
export async function summon(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const method = options.string('method') as SummonMethod;
  if (!(SUMMON_METHODS as readonly string[]).includes(method)) throw new UserError('summon.badMethod');
  const skills = (options.string('skills') ?? '').split(/[,、，/／;+＋]/).map((s) => s.trim()).filter(Boolean);
  const done = await ctx.store.transaction(async (tx) => {
    const war = await fateWar(tx, ctx);
    if (!isSummoningPhase(war)) throw new UserError('summon.over');
    const factions = await warFactions(tx, war.id);
    const picked = await resolveFateCharacter(tx, ctx, options.string('master'));
    // Playing the servant: its faction's master summons.
    const faction = factions.find((f) => !f.eliminated && (f.masterId === picked.row.id || (f.servantId === picked.row.id && !options.string('master'))));
    if (!faction?.masterId) throw new UserError('summon.noFaction', { name: picked.row.name });
    const master = faction.masterId === picked.row.id ? picked : await resolveCharacterById(tx, ctx, faction.masterId);
    await assertCanEdit(tx, ctx, master);
    // The same conditions as every check (a sleeping master makes none, an all-nighter's −1: L247, L249).
    const cond = await conditionsOf(tx, ctx, master, null);
    const state = faction.state as FactionState;
    const fate = state.fate ?? NEW_FATE_STATE;
    if (fate.summon) throw new UserError('summon.already', { name: master.row.name, roll: fate.summon.rollId });
    const planned = planSummoning(master.sheet, method, skills, findSkill);
    const plan = { ...planned, notes: [...planned.notes, ...cond.notes] };
    const result = evaluateDice(`${plan.expression}${cond.minus > 0 ? `-${Math.min(99, cond.minus)}` : ''}`, ctx.rng);
    const label = forTable(ctx).t('summon.label', { method: forTable(ctx).t(`summon.method.${method}`) });
    const stored = wording({ key: 'summon.label', params: { method: wording({ key: `summon.method.${method}` }) } });
    const record: CheckRecord = { label: stored, target: null, luckUses: 0, sealBonus: 0, autoSuccess: false };
    const rollId = await storeRoll(tx, ctx, { result, comment: stored, secret: false, characterId: master.row.id, check: record });
    const next: FactionState = { ...state, fate: { ...fate, summon: { method, rollId, masterId: master.row.id, total: result.value } } };
    await updateFaction(tx, faction.id, { state: next });
    await event(tx, ctx, 'war.summoned', `faction:${faction.id}`, { state }, { state: next });
    const after = (await getWar(tx, war.id))!;
    const secret = (await readersOf(tx, ctx.guildId, master.row.id)) !== null;
    return { master, plan, result, rollId, label, secret, board: boardUpdate(ctx, after, await warFactions(tx, war.id)) };
  });
  const { master, plan, result, rollId, label } = done;
  // The summoning check is the table's; the master's MP, luck and seals are the player's (seed 001 L50):
  // the luck button counts nothing, and is there whatever luck is left.
  const table = forTable(ctx);
  const buttons = luckButtons(table, rollId, result, { c: master, secret: done.secret });
  const notes = [...statusNotesWorded(plan.statuses, plan.notes).map((n) => table.t(n.key, n.params)), table.t('summon.rolledNote')];
  const aside: View = { locale: ctx.locale, tone: 'info', blocks: [text(resourceLine(ctx, master))], ephemeral: true };
  return { view: rollView(table, { result, id: rollId, name: master.row.name, comment: label, notes, buttons }), dms: [], aside, board: done.board };
}

async function resolveCharacterById(tx: Tx, _ctx: CommandContext, id: number): Promise<Character> {
  const row = await getCharacter(tx, id);
  if (!row) throw new UserError('character.gone');
  return hydrate(row);
}

/** /war tie rule: — the GM's reading of a tie in this war's opposed checks (L41). */
export async function setTie(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const rule = options.string('rule');
  if (!isTieRule(rule)) throw new UserError('opposed.badTie', { tie: String(rule) });
  const board = await ctx.store.transaction(async (tx) => {
    const war = await fateWar(tx, ctx);
    if (!ctx.canManageChannel && (await channelGm(tx, ctx.channelId))?.userId !== ctx.user.id) throw new UserError('warcmd.gmOnly');
    const config = (war.config ?? {}) as WarConfig;
    const next: WarConfig = { ...config, opposedTie: rule };
    await updateWar(tx, war.id, { config: next });
    await event(tx, ctx, 'war.tieRule', `war:${war.id}`, { config }, { config: next });
    return boardUpdate(ctx, (await getWar(tx, war.id))!, await warFactions(tx, war.id));
  });
  const table = forTable(ctx);
  return { view: { locale: table.locale, tone: 'info', title: table.t('warcmd.title'), blocks: [text(table.t('opposed.tieSet', { rule: table.t(`opposed.tie.${rule}`) }))], ephemeral: false }, dms: [], board };
}

/**
 * The end of the summoning phase (L110–112): the order from the rolls as they stand now (Luck
 * rerolls included), ties broken by repeated Luck opposed checks; each faction keeps its place.
 * Factions that did not roll are named for the GM to place by hand.
 */
export async function summoningEnd(tx: Tx, ctx: CommandContext, factions: FactionRow[], writes: TurnWrites): Promise<{ factionId: number | null; text: Said }[]> {
  const rolled: { f: FactionRow; id: number; method: SummonMethod; total: number; masterId: number }[] = [];
  const lines: { factionId: number | null; text: Said }[] = [];
  for (const f of factions) {
    const s = (f.state as FactionState).fate?.summon;
    const roll = s ? await getRoll(tx, s.rollId) : undefined;
    if (!s || !roll) {
      if (f.masterId !== null) lines.push({ factionId: null, text: say('summon.notRolled', { faction: f.name }) });
      continue;
    }
    rolled.push({ f, id: f.id, method: s.method, total: Math.max(0, roll.value), masterId: s.masterId });
  }
  if (rolled.length === 0) return lines;
  const sheets = new Map<number, Character>();
  for (const r of rolled) sheets.set(r.id, await resolveCharacterById(tx, ctx, r.masterId));
  // L112: a Luck check of each tied master, as /check would roll it ("−" marks included).
  const luck = (id: number): number => {
    try {
      const plan = planCheck(sheets.get(id)!.sheet, { status: 'luk', skills: [], plus: 0, minus: 0, lowerDice: 0, lowerThreshold: 0, target: null }, findSkill);
      return evaluateDice(plan.expression, ctx.rng).value;
    } catch {
      return 0; // no Luck to roll
    }
  };
  const order = summoningOrder(rolled, luck);
  lines.push({ factionId: null, text: say('summon.orderTitle') });
  for (const p of order) {
    const r = rolled.find((x) => x.id === p.id)!;
    const state = r.f.state as FactionState;
    const next: FactionState = { ...state, fate: { ...(state.fate ?? NEW_FATE_STATE), summon: { ...state.fate!.summon!, total: p.total, place: p.place, luckRolls: p.luckRolls } } };
    writes.changeFaction(r.f.id, { state: next }, 'war.summonPlaced', { state }, { state: next });
    const params = { place: p.place, faction: r.f.name, method: `summon.method.${p.method}`, total: p.total, luck: p.luckRolls.join(', ') };
    const line: Said = (t) => t(p.luckRolls.length ? 'summon.placeLuck' : 'summon.place', { ...params, method: t(params.method) }) + (p.undecided ? ` ${t('summon.undecided')}` : '');
    lines.push({ factionId: null, text: line });
    lines.push({ factionId: r.f.id, text: (t) => t('summon.yourPlace', { faction: r.f.name, place: p.place, count: order.length }) });
  }
  return lines;
}

/** A Luck reroll changed a summoning roll: the board's figure follows (the order reads the roll itself). */
export async function summonRerolled(tx: Tx, ctx: CommandContext, rollId: number, value: number): Promise<BoardUpdate | undefined> {
  const war = await activeWar(tx, ctx.channelId);
  if (!war || war.ruleset !== 'fate' || !isSummoningPhase(war)) return undefined;
  const factions = await warFactions(tx, war.id);
  const f = factions.find((x) => (x.state as FactionState).fate?.summon?.rollId === rollId);
  if (!f) return undefined;
  const state = f.state as FactionState;
  const next: FactionState = { ...state, fate: { ...state.fate!, summon: { ...state.fate!.summon!, total: value } } };
  await updateFaction(tx, f.id, { state: next });
  await event(tx, ctx, 'war.summonRerolled', `faction:${f.id}`, { state }, { state: next });
  return boardUpdate(ctx, war, await warFactions(tx, war.id));
}

/** The board's Fate lines: each faction's summoning check in the phase, then the settled order. */
/**
 * /war irregular choose:"4, 10, ex" — the GM's choice for a 5 or 9 of the Irregular table (L80,
 * L84), before day 1; shown to the GM only, like the roll (L90).
 */
export async function chooseIrregularResults(ctx: CommandContext, input: string): Promise<Reply> {
  const values = input.split(/[\s,、，/]+/).filter(Boolean).map((v) => (/^ex$/i.test(v) ? ('ex' as const) : Number(v.normalize('NFKC'))));
  const { war, result } = await ctx.store.transaction(async (tx) => {
    const war = await fateWar(tx, ctx);
    if (!ctx.canManageChannel && (await channelGm(tx, ctx.channelId))?.userId !== ctx.user.id) throw new UserError('warcmd.gmOnly');
    if (war.day > 0) throw new UserError('warcmd.irregular.tooLate');
    const current = war.irregular as IrregularResult | null;
    if (!current?.gmChoice) throw new UserError('irregular.noChoice');
    let result: IrregularResult;
    try {
      result = chooseIrregular(current, values);
    } catch {
      throw new UserError('irregular.badChoice', { input, max: MAX_CHOSEN });
    }
    await updateWar(tx, war.id, { irregular: result });
    await event(tx, ctx, 'war.irregularChosen', `war:${war.id}`, { irregular: current }, { irregular: result });
    return { war, result };
  });
  const lines = irregularLines(ctx, result);
  const view = { locale: ctx.locale, tone: 'secret' as const, title: ctx.t('warcmd.irregular.title', { name: war.name }), blocks: lines.map(text), ephemeral: true };
  return { view, dms: [{ userId: ctx.user.id, view: { ...view, ephemeral: false } }] };
}
