// A pending Fate attack's defense (seed 001 L207–214): the defender's button on /attack's reply or
// /combat defend with skills, support and marks. The damage waits for the resolve step (fate-resolve.ts).
import { failedDiceCount } from '../../core/dice/index.js';
import type { Tx } from '../../store/db.js';
import { getCharacter } from '../../store/characters.js';
import { rollView } from '../../views/roll.js';
import { text, type Button, type Reply } from '../../views/view.js';
import { checkStanding, hydrate } from '../characters.js';
import { UserError } from '../errors.js';
import type { MarkChoice } from '../fate-marks.js';
import { storeRoll } from '../rolls.js';
import type { CommandContext } from '../types.js';
import { rollFor, withSheets } from './fate.js';
import { resolveButton, type DEFENSES } from './fate-buttons.js';
import { assertMagicAllowed } from './fate-magic.js';
import { spendSupport } from './fate-support.js';
import type { FateCombatState } from './state.js';
import { isGm, requireCombat, saveCombatState } from './store.js';
import { fateTrackerView, trackerUpdate } from './tracker.js';

/** The defender's button: roll the chosen status and store it; damage waits for the resolve step. */
export async function defend(ctx: CommandContext, status: (typeof DEFENSES)[number], skills: string[] = [], fromButton = true, support = 0, marks?: MarkChoice): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const pending = state.pending;
    if (!pending) throw new UserError('attack.noPending');
    if (pending.defenseRollId !== undefined) throw new UserError('attack.defended');
    const target = state.combatants.find((c) => c.key === pending.target)!;
    // The defender's player chooses; the GM chooses for NPCs (and may stand in).
    if (target.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('attack.notYourDefense', { name: target.name });
    // MAG defends only with a magic skill, unless the attack itself is magic (L212–213).
    if (!await isGm(tx, ctx)) await assertMagicAllowed(tx, target, status, pending.magical);
    // A sleeping master makes no check (L249): no defense roll, the defense counts as 0.
    const asleep = await asleepNow(tx, ctx, target);
    if (asleep) {
      const saved = await saveCombatState(tx, ctx, combatRow, 'combat.defense', { ...state, pending: { ...pending, defenseRollId: 0, defenseless: true } });
      return { asleep: true as const, target, saved };
    }
    const supported = await spendSupport(tx, ctx, target, support);
    const { result: defense, allNighter, notes: rollNotes } = await rollFor(tx, target, status, skills, ctx, { role: 'defense', round: state.round, plus: support, ...(marks ? { marks } : {}) });
    if (defense.value < 0) rollNotes.push(ctx.t('check.belowZero', { value: defense.value }));
    if (supported) rollNotes.push(supported);
    const defenseId = await storeRoll(tx, ctx, { result: defense, comment: ctx.t('attack.defenseComment', { name: target.name }), secret: false, ...(target.characterId !== null ? { characterId: target.characterId } : {}) });
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.defense', await withSheets(tx, { ...state, pending: { ...pending, defenseRollId: defenseId } }));
    const row = target.characterId === null ? undefined : await getCharacter(tx, target.characterId);
    const luckLeft = row ? (() => { const c = hydrate(row); return c.max.luckPerDay - c.runtime.luckUsedToday; })() : 0;
    return { asleep: false as const, defense, defenseId, target, saved, allNighter, luckLeft, rollNotes };
  });
  if (out.asleep) {
    return {
      view: { locale: ctx.locale, tone: 'info', title: ctx.t('attack.defenseComment', { name: out.target.name }), blocks: [text(ctx.t('fate.asleep.noDefense', { name: out.target.name })), text(ctx.t('attack.resolvePrompt', { name: out.target.name }))], buttons: [resolveButton(ctx)], ephemeral: false },
      dms: [],
      ...(fromButton ? { update: true } : {}),
      board: trackerUpdate(ctx, out.saved, fateTrackerView(ctx, out.saved.state as FateCombatState)),
    };
  }
  const notes = [...out.rollNotes]; // the all-nighter note comes with them (rollFor)
  const view = rollView(ctx, { result: out.defense, id: out.defenseId, name: out.target.name, comment: ctx.t('attack.defenseComment', { name: out.target.name }), notes });
  const buttons: Button[] = [];
  if (out.luckLeft > 0 && failedDiceCount(out.defense) > 0) buttons.push({ customId: `luck:reroll:${out.defenseId}`, label: ctx.t('luck.button', { left: out.luckLeft }), style: 'secondary' });
  buttons.push(resolveButton(ctx));
  return {
    view: { ...view, blocks: [...view.blocks, text(ctx.t('attack.resolvePrompt', { name: out.target.name }))], buttons },
    dms: [],
    ...(fromButton ? { update: true } : {}),
    board: trackerUpdate(ctx, out.saved, fateTrackerView(ctx, out.saved.state as FateCombatState)),
  };
}

/** Whether the defender is a master asleep this turn (L249): no check at all, so no defense. */
async function asleepNow(tx: Tx, ctx: CommandContext, c: FateCombatState['combatants'][number]): Promise<boolean> {
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  if (!row) return false;
  try {
    await checkStanding(tx, ctx, hydrate(row));
    return false;
  } catch (error) {
    if (error instanceof UserError && error.key === 'check.asleep') return true;
    throw error;
  }
}
