// 戦闘離脱 in a fight (seed 001 L520–524): every character of every side involved rolls AGI through
// rollFor, the path of every Fate check, so a sleeping master makes no roll (L249), an all-nighter
// takes its −1 (L247), an impediment lowers the roll (L430) and 仕切り直し adds its dice (L1152).
// Each roll is stored under its owner: a Luck reroll of it (L215–217) settles the escape again
// (resettleEscape) until the next turn.
import { rollEscape, type EscapeResult } from '../../core/fate/combat/escape.js';
import { activeCombat } from '../../store/combats.js';
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { getRoll } from '../../store/rolls.js';
import type { CombatRow } from '../../store/schema/index.js';
import type { Button } from '../../views/view.js';
import { hydrate } from '../characters.js';
import { UserError } from '../errors.js';
import { storedResult, storeRoll } from '../rolls.js';
import type { CommandContext } from '../types.js';
import { achievementOf, rollFor } from './fate.js';
import { active, type EscapeRoll, type FateCombatant, type FateCombatState, type LastEscape } from './state.js';
import { saveCombatState } from './store.js';
import { line, type Line } from '../../views/line.js';
import { own } from '../../views/owned.js';
import { GM_ONLY, readersOf } from '../secrecy.js';
import { luckButtons } from '../../views/check-display.js';
import { wording } from '../../i18n/wording.js';

/** At most this many Luck buttons under an escape (one message row). */
const MAX_LUCK_BUTTONS = 5;

export interface EscapeStep {
  state: FateCombatState;
  lines: (string | Line)[];
  buttons: Button[];
  /** a hidden NPC rolled: the step hid its numbers from the table */
  hides: boolean;
}

/** One character's AGI roll for the escape, stored; a character that can make no check rolls nothing (L249). */
async function escapeRoll(tx: Tx, ctx: CommandContext, c: FateCombatant): Promise<{ roll: EscapeRoll; value: number; line: string | Line; button: Button | null }> {
  try {
    const { result, notes } = await rollFor(tx, c, 'agi', [], ctx, { purpose: 'escape' });
    const rollId = await storeRoll(tx, ctx, {
      result,
      comment: wording({ key: 'fate.escape.comment', params: { name: c.name } }),
      // A hidden NPC's roll is the GM's: a secret roll, kept out of /log export.
      secret: c.hidden,
      ...(c.characterId !== null ? { characterId: c.characterId, ...(c.ownerId ? { userId: c.ownerId } : {}) } : {}),
    });
    const value = Math.min(999, achievementOf(result));
    // A hidden NPC's pool and achievement are the GM's: the table reads that it rolled.
    const shown: string | Line = c.hidden ? line('fate.escape.rollHidden', { name: c.name, achievement: own(value, GM_ONLY) }) : ctx.t('fate.escape.roll', { name: c.name, expression: result.normalized, achievement: value, id: rollId });
    // An escape roll pays nothing (no marks, no support): its notes are the conditions' words.
    const said = notes.filter((n): n is string => typeof n === 'string');
    const rollLine = said.length === 0 ? shown : line('fate.escape.withNotes', { roll: shown, notes: said.join(' · ') });
    let button: Button | null = null;
    if (c.characterId !== null && !c.hidden) {
      const row = await getCharacter(tx, c.characterId);
      const secret = (await readersOf(tx, ctx.guildId, c.characterId)) !== null;
      // No count on the button (a war faction's luck uses are its own, seed 001 L50).
      button = row ? (luckButtons(ctx, rollId, result, { c: hydrate(row), secret }, { name: c.name, style: 'secondary' })[0] ?? null) : null;
    }
    return { roll: { key: c.key, rollId, expression: result.normalized }, value, line: rollLine, button };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { roll: { key: c.key, rollId: null, expression: '0' }, value: 0, line: ctx.t('fate.escape.cannotRoll', { name: c.name, reason: ctx.t(error.key, error.params) }), button: null };
  }
}

/** A line of the settlement, worded by each reader (the table, a requester's DM) in their own language. */
export type EscapeLine = Line;

/**
 * The outcome from the first round as it stands: a side none of whose characters could roll
 * loses outright (nobody to escape / nobody to stop it, L249, L521); otherwise the highest
 * achievement wins and ties are rerolled from the same expressions (L522–523). `hidden`: a hidden
 * NPC rolled, so the roll-off's achievements are the GM's (the table reads who escaped).
 */
function settle(ctx: CommandContext, escapers: EscapeRoll[], chasers: EscapeRoll[], first: EscapeResult['rounds'][number], hidden: boolean): { outcome: 'escaped' | 'caught'; lines: EscapeLine[] } {
  const none = (list: EscapeRoll[]) => list.every((r) => r.rollId === null);
  if (none(chasers)) return { outcome: 'escaped', lines: [line('fate.escape.nobodyStops')] };
  if (none(escapers)) return { outcome: 'caught', lines: [line('fate.escape.nobodyRuns')] };
  const result = rollEscape({ escapers: escapers.map((r) => r.expression), chasers: chasers.map((r) => r.expression), opposed: true, rearguard: false }, ctx.rng, first);
  const readers = hidden ? GM_ONLY : null;
  const rounds = result.rounds.map((r) => line('combat.escapeRound', { escapers: own(r.escapers.join(', '), readers), chasers: own(r.chasers.join(', '), readers) }));
  const said = result.lines.map((l) => line(l.key, Object.fromEntries(Object.entries(l.params).map(([k, v]) => [k, typeof v === 'number' ? own(v, readers) : String(v)]))));
  return { outcome: result.outcome, lines: [...rounds, ...said] };
}

