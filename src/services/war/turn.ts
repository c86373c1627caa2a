// /war advance: the turn-end (and day-end) rules of the war's ruleset, then the next action turn.
// Everything in one transaction; every changed row writes its event in the same batch, so
// /war undo puts all of it back.
import { resetDailyCounters } from '../counters.js';
import { advanceClock, isSummoningPhase } from '../../core/session/calendar.js';
import { summoningEnd } from './fate-summon.js';
import { dayEffectMessage, fateTurnEnd, weakestStatusCheckMax, type MasterDayState, type ServantTurnState } from '../../core/fate/day.js';
import { percentTurnEnd, upkeepEffectMessage, type PercentFaction } from '../../core/grailwar/upkeep.js';
import { getCharactersById } from '../../store/characters.js';
import { librariesOfChannel, updateLibraryState } from '../../store/libraries.js';
import { endTurn, endTurnReport, type Library } from '../../core/mtg/index.js';
import type { Tx } from '../../store/db.js';
import { appendEvent } from '../../store/events.js';
import type { CharacterRow, DeclarationRow, FactionRow, WarRow } from '../../store/schema/index.js';
import type { WarTurn } from '../../store/wars.js';
import { text, type DirectMessage, type Reply } from '../../views/view.js';
import { hydrate, saveCharacter, type Character } from '../characters.js';
import { resetDailyLuck } from '../daily.js';
import { recoverWealth, wealthMax } from '../../core/fate/wealth.js';
import type { CommandContext } from '../types.js';
import { boardUpdate, warClockLine } from './board.js';
import { factionDms, membersOf, say, type Said } from './report.js';
import { resolveLoaded, upkeepOf } from './resolve.js';
import { NEW_FATE_STATE, type FactionState } from './state.js';
import { localesFrom } from '../locales.js';
import { translator, type Locale } from '../../i18n/index.js';
import { UserError } from '../errors.js';
import { updateDeclaration } from '../../store/declarations.js';
import { lastServantAtTurnEnd } from './last-servant.js';
import { TurnWrites } from './turn-writes.js';

interface Line {
  factionId: number | null;
  text: Said;
}

/**
 * Nothing is dropped silently: declarations of this turn not yet resolved, and lost battles not yet
 * settled (seed 000 L47), stop the turn end unless the GM says what to do with the declarations.
 * Works on the turn's declarations and the war's factions as read once; returns them as they are now.
 */
async function pendingWork(
  tx: Tx,
  ctx: CommandContext,
  war: WarRow,
  all: FactionRow[],
  declarations: DeclarationRow[],
  pending: 'resolve' | 'discard' | null,
): Promise<{ lines: Line[]; resolved: Reply | null; factions: FactionRow[]; declarations: DeclarationRow[] }> {
  const factions = all.filter((f) => !f.eliminated);
  const retreats = factions.filter((f) => (f.state as FactionState).percent?.pendingRetreat);
  if (retreats.length) throw new UserError('warcmd.advance.retreatPending', { factions: retreats.map((f) => f.name).join(', ') });
  const open = declarations.filter((d) => !d.resolvedAt);
  if (open.length === 0) return { lines: [], resolved: null, factions: all, declarations };
  if (pending === null) throw new UserError('warcmd.advance.unresolved', { count: open.length, factions: open.map((d) => factions.find((f) => f.id === d.factionId)?.name ?? '?').join(', ') });
  if (pending === 'resolve') {
    const resolved = await resolveLoaded(tx, ctx, war, declarations, all);
    return { lines: [{ factionId: null, text: say('warcmd.advance.resolvedFirst', { count: open.length }) }], resolved: resolved.reply, factions: resolved.factions, declarations: resolved.declarations };
  }
  // Discarded declarations stay on record as resolved with no effect, so /war undo can bring them back.
  const discarded = new Map<number, DeclarationRow>();
  for (const d of open) {
    const after = { result: { discarded: true }, resolvedAt: ctx.now() };
    await updateDeclaration(tx, d.id, after);
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'war.declarationDiscarded', subject: `declaration:${d.id}`, before: { result: d.result, resolvedAt: d.resolvedAt }, after });
    discarded.set(d.id, { ...d, ...after });
  }
  return { lines: [{ factionId: null, text: say('warcmd.advance.discarded', { count: open.length }) }], resolved: null, factions: all, declarations: declarations.map((d) => discarded.get(d.id) ?? d) };
}

