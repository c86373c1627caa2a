// 庇う in a fight (seed 001 L471–482): once the covered character's own defense has failed, another
// combatant may roll a cover defense, lowered by coverBreakdown() (L474–475). At the resolve step a
// cover that beats the attack counts as a successful defense; a failed one lets the coverer take
// the damage (L478) unless it covered from the back row by a ranged weapon or magic (L479–480).
import type { AttackResult } from '../../core/fate/combat/attack.js';
import { coverBreakdown, coverRules, type CoverBreakdown, type CoverMeans } from '../../core/fate/combat/cover.js';
import { assertRows } from '../../core/fate/combat/rows.js';
import type { CheckStatus } from '../../core/fate/status-names.js';
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { hydrate, type Character } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import { diceOf } from './fate-priority.js';
import { placements, rollFor, rowOf, type RollNote } from './fate.js';
import { active, type FateCombatant, type FateCombatState, type PendingAttack } from './state.js';
import type { DiceResult } from '../../core/dice/index.js';

export interface CoverRequest {
  coverer: FateCombatant;
  status: CheckStatus;
  skills: string[];
  means: CoverMeans;
  reaction: number;
  takeDamage: boolean;
}

/** The covered defense as it stands (after any luck or seal): the cover is allowed only when it did not win (L474). */
export function coverAllowed(attack: number, defense: number): boolean {
  return defense <= attack;
}

/** The status levels cover needs: a status's level is its check threshold (2L dice ≤ L, L864–865). */
function level(ch: Character | null, c: FateCombatant, status: CheckStatus): number {
  return ch ? diceOf(ch, c, status).threshold : 0;
}

/**
 * Rolls the cover defense for a pending attack whose defense failed. Body cover from the back row
 * moves the coverer to the front row, whatever the result (L473). Returns the new state with the
 * cover recorded on the pending attack.
 */
export async function rollCover(
  tx: Tx,
  ctx: CommandContext,
  state: FateCombatState,
  req: CoverRequest,
  store: (result: DiceResult) => Promise<number>,
): Promise<{ state: FateCombatState; result: DiceResult; rollId: number; breakdown: CoverBreakdown; notes: RollNote[]; moved: boolean; canTakeDamage: boolean }> {
  const pending = state.pending!;
  const covered = state.combatants.find((c) => c.key === pending.target)!;
  const { coverer } = req;
  if (coverer.key === covered.key || coverer.key === pending.attacker || !active(coverer)) throw new UserError('fate.cover.badCoverer', { name: coverer.name });
  if (req.status === 'str' && req.means !== 'ranged') throw new UserError('fate.cover.strOnlyRanged');
  const rules = coverRules(rowOf(state, coverer), rowOf(state, covered), req.means);
  const row = coverer.characterId === null ? undefined : await getCharacter(tx, coverer.characterId);
  const ch = row ? hydrate(row) : null;
  const usesAgi = req.status === 'agi';
  const breakdown = coverBreakdown({
    defenseStatusLevel: usesAgi ? 0 : level(ch, coverer, req.status),
    agi: level(ch, coverer, 'agi'),
    str: level(ch, coverer, 'str'),
    usesAgi,
    reaction: req.reaction,
  });
  // The penalty (or a reaction bonus) is part of the roll, so its sum is the cover's achievement (L474–475).
  const { result, notes } = await rollFor(tx, coverer, req.status, req.skills, ctx, { role: 'defense', round: state.round, minus: Math.max(0, breakdown.total), plus: Math.max(0, -breakdown.total) });
  const rollId = await store(result);
  const combatants = rules.moveToFront ? state.combatants.map((c) => (c.key === coverer.key ? { ...c, row: 'front' as const } : c)) : state.combatants;
  if (rules.moveToFront) assertRows(placements({ ...state, combatants }));
  // penalty 0: already in the stored roll (a fight stored before kept it apart, and is still settled right).
  const cover = { coverer: coverer.key, rollId, penalty: 0, means: req.means, takeDamage: req.takeDamage && rules.canTakeDamage };
  return { state: { ...state, combatants, pending: { ...pending, cover } }, result, rollId, breakdown, notes, moved: rules.moveToFront, canTakeDamage: rules.canTakeDamage };
}

export interface CoverSettlement {
  /** who takes the damage: the covered character, or the coverer after a failed cover */
  takerKey: string;
  result: AttackResult;
  /** the cover's achievement after its penalty */
  coverValue: number;
  outcome: 'covered' | 'failed' | 'notNeeded';
}

/**
 * Settles a covered attack (L478–480). `base` is the attack against the covered character's own
 * defense. A cover roll that beats the attack blocks it; otherwise the damage stands, measured
 * against the cover roll when magic from the back allows it and that is better (L480), and the
 * coverer takes it when it said so and may (L478). A coverer's HP 0 follows L204 as any hit.
 */
export async function settleCover(
  state: FateCombatState,
  pending: PendingAttack & { cover: NonNullable<PendingAttack['cover']> },
  attack: number,
  defense: number,
  base: AttackResult,
  againstCovered: (defense: number) => AttackResult,
  rolled: (id: number) => Promise<number>,
): Promise<CoverSettlement> {
  const cover = pending.cover;
  const coverValue = Math.max(0, (await rolled(cover.rollId)) - cover.penalty);
  if (base.outcome === 'miss') return { takerKey: pending.target, result: base, coverValue, outcome: 'notNeeded' };
  const covered = state.combatants.find((c) => c.key === pending.target)!;
  if (coverValue > attack) {
    return { takerKey: pending.target, result: { outcome: 'miss', margin: defense - attack, damage: 0, hpAfter: covered.hp, state: 'standing' }, coverValue, outcome: 'covered' };
  }
  const fromCoverRoll = cover.means === 'magic' && !cover.takeDamage && coverValue > defense;
  const hit = fromCoverRoll ? againstCovered(coverValue) : base;
  const coverer = state.combatants.find((c) => c.key === cover.coverer);
  if (!cover.takeDamage || !coverer || !active(coverer)) return { takerKey: pending.target, result: hit, coverValue, outcome: 'failed' };
  // The coverer loses exactly the damage the hit did; HP 0 follows L204 like any hit.
  const hpAfter = Math.max(0, coverer.hp - hit.damage);
  const fell = hpAfter === 0 && hit.damage > 0;
  const result: AttackResult = { ...hit, hpAfter, state: fell ? (pending.intent === 'kill' ? 'dead' : 'incapacitated') : hpAfter > 0 ? 'standing' : 'incapacitated' };
  return { takerKey: coverer.key, result, coverValue, outcome: 'failed' };
}
