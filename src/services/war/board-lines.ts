// The Fate/roll dice lines of the war board: each faction's summoning figure or place (L108–114) and
// the war's tie reading for opposed checks (L41).
import { isTieRule } from '../../core/fate/opposed.js';
import { isSummoningPhase } from '../../core/session/calendar.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import type { CommandContext } from '../types.js';
import type { FactionState, WarConfig } from './state.js';

export function summonSuffix(ctx: CommandContext, war: Pick<WarRow, 'day' | 'turn'>, f: FactionRow): string {
  const s = (f.state as FactionState).fate?.summon;
  if (!s) return isSummoningPhase(war) && f.masterId !== null ? ` · ${ctx.t('summon.boardWaiting')}` : '';
  if (s.place !== undefined) return ` · ${ctx.t('summon.boardPlace', { place: s.place })}`;
  return ` · ${ctx.t('summon.boardRolled', { method: ctx.t(`summon.method.${s.method}`), total: s.total })}`;
}

export function tieLine(ctx: CommandContext, war: WarRow): string | null {
  const rule = (war.config as WarConfig | null)?.opposedTie;
  return war.ruleset === 'fate' ? ctx.t('opposed.boardTie', { rule: ctx.t(`opposed.tie.${isTieRule(rule) ? rule : 'draw'}`) }) : null;
}
