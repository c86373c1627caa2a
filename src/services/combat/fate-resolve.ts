// Settling a pending Fate attack once it is defended (seed 001 L202–205): /attack's Resolve button or
// /combat resolve. Both rolls are read as they stand now, after any luck reroll or Command Seal.
import { resolveAttack, attackLines } from '../../core/fate/combat/attack.js';
import { armorAgainst } from '../../core/fate/combat/gear.js';
import type { Tx } from '../../store/db.js';
import { getCharacter } from '../../store/characters.js';
import { getRoll } from '../../store/rolls.js';
import type { Block, Reply, View } from '../../views/view.js';
import { line, type Line } from '../../views/line.js';
import { isOwned, mapMaybe, own, tableValue, type Maybe } from '../../views/owned.js';
import type { CombatLine } from '../../core/fate/combat/rows.js';
import { GM_ONLY, readersOf } from '../secrecy.js';
import { fightGm, gmCopy, hpOf, ofFighter } from './fate-hidden.js';
import { hydrate, saveCharacter } from '../characters.js';
import { UserError } from '../errors.js';
import { storedResult } from '../rolls.js';
import type { CommandContext } from '../types.js';
import { achievementOf, applyDamage, withSheets } from './fate.js';
import { settleCover } from './fate-cover.js';
import type { FateCombatState } from './state.js';
import { isGm, requireCombat, saveCombatState } from './store.js';
import { fateBoard } from './tracker.js';
import { lastServantAfterDeath } from '../war/last-servant.js';

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
    // A troop at half its HP or less halves its final achievement, rounded up (L394).
    const attackRoll = troopHalved(attacker, await rolled(pending.rollId, pending.achievement));
    const defenseRoll = troopHalved(target, pending.defenseless ? 0 : await rolled(pending.defenseRollId, 0));
    const attackValue = attackRoll.value;
    const defenseValue = defenseRoll.value;
    // A servant's attack is always magical damage (L205); armor counts by its type (L1006–1008); 防御無視 ignores it (L1415).
    const armor = pending.ignoreArmor ? 0 : await armorOf(tx, target, pending.magical || attacker.isServant);
    // 奇襲 (L454): the margin is already in the attack roll; resolveAttack adds it itself and doubles the margin's damage.
    const ambush = Math.min(pending.ambush ?? 0, attackValue);
    const against = (defense: number) => resolveAttack({
      attack: attackValue - ambush,
      ...(ambush > 0 ? { ambushMargin: ambush } : {}),
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
    const coverer = state.combatants.find((c) => c.key === pending.cover?.coverer) ?? null;
    const hides = [attacker, target, taker, ...(coverer ? [coverer] : [])].some((c) => c.hidden);
    const gmReader = hides ? await fightGm(tx, ctx) : null;
    // HP the taker paid for MP unseen by the table (../secrecy.ts hpFor): its faction reads the true HP
    const takerReaders = taker.hpUnseen ? await readersOf(tx, ctx.guildId, taker.characterId) : null;
    // A servant killed may leave its war one servant standing (seed 001 L66).
    const lastServant = result.state === 'dead' ? await lastServantAfterDeath(tx, ctx, taker.characterId) : null;
    const halved = [...(attackRoll.halved ? [attacker] : []), ...(defenseRoll.halved ? [target] : [])];
    return { result, blocked, attacker, target, taker, takerReaders, coverer, attackValue, defenseValue, armor, saved, cover, hides, gmReader, lastServant, halved, ignoreArmor: pending.ignoreArmor === true, np: pending.np ?? '', ambush, board: await fateBoard(tx, ctx, saved) };
  });
  // A hidden NPC's numbers are the GM's: its attack or defense value, its armor, its cover roll, its HP
  // (the table reads its condition word), and the margin that would give them away. Who acted, hit or
  // miss and the damage dealt stay public (L202–205).
  const attack = ofFighter(out.attacker, out.attackValue);
  const margin = own(out.result.margin, [out.attacker, out.target, ...(out.cover ? [out.coverer ?? out.target] : [])].some((c) => c.hidden) ? GM_ONLY : null);
  const coverLines: Line[] = out.cover
    ? [line(`fate.cover.${out.cover.outcome}`, { name: out.cover.outcome === 'covered' ? (out.coverer?.name ?? '?') : out.taker.name, target: out.target.name, cover: ofFighter(out.coverer ?? out.target, out.cover.coverValue), attack })]
    : [];
  const effect: Line[] = out.blocked
    ? [line('attack.blocked', { name: out.taker.name })]
    : out.cover?.outcome === 'covered'
      ? []
      : attackLines(out.result).map((l) => ownedLine(l, margin, hpOf(out.taker, out.result.hpAfter, out.result.state, out.takerReaders)));
  // The rules that changed the numbers, named in the result line: 防御無視 (L1415), a troop's halving (L394), 奇襲 (L454).
  const rules: Block[] = [
    ...(out.ignoreArmor ? [line('fate.np.armorIgnored', { np: out.np, name: out.target.name })] : []),
    // A hidden troop's halving would tell its HP: the GM's line.
    ...out.halved.map((c) => ({ ...line('fate.troop.halved', { name: c.name }), ...(c.hidden ? { readers: GM_ONLY } : {}) })),
    ...(out.ambush > 0 && out.result.outcome === 'hit' ? [line('fate.flat.ambushDoubled', {})] : []),
  ];
  const blocks = [line('attack.summary', { attack, defense: ofFighter(out.target, out.defenseValue), armor: ofFighter(out.target, out.armor) }), ...rules, ...coverLines, ...effect];
  const view = (reader: CommandContext): View => ({ locale: reader.locale, tone: 'info', title: reader.t('attack.resolvedTitle', { name: out.target.name }), blocks, ephemeral: false });
  return {
    view: view(ctx),
    // The GM reads the step with every number the table did not (README "Who sees what").
    dms: [...(out.hides ? gmCopy(ctx, out.gmReader, view) : []), ...(out.lastServant?.dms ?? [])],
    ...(out.lastServant?.posts.length ? { posts: out.lastServant.posts } : {}),
    ...(fromButton ? { update: true } : {}),
    board: out.board,
  };
}

