// /war undo and /combat undo: revert every change of the newest command (one event batch), newest first,
// from the before-images in the event log.
import { updateCharacter } from '../store/characters.js';
import { deleteDeclaration, updateDeclaration, type DeclarationSnapshot } from '../store/declarations.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import type { CharacterRow, CombatRow, EventRow } from '../store/schema/index.js';
import { getCombat, updateCombat } from '../store/combats.js';
import { restoredState } from './combat/step-images.js';
import { updateCounter } from '../store/counters.js';
import { updateLibraryState } from '../store/libraries.js';
import { batchEvents, deleteFaction, lastWarBatch, markUndone, updateFaction, updateWar, type FactionSnapshot, type WarSnapshot } from '../store/wars.js';
import { UserError } from './errors.js';
import type { CommandContext } from './types.js';

export async function undoLastWarChange(tx: Tx, ctx: CommandContext, warId: number): Promise<EventRow[]> {
  const batch = await lastWarBatch(tx, ctx.channelId, warId);
  if (!batch) throw new UserError('warcmd.undo.nothing');
  if ((await batchEvents(tx, batch)).some((e) => e.type === 'war.started')) throw new UserError('warcmd.undo.start');
  return await undoBatch(tx, ctx, batch, `war:${warId}`);
}

/** Reverts every event of a batch, newest first, and records that it did. */
export async function undoBatch(tx: Tx, ctx: CommandContext, batch: string, subject: string): Promise<EventRow[]> {
  const reverted = await batchEvents(tx, batch);
  const at = ctx.now();
  for (const event of reverted) await restore(tx, event, at);
  await markUndone(tx, reverted.map((e) => e.id), at);
  await appendEvent(tx, {
    at,
    guildId: ctx.guildId,
    channelId: ctx.channelId,
    actorId: ctx.user.id,
    type: 'undo.applied', // not a war.* type: undoing an undo is not offered
    subject,
    before: null,
    after: { batch, events: reverted.map((e) => e.id) },
  });
  return reverted;
}

/** Puts one subject back as it was before the event. */
async function restore(tx: Tx, event: EventRow, at: Date): Promise<void> {
  const [kind, rawId] = event.subject.split(':');
  const id = Number(rawId);
  const before = event.before as Record<string, unknown> | null;
  switch (kind) {
    case 'war':
      if (before) await updateWar(tx, id, before as Partial<WarSnapshot>);
      return;
    case 'faction':
      if (before) await updateFaction(tx, id, before as Partial<FactionSnapshot>);
      else await deleteFaction(tx, id); // it was created by the undone command
      return;
    case 'declaration':
      if (before) await updateDeclaration(tx, id, before as Partial<DeclarationSnapshot>);
      else await deleteDeclaration(tx, id);
      return;
    case 'library':
      if (before) await updateLibraryState(tx, id, (before as { state: unknown }).state, at);
      return;
    case 'combat': {
      if (!before) return;
      // a Persona step's image holds its log's length: the lines come from the fight as it stands
      if ('state' in before) {
        const current = await getCombat(tx, id);
        await updateCombat(tx, id, { ...before, state: restoredState(before.state, current?.state) } as Partial<Omit<CombatRow, 'id'>>);
        return;
      }
      await updateCombat(tx, id, before as Partial<Omit<CombatRow, 'id'>>);
      return;
    }
    case 'character':
      if (before) await updateCharacter(tx, id, before as Partial<Pick<CharacterRow, 'sheet' | 'state' | 'name'>>);
      return;
    case 'counter': // a day-end reset of a /counter (eco)
      if (before) await updateCounter(tx, id, before as { value: number });
      return;
    default:
      return; // rolls and other records stay: they happened
  }
}
