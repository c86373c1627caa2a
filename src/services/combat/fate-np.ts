// A Noble Phantasm attack in a fight (seed 001 L1064, L1087–1093): the attacker names its NP; the
// attack adds the NP's dice-plus and 固定値, and the NP's MP is paid on the character row (one
// source of truth: the tracker, the board and /sheet show read it there). Too little MP is refused;
// with allow_hp the shortfall is paid from HP, MP first (L872).
import { npAttack, findNp, type NpAttack } from '../../core/fate/combat/noble-phantasm.js';
import { FateError } from '../../core/fate/errors.js';
import { spendMp } from '../../core/fate/resources.js';
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { hydrate, saveCharacter, type Character } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import type { FateCombatant } from './state.js';
import { readersOf, unseenAfter } from '../secrecy.js';
import { line, type Line } from '../../views/line.js';
import { own, plainValue, type Maybe } from '../../views/owned.js';
import type { Readers } from '../../views/view.js';

/**
 * The NP the attacker named on its sheet (`typed` null: the sheet's only NP, as `status:np` asks);
 * refused for an ad-hoc NPC, a name the sheet lacks, or several NPs and no name.
 */
export async function npFor(tx: Tx, attacker: FateCombatant, typed: string | null): Promise<NpAttack> {
  const row = attacker.characterId === null ? undefined : await getCharacter(tx, attacker.characterId);
  if (!row) throw new UserError('fate.np.noSheet', { name: attacker.name });
  const nps = hydrate(row).sheet.noblePhantasms;
  if (typed === null && nps.length !== 1) throw new UserError('fate.np.which', { name: attacker.name, list: nps.map((n) => n.name).join(', ') || '—' });
  const np = typed === null ? nps[0] : findNp(nps, typed);
  if (!np) throw new UserError('fate.np.unknown', { name: attacker.name, np: typed ?? '', list: nps.map((n) => n.name).join(', ') || '—' });
  return npAttack(np);
}

/** The dice-plus pool to append to the attack's expression ("" when the NP gives no dice). */
export function npPool(np: NpAttack): string {
  return np.dice > 0 ? `+${np.dice}d6<=${np.threshold}` : '';
}

/**
 * Pays the NP's MP after its use (単発, L1064); returns the note for the roll and the character as saved.
 * What it cost is the character's faction's during a war (seed 001 L50): the table reads that MP was paid.
 */
export async function payNp(tx: Tx, ctx: CommandContext, attacker: FateCombatant, np: NpAttack, allowHp: boolean, marksMp = 0): Promise<{ note: Line; character: Character | null }> {
  const row = attacker.characterId === null ? undefined : await getCharacter(tx, attacker.characterId);
  if (!row) throw new UserError('fate.np.noSheet', { name: attacker.name });
  const ch = hydrate(row);
  let pools = { hp: ch.runtime.hp, hpMax: ch.max.hpMax, mp: ch.runtime.mp, mpMax: ch.max.mpMax, incapacitated: ch.runtime.incapacitated };
  const need = np.mp + marksMp;
  let paid: ReturnType<typeof spendMp>;
  try {
    // The "+" of the NP (EX's +14, L868; a rank "+", L1092) is paid with MP only; the NP's price may take HP (L872).
    if (marksMp > 0) pools = spendMp(pools, marksMp, false).pools;
    paid = np.mp > 0 ? spendMp(pools, np.mp, allowHp) : { pools, fromMp: 0, fromHp: 0 };
  } catch (error) {
    if (error instanceof FateError && error.key === 'fate.error.notEnoughMp') throw new UserError('fate.np.mpShort', { name: attacker.name, np: np.name, need, have: ch.runtime.mp });
    if (error instanceof FateError && error.key === 'fate.error.notEnoughMpHp') throw new UserError('fate.np.mpHpShort', { name: attacker.name, np: np.name, need, have: ch.runtime.mp + ch.runtime.hp });
    throw error;
  }
  const readers = await readersOf(tx, ctx.guildId, ch.row.id);
  const runtime = { ...ch.runtime, hp: paid.pools.hp, mp: paid.pools.mp, incapacitated: paid.pools.incapacitated, ...unseenAfter(ch.runtime, paid.fromHp, readers) };
  const character = need > 0 ? await saveCharacter(tx, ctx, ch, 'fate.npUsed', { runtime }) : ch;
  return { note: npNote(attacker.name, np, own(paid.fromMp, readers), own(paid.fromHp, readers), readers), character };
}

/** "セイバー uses 『…』: +20d6≤5, weapon 10; 15 MP (対城 ×1.5 in the written 15)", its price owned by `readers`. */
function npNote(name: string, np: NpAttack, fromMp: Maybe<number>, fromHp: Maybe<number>, readers: Readers | null): Line {
  const { cost } = np;
  const mp = own(np.mp, readers);
  const how = cost.factor === 1
    ? line('fate.np.costPlain', { mp })
    : cost.multiplied
      ? line('fate.np.costMultiplied', { base: cost.base ?? 0, factor: cost.factor, mp })
      : line('fate.np.costWritten', { factor: cost.factor, mp });
  const paidFromHp = plainValue(fromHp) > 0;
  const paid = line('fate.np.costFrom', { cost: how, from: paidFromHp ? line('fate.np.fromHp', { mp: fromMp, hp: fromHp }) : '' }, line('fate.np.costHidden'));
  return line('fate.np.used', { name, np: np.name, dice: np.dice, threshold: np.threshold, weapon: np.weapon, cost: paid });
}

/** The ranks that make a servant's name known the moment 使用時真名判明 fires (L1470: 「知名度」「悪名」「本領」). */
const FAME_RANKS = ['知名度', '悪名', '本領'];

/**
 * 使用時真名判明 (L1470): using the NP tells everyone present the servant's true name. The sheet keeps
 * it (the public summary shows it from then on: /sheet show); the line is the table's. Without a
 * 知名度/悪名/本領 rank the name is not told: it can be looked up after the fight, with an action turn.
 */
export async function revealTrueName(tx: Tx, ctx: CommandContext, attacker: FateCombatant, np: NpAttack): Promise<Line | null> {
  const row = attacker.characterId === null ? undefined : await getCharacter(tx, attacker.characterId);
  if (!row) return null;
  const ch = hydrate(row);
  const trueName = ch.sheet.servant?.trueName?.trim() ?? '';
  if (ch.sheet.type !== 'servant' || trueName === '') return null;
  if (!ch.sheet.rank.names.some((n) => FAME_RANKS.some((f) => n.includes(f)))) return line('fate.np.trueNameLater', { name: attacker.name, np: np.name });
  if (!ch.runtime.trueNameRevealed) await saveCharacter(tx, ctx, ch, 'fate.trueNameRevealed', { runtime: { ...ch.runtime, trueNameRevealed: true } });
  return line('fate.np.trueName', { name: attacker.name, np: np.name, trueName });
}
