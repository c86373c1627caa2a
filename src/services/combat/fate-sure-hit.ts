// 必中 (seed 001 L1404): an attack with a 必中 Noble Phantasm is defended by Luck alone, "咄嗟の運任せ";
// the defender may spend one Luck use (a reroll's use, L215) to cancel the effect and defend as usual.
import { spendLuck } from '../../core/fate/luck.js';
import { getCharacter, luckSharePartner } from '../../store/characters.js';
import { hydrate, saveCharacter } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import { text, type Reply } from '../../views/view.js';
import { defendButtons } from './fate-buttons.js';
import { withSheets } from './fate.js';
import type { FateCombatState } from './state.js';
import { isGm, requireCombat, saveCombatState } from './store.js';
import { fateBoard } from './tracker.js';
import { forTable } from '../table.js';

/** The defender's player (or the GM) spends a Luck use of the defender: 必中 no longer binds this defense. */
export async function cancelSureHit(actor: CommandContext): Promise<Reply> {
  // A step of the fight, played in front of the table: worded in its language.
  const ctx = forTable(actor);
  const out = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const pending = state.pending;
    if (!pending || pending.defenseRollId !== undefined) throw new UserError('attack.noPending');
    if (pending.sureHit !== 'active') throw new UserError('attack.sureHit.none');
    const target = state.combatants.find((c) => c.key === pending.target)!;
    if (target.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('attack.notYourDefense', { name: target.name });
    const row = target.characterId === null ? undefined : await getCharacter(tx, target.characterId);
    // An ad-hoc NPC keeps no Luck uses; it rolls its one pool whatever the defense, so 必中 changes nothing for it.
    if (!row) throw new UserError('attack.sureHit.noLuck', { name: target.name });
    const ch = hydrate(row);
    // The master's and servant's shared uses count as for a reroll (L216–217).
    const partnerId = await luckSharePartner(tx, ch.row.id);
    const partnerRow = partnerId === undefined ? undefined : await getCharacter(tx, partnerId);
    const partner = partnerRow ? hydrate(partnerRow) : null;
    const spent = spendLuck({ perDay: ch.max.luckPerDay, usedToday: ch.runtime.luckUsedToday }, partner ? { perDay: partner.max.luckPerDay, usedToday: partner.runtime.luckUsedToday } : null);
    const from = spent.spentFrom === 'own' ? ch : partner!;
    await saveCharacter(tx, ctx, from, 'luck.spent', { runtime: { ...from.runtime, luckUsedToday: from.runtime.luckUsedToday + 1 } });
    const next = { ...state, pending: { ...pending, sureHit: 'cancelled' as const } };
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.sureHitCancelled', await withSheets(tx, next));
    return { target, np: pending.np ?? '?', pending: next.pending, board: await fateBoard(tx, ctx, saved) };
  });
  return {
    view: {
      locale: ctx.locale,
      tone: 'info',
      title: ctx.t('attack.sureHit.cancelledTitle', { name: out.target.name }),
      // How many uses are left is the defender's faction's in a war (seed 001 L50): not said here.
      blocks: [text(ctx.t('attack.sureHit.cancelled', { name: out.target.name, np: out.np })), text(ctx.t('attack.defendPrompt', { name: out.target.name }))],
      buttons: defendButtons(ctx, out.pending),
      ephemeral: false,
    },
    dms: [],
    board: out.board,
  };
}
