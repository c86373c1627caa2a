// Loading and saving a fight: every change writes the whole state with a before/after event
// (subject combat:<id>), so /combat undo reverts a step exactly.
import { activeCombatWithGm, saveCombatStep } from '../../store/combats.js';
import type { Tx } from '../../store/db.js';
import { channelGm } from '../../store/gms.js';
import type { ChannelGmRow, CombatRow } from '../../store/schema/index.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';

export async function requireCombat(tx: Tx, ctx: CommandContext): Promise<CombatRow> {
  const found = await activeCombatWithGm(tx, ctx.channelId);
  if (!found) throw new UserError('combat.none');
  return found.combat;
}

/**
 * The channel's GM: a fight step asks who may move it once or several times (the step, a player acting
 * for a fighter, a hidden fighter's DM); the one read beside the fight is in the transaction's memo
 * (store/combats.ts activeCombatWithGm, Tx.memo), so this reads nothing again.
 */
export async function fightGmRow(tx: Tx, ctx: CommandContext): Promise<ChannelGmRow | undefined> {
  return channelGm(tx, ctx.channelId);
}

export async function isGm(tx: Tx, ctx: CommandContext): Promise<boolean> {
  return ctx.canManageChannel || (await fightGmRow(tx, ctx))?.userId === ctx.user.id;
}

export async function requireGm(tx: Tx, ctx: CommandContext): Promise<void> {
  if (!await isGm(tx, ctx)) throw new UserError('combat.gmOnly');
}

export async function saveCombatState<S>(tx: Tx, ctx: CommandContext, combat: CombatRow, type: string, state: S): Promise<CombatRow> {
  await saveCombatStep(tx, combat.id, state, { at: ctx.now(), guildId: combat.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: `combat:${combat.id}`, before: { state: combat.state }, after: { state } });
  return { ...combat, state };
}
