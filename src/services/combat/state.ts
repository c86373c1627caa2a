// What a Fate/roll dice fight keeps: combatants (from sheets or ad hoc), rows, initiative order,
// round and turn, and an attack waiting for the defender's choice.
import type { BadStatus } from '../../core/fate/combat/bad-status.js';
import type { CoverMeans } from '../../core/fate/combat/cover.js';

export type Row = 'front' | 'back';

/** A bad status on a combatant (L424–437), with what the GM allowed for its resistance checks (L432). */
export interface FightBadStatus extends BadStatus {
  /** GM-approved skills added to every resistance check against it (L432) */
  resistSkills: string[];
  /** false: a situation no roll overcomes (L434); only the GM clears it */
  resistible: boolean;
  /** false: the achievement must exceed the strength (L432 "上回った"); default: equal is enough (the example, L435) */
  equalCancels?: boolean;
}

/** 攻撃優先 / 防御優先 for one combat turn (L220–225): dice of `status` move between attack and defense. */
export interface Priority {
  round: number;
  /** + dice from defense to attack (攻撃優先), − from attack to defense (防御優先) */
  shift: number;
  status: 'agi' | 'mag';
  /** a skill usable for both attack and defense whose dice move instead of the status's (L223–224) */
  skill?: string;
}

export interface FateCombatant {
  key: string;
  characterId: number | null;
  name: string;
  side: string;
  row: Row;
  /** The GM hides an NPC's numbers: players see its name and condition only. */
  hidden: boolean;
  ownerId: string | null;
  hp: number;
  /** HP the table has not seen go (CharacterRuntime.hpUnseen, from the sheet): ../secrecy.ts hpFor */
  hpUnseen?: number;
  hpMax: number;
  mp: number;
  mpMax: number;
  iv: number;
  delay: number;
  isServant: boolean;
  /** Ad-hoc NPCs without a sheet roll this for attack and defense. */
  pool: string | null;
  /** Ad-hoc NPCs: the armor the GM gave with `armor:` (sheet combatants take it from the sheet). */
  armor?: number;
  /** AGI + LUK pools, rolled to break initiative ties (seed 001 L198). */
  tieCheck: string;
  incapacitated: boolean;
  dead: boolean;
  escaped: boolean;
  /** bad statuses (L424–437), ticked and resisted by /combat next */
  bs?: FightBadStatus[];
  priority?: Priority;
  /** flying (L513–518): the level of what gives flight; until the end of round `untilRound` (null = until cleared) */
  flight?: { level: number; untilRound: number | null };
  /** a troop (L390–396): at half its HP or less its achievements are halved, rounded up (L394) */
  troop?: boolean;
}

/** 庇う (L471–482): a cover defense rolled after the covered character's own defense failed. */
export interface PendingCover {
  coverer: string;
  rollId: number;
  /** net achievement minus on the cover roll (coverPenalty; negative = a bonus) */
  penalty: number;
  means: CoverMeans;
  /** on a failed cover the coverer takes the damage (L478), when coverRules allows it */
  takeDamage: boolean;
}

export interface PendingAttack {
  attacker: string;
  target: string;
  achievement: number;
  rollId: number;
  weapon: number;
  magical: boolean;
  intent: 'incapacitate' | 'kill';
  /**
   * The stored defense roll, once the defender chose a status. Damage waits for the resolve step,
   * so the defender can still spend luck or a Command Seal on it (L215–217, L288).
   */
  defenseRollId?: number;
  /** the defender could make no check (asleep, L249): its defense counts as 0 */
  defenseless?: boolean;
  cover?: PendingCover;
  /** the NP used (its name, for the result line) and what its added effects change (L1404, L1415) */
  np?: string;
  /** 防御無視: the defender's armor reduces nothing (L1415) */
  ignoreArmor?: boolean;
  /** 必中 (L1404): only a Luck defense, unless the defender spent a Luck use to cancel it ('cancelled') */
  sureHit?: 'active' | 'cancelled';
  /** 奇襲 (L454): the margin stealth won by, already in the attack roll; the margin's damage is doubled */
  ambush?: number;
}

export interface FateCombatState {
  name: string;
  round: number;
  /** index into `order` of whose turn it is; -1 before the first /combat next */
  turn: number;
  order: string[];
  combatants: FateCombatant[];
  pending: PendingAttack | null;
  nextKey: number;
  /** the escape rolled this turn, until the next turn (a Luck reroll may still change it) */
  escape?: LastEscape;
}

export const active = (c: FateCombatant) => !c.incapacitated && !c.dead && !c.escaped;

/** One character's roll in the last escape (L522): its stored roll, or none when it could make no check (L249). */
export interface EscapeRoll {
  key: string;
  /** the stored roll (null: no roll, achievement 0) */
  rollId: number | null;
  /** the expression rerolled on a tie ("0" when it could make no check) */
  expression: string;
}

/** The escape of this turn, kept so a Luck reroll of one of its rolls settles it again (L215, L523). */
export interface LastEscape {
  side: string;
  escapers: EscapeRoll[];
  chasers: EscapeRoll[];
  outcome: 'escaped' | 'caught';
}
