// A pending Fate attack's defense (seed 001 L207–214): the defender's button on /attack's reply or
// /combat defend with skills, support and marks. The damage waits for the resolve step (fate-resolve.ts).
import type { Tx } from '../../store/db.js';
import { getCharacter } from '../../store/characters.js';
import { asideOf, ownAside, rollView } from '../../views/roll.js';
import { text, type Button, type Reply } from '../../views/view.js';
import { checkStanding, hydrate, resourceLine } from '../characters.js';
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
import { fateBoard } from './tracker.js';
import { readersOf } from '../secrecy.js';
import { luckButtons } from '../../views/check-display.js';
import { fightGm, gmCopy, hiddenRollView } from './fate-hidden.js';
import { flatNotes, type FlatModifiers } from './fate-flat.js';
import { wording } from '../../i18n/wording.js';

/** The defender's button: roll the chosen status and store it; damage waits for the resolve step. */
export async function defend(ctx: CommandContext, status: (typeof DEFENSES)[number], skills: string[] = [], fromButton = true, support = 0, marks?: MarkChoice, more: { flat?: FlatModifiers; burst?: number | null } = {}): Promise<Reply> {
  const flat = more.flat ?? { plus: 0, minus: 0, ambush: 0 };
  const out = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const pending = state.pending;
    if (!pending) throw new UserError('attack.noPending');
    if (pending.defenseRollId !== undefined) throw new UserError('attack.defended');
    const target = state.combatants.find((c) => c.key === pending.target)!;
    // The defender's player chooses; the GM chooses for NPCs (and may stand in).
    if (target.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('attack.notYourDefense', { name: target.name });
    // 必中 (L1404): a Luck defense only, unless a Luck use cancelled it; LUK defends against nothing else.
    if (pending.sureHit === 'active' && status !== 'luk') throw new UserError('attack.sureHit.lukOnly', { np: pending.np ?? '?', name: target.name });
    if (status === 'luk' && pending.sureHit !== 'active') throw new UserError('attack.sureHit.lukNotHere');
    // MAG defends only with a magic skill, unless the attack itself is magic (L212–213).
    if (!await isGm(tx, ctx)) await assertMagicAllowed(tx, target, status, pending.magical);
    // A sleeping master makes no check (L249): no defense roll, the defense counts as 0.
    const asleep = await asleepNow(tx, ctx, target);
    if (asleep) {
      const saved = await saveCombatState(tx, ctx, combatRow, 'combat.defense', { ...state, pending: { ...pending, defenseRollId: 0, defenseless: true } });
      return { asleep: true as const, target, saved, board: await fateBoard(tx, ctx, saved) };
    }
    const supported = await spendSupport(tx, ctx, target, support);
    const { result: defense, allNighter, notes: rollNotes } = await rollFor(tx, target, status, skills, ctx, { role: 'defense', round: state.round, plus: support + flat.plus, minus: flat.minus, burst: more.burst ?? null, ...(marks ? { marks } : {}) });
    rollNotes.push(...flatNotes(ctx, flat));
    if (defense.value < 0) rollNotes.push(ctx.t('check.belowZero', { value: defense.value }));
    if (supported) rollNotes.push(supported);
    // A hidden NPC's defense is the GM's (its pool, its dice, its value): a secret roll, kept out of /log export.
    const defenseId = await storeRoll(tx, ctx, { result: defense, comment: wording({ key: 'attack.defenseComment', params: { name: target.name } }), secret: target.hidden, ...(target.characterId !== null ? { characterId: target.characterId } : {}) });
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.defense', await withSheets(tx, { ...state, pending: { ...pending, defenseRollId: defenseId } }));
    const row = target.characterId === null ? undefined : await getCharacter(tx, target.characterId);
    const own = row ? hydrate(row) : null;
    const secret = (await readersOf(tx, ctx.guildId, target.characterId)) !== null;
    const gmReader = target.hidden ? await fightGm(tx, ctx) : null;
    return { asleep: false as const, defense, defenseId, target, saved, allNighter, own, secret, rollNotes, gmReader, board: await fateBoard(tx, ctx, saved) };
  });
  if (out.asleep) {
    return {
      view: { locale: ctx.locale, tone: 'info', title: ctx.t('attack.defenseComment', { name: out.target.name }), blocks: [text(ctx.t('fate.asleep.noDefense', { name: out.target.name })), text(ctx.t('attack.resolvePrompt', { name: out.target.name }))], buttons: [resolveButton(ctx)], ephemeral: false },
      dms: [],
      ...(fromButton ? { update: true } : {}),
      board: out.board,
    };
  }
  const notes = [...out.rollNotes]; // the all-nighter note comes with them (rollFor)
  const full = (reader: CommandContext) => rollView(reader, { result: out.defense, id: out.defenseId, name: out.target.name, comment: reader.t('attack.defenseComment', { name: out.target.name }), notes });
  // A hidden NPC's defense shows the table that it defended, never its pool, dice or value: the GM reads them by DM.
  const view = out.target.hidden ? hiddenRollView(ctx, out.target.name, ctx.t('attack.defenseComment', { name: out.target.name })) : full(ctx);
  // No count on the luck button (a war faction's luck uses are its own, seed 001 L50): the owner reads it aside.
  const luck = out.target.hidden ? [] : luckButtons(ctx, out.defenseId, out.defense, out.own ? { c: out.own, secret: out.secret } : null, { style: 'secondary' });
  const buttons: Button[] = [...luck, resolveButton(ctx)];
  const mine = out.own !== null && out.own.row.ownerId === ctx.user.id;
  return {
    view: { ...view, blocks: [...view.blocks, text(ctx.t('attack.resolvePrompt', { name: out.target.name }))], buttons },
    dms: out.target.hidden ? gmCopy(ctx, out.gmReader, full) : [],
    // What the roll cost (marks, support) and, with a luck button, the luck left: to the defender's player alone.
    ...asideOf(out.own && mine && !out.target.hidden ? ownAside(ctx, notes, luck.length > 0 ? (t: typeof ctx.t) => resourceLine({ ...ctx, t }, out.own!) : undefined) : undefined),
    ...(fromButton ? { update: true } : {}),
    board: out.board,
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
