// Summoning (サーヴァント召喚ルール, seed 001 L93–121): before day 1 every master chooses solo
// (単独召喚: 幸運 + 魔力) or catalyst (触媒召喚: 魔力 + 社会) summoning and rolls both statuses,
// a magic skill adding its dice (L108–109). Solo summoners go first, highest total first, then
// catalyst summoners the same way (L110–111). Equal totals: a Luck opposed check between the tied,
// repeated until one wins (L112). Luck rerolls work on the summoning check (L113), and their uses
// come back once the summoning is over (L114, done by the war's advance).
import { planCheck, type CheckNote, type SkillFinder } from './check.js';
import { FateError } from './errors.js';
import type { CharacterSheet } from './sheet/types.js';
import type { CheckStatus } from './status-names.js';

export const SUMMON_METHODS = ['solo', 'catalyst'] as const;
export type SummonMethod = (typeof SUMMON_METHODS)[number];

/** The two statuses rolled and added (L108–109). */
export const SUMMON_STATUSES: Record<SummonMethod, readonly [CheckStatus, CheckStatus]> = {
  solo: ['luk', 'mag'],
  catalyst: ['mag', 'soc'],
};

export interface SummonPlan {
  /** both status pools and the skills', e.g. "2d6<=1+8d6<=4+3d6<=3" */
  expression: string;
  statuses: readonly [CheckStatus, CheckStatus];
  notes: CheckNote[];
}

/**
 * The summoning check of a master: the two statuses of the method, each planned as /check plans a
 * status ("−" marks included), the skills (a magic skill, L109) added once.
 */
export function planSummoning(sheet: CharacterSheet, method: SummonMethod, skills: string[], findSkill: SkillFinder): SummonPlan {
  if (sheet.type !== 'master') throw new FateError('fate.error.summonMasterOnly');
  const statuses = SUMMON_STATUSES[method];
  const base = { plus: 0, minus: 0, lowerDice: 0, lowerThreshold: 0, target: null };
  const first = planCheck(sheet, { ...base, status: statuses[0], skills }, findSkill);
  const second = planCheck(sheet, { ...base, status: statuses[1], skills: [] }, findSkill);
  const pools = [...first.pools, ...second.pools].map((p) => `${p.dice}d6<=${p.threshold}`);
  return { expression: pools.join('+'), statuses, notes: [...first.notes, ...second.notes] };
}

export interface SummonEntry {
  id: number;
  method: SummonMethod;
  total: number;
}

export interface SummonPlace extends SummonEntry {
  /** 1-based place in the summoning order */
  place: number;
  /** the Luck achievements this entry rolled to break ties, in order (L112) */
  luckRolls: number[];
  /** still tied after MAX_LUCK_ROUNDS (Luck EX against Luck EX): the GM decides */
  undecided: boolean;
}

export const MAX_LUCK_ROUNDS = 50;

/**
 * The summoning order (L110–112): solo before catalyst, each by total descending; entries with
 * the same method and total roll Luck (`luck(id)` gives one Luck check's achievement) against each
 * other, again and again among those still tied, the higher going first.
 */
export function summoningOrder(entries: readonly SummonEntry[], luck: (id: number) => number): SummonPlace[] {
  const rolls = new Map<number, number[]>(entries.map((e) => [e.id, []]));
  const undecided = new Set<number>();
  const ordered: SummonEntry[] = [];
  for (const method of SUMMON_METHODS) {
    const group = entries.filter((e) => e.method === method).sort((a, b) => b.total - a.total);
    const totals = [...new Set(group.map((e) => e.total))];
    for (const total of totals) ordered.push(...breakTie(group.filter((e) => e.total === total), luck, rolls, undecided, 0));
  }
  return ordered.map((e, i) => ({ ...e, place: i + 1, luckRolls: rolls.get(e.id)!, undecided: undecided.has(e.id) }));
}

function breakTie(tied: SummonEntry[], luck: (id: number) => number, rolls: Map<number, number[]>, undecided: Set<number>, round: number): SummonEntry[] {
  if (tied.length < 2) return tied;
  if (round >= MAX_LUCK_ROUNDS) {
    for (const e of tied) undecided.add(e.id);
    return tied;
  }
  const scored = tied.map((e) => {
    const value = luck(e.id);
    rolls.get(e.id)!.push(value);
    return { e, value };
  });
  const values = [...new Set(scored.map((s) => s.value))].sort((a, b) => b - a);
  return values.flatMap((v) => breakTie(scored.filter((s) => s.value === v).map((s) => s.e), luck, rolls, undecided, round + 1));
}