/**
 * Familiars are used after the roll (seed 000 L4 「주사위 굴림 후 사용」): a declarer still holding the
 * offer /war resolve sent has a decision open, which the turn end would take away. The GM is told who,
 * and the turn waits, unless the GM lets the offers lapse with force:true (each faction is told).
 */
function familiarDecisions(declarations: DeclarationRow[], factions: FactionRow[], justResolved: boolean, force: boolean): Line[] {
  const open = declarations.filter((d) => {
    const result = d.result as { success?: boolean; familiarOffer?: number } | null;
    return result && !result.success && (result.familiarOffer ?? 0) > 0;
  });
  const waiting = factions.filter((f) => open.some((d) => d.factionId === f.id));
  if (waiting.length === 0) return [];
  const names = waiting.map((f) => f.name).join(', ');
  if (!force) throw new UserError(justResolved ? 'warcmd.advance.familiarsAfterResolve' : 'warcmd.advance.familiarsOpen', { factions: names });
  return [{ factionId: null, text: say('warcmd.advance.familiarsLapsed', { factions: names }) }, ...waiting.map((f) => ({ factionId: f.id, text: say('familiars.lapsed', { faction: f.name }) }))];
}

export async function advanceWar(tx: Tx, ctx: CommandContext, read: WarTurn, pending: 'resolve' | 'discard' | null = null, force = false): Promise<Reply> {
  // The war, its factions and the turn's declarations were read once, in one statement (store/wars.ts
  // activeWarTurnWithGm); what this command changes of them is held (TurnWrites) and written together,
  // not read back (issue 32 §1).
  const { war } = read;
  const loaded = await pendingWork(tx, ctx, war, read.factions, read.declarations, pending);
  const { lines: settled, resolved } = loaded;
  const writes = new TurnWrites(ctx, war, loaded.factions);
  const factions = loaded.factions.filter((f) => !f.eliminated);
  const lapsed = familiarDecisions(loaded.declarations, factions, resolved !== null, force);
  const { next, dayEnded } = advanceClock({ day: war.day, turn: war.turn });
  // the masters and servants as read with the war, unless resolving on the way may have changed them
  const stored = resolved === null ? read.characters : undefined;
  const turn = war.ruleset === 'fate' ? await fateTurn(tx, ctx, war, factions, dayEnded, writes, stored) : { lines: await percentTurn(ctx, war, factions, writes), servants: null, characters: undefined };
  const lines: Line[] = [...settled, ...lapsed, ...turn.lines];

  // Luck uses come back at each day end and once when the summoning phase ends (seed 001 L114, L215).
  if (dayEnded || war.day === 0) {
    const ids = factions.flatMap((f) => [f.masterId, f.servantId]).filter((id): id is number => id !== null);
    if (await resetDailyLuck(tx, ctx, ids, turn.characters) > 0 || war.ruleset === 'fate') lines.push({ factionId: null, text: say('war.day.luckReset') });
  }
  // Every MTG library played in this channel ends its turn with the war's (seed 004 L102–104): the
  // boost-exiled cards go to the bottom; the owner and the GM are told how many.
  const members = new Set(factions.flatMap((f) => f.members as string[]));
  const libraryDms: { ownerId: string; returned: number }[] = [];
  const libraryRows = ctx.guildId && read.hasLibrary ? await librariesOfChannel(tx, ctx.guildId, war.channelId, [...members]) : [];
  for (const row of libraryRows) {
    const state = row.state as { library: Library; lastJudge: unknown } | undefined;
    if (!state) continue;
    if (state.library.exiled.length === 0 && !state.library.turn.boostUsed && state.library.turn.judgements.length === 0) continue;
    const returned = state.library.exiled.length;
    const next = { library: endTurn(state.library, ctx.rng), lastJudge: null };
    await updateLibraryState(tx, row.id, next, ctx.now());
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'deck.endturn', subject: `library:${row.id}`, before: { state }, after: { state: next } });
    lines.push({ factionId: null, text: say('mtg.report.warEndTurn', { owner: `<@${row.ownerId}>`, count: returned }) });
    libraryDms.push({ ownerId: row.ownerId, returned });
  }
  for (const f of factions) {
    if (f.declared) writes.changeFaction(f.id, { declared: false }, 'war.turnReset', { declared: true }, { declared: false });
  }
  if (dayEnded && read.hasDailyCounter) await resetDailyCounters(tx, ctx); // eco (issue 13): /counter … reset:day
  writes.changeWar({ day: next.day, turn: next.turn }, { type: 'war.advanced', subject: `war:${war.id}`, before: { day: war.day, turn: war.turn }, after: { day: next.day, turn: next.turn, dayEnded } });

  // A masterless servant that vanished at this turn end may leave the last one standing (seed 001 L66).
  const lastServant = await lastServantAtTurnEnd(tx, ctx, writes, turn.servants);
  const after = writes.war;
  const all = writes.factions;
  // the factions' members and the libraries' owners: their languages read with the writes
  const localeOf = localesFrom(await writes.flush(tx, [...membersOf(all), ...libraryDms.map((l) => l.ownerId)]), ctx.locale);
  const header = [ctx.t(dayEnded ? 'warcmd.report.dayEnded' : 'warcmd.report.turnEnded', { day: war.day }), warClockLine(ctx, after)];
  const gmLines = [...header, ...lines.map((l) => l.text(ctx.t))];
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('warcmd.report.title', { name: war.name }), blocks: gmLines.map(text), ephemeral: true },
    // Results resolved on the way (pending:resolve) reach the factions and the channel as /war resolve would.
    dms: [...(resolved?.dms ?? []), ...factionDms(all, (f) => lines.filter((l) => l.factionId === f.id).map((l) => l.text), localeOf), ...libraryDms.map((l) => libraryDm(l.ownerId, l.returned, localeOf)), ...lastServant.dms],
    posts: [...(resolved?.posts ?? []), ...lastServant.posts],
    board: boardUpdate(ctx, after, all),
  };
}

