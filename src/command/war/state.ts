// What a war keeps per faction, beside the characters' own sheets and runtime.
import type { MysticCode } from '../../core/grailwar/actions.js';
import type { ServantClass } from '../../core/grailwar/status.js';
import type { PercentFaction } from '../../core/grailwar/upkeep.js';

export interface FateFactionState {
  /** The master declared sleep this action turn (seed 001 L246). */
  sleptThisTurn: boolean;
  /** Consecutive action turns without sleep. */
  awakeTurns: number;
  /** All-nighter penalty in force (0 = none). */
  allNighter: number;
}

export type PercentFactionState = Omit<PercentFaction, 'id'> & {
  /** The servant's class (battle corrections, information gathering, seed 000 L31–32). */
  servantClass?: ServantClass;
  archerPick?: 'str' | 'end' | 'agi';
  masterLevel?: number;
  /** One-shot mystic codes made and not yet used (seed 000 L3–4). */
  items?: Partial<Record<MysticCode, number>>;
  /** The last day this faction rested (once a day, seed 000 L5). */
  restedDay?: number;
};

export interface FactionState {
  fate?: FateFactionState;
  percent?: PercentFactionState;
}

export const NEW_FATE_STATE: FateFactionState = { sleptThisTurn: false, awakeTurns: 0, allNighter: 0 };

export interface WarConfig {
  /** Percent ruleset: mana recovered by territory grade (seed 000 rest rule; GM-configurable). */
  territoryRecovery?: Record<'small' | 'medium' | 'large' | 'highest', number>;
}
