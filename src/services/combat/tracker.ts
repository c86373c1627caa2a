// The pinned tracker: round, whose turn, the order, HP/MP bars of visible combatants, conditions.
// An NPC the GM hid shows its name and condition only; a war faction's character shows no MP, in
// whatever channel of the server it fights (../secrecy.ts).
import { getCombat } from '../../store/combats.js';
import type { CombatRow } from '../../store/schema/index.js';
import { text, type BoardUpdate, type View } from '../../views/view.js';
import { forTable, tableOf, withTable } from '../table.js';
import type { CommandContext } from '../types.js';
import { isPersona, personaTrackerView } from './persona.js';
import type { FateCombatant, FateCombatState } from './state.js';
import { activeCombat } from '../../store/combats.js';
import type { Tx } from '../../store/db.js';
import { withSheets } from './fate.js';
import { describeBadStatus } from './fate-bad-status.js';
import { priorityNow } from './fate-priority.js';
import { bar } from './bars.js';
import { fateTrackerPicture } from './tracker-picture.js';
import { secrecy, type Secrecy } from '../secrecy.js';
import { conditionKey, tableNumber, trackerFighters, type TrackerFighter } from './tracker-fighters.js';

export { conditionKey, tableNumber, trackerFighters, type TrackerFighter };


export function condition(ctx: CommandContext, c: FateCombatant): string {
  return ctx.t(conditionKey(c));
}

function line(ctx: CommandContext, f: TrackerFighter, current: boolean, round: number): string {
  const head = `${current ? '▶ ' : ''}**${f.name}** (${f.side} · ${ctx.t(`combat.row.${f.row}`)})`;
  const [hp, hpMax, mp, mpMax, iv] = [tableNumber(f.hp), tableNumber(f.hpMax), tableNumber(f.mp), tableNumber(f.mpMax), tableNumber(f.iv)] as const;
  if (hp === null || hpMax === null || iv === null) return `${head} — ${f.condition}`;
  // HP loss is seen by all; MP the table reads only when nobody keeps it (seed 001 L50).
  const mpText = mp === null || mpMax === null ? '' : ` · MP ${bar(mp, mpMax)} ${mp}/${mpMax}`;
  return `${head} IV ${iv}\nHP ${bar(hp, hpMax)} ${hp}/${hpMax}${mpText} — ${f.condition}${effects(ctx, f, round)}`;
}

/** Flight, this round's priority and numbered bad statuses (L220–225, L424–437, L513–518), each on its own line. */
function effects(ctx: CommandContext, f: TrackerFighter, round: number): string {
  const c = f.shown;
  const tags: string[] = [];
  if (c.flight) tags.push(ctx.t('fate.flight.tag', { level: c.flight.level }));
  const p = priorityNow(c, round);
  if (p) tags.push(`${ctx.t(`fate.tracker.priority.${p.shift > 0 ? 'attack' : 'defense'}`, { dice: Math.abs(p.shift) })} (${p.skill ?? ctx.t(`choice.coverStatus.${p.status}`)})`);
  const out = tags.length ? [`\n  ${tags.join(' · ')}`] : [];
  (c.bs ?? []).forEach((bs, i) => out.push(`\n  ⚠ ${i + 1}. ${describeBadStatus(ctx, bs)}`));
  return out.join('');
}

/**
 * The tracker as the table reads it. `owners`: whose secret each sheet combatant's resources are
 * (../secrecy.ts), read for every character in the fight — a war faction's MP stays with it.
 */
export function fateTrackerView(ctx: CommandContext, state: FateCombatState, owners: Secrecy, ended = false): View {
  const fighters = trackerFighters(ctx, state, owners);
  const byKey = new Map(fighters.map((c) => [c.key, c]));
  const ordered = [...state.order.map((k) => byKey.get(k)!).filter(Boolean), ...fighters.filter((c) => !state.order.includes(c.key))];
  const current = state.turn >= 0 ? state.order[state.turn] : undefined;
  const head = ended ? ctx.t('combat.tracker.ended') : state.round === 0 ? ctx.t('combat.tracker.setup') : ctx.t('combat.tracker.round', { round: state.round, name: byKey.get(current ?? '')?.name ?? '-' });
  return {
    locale: ctx.locale,
    tone: 'info',
    title: ctx.t('combat.tracker.title', { name: state.name }),
    blocks: [text(head), text(ordered.map((c) => line(ctx, c, c.key === current, state.round)).join('\n') || ctx.t('combat.tracker.empty'))],
    ...(ordered.length ? { picture: fateTrackerPicture(ctx, state, head, ordered, current) } : {}),
    ephemeral: false,
  };
}

/** Whose secret each sheet combatant's resources are, read now (../secrecy.ts). */
export async function fightOwners(tx: Tx, guildId: string | null, state: FateCombatState): Promise<Secrecy> {
  return await secrecy(tx, guildId, state.combatants.map((c) => c.characterId));
}

/**
 * The fight's tracker as a board update. Nothing is read or drawn for it here: the board renders it
 * from the database when it is sent (render(), the sheets and owners as they stand then), so a step
 * that read every sheet and owner and built the tracker's view in its transaction threw them away.
 */
export function fateBoard(_tx: Tx, ctx: CommandContext, combat: CombatRow): BoardUpdate {
  return trackerUpdate(ctx, combat);
}

/**
 * `view` is never drawn when there is a render() (src/discord/board.ts, the console): a stub, as for a
 * board rebuilt from the outbox (../live-boards.ts).
 */
export function trackerUpdate(ctx: CommandContext, combat: CombatRow, view: View = { locale: ctx.locale, tone: 'info', blocks: [], ephemeral: false }): BoardUpdate {
  return {
    kind: 'combat',
    warId: combat.id,
    channelId: combat.channelId,
    view,
    // Re-read when the message is edited: another process may have moved the fight meanwhile, and a
    // sheet combatant's HP/MP are read from its sheet (the one source of truth), not the fight's copy.
    // The tracker is the table's: rendered in the fight channel's language, whoever moved the fight.
    render: async (tx) => {
      const row = await getCombat(tx, combat.id);
      if (!row) return null;
      const ended = row.status === 'ended';
      // The channel's language as stored now, not as this command read it: a board edit that lands
      // late (a loaded machine, another process) after the GM changed the language must not restore the old one.
      const table = withTable(ctx, await tableOf(tx, combat.channelId, combat.guildId, ctx.table.locale));
      const messageId = row.trackerMessageId;
      if (isPersona(row.state)) return { view: personaTrackerView(table, row.state, ended), messageId };
      const state = await withSheets(tx, row.state as FateCombatState);
      return { view: fateTrackerView(table, state, await fightOwners(tx, row.guildId, state), ended), messageId };
    },
  };
}

/**
 * The tracker of the fight in this channel as the sheets now stand, when a sheet change (/hp, /mp,
 * a seal's full HP/MP) touched one of its combatants: the tracker agrees with the sheet at once.
 */
export async function trackerAfterSheetChange(tx: Tx, ctx: CommandContext, channelId: string, characterIds: number[]): Promise<BoardUpdate | undefined> {
  const combat = await activeCombat(tx, channelId);
  if (!combat || combat.ruleset !== 'fate') return undefined;
  const state = combat.state as FateCombatState;
  if (!state.combatants.some((c) => c.characterId !== null && characterIds.includes(c.characterId))) return undefined;
  return fateBoard(tx, ctx, combat);
}
