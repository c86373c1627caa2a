// Loading and saving a fight: every change writes the whole state with a before/after event
// (subject combat:<id>), so /combat undo reverts a step exactly.
import { activeCombat, updateCombat } from '../../store/combats.js';
import type { Tx } from '../../store/db.js';
import { appendEvent } from '../../store/events.js';
import { channelGm } from '../../store/gms.js';
import type { CombatRow } from '../../store/schema.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';

export function requireCombat(tx: Tx, ctx: CommandContext): CombatRow {
  const combat = activeCombat(tx, ctx.channelId);
  if (!combat) throw new UserError('combat.none');
  return combat;
}

export function isGm(tx: Tx, ctx: CommandContext): boolean {
  return ctx.canManageChannel || channelGm(tx, ctx.channelId)?.userId === ctx.user.id;
}

export function requireGm(tx: Tx, ctx: CommandContext): void {
  if (!isGm(tx, ctx)) throw new UserError('combat.gmOnly');
}

export function saveCombatState<S>(tx: Tx, ctx: CommandContext, combat: CombatRow, type: string, state: S): CombatRow {
  updateCombat(tx, combat.id, { state });
  appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: `combat:${combat.id}`, before: { state: combat.state }, after: { state } });
  return { ...combat, state };
}
