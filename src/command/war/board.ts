// The live board: day, action turn, factions alive, and who has declared this turn — never what.
import { turnHours, turnKey } from '../../core/session/calendar.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import { getWar, warFactions } from '../../store/wars.js';
import { text, type BoardUpdate, type View } from '../../views/view.js';
import type { CommandContext } from '../types.js';
import { summonSuffix, tieLine } from './fate-summon.js';

export function warClockLine(ctx: CommandContext, war: Pick<WarRow, 'day' | 'turn'>): string {
  if (war.day === 0) return ctx.t('warcmd.board.summoning');
  return ctx.t('warcmd.board.clock', { day: war.day, turn: ctx.t(turnKey(war.turn)), hours: turnHours(war.turn) });
}

export function boardView(ctx: CommandContext, war: WarRow, factions: FactionRow[]): View {
  const alive = factions.filter((f) => !f.eliminated);
  const lines = factions.map((f) => {
    const status = f.eliminated ? ctx.t('warcmd.board.eliminated') : f.declared ? ctx.t('warcmd.board.declared') : ctx.t('warcmd.board.notYet');
    return `${f.eliminated ? '~~' : ''}**${f.name}**${f.npc ? ' (NPC)' : ''}${f.eliminated ? '~~' : ''} — ${status}${war.ruleset === 'fate' ? summonSuffix(ctx, war, f) : ''}`;
  });
  const tie = tieLine(ctx, war);
  return {
    locale: ctx.locale,
    tone: 'info',
    title: ctx.t('warcmd.board.title', { name: war.name, ruleset: ctx.t(`warcmd.ruleset.${war.ruleset}`) }),
    blocks: [text(warClockLine(ctx, war)), text(lines.join('\n') || ctx.t('warcmd.board.noFactions')), ...(tie ? [text(tie)] : [])],
    footer: ctx.t('warcmd.board.alive', { alive: alive.length, total: factions.length }),
    ephemeral: false,
  };
}

export function boardUpdate(ctx: CommandContext, war: WarRow, factions: FactionRow[]): BoardUpdate {
  return {
    warId: war.id,
    channelId: war.channelId,
    view: boardView(ctx, war, factions),
    // Re-read when the message is edited: another process may have changed the war meanwhile.
    render: async (tx) => {
      const now = await getWar(tx, war.id);
      return now ? boardView(ctx, now, await warFactions(tx, war.id)) : null;
    },
  };
}
