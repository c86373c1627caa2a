// What a Fate/roll dice fight keeps: combatants (from sheets or ad hoc), rows, initiative order,
// round and turn, and an attack waiting for the defender's choice.
export type Row = 'front' | 'back';

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
}

export const active = (c: FateCombatant) => !c.incapacitated && !c.dead && !c.escaped;