/** The escapers leave the fight (or come back, when a reroll turned the outcome). */
function withOutcome(state: FateCombatState, escape: LastEscape): FateCombatState {
  const keys = new Set(escape.escapers.map((r) => r.key));
  return { ...state, pending: null, escape, combatants: state.combatants.map((c) => (keys.has(c.key) ? { ...c, escaped: escape.outcome === 'escaped' } : c)) };
}

/**
 * /combat escape side: — declared at a turn's start (L521): unopposed or with a rearguard it
 * succeeds (L521, L524); otherwise every character of every side rolls AGI and the escaping side
 * needs the single highest achievement (L522), ties rerolled (L523).
 */
export async function escapeStep(tx: Tx, ctx: CommandContext, state: FateCombatState, side: string, how: { opposed: boolean; rearguard: boolean }): Promise<EscapeStep> {
  const fighters = state.combatants.filter(active);
  const escapers = fighters.filter((c) => c.side === side);
  if (escapers.length === 0) throw new UserError('combat.escapeNoSide', { side });
  const chasers = fighters.filter((c) => c.side !== side);
  if (!how.opposed || how.rearguard) {
    const auto = rollEscape({ escapers: [], chasers: [], ...how }, ctx.rng);
    const escape: LastEscape = { side, escapers: escapers.map((c) => ({ key: c.key, rollId: null, expression: '0' })), chasers: [], outcome: 'escaped' };
    const { escape: _none, ...next } = withOutcome(state, escape);
    return { state: next, lines: auto.lines.map((l) => ctx.t(l.key, l.params)), buttons: [], hides: false };
  }
  if (chasers.length === 0) throw new UserError('fate.combat.error.escapeNobody');
  const lines: (string | Line)[] = [];
  const buttons: Button[] = [];
  const roll = async (list: FateCombatant[]) => {
    const out: { rolls: EscapeRoll[]; values: number[] } = { rolls: [], values: [] };
    for (const c of list) {
      const r = await escapeRoll(tx, ctx, c);
      out.rolls.push(r.roll);
      out.values.push(r.value);
      lines.push(r.line);
      if (r.button) buttons.push(r.button);
    }
    return out;
  };
  const e = await roll(escapers);
  const ch = await roll(chasers);
  const hides = [...escapers, ...chasers].some((c) => c.hidden);
  const settled = settle(ctx, e.rolls, ch.rolls, { escapers: e.values, chasers: ch.values }, hides);
  const escape: LastEscape = { side, escapers: e.rolls, chasers: ch.rolls, outcome: settled.outcome };
  return { state: withOutcome(state, escape), lines: [...lines, ...settled.lines], buttons: buttons.slice(0, MAX_LUCK_BUTTONS), hides };
}

/**
 * After a Luck reroll or a seal rewrote roll `rollId` (L215, L288): when it is a roll of this turn's
 * escape in `channelId`'s fight, the escape is settled again from the stored rolls as they stand (a
 * new tie is rolled off, L523) and the fight saved. Null when the roll is not part of it.
 */
export async function resettleEscape(tx: Tx, ctx: CommandContext, rollId: number, channelId = ctx.channelId): Promise<{ lines: EscapeLine[]; saved: CombatRow } | null> {
  const combat = await activeCombat(tx, channelId);
  if (!combat || combat.ruleset !== 'fate') return null;
  const state = combat.state as FateCombatState;
  const escape = state.escape;
  if (!escape || ![...escape.escapers, ...escape.chasers].some((r) => r.rollId === rollId)) return null;
  const value = async (r: EscapeRoll) => {
    const row = r.rollId === null ? undefined : await getRoll(tx, r.rollId);
    return row ? Math.min(999, achievementOf(storedResult(row))) : 0;
  };
  const first = { escapers: [] as number[], chasers: [] as number[] };
  for (const r of escape.escapers) first.escapers.push(await value(r));
  for (const r of escape.chasers) first.chasers.push(await value(r));
  const keys = new Set([...escape.escapers, ...escape.chasers].map((r) => r.key));
  const settled = settle(ctx, escape.escapers, escape.chasers, first, state.combatants.some((c) => keys.has(c.key) && c.hidden));
  const next = withOutcome(state, { ...escape, outcome: settled.outcome });
  // The event belongs to the fight's channel, whoever pressed where (a seal is approved in a DM).
  if (channelId !== ctx.channelId) ctx = { ...ctx, channelId };
  const saved = await saveCombatState(tx, ctx, combat, 'combat.escapeResettled', next);
  const changed: EscapeLine[] = settled.outcome !== escape.outcome ? [line(settled.outcome === 'escaped' ? 'fate.escape.nowEscaped' : 'fate.escape.nowCaught', { side: escape.side })] : [];
  return { lines: [...settled.lines, ...changed], saved };
}