/**
 * An attack's outcome line with its owned numbers: the margin (the GM's when a hidden NPC's value is in
 * it) and the HP left (the GM's for a hidden NPC). A reader who may not know them reads the line
 * without the margin, or with the condition word instead of the HP.
 */
function ownedLine(l: CombatLine, margin: Maybe<number>, hp: Maybe<number>): Line {
  const damage = Number(l.params.damage ?? 0);
  const condition = line(isOwned(hp) ? (hp.word?.key ?? 'owned.unknown') : 'owned.unknown');
  // HP its owner shows the table as another number (a war character's unseen HP): the line with that one
  const shown = isOwned(hp) ? tableValue(hp) : null;
  switch (l.key) {
    case 'fate.combat.attack.hit': {
      const noMargin = line('fate.combat.attack.hitNoMargin', { damage, hp }, shown !== null ? line('fate.combat.attack.hitNoMargin', { damage, hp: shown }) : line('fate.combat.attack.hitHidden', { damage, condition }));
      return line(l.key, { margin, damage, hp }, shown !== null ? line(l.key, { margin, damage, hp: shown }, noMargin) : noMargin);
    }
    case 'fate.combat.attack.tie':
      return line(l.key, { damage, hp }, shown !== null ? line(l.key, { damage, hp: shown }) : line('fate.combat.attack.tieHidden', { damage, condition }));
    case 'fate.combat.attack.miss':
      return line(l.key, { margin: mapMaybe(margin, (m) => -m) }, line('fate.combat.attack.missHidden'));
    default:
      return line(l.key, l.params);
  }
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

/**
 * A troop's achievement at half its HP (rounded down) or less: halved, rounded up (L394: "HPが半分(切り下げ)
 * 以下となった時、判定の達成値が最終的に「÷2切り上げ」"), read at the resolve step from its HP then.
 */
function troopHalved(c: FateCombatState['combatants'][number], value: number): { value: number; halved: boolean } {
  if (!c.troop || c.hp > Math.floor(c.hpMax / 2)) return { value, halved: false };
  return { value: Math.ceil(value / 2), halved: true };
}
