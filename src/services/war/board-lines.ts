// The Fate/roll dice lines of the war board: each faction's summoning figure or place (L108–114) and
// the war's tie reading for opposed checks (L41).
import { isTieRule } from '../../core/fate/opposed.js';
import { isSummoningPhase } from '../../core/session/calendar.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import type { CommandContext } from '../types.js';
import type { FactionState, WarConfig } from './state.js';

/**
 * What a faction owes this action turn, or null when it owes nothing (issue 30: a Fate war's board
 * said 「未宣言」 beside every faction during the summoning phase, when /act refuses any declaration):
 * one action or a sleep per action turn from day 1 (seed 001 L238–240, L246); before day 1 nothing
 * is declared — a master's summoning check is what is owed then (summonStatus, L108–110).
 */
export function turnStatus(ctx: CommandContext, war: Pick<WarRow, 'day' | 'turn'>, f: FactionRow): { text: string; tone: 'good' | 'bad' | 'neutral' } | null {
  if (f.eliminated) return { text: ctx.t('warcmd.board.eliminated'), tone: 'bad' };
  if (isSummoningPhase(war)) return null;
  return f.declared ? { text: ctx.t('warcmd.board.declared'), tone: 'good' } : { text: ctx.t('warcmd.board.notYet'), tone: 'neutral' };
}

/** The faction's summoning check (L108–114): owed, rolled, or its place once the order is set; null for a faction with no master to roll. */
export function summonStatus(ctx: CommandContext, war: Pick<WarRow, 'day' | 'turn'>, f: FactionRow): string | null {
  const s = (f.state as FactionState).fate?.summon;
  if (!s) return isSummoningPhase(war) && f.masterId !== null && !f.eliminated ? ctx.t('summon.boardWaiting') : null;
  if (s.place !== undefined) return ctx.t('summon.boardPlace', { place: s.place });
  return ctx.t('summon.boardRolled', { method: ctx.t(`summon.method.${s.method}`), total: s.total });
}

/** The picture's badge in the summoning phase: the check still owed (neutral) or made (good). */
export function summonBadge(ctx: CommandContext, war: Pick<WarRow, 'day' | 'turn'>, f: FactionRow): { text: string; tone: 'good' | 'neutral' } | null {
  const said = summonStatus(ctx, war, f);
  if (!said) return null;
  return { text: said, tone: (f.state as FactionState).fate?.summon ? 'good' : 'neutral' };
}

export function tieLine(ctx: CommandContext, war: WarRow): string | null {
  const rule = (war.config as WarConfig | null)?.opposedTie;
  return war.ruleset === 'fate' ? ctx.t('opposed.boardTie', { rule: ctx.t(`opposed.tie.${isTieRule(rule) ? rule : 'draw'}`) }) : null;
}
