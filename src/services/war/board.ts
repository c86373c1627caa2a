// The live board: day, action turn, factions alive, and who has declared this turn — never what.
import { turnHours, turnKey } from '../../core/session/calendar.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import { warWithFactions } from '../../store/wars.js';
import { text, type BoardUpdate, type View } from '../../views/view.js';
import { forTable, tableOf, withTable } from '../table.js';
import type { CommandContext } from '../types.js';
import { summonBadge, summonStatus, tieLine, turnStatus } from './board-lines.js';
import type { WarPicture } from '../../pictures/model.js';
import type { WarConfig } from './state.js';

export function warClockLine(ctx: CommandContext, war: Pick<WarRow, 'day' | 'turn'>): string {
  if (war.day === 0) return ctx.t('warcmd.board.summoning');
  return ctx.t('warcmd.board.clock', { day: war.day, turn: ctx.t(turnKey(war.turn)), hours: turnHours(war.turn) });
}

export function boardView(ctx: CommandContext, war: WarRow, factions: FactionRow[]): View {
  const alive = factions.filter((f) => !f.eliminated);
  const lines = factions.map((f) => {
    const parts = [turnStatus(ctx, war, f)?.text, war.ruleset === 'fate' ? summonStatus(ctx, war, f) : null].filter((x): x is string => !!x);
    const name = `${f.eliminated ? '~~' : ''}**${f.name}**${f.npc ? ' (NPC)' : ''}${f.eliminated ? '~~' : ''}`;
    return parts.length ? `${name} — ${parts.join(' · ')}` : name;
  });
  const tie = tieLine(ctx, war);
  const footer = ctx.t('warcmd.board.alive', { alive: alive.length, total: factions.length });
  return {
    locale: ctx.locale,
    tone: 'info',
    title: ctx.t('warcmd.board.title', { name: war.name, ruleset: ctx.t(`warcmd.ruleset.${war.ruleset}`) }),
    blocks: [text(warClockLine(ctx, war)), text(lines.join('\n') || ctx.t('warcmd.board.noFactions')), ...(tie ? [text(tie)] : [])],
    footer,
    ...(factions.length || war.ruleset === 'percent' ? { picture: warPicture(ctx, war, factions, footer) } : {}),
    ephemeral: false,
  };
}

/**
 * The board's picture (issue 22 §1): what the text says, and for the percentage war the GM's territory
 * map (seed 000 L9) with grades. Bases are each faction's own secret, so the table's map shows none.
 */
export function warPicture(ctx: CommandContext, war: WarRow, factions: FactionRow[], footer: string): WarPicture {
  const territories = war.ruleset === 'percent' ? ((war.config as WarConfig | null)?.territories ?? []) : [];
  return {
    kind: 'war',
    title: ctx.t('warcmd.board.title', { name: war.name, ruleset: ctx.t(`warcmd.ruleset.${war.ruleset}`) }),
    clock: warClockLine(ctx, war),
    factions: factions.map((f) => {
      // Before day 1 the badge is what the faction owes then: its summoning check (or nothing).
      const status = turnStatus(ctx, war, f) ?? (war.ruleset === 'fate' ? summonBadge(ctx, war, f) : null);
      return { name: f.npc ? `${f.name} (NPC)` : f.name, status: status?.text ?? '', tone: status?.tone ?? 'neutral' };
    }),
    ...(territories.length ? { map: { title: ctx.t('picture.territories'), territories: territories.map((x) => ({ name: x.name, grade: x.grade, gradeLabel: ctx.t(`war.territory.${x.grade}`), bases: [] })) } } : {}),
    footer,
  };
}

/** The board is the table's: written in the war channel's language, whoever caused the change and from where. */
export function boardUpdate(ctx: CommandContext, war: WarRow, factions: FactionRow[]): BoardUpdate {
  const table = war.channelId === ctx.channelId ? forTable(ctx) : ctx;
  return {
    warId: war.id,
    channelId: war.channelId,
    view: boardView(table, war, factions),
    // Re-read when the message is edited: another process may have changed the war meanwhile.
    render: async (tx) => {
      const now = await warWithFactions(tx, war.id);
      if (!now) return null;
      // The channel's language as stored now (see trackerUpdate): a late edit never restores an old language.
      const speaker = withTable(ctx, await tableOf(tx, war.channelId, war.guildId, ctx.table.locale));
      return { view: boardView(speaker, now.war, now.factions), messageId: now.war.boardMessageId };
    },
  };
}
