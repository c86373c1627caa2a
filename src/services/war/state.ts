// What a war keeps per faction, beside the characters' own sheets and runtime.
import type { MysticCode } from '../../core/grailwar/actions.js';
import type { ServantClass, Status } from '../../core/grailwar/status.js';
import type { PercentFaction } from '../../core/grailwar/upkeep.js';

export interface FateFactionState {
  /** The master declared sleep this action turn (seed 001 L246). */
  sleptThisTurn: boolean;
  /** Consecutive action turns without sleep. */
  awakeTurns: number;
  /** All-nighter penalty in force (0 = none). */
  allNighter: number;
  /** The summoning check before day 1 (seed 001 L108–114): /war summon; `place` once the order is settled. */
  summon?: { method: 'solo' | 'catalyst'; rollId: number; masterId: number; total: number; place?: number; luckRolls?: number[] };
}

export type PercentFactionState = Omit<PercentFaction, 'id'> & {
  /** The servant's class (battle corrections, information gathering, seed 000 L31–32). */
  servantClass?: ServantClass;
  archerPick?: 'str' | 'end' | 'agi';
  /** The player's distribution of the servant's status points (seed 000 L23, L29); even spread when absent. */
  allocation?: Record<Status, number>;
  /** The master's distribution (L29); its MAG is the master's 【마】 (L35, L37). */
  masterAllocation?: Record<Status, number>;
  /** The master's level, as entered (never assumed): needed only when the master fights (L28–29). */
  masterLevel?: number;
  /** The servant's rank as the faction wrote it: a shallow information gathering reveals it (L16). */
  rank?: string;
  /** The servant's skills as the faction wrote them: a deep gathering reveals them (L17, how many: /war config info_skills). */
  skills?: string[];
  /** Factions this one keeps track of after a deep gathering (L17): told where they move. */
  tracking?: number[];
  /** One-shot mystic codes made and not yet used (seed 000 L3–4). */
  items?: Partial<Record<MysticCode, number>>;
  /** The last day this faction rested (once a day, seed 000 L5). */
  restedDay?: number;
  /** Lost a battle: retreat by this many seals or drop out (seed 000 L47); set by /battle, settled by /war retreat. */
  pendingRetreat?: { seals: number; against: string; allies?: number[] };
  /** Soul eating noticed this turn (seed 000 L6–7): an intervening faction's battle decides it; set at resolve. */
  soulEating?: { day: number; turn: number; sensedBy?: number[]; intervening?: number[] };
  /** The named base on the GM's territory map (L9), when the war has one. */
  base?: string;
};

export interface FactionState {
  fate?: FateFactionState;
  percent?: PercentFactionState;
}

export const NEW_FATE_STATE: FateFactionState = { sleptThisTurn: false, awakeTurns: 0, allNighter: 0 };

export interface WarConfig {
  /** Fate: the GM's reading of a tie in an opposed check (seed 001 L41), set by /war tie. */
  opposedTie?: 'draw' | 'reroll' | 'passive' | 'active';
  /** Percent ruleset: mana recovered by territory grade (seed 000 rest rule; GM-configurable). */
  territoryRecovery?: Record<'small' | 'medium' | 'large' | 'highest', number>;
  /** Percent ruleset: the battle table rows (seed 000 L27), the seed's gap row `oneEach` included. */
  battleTable?: Partial<Record<string, number>>;
  /** How many of a faction's skills a deep information gathering reveals (L17 「어느 정도의 스킬(GM 임의)」); all when unset. */
  infoSkills?: number;
  /** The channel is not told who fought whom (only a commitment is posted); the GM's choice, default false. */
  quietBattles?: boolean;
  /** The GM's territory map (seed 000 L9): named territories and their grades. */
  territories?: { name: string; grade: 'small' | 'medium' | 'large' | 'highest' }[];
}
