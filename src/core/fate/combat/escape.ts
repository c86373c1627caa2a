// Leaving a battle (戦闘離脱) (seed 001 <詳細個別ルール> 戦闘離脱ルール L520–524; digest
// fate-roll-dice-core.md §9.14).
import type { RandomSource } from '../../random.js';
import { FateError } from '../errors.js';
import { rollAchievement } from './initiative.js';
import { combatInt, type CombatLine } from './rows.js';

export type EscapeOutcome = 'escaped' | 'caught' | 'reroll';

/** Skills that add their dice to an escape roll (L1152: 仕切り直し「戦闘離脱判定にダイス判定プラスを得る」). */
export const ESCAPE_SKILLS = ['仕切り直し'] as const;

/**
 * The opposed AGI check (L522–523): `escaper` is the highest achievement on the escaping side,
 * `chaser` the highest on the sides that oppose it. Higher escaper → escaped; lower → caught;
 * equal → everyone rerolls until one side wins (L523: "引き分けの場合、振り直してどちらかが勝つまで").
 */
export function escapeOutcome(escaper: number, chaser: number): EscapeOutcome {
  combatInt('escaper', escaper, 0, 999);
  combatInt('chaser', chaser, 0, 999);
  if (escaper > chaser) return 'escaped';
  return escaper < chaser ? 'caught' : 'reroll';
}

export interface EscapeInput {
  /** the AGI check of every character on the escaping side, e.g. ["10d6<=5", "4d6<=2"] */
  escapers: string[];
  /** the AGI check of every character on the sides that try to stop it */
  chasers: string[];
  /** another side tries to stop the escape; false: it succeeds with no roll (L521) */
  opposed: boolean;
  /** some stay behind to hold the enemy: the others escape for certain (L524; the GM may still rule a re-engagement) */
  rearguard: boolean;
}

export interface EscapeResult {
  outcome: 'escaped' | 'caught';
  /** no roll was needed (unopposed, or a rearguard) */
  automatic: boolean;
  /** one entry per roll-off, each achievement in input order */
  rounds: { escapers: number[]; chasers: number[] }[];
  lines: CombatLine[];
}

export const MAX_ESCAPE_ROUNDS = 50;

/**
 * Declared at the start of a turn (L521). Unopposed or with a rearguard: escaped without a roll.
 * Otherwise every character of every involved side rolls AGI; the escape succeeds when the single
 * highest achievement belongs to the escaping side (L522), ties reroll (L523).
 * Throws FateError `fate.combat.error.escapeNobody` (an empty side when a roll is needed),
 * `fate.combat.error.escapeUndecided` {rounds}, `fate.combat.error.notACount` {expression}.
 */
export function rollEscape(input: EscapeInput, rng: RandomSource, first?: EscapeResult['rounds'][number]): EscapeResult {
  if (!input.opposed || input.rearguard) {
    const key = input.rearguard ? 'fate.combat.escape.rearguard' : 'fate.combat.escape.unopposed';
    return { outcome: 'escaped', automatic: true, rounds: [], lines: [{ key, params: {} }] };
  }
  if (input.escapers.length === 0 || input.chasers.length === 0) throw new FateError('fate.combat.error.escapeNobody');
  if (first && (first.escapers.length !== input.escapers.length || first.chasers.length !== input.chasers.length)) throw new FateError('fate.combat.error.escapeNobody');
  const rounds: EscapeResult['rounds'] = [];
  const lines: CombatLine[] = [];
  // A roll that cannot be made (a sleeping master, L249) is written "0": achievement 0 every round.
  // An achievement minus never takes it below 0 (digest §1.7), so an all-nighter's roll stays a count.
  const roll = (e: string) => (e === '0' ? 0 : Math.max(0, rollAchievement(e, rng)));
  while (rounds.length < MAX_ESCAPE_ROUNDS) {
    // `first`: the first round already rolled (and perhaps rerolled with Luck, L215) by the caller.
    const given = rounds.length === 0 ? first : undefined;
    const escapers = given ? given.escapers : input.escapers.map(roll);
    const chasers = given ? given.chasers : input.chasers.map(roll);
    rounds.push({ escapers, chasers });
    const best = Math.max(...escapers);
    const chase = Math.max(...chasers);
    const outcome = escapeOutcome(best, chase);
    if (outcome === 'reroll') {
      lines.push({ key: 'fate.combat.escape.tie', params: { achievement: best } });
      continue;
    }
    const key = outcome === 'escaped' ? 'fate.combat.escape.escaped' : 'fate.combat.escape.caught';
    lines.push({ key, params: { escaper: best, chaser: chase } });
    return { outcome, automatic: false, rounds, lines };
  }
  throw new FateError('fate.combat.error.escapeUndecided', { rounds: MAX_ESCAPE_ROUNDS });
}
