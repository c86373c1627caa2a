// Wealth points (財産ポイント, seed 001 L959–963) from /sheet wealth and /sheet item: spent points
// come back one a day (the war's day end); spent on a 社会 or rank-level check's achievement after
// the roll (effect 1), or on single-use items: 2d6 HP or MP recovery (effect 3), +1 to a skill's
// check (effect 4). /check wealth: and /check items: spend them before the roll.
import { findSkill } from '../core/fate/sheet/index.js';
import type { DiceResult } from '../core/dice/index.js';
import { heal, gainMp } from '../core/fate/resources.js';
import { applyBonus } from '../core/fate/seals.js';
import { addItems, spendWealth, useRecoveryItems, wealthMax, type WealthItemKind } from '../core/fate/wealth.js';
import { getRoll } from '../store/rolls.js';
import type { RollRow } from '../store/schema/index.js';
import { rollView } from '../views/roll.js';
import { text, type Reply, type View } from '../views/view.js';
import { forTable } from './table.js';
import { assertCanEdit, resolveCharacter, resolveFateCharacter, resourceLine, saveCharacter } from './characters.js';
import { trackerAfterSheetChange } from './combat/tracker.js';
import { UserError } from './errors.js';
import { outcomeLine, settleOpposed } from './fate-opposed.js';
import { rewriteRoll, storedResult, type CheckRecord } from './rolls.js';
import type { CommandContext, CommandOptions } from './types.js';
import { readersOf, resourceOf, secrecy } from './secrecy.js';
import { line } from '../views/line.js';
import { own } from '../views/owned.js';
import { wordIn } from '../i18n/index.js';

/**
 * /sheet wealth amount: [roll:] [item:] [skill:] — spends wealth points: plain, after the roll on a
 * 社会 or rank-level check (effect 1, "判定後"), or on `amount` items (effects 3 and 4).
 */
export async function spendWealthPoints(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const amount = options.integer('amount') ?? 0;
  const rollId = options.integer('roll');
  const item = options.string('item') as WealthItemKind | null;
  const skillName = options.string('skill')?.trim() || null;
  if (rollId !== null && item !== null) throw new UserError('wealth.rollOrItem');
  if (item === 'skill' && !skillName) throw new UserError('wealth.needSkill');
  const { c, applied, readers } = await ctx.store.transaction(async (tx) => {
    const c = await resolveFateCharacter(tx, ctx, options.string('name'));
    await assertCanEdit(tx, ctx, c);
    const max = wealthMax(c.sheet);
    const spent = c.runtime.wealthSpent ?? 0;
    if (spent + amount > max) throw new UserError('wealth.tooMuch', { name: c.row.name, left: max - spent });
    let applied: { row: RollRow; next: DiceResult; opposed: Awaited<ReturnType<typeof settleOpposed>> } | null = null;
    if (rollId !== null) {
      const row = await getRoll(tx, rollId);
      const record = row?.check as CheckRecord | null | undefined;
      if (!row || row.guildId !== ctx.guildId || row.characterId !== c.row.id || !record) throw new UserError('wealth.badRoll', { id: rollId, name: c.row.name });
      if (!record.statuses?.some((st) => st === 'soc' || st === 'rank')) throw new UserError('check.wealthStatus');
      const next = applyBonus(storedResult(row), amount);
      await rewriteRoll(tx, ctx, row, next, { ...record, wealthBonus: (record.wealthBonus ?? 0) + amount }, 'roll.wealthApplied');
      applied = { row, next, opposed: await settleOpposed(tx, ctx, row.id) };
    }
    let wealthItems = c.runtime.wealthItems;
    if (item !== null) {
      // A skill item names a skill of the buyer's sheet (its check gets the +1, L963 effect 4).
      const skill = item === 'skill' ? findSkill(c.sheet, skillName!)?.name : undefined;
      if (item === 'skill' && !skill) throw new UserError('wealth.unknownSkill', { skill: skillName!, name: c.row.name });
      wealthItems = addItems(wealthItems, item, amount, skill);
    }
    const saved = await saveCharacter(tx, ctx, c, item ? 'wealth.items' : 'wealth.spent', { runtime: { ...c.runtime, wealthSpent: spendWealth(spent, max, amount), ...(wealthItems ? { wealthItems } : {}) } });
    return { c: saved, applied, readers: await readersOf(tx, ctx.guildId, saved.row.id) };
  });
  // The spend is the table's; how much, and the points and items left, are the player's during a war
  // (seed 001 L50): the amount is its faction's, the rest an aside.
  const table = forTable(ctx);
  const aside: View = { locale: ctx.locale, tone: 'info', blocks: [text(resourceLine(ctx, c))], ephemeral: true };
  const spent = own(amount, readers);
  const lines = [item ? line('wealth.bought', { name: c.row.name, amount: spent }, line('wealth.boughtHidden', { name: c.row.name })) : line('wealth.spent', { name: c.row.name, amount: spent }, line('wealth.spentHidden', { name: c.row.name }))];
  if (applied) {
    const notes = [line('check.wealthUsed', { amount: spent }, line('check.wealthUsedHidden')), ...(applied.opposed ? [outcomeLine(table, applied.opposed.names, applied.opposed.outcome)] : [])];
    const view = rollView(table, { result: applied.next, id: applied.row.id, name: c.row.name, comment: wordIn(table.locale, applied.row.comment ?? (applied.row.check as CheckRecord).label), notes });
    return { view: { ...view, blocks: [...lines, ...view.blocks] }, dms: [], aside };
  }
  return { view: { locale: table.locale, tone: 'info', title: c.row.name, blocks: lines, ephemeral: false }, dms: [], aside };
}