function libraryDm(userId: string, returned: number, localeOf: (userId: string) => Locale): DirectMessage {
  const locale = localeOf(userId);
  const t = translator(locale);
  return { userId, view: { locale, tone: 'info', title: t('deck.title'), blocks: endTurnReport(returned, t).map(text), ephemeral: false } };
}

/**
 * The Fate turn end; and the masters and servants it read (`servants`, as read: whether each is dead,
 * which the turn end does not change; `characters`, as they are now stored), none at the summoning
 * phase's end. `stored`: the factions' masters and servants as stored now, when the caller has read
 * them (with the war, store/wars.ts activeWarTurnWithGm); read here otherwise.
 */
async function fateTurn(
  tx: Tx,
  ctx: CommandContext,
  war: WarRow,
  factions: FactionRow[],
  dayEnded: boolean,
  writes: TurnWrites,
  stored?: Map<number, CharacterRow>,
): Promise<{ lines: Line[]; servants: Map<number, CharacterRow> | null; characters: Map<number, Character> | undefined }> {
  // The summoning phase ends: the summoning order (L110–112); it has no turn-end rules.
  if (isSummoningPhase(war)) return { lines: await summoningEnd(tx, ctx, factions, writes), servants: null, characters: undefined };
  const masters: { f: FactionRow; c: Character; m: MasterDayState }[] = [];
  const servants: { f: FactionRow; c: Character; s: ServantTurnState }[] = [];
  // every master and servant in one statement (one by one, a war of 7 factions held its transaction for
  // 14 round trips), or none: read with the war (issue 32 §1)
  const rows = stored ?? (await getCharactersById(tx, factions.flatMap((f) => [f.masterId, f.servantId]).filter((id): id is number => id !== null)));
  const characters = new Map<number, Character>();
  const load = (id: number | null): Character | null => {
    const row = id === null ? undefined : rows.get(id);
    if (!row) return null;
    const c = characters.get(row.id) ?? hydrate(row);
    characters.set(row.id, c);
    return c;
  };
  for (const f of factions) {
    const state = (f.state as FactionState).fate ?? NEW_FATE_STATE;
    const master = load(f.masterId);
    const servant = load(f.servantId);
    // A dead master neither sleeps nor recovers (L204); the servant is masterless from then on (L244).
    const masterAlive = master !== null && !master.runtime.dead;
    if (master && masterAlive) {
      masters.push({ f, c: master, m: { id: master.row.id, hp: master.runtime.hp, hpMax: master.max.hpMax, mp: master.runtime.mp, mpMax: master.max.mpMax, ...state, weakestCheckMax: weakestStatusCheckMax(master.sheet) } });
    }
    if (servant && !servant.runtime.dead) {
      servants.push({ f, c: servant, s: { id: servant.row.id, hp: servant.runtime.hp, mp: servant.runtime.mp, rankLevel: servant.derived.rankLevel, masterless: !masterAlive, vanished: false } });
    }
  }
  const result = fateTurnEnd(masters.map((x) => x.m), servants.map((x) => x.s), { dayEnded }, ctx.rng);
  const extra: Line[] = [];
  const names = new Map<number, { name: string; factionId: number }>();
  for (const x of [...masters, ...servants]) names.set(x.c.row.id, { name: x.c.row.name, factionId: x.f.id });

  for (const [i, m] of result.masters.entries()) {
    const { f, c } = masters[i]!;
    // Recovery above HP 0 lifts incapacitation (L204: incapacitated at HP 0).
    const incapacitated = c.runtime.incapacitated && m.hp === 0;
    // Wealth points: one spent point back at each day end (L961).
    const wealthSpent = dayEnded && c.runtime.wealthSpent ? recoverWealth(c.runtime.wealthSpent) : c.runtime.wealthSpent;
    if (m.hp !== c.runtime.hp || m.mp !== c.runtime.mp || incapacitated !== c.runtime.incapacitated || wealthSpent !== c.runtime.wealthSpent) {
      characters.set(c.row.id, await saveCharacter(tx, ctx, c, 'war.turnEnd', { runtime: { ...c.runtime, hp: m.hp, mp: m.mp, incapacitated, ...(wealthSpent === undefined ? {} : { wealthSpent }) } }));
    }
    if (wealthSpent !== c.runtime.wealthSpent) extra.push({ factionId: f.id, text: say('wealth.recovered', { name: c.row.name, left: wealthMax(c.sheet) - (wealthSpent ?? 0), max: wealthMax(c.sheet) }) });
    const state = writes.faction(f.id).state as FactionState;
    // Forced sleep (L247): the master sleeps through the next action turn (no checks, L249); its end clears the all-nighter.
    const forced = result.effects.some((e) => e.kind === 'forcedSleep' && e.id === m.id);
    const fate = { sleptThisTurn: forced || m.sleptThisTurn, awakeTurns: m.awakeTurns, allNighter: m.allNighter };
    writes.changeFaction(f.id, { state: { ...state, fate } }, 'war.sleepTracked', { state }, { state: { ...state, fate } });
  }
  for (const [i, s] of result.servants.entries()) {
    const { f, c } = servants[i]!;
    if (s.hp !== c.runtime.hp || s.mp !== c.runtime.mp) characters.set(c.row.id, await saveCharacter(tx, ctx, c, 'war.turnEnd', { runtime: { ...c.runtime, hp: s.hp, mp: s.mp, incapacitated: s.hp === 0 } }));
    if (s.vanished) writes.changeFaction(f.id, { eliminated: true }, 'war.eliminated', { eliminated: false }, { eliminated: true });
  }
  const lines = result.effects
    .filter((e) => e.kind !== 'luckReset') // reported once by advanceWar, after the reset itself
    .map((e) => {
      const message = dayEffectMessage(e, (id) => names.get(id)?.name ?? `#${id}`);
      return { factionId: 'id' in e ? (names.get(e.id)?.factionId ?? null) : null, text: say(message.key, message.params) };
    });
  return { lines: [...lines, ...extra], servants: rows, characters };
}

