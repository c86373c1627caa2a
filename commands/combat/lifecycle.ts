// /combat undo | end | show, and withTracker: the reply of every fight step with the live tracker edited in place.
import { sheetsInFight, withSheets } from '../../src/services/combat/fate.js';
import { type FateCombatState } from '../../src/services/combat/state.js';
import { requireCombat, requireGm, saveCombatState } from '../../src/services/combat/store.js';
import { trackerUpdate } from '../../src/services/combat/tracker.js';
import type { Line } from '../../src/views/line.js';
import { eventLines, isPersona } from '../../src/services/combat/persona.js';
import { endByGm, type PersonaEvent } from '../../src/core/persona/index.js';
import { UserError } from '../../src/services/errors.js';
import type { CommandContext } from '../../src/services/types.js';
import { undoBatch } from '../../src/services/undo.js';
import { getCombat, updateCombat } from '../../src/store/combats.js';
import { appendEvent } from '../../src/store/events.js';
import type { CombatRow } from '../../src/store/schema/index.js';
import { lastBatchFor } from '../../src/store/wars.js';
import { defendButtons, resolveButton } from '../../src/services/combat/fate-buttons.js';
import { text, type Reply } from '../../src/views/view.js';

export async function undo(ctx: CommandContext): Promise<Reply> {
  const updated = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    const batch = await lastBatchFor(tx, ctx.channelId, `combat:${combatRow.id}`, 'combat.');
    if (!batch) throw new UserError('combat.undoNothing');
    const reverted = await undoBatch(tx, ctx, batch, `combat:${combatRow.id}`);
    if (reverted.some((e) => e.type === 'combat.started')) throw new UserError('combat.undoStart');
    return (await getCombat(tx, combatRow.id))!;
  });
  const reply = await withTracker(ctx, updated, [ctx.t('combat.undone')]);
  const pending = (updated.state as FateCombatState).pending;
  if (!pending) return reply;
  // The undone step was a defense or a resolve: the defender needs the buttons again.
  const target = (updated.state as FateCombatState).combatants.find((c) => c.key === pending.target);
  return {
    ...reply,
    view: {
      ...reply.view,
      ephemeral: false,
      blocks: [...reply.view.blocks, text(ctx.t(pending.defenseRollId === undefined ? 'attack.defendPrompt' : 'attack.resolvePrompt', { name: target?.name ?? '?' }))],
      buttons: pending.defenseRollId === undefined ? defendButtons(ctx, pending) : [resolveButton(ctx)],
    },
  };
}

export async function end(ctx: CommandContext): Promise<Reply> {
  const { updated, written, events } = await ctx.store.transaction(async (tx) => {
    let combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    // Nothing to copy back: sheet combatants' HP/MP were written to their sheets as the fight went.
    const written = isPersona(combatRow.state) ? 0 : sheetsInFight(combatRow.state as FateCombatState);
    // A Persona fight the GM ends ends by its rules (JA L1166–1167: the incapacitated back at HP 1).
    let events: PersonaEvent[] = [];
    const persona = isPersona(combatRow.state) ? combatRow.state : null;
    if (persona?.combat && persona.combat.phase !== 'ended') {
      const step = endByGm(persona.combat);
      events = step.events;
      combatRow = await saveCombatState(tx, ctx, combatRow, 'combat.persona', { ...persona, combat: step.state });
    }
    await updateCombat(tx, combatRow.id, { status: 'ended' });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'combat.ended', subject: `combat:${combatRow.id}`, before: { status: 'active' }, after: { status: 'ended' } });
    const state = isPersona(combatRow.state) ? combatRow.state : await withSheets(tx, combatRow.state as FateCombatState);
    return { updated: { ...combatRow, state, status: 'ended' as const }, written, events };
  });
  // a Persona fight keeps no sheets: no word about HP/MP copied back
  if (isPersona(updated.state)) return await withTracker(ctx, updated, [...eventLines(ctx, updated.state.combat, events, updated.state), ctx.t('persona.cmd.ended')]);
  return await withTracker(ctx, updated, [ctx.t('combat.ended', { count: written })]);
}

export async function show(ctx: CommandContext): Promise<Reply> {
  const combatRow = await ctx.store.transaction(async (tx) => {
    const c = await requireCombat(tx, ctx);
    return isPersona(c.state) ? c : { ...c, state: await withSheets(tx, c.state as FateCombatState) };
  });
  const reply = await withTracker(ctx, combatRow, [ctx.t('combat.shown')]);
  return { ...reply, board: { ...reply.board!, repost: true } };
}

/** A fight step's reply with the tracker; a line (../../src/views/line.ts) is worded per reader. */
export async function withTracker(ctx: CommandContext, combatRow: CombatRow, lines: (string | Line)[]): Promise<Reply> {
  // drawn from the database when it is sent, ended or not (tracker.ts trackerUpdate)
  const board = trackerUpdate(ctx, combatRow);
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('combat.title'), blocks: lines.map((l) => (typeof l === 'string' ? text(l) : l)), ephemeral: true },
    dms: [],
    board,
  };
}
