// Bad statuses (バッドステータス, BS) (seed 001 <詳細個別ルール> L424–437; digest
// fate-roll-dice-core.md §9.6, §15.1). Pure: every function returns a new list.
//
// Timing the caller owns (L427–428, L432–433):
// - continuous damage from an attack ticks once together with the hit's damage (only when the hit
//   did damage, unless an add-on says otherwise), then at the start of every later turn
//   ("以後次以降のターン発生時に"; the stacking example L435 says "ターン開始時"). turnStartDamage()
//   computes one tick of a whole list, so it also serves the first tick (pass [bs]);
// - a field effect ticks first when it appears;
// - resistance: after the first tick when the BS came from an attack, before it takes effect
//   otherwise; once established, continuous damage is resisted whenever it would lower HP (after
//   the first tick, before each later one) without using the action, and an impediment on the
//   bearer's own turn: failure uses up the action, success lets the bearer act (L433).
import type { CheckStatus } from '../status-names.js';
import { FateError } from '../errors.js';
import { combatInt, type CombatLine } from './rows.js';

/** what an impediment lowers (L430–431): STR/END/AGI checks, MAG checks, or LUK (an add-on) */
export type ImpededChecks = 'body' | 'magic' | 'luck';

export interface BadStatus {
  /** continuous damage (継続ダメージ), action impediment (行動阻害), or anything else a GM or NP makes (L426, L436) */
  kind: 'continuous' | 'impediment' | 'other';
  /** strength Lv: the level of the NP / Mystic Code / equipment, or the GM's number for a situation (L427, L432) */
  strength: number;
  /** physical (poison) or magical (curse) (L429); mental but not magical (hypnosis) only for impediments (L431) */
  nature: 'physical' | 'magical' | 'mental';
  /** continuous damage only: HP or MP (L427) */
  target: 'hp' | 'mp';
  /** impediment only, required there */
  checks?: ImpededChecks;
  /** what inflicted it (an NP name, "darkness"…); BS from one source are "the same BS" for stacking */
  source: string;
  /** the add-on 重複時合計 (L435): another instance of the same BS adds its strength instead of standing apart */
  sumWhenOverlapping: boolean;
}

export const MAX_BS_STRENGTH = 99;
export const MAX_BS_COUNT = 50;
export const MAX_SOURCE_LENGTH = 100;

/**
 * Adds a BS (L435). Instances of the same BS (same kind, nature, target/checks and source) stay
 * separate (two Lv3 continuous damages: 3 damage twice, each resisted on its own) unless both carry
 * 重複時合計, which merges them into one of summed strength (Lv3 + Lv3 = Lv6, then Lv9).
 * Throws FateError `fate.combat.error.outOfRange` {name, min, max}, `fate.combat.error.mentalOnlyImpediment`,
 * `fate.combat.error.impedimentChecks`, `fate.combat.error.bsSource`, `fate.combat.error.tooManyBadStatuses` {max}.
 */
export function addBadStatus(list: BadStatus[], bs: BadStatus): BadStatus[] {
  combatInt('strength', bs.strength, 1, MAX_BS_STRENGTH);
  if (bs.nature === 'mental' && bs.kind === 'continuous') throw new FateError('fate.combat.error.mentalOnlyImpediment');
  if (bs.kind === 'impediment' && bs.checks === undefined) throw new FateError('fate.combat.error.impedimentChecks');
  const source = bs.source.trim();
  if (source === '' || source.length > MAX_SOURCE_LENGTH) throw new FateError('fate.combat.error.bsSource', { max: MAX_SOURCE_LENGTH });
  const added: BadStatus = { ...bs, source };
  if (added.sumWhenOverlapping) {
    const at = list.findIndex((old) => old.sumWhenOverlapping && sameBadStatus(old, added));
    if (at >= 0) {
      return list.map((old, i) => (i === at ? { ...old, strength: old.strength + added.strength } : old));
    }
  }
  if (list.length >= MAX_BS_COUNT) throw new FateError('fate.combat.error.tooManyBadStatuses', { max: MAX_BS_COUNT });
  return [...list, added];
}