/** /sheet item kind:hp|mp [target:] [count:] — uses recovery items: 2d6 each, on oneself or another (L963 effect 3). */
export async function useWealthItem(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const kind = options.string('kind') === 'mp' ? 'mp' : 'hp';
  const count = options.integer('count') ?? 1;
  const { holder, target, rolls, gained, board, owners } = await ctx.store.transaction(async (tx) => {
    const holder = await resolveFateCharacter(tx, ctx, options.string('name'));
    await assertCanEdit(tx, ctx, holder);
    const used = useRecoveryItems(holder.runtime.wealthItems, kind, count, ctx.rng);
    if (!used) throw new UserError('wealth.noItems', { name: holder.row.name, kind: kind.toUpperCase(), have: holder.runtime.wealthItems?.[kind] ?? 0 });
    const savedHolder = await saveCharacter(tx, ctx, holder, 'wealth.itemUsed', { runtime: { ...holder.runtime, wealthItems: used.items } });
    const targetName = options.string('target');
    const picked = targetName ? await resolveCharacter(tx, ctx, targetName) : savedHolder;
    const target = picked.row.id === savedHolder.row.id ? savedHolder : picked;
    if (target.runtime.dead) throw new UserError('wealth.targetDead', { name: target.row.name });
    const total = used.rolls.reduce((sum, [a, b]) => sum + a + b, 0);
    const pools = { hp: target.runtime.hp, hpMax: target.max.hpMax, mp: target.runtime.mp, mpMax: target.max.mpMax, incapacitated: target.runtime.incapacitated };
    const next = kind === 'hp' ? heal(pools, total) : gainMp(pools, total);
    const saved = await saveCharacter(tx, ctx, target, 'wealth.itemRecovery', { runtime: { ...target.runtime, hp: next.hp, mp: next.mp, incapacitated: next.incapacitated } });
    const board = await trackerAfterSheetChange(tx, ctx, ctx.channelId, [saved.row.id]);
    const holderNow = saved.row.id === savedHolder.row.id ? saved : savedHolder;
    const owners = await secrecy(tx, ctx.guildId, [holderNow.row.id, saved.row.id]);
    return { holder: holderNow, target: saved, rolls: used.rolls, gained: kind === 'hp' ? saved.runtime.hp - target.runtime.hp : saved.runtime.mp - target.runtime.mp, board, owners };
  });
  const table = forTable(ctx);
  // The items held are the holder's faction's (wealth, seed 001 L50); the MP an MP item gave is the target's.
  const rollsText = rolls.map(([a, b]) => `${a}+${b}`).join(', ');
  const mpOfTarget = <T extends string | number>(value: T) => (kind === 'mp' ? resourceOf(owners, target.row.id, value) : value);
  const said = line(
    'wealth.itemUsed',
    { name: holder.row.name, target: target.row.name, count: resourceOf(owners, holder.row.id, count), kind: kind.toUpperCase(), rolls: mpOfTarget(rollsText), gained: mpOfTarget(gained) },
    line('wealth.itemUsedHidden', { name: holder.row.name, target: target.row.name, kind: kind.toUpperCase() }),
  );
  const aside: View = { locale: ctx.locale, tone: 'info', blocks: [resourceLine(ctx, target), ...(holder.row.id !== target.row.id ? [resourceLine(ctx, holder)] : [])].map(text), ephemeral: true };
  return { view: { locale: table.locale, tone: 'success', title: holder.row.name, blocks: [said], ephemeral: false }, dms: [], aside, ...(board ? { board } : {}) };
}
