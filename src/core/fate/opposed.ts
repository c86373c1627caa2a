// Opposed checks (対抗判定, seed 001 <基本ルール> L41): both sides roll, the higher achievement
// wins by at least 1. A tie is the GM's call among four readings unless a rule fixes one:
// draw (引き分け), both roll again until one wins (振り直し), the passive side wins (受動有利),
// the active side wins (能動有利). Fixed: summoning order and IV ties reroll (L110, L198),
// stealth vs perception and the master–servant opinion check reroll (L445, L468).
// Pure: the caller supplies the rerolls.

export const TIE_RULES = ['draw', 'reroll', 'passive', 'active'] as const;
export type TieRule = (typeof TIE_RULES)[number];

/**
 * Opposed checks whose rules fix the statuses and the tie (both reroll until one wins):
 * stealth (隠密: AGI or MAG against Luck, MAG or rank level, L444–445) and the master–servant
 * opinion check (意見対抗: a master's rank level or MAG, a servant's rank level, L466–468; Luck
 * uses not shared, L469).
 */
export const OPPOSED_KINDS = ['stealth', 'opinion'] as const;
export type OpposedKind = (typeof OPPOSED_KINDS)[number];

export const KIND_STATUSES: Record<OpposedKind, { active: (type: string) => readonly string[]; passive: (type: string) => readonly string[] }> = {
  stealth: { active: () => ['agi', 'mag'], passive: () => ['luk', 'mag', 'rank'] },
  opinion: { active: (type) => (type === 'servant' ? ['rank'] : ['rank', 'mag']), passive: (type) => (type === 'servant' ? ['rank'] : ['rank', 'mag']) },
};

export function isTieRule(value: unknown): value is TieRule {
  return typeof value === 'string' && (TIE_RULES as readonly string[]).includes(value);
}

/** One exchange: the active (acting) side's and the passive (reacting) side's achievements. */
export interface OpposedRound {
  active: number;
  passive: number;
}

export interface OpposedResult {
  /** the first round, then any rerolls of a tie under `reroll` */
  rounds: OpposedRound[];
  winner: 'active' | 'passive' | null;
  /** winner − loser in the deciding round; 0 on a draw or a tie given to one side */
  margin: number;
  /** the tie reading used, when the first round was a tie */
  tie: TieRule | null;
  /** `reroll` that never broke the tie within MAX_TIE_ROUNDS (e.g. EX against EX: 14 every time) */
  undecided: boolean;
}

/** Rerolls of a tie: enough for any dice, bounded for pools that cannot differ (all automatic). */
export const MAX_TIE_ROUNDS = 50;

/** An achievement below 0 counts as 0 (digest §1.7: achievement minus is clamped at 0). */
const floor0 = (n: number) => Math.max(0, n);

export function opposedOutcome(first: OpposedRound, tie: TieRule, reroll: () => OpposedRound): OpposedResult {
  const rounds: OpposedRound[] = [{ active: floor0(first.active), passive: floor0(first.passive) }];
  const decided = (r: OpposedRound): OpposedResult => ({
    rounds,
    winner: r.active > r.passive ? 'active' : 'passive',
    margin: Math.abs(r.active - r.passive),
    tie: rounds.length > 1 ? tie : null,
    undecided: false,
  });
  if (rounds[0]!.active !== rounds[0]!.passive) return decided(rounds[0]!);
  switch (tie) {
    case 'draw':
      return { rounds, winner: null, margin: 0, tie, undecided: false };
    case 'passive':
    case 'active':
      return { rounds, winner: tie, margin: 0, tie, undecided: false };
    case 'reroll':
      while (rounds.length <= MAX_TIE_ROUNDS) {
        const r = reroll();
        const round = { active: floor0(r.active), passive: floor0(r.passive) };
        rounds.push(round);
        if (round.active !== round.passive) return decided(round);
      }
      return { rounds, winner: null, margin: 0, tie, undecided: true };
  }
}