function sameBadStatus(a: BadStatus, b: BadStatus): boolean {
  if (a.kind !== b.kind || a.nature !== b.nature || a.source !== b.source) return false;
  if (a.kind === 'continuous') return a.target === b.target;
  if (a.kind === 'impediment') return a.checks === b.checks;
  return true;
}

/**
 * One tick of every BS in the list (L427): each continuous damage deals its strength to HP or MP,
 * one line per instance. Impediments and other BS deal nothing; they get a reminder line.
 */
export function turnStartDamage(list: BadStatus[]): { hp: number; mp: number; lines: CombatLine[] } {
  let hp = 0;
  let mp = 0;
  const lines: CombatLine[] = [];
  for (const bs of list) {
    if (bs.kind === 'continuous') {
      if (bs.target === 'hp') hp += bs.strength;
      else mp += bs.strength;
      const key = bs.target === 'hp' ? 'fate.combat.bs.tickHp' : 'fate.combat.bs.tickMp';
      lines.push({ key, params: { source: bs.source, amount: bs.strength } });
    } else if (bs.kind === 'impediment') {
      const key =
        bs.checks === 'magic'
          ? 'fate.combat.bs.impedimentMagic'
          : bs.checks === 'luck'
            ? 'fate.combat.bs.impedimentLuck'
            : 'fate.combat.bs.impedimentBody';
      lines.push({ key, params: { source: bs.source, strength: bs.strength } });
    } else {
      lines.push({ key: 'fate.combat.bs.other', params: { source: bs.source, strength: bs.strength } });
    }
  }
  return { hp, mp, lines };
}

/** The achievement minus impediments put on a check of this kind (L430): the sum of their strengths. */
export function impedimentPenalty(list: BadStatus[], checks: ImpededChecks): number {
  return list.reduce((sum, bs) => (bs.kind === 'impediment' && bs.checks === checks ? sum + bs.strength : sum), 0);
}

/** The status a resistance check uses (L432): END for physical, MAG for magical, rank level for mental; plus GM-approved skills. */
export function resistStatus(bs: Pick<BadStatus, 'nature'>): Extract<CheckStatus, 'end' | 'mag' | 'rank'> {
  return bs.nature === 'physical' ? 'end' : bs.nature === 'magical' ? 'mag' : 'rank';
}

export interface ResistOptions {
  /**
   * default true: an achievement equal to the strength cancels. L432 says the achievement must
   * exceed ("上回った") the strength, but the worked example L435 cancels Lv3 with achievement 3
   * (digest §9.6, §15.1). false = strictly greater.
   */
  equalCancels?: boolean;
}

/** Whether a resistance achievement overcomes a BS of this strength. */
export function resistsBadStatus(strength: number, achievement: number, options: ResistOptions = {}): boolean {
  combatInt('achievement', achievement, 0, 999);
  return options.equalCancels === false ? achievement > strength : achievement >= strength;
}

/**
 * A resistance check against list[index] (0-based) (L432–433): when it succeeds the BS is removed,
 * otherwise the list is returned unchanged (a copy). A merged BS (重複時合計) is resisted against its
 * summed strength. A situational BS the roll cannot overcome (L434) is the GM's call: do not call this.
 * Throws FateError `fate.combat.error.noSuchBadStatus` {index, count}.
 */
export function resistBadStatus(list: BadStatus[], index: number, achievement: number, options: ResistOptions = {}): BadStatus[] {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    throw new FateError('fate.combat.error.noSuchBadStatus', { index: Number.isFinite(index) ? index : String(index), count: list.length });
  }
  const bs = list[index]!;
  return resistsBadStatus(bs.strength, achievement, options) ? list.filter((_, i) => i !== index) : [...list];
}
