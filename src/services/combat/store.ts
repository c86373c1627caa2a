// Loading and saving a fight: every change writes the whole state with a before/after event
// (subject combat:<id>), so /combat undo reverts a step exactly (a Persona fight's log as a length,
// ./step-images.ts).
import { activeCombatWithGm, saveCombatStep } from '../../store/combats.js';
import type { Tx } from '../../store/db.js';
import { channelGm } from '../../store/gms.js';
import type { CombatRow } from '../../store/schema/index.js';
import { UserError } from '../errors.js';
import { stepImages } from './step-images.js';
import type { CommandContext } from '../types.js';

export async function requireCombat(tx: Tx, ctx: CommandContext): Promise<CombatRow> {
  const found = await activeCombatWithGm(tx, ctx.channelId);
  if (!found) throw new UserError('combat.none');
  return found.combat;
}

export async function isGm(tx: Tx, ctx: CommandContext): Promise<boolean> {
  // the GM read beside the fight is in the transaction's memo (store/combats.ts activeCombatWithGm)
  return ctx.canManageChannel || (await channelGm(tx, ctx.channelId))?.userId === ctx.user.id;
}

export async function requireGm(tx: Tx, ctx: CommandContext): Promise<void> {
  if (!await isGm(tx, ctx)) throw new UserError('combat.gmOnly');
}

export async function saveCombatState<S>(tx: Tx, ctx: CommandContext, combat: CombatRow, type: string, state: S): Promise<CombatRow> {
  // a Persona fight's event keeps its log's length, not its lines (./step-images.ts)
  const images = stepImages(combat.state, state);
  await saveCombatStep(tx, combat.id, state, { at: ctx.now(), guildId: combat.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: `combat:${combat.id}`, before: { state: images.before }, after: { state: images.after } });
  return { ...combat, state };
}
