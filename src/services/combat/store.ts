// Loading and saving a fight: every change writes the whole state with a before/after event
// (subject combat:<id>), so /combat undo reverts a step exactly.
import { activeCombat, updateCombat } from '../../store/combats.js';
import type { Tx } from '../../store/db.js';
import { appendEvent } from '../../store/events.js';
import { channelGm } from '../../store/gms.js';
import type { CombatRow } from '../../store/schema/index.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';

export async function requireCombat(tx: Tx, ctx: CommandContext): Promise<CombatRow> {
  const combat = await activeCombat(tx, ctx.channelId);
  if (!combat) throw new UserError('combat.none');
  return combat;
}

export async function isGm(tx: Tx, ctx: CommandContext): Promise<boolean> {
  return ctx.canManageChannel || (await channelGm(tx, ctx.channelId))?.userId === ctx.user.id;
}

export async function requireGm(tx: Tx, ctx: CommandContext): Promise<void> {
  if (!await isGm(tx, ctx)) throw new UserError('combat.gmOnly');
}

export async function saveCombatState<S>(tx: Tx, ctx: CommandContext, combat: CombatRow, type: string, state: S): Promise<CombatRow> {
  await updateCombat(tx, combat.id, { state });
  await appendEvent(tx, { at: ctx.now(), guildId: combat.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: `combat:${combat.id}`, before: { state: combat.state }, after: { state } });
  return { ...combat, state };
}
