// The pinned tracker: round, whose turn, the order, HP/MP bars of visible combatants, conditions.
// An NPC the GM hid shows its name and condition only.
import { getCombat } from '../../store/combats.js';
import type { CombatRow } from '../../store/schema/index.js';
import { text, type BoardUpdate, type View } from '../../views/view.js';
import { forTable, tableOf, withTable } from '../table.js';
import type { CommandContext } from '../types.js';
import { isPersona, personaTrackerView } from './persona.js';
import type { FateCombatant, FateCombatState } from './state.js';
import { activeCombat } from '../../store/combats.js';
import { activeWar } from '../../store/wars.js';
import type { Tx } from '../../store/db.js';
import { withSheets } from './fate.js';
import { describeBadStatus } from './fate-bad-status.js';
import { priorityNow } from './fate-priority.js';
import { bar } from './bars.js';
import { fateTrackerPicture } from './tracker-picture.js';


export function condition(ctx: CommandContext, c: FateCombatant): string {
  if (c.dead) return ctx.t('combat.cond.dead');
  if (c.escaped) return ctx.t('combat.cond.escaped');
  if (c.incapacitated) return ctx.t('combat.cond.incapacitated');
  return c.hp * 2 < c.hpMax ? ctx.t('combat.cond.wounded') : ctx.t('combat.cond.standing');
}

function line(ctx: CommandContext, c: FateCombatant, current: boolean, round: number, privateMp: boolean): string {
  const head = `${current ? '▶ ' : ''}**${c.name}** (${c.side} · ${ctx.t(`combat.row.${c.row}`)})`;
  if (c.hidden) return `${head} — ${condition(ctx, c)}`;
  // During a war a character's MP is its faction's secret (seed 001 L50); HP loss is seen by all.
  const mp = privateMp && c.characterId !== null ? '' : ` · MP ${bar(c.mp, c.mpMax)} ${c.mp}/${c.mpMax}`;
  return `${head} IV ${c.iv - c.delay}\nHP ${bar(c.hp, c.hpMax)} ${c.hp}/${c.hpMax}${mp} — ${condition(ctx, c)}${effects(ctx, c, round)}`;
}

/** Flight, this round's priority and numbered bad statuses (L220–225, L424–437, L513–518), each on its own line. */
function effects(ctx: CommandContext, c: FateCombatant, round: number): string {
  const tags: string[] = [];
  if (c.flight) tags.push(ctx.t('fate.flight.tag', { level: c.flight.level }));
  const p = priorityNow(c, round);
  if (p) tags.push(`${ctx.t(`fate.tracker.priority.${p.shift > 0 ? 'attack' : 'defense'}`, { dice: Math.abs(p.shift) })} (${p.skill ?? ctx.t(`choice.coverStatus.${p.status}`)})`);
  const out = tags.length ? [`\n  ${tags.join(' · ')}`] : [];
  (c.bs ?? []).forEach((bs, i) => out.push(`\n  ⚠ ${i + 1}. ${describeBadStatus(ctx, bs)}`));
  return out.join('');
}

/** `privateMp`: the fight is part of a war, so the characters' MP stays with their owners (seed 001 L50). */
export function fateTrackerView(ctx: CommandContext, state: FateCombatState, ended = false, privateMp = false): View {
  const byKey = new Map(state.combatants.map((c) => [c.key, c]));
  const ordered = [...state.order.map((k) => byKey.get(k)!).filter(Boolean), ...state.combatants.filter((c) => !state.order.includes(c.key))];
  const current = state.turn >= 0 ? state.order[state.turn] : undefined;
  const head = ended ? ctx.t('combat.tracker.ended') : state.round === 0 ? ctx.t('combat.tracker.setup') : ctx.t('combat.tracker.round', { round: state.round, name: byKey.get(current ?? '')?.name ?? '-' });
  return {
    locale: ctx.locale,
    tone: 'info',
    title: ctx.t('combat.tracker.title', { name: state.name }),
    blocks: [text(head), text(ordered.map((c) => line(ctx, c, c.key === current, state.round, privateMp)).join('\n') || ctx.t('combat.tracker.empty'))],
    ...(ordered.length ? { picture: fateTrackerPicture(ctx, state, head, ordered, current, (c) => condition(ctx, c), privateMp) } : {}),
    ephemeral: false,
  };
}

export function trackerUpdate(ctx: CommandContext, combat: CombatRow, view: View): BoardUpdate {
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
      if (isPersona(row.state)) return personaTrackerView(table, row.state, ended);
      const inWar = (await activeWar(tx, combat.channelId)) !== undefined;
      return fateTrackerView(table, await withSheets(tx, row.state as FateCombatState), ended, inWar);
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
  const synced = await withSheets(tx, state);
  return trackerUpdate(ctx, combat, fateTrackerView(ctx, synced));
}
