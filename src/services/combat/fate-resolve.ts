// Settling a pending Fate attack once it is defended (seed 001 L202–205): /attack's Resolve button or
// /combat resolve. Both rolls are read as they stand now, after any luck reroll or Command Seal.
import { resolveAttack, attackLines } from '../../core/fate/combat/attack.js';
import { armorAgainst } from '../../core/fate/combat/gear.js';
import type { Tx } from '../../store/db.js';
import { getCharacter } from '../../store/characters.js';
import { getRoll } from '../../store/rolls.js';
import { text, type Reply } from '../../views/view.js';
import { hydrate, saveCharacter } from '../characters.js';
import { UserError } from '../errors.js';
import { storedResult } from '../rolls.js';
import type { CommandContext } from '../types.js';
import { achievementOf, applyDamage, withSheets } from './fate.js';
import { settleCover } from './fate-cover.js';
import type { FateCombatState } from './state.js';
import { isGm, requireCombat, saveCombatState } from './store.js';
import { fateTrackerView, trackerUpdate } from './tracker.js';

/**
 * Settles the pending attack from both stored rolls as they stand now (after any luck or seal):
 * damage = margin + weapon − armor (L202–205). The defender's player or the GM resolves.
 */
export async function resolvePending(ctx: CommandContext, fromButton: boolean): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const pending = state.pending;
    if (!pending) throw new UserError('attack.noPending');
    if (pending.defenseRollId === undefined) throw new UserError('attack.notDefended');
    const target = state.combatants.find((c) => c.key === pending.target)!;
    const attacker = state.combatants.find((c) => c.key === pending.attacker)!;
    if (target.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('attack.notYourDefense', { name: target.name });
    const rolled = async (id: number, fallback: number) => {
      const row = await getRoll(tx, id);
      return row ? achievementOf(storedResult(row)) : fallback;
    };
    const attackValue = await rolled(pending.rollId, pending.achievement);
    const defenseValue = pending.defenseless ? 0 : await rolled(pending.defenseRollId, 0);
    // A servant's attack is always magical damage (L205); armor counts by its type (L1006–1008).
    const armor = await armorOf(tx, target, pending.magical || attacker.isServant);
    const against = (defense: number) => resolveAttack({
      attack: attackValue,
      defense,
      weapon: pending.weapon,
      armor,
      magical: pending.magical,
      targetIsServant: target.isServant,
      attackerIsServant: attacker.isServant,
      intent: pending.intent,
      targetHp: target.hp,
    });
    const base = against(defenseValue);
    // 庇う (L474–480): a cover roll after the failed defense may block the hit or take it.
    const cover = pending.cover ? await settleCover(state, { ...pending, cover: pending.cover }, attackValue, defenseValue, base, against, (id) => rolled(id, 0)) : null;
    const resolved = cover?.result ?? base;
    const taker = state.combatants.find((c) => c.key === (cover?.takerKey ?? target.key))!;
    // A Command Seal's "block one attack completely" (seed 001 L290) is spent on the next hit.
    const blocked = resolved.damage > 0 && await spendBlock(tx, ctx, taker.characterId);
    const result = blocked ? { ...resolved, damage: 0, hpAfter: taker.hp, state: 'standing' as const } : resolved;
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.resolve', await applyDamage(tx, ctx, state, taker.key, result));
    return { result, blocked, target, taker, attackValue, defenseValue, armor, saved, cover, covererName: state.combatants.find((c) => c.key === pending.cover?.coverer)?.name ?? '?' };
  });
  const coverLines = out.cover ? [ctx.t(`fate.cover.${out.cover.outcome}`, { name: out.cover.outcome === 'covered' ? out.covererName : out.taker.name, target: out.target.name, cover: out.cover.coverValue, attack: out.attackValue })] : [];
  const effect = out.blocked ? [ctx.t('attack.blocked', { name: out.taker.name })] : out.cover?.outcome === 'covered' ? [] : attackLines(out.result).map((l) => ctx.t(l.key, l.params));
  const lines = [...coverLines, ...effect];
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('attack.resolvedTitle', { name: out.target.name }), blocks: [text(ctx.t('attack.summary', { attack: out.attackValue, defense: out.defenseValue, armor: out.armor })), ...lines.map(text)], ephemeral: false },
    dms: [],
    ...(fromButton ? { update: true } : {}),
    board: trackerUpdate(ctx, out.saved, fateTrackerView(ctx, out.saved.state as FateCombatState)),
  };
}

/** Uses one stored seal block of the defender's character, if it has one. */
async function spendBlock(tx: Tx, ctx: CommandContext, characterId: number | null): Promise<boolean> {
  const row = characterId === null ? undefined : await getCharacter(tx, characterId);
  if (!row) return false;
  const ch = hydrate(row);
  if (!ch.runtime.blocks) return false;
  await saveCharacter(tx, ctx, ch, 'combat.blockSpent', { runtime: { ...ch.runtime, blocks: ch.runtime.blocks - 1 } });
  return true;
}

/** Armor: an ad-hoc NPC's `armor:`, or the sheet's armor that applies to this kind of damage (L1006–1008, L1110). */
async function armorOf(tx: Tx, target: FateCombatState['combatants'][number], magical: boolean): Promise<number> {
  if (target.characterId === null) return target.armor ?? 0;
  const row = await getCharacter(tx, target.characterId);
  return row ? armorAgainst(hydrate(row).sheet, magical) : 0;
}
