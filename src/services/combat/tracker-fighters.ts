// What the Fate tracker knows of each combatant (its text and its picture are built from it alone):
// every number with its owner — a hidden NPC's the GM's, a war faction's character's MP its faction's
// (../secrecy.ts) — so neither can print one the table may not read.
import type { CommandContext } from '../types.js';
import type { FateCombatant, FateCombatState } from './state.js';
import { GM_ONLY, hpFor, resourceOf, type Secrecy } from '../secrecy.js';
import { own, tableValue, type Maybe } from '../../views/owned.js';

/** The condition word's catalog key: what the table reads of a hidden combatant's HP. */
export function conditionKey(c: Pick<FateCombatant, 'dead' | 'escaped' | 'incapacitated' | 'hp' | 'hpMax'>): string {
  if (c.dead) return 'combat.cond.dead';
  if (c.escaped) return 'combat.cond.escaped';
  if (c.incapacitated) return 'combat.cond.incapacitated';
  return c.hp * 2 < c.hpMax ? 'combat.cond.wounded' : 'combat.cond.standing';
}

/**
 * What the tracker knows of a combatant: its numbers with their owners. A hidden NPC's HP, MP and IV
 * are the GM's; a war faction's character's MP is its faction's (seed 001 L50, ../secrecy.ts). The
 * tracker is the table's, so an owned number is left out of its text and its picture.
 */
export interface TrackerFighter {
  key: string;
  name: string;
  side: string;
  row: FateCombatant['row'];
  hidden: boolean;
  hp: Maybe<number>;
  hpMax: Maybe<number>;
  mp: Maybe<number>;
  mpMax: Maybe<number>;
  iv: Maybe<number>;
  /** the public word for its state (a hidden combatant's only news) */
  condition: string;
  out: boolean;
  /** the flight, priority and bad statuses the table sees (none for a hidden combatant) */
  shown: Pick<FateCombatant, 'flight' | 'priority' | 'bs'>;
}

export function trackerFighters(ctx: CommandContext, state: FateCombatState, owners: Secrecy): TrackerFighter[] {
  return state.combatants.map((c) => {
    const gm = c.hidden ? GM_ONLY : null;
    const hp = c.hidden ? c.hp : hpFor(owners, c.characterId, c.hp, c.hpUnseen);
    // the condition word follows the HP the table reads
    const word = { key: conditionKey({ ...c, hp: tableValue(hp) ?? c.hp }) };
    return {
      key: c.key,
      name: c.name,
      side: c.side,
      row: c.row,
      hidden: c.hidden,
      hp: c.hidden ? own(c.hp, gm, word) : hp,
      hpMax: own(c.hpMax, gm),
      mp: c.hidden ? own(c.mp, gm) : resourceOf(owners, c.characterId, c.mp),
      mpMax: c.hidden ? own(c.mpMax, gm) : resourceOf(owners, c.characterId, c.mpMax),
      iv: own(c.iv - c.delay, gm),
      condition: ctx.t(word.key),
      out: c.dead || c.escaped || c.incapacitated,
      shown: c.hidden ? {} : { ...(c.flight ? { flight: c.flight } : {}), ...(c.priority ? { priority: c.priority } : {}), ...(c.bs ? { bs: c.bs } : {}) },
    };
  });
}

/** A number as the table reads it: null when its owner keeps it (the number it shows instead, if any). */
export const tableNumber = (value: Maybe<number>): number | null => tableValue(value);