async function percentTurn(ctx: CommandContext, war: WarRow, factions: FactionRow[], writes: TurnWrites): Promise<Line[]> {
  if (war.day === 0) return [];
  const upkeep = upkeepOf(war);
  const input: PercentFaction[] = factions.flatMap((f) => {
    const p = (f.state as FactionState).percent;
    return p ? [{ id: f.id, ...p }] : [];
  });
  const result = percentTurnEnd(input, upkeep);
  const byId = new Map(factions.map((f) => [f.id, f]));
  for (const p of result.factions) {
    const f = writes.faction(p.id);
    const state = f.state as FactionState;
    const { id: _id, ...percent } = p;
    const next: FactionState = { ...state, percent };
    writes.changeFaction(f.id, { state: next, eliminated: f.eliminated || p.vanished }, 'war.upkeep', { state, eliminated: f.eliminated }, { state: next, eliminated: f.eliminated || p.vanished });
  }
  // A territory that restored nothing is not worth a line.
  return result.effects
    .filter((e) => !(e.kind === 'territoryRecovery' && e.amount === 0))
    .map((e) => {
      const message = upkeepEffectMessage(e, (id) => byId.get(id)?.name ?? `#${id}`);
      return { factionId: e.id, text: say(message.key, message.params) };
    });
}
