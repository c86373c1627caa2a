// A Ccfolia clipboard character as this bot's character: the character row is the one source of
// truth for HP/MP (runtime.hp/mp, maxima in runtime.accepted), the other status bars, params and
// initiative ride along in runtime.ccfolia. A character born of Ccfolia has a blank Fate sheet
// (origin "ccfolia"); one that already existed keeps its sheet and takes Ccfolia's numbers.
import type { CharacterRuntime } from '../fate/character.js';
import type { CharacterSheet, Graded } from '../fate/sheet/types.js';
import type { CcfoliaCharacter } from './ccfolia.js';

const NONE: Graded = { grade: '-', marks: [] };

export function ccfoliaSheet(name: string): CharacterSheet {
  return {
    schema: 'fate-roll-dice/sheet@1',
    id: 'ccfolia',
    type: 'master',
    name,
    rank: { names: [], level: 1 },
    fp: { total: 0, spent: 0, remaining: 0 },
    statuses: { str: NONE, end: NONE, agi: NONE, mag: NONE, luk: NONE },
    skills: [],
    noblePhantasms: [],
    gear: [],
    combos: [],
    background: {},
    origin: 'ccfolia',
  };
}

/**
 * The runtime after importing `c`: HP/MP and their maxima from Ccfolia's bars where it has them (a
 * bar without max keeps its value as max), the rest kept from `previous` (luck used, seals…).
 */
export function ccfoliaRuntime(c: CcfoliaCharacter, previous: CharacterRuntime | null): CharacterRuntime {
  const base: CharacterRuntime = previous ?? { hp: 0, mp: 0, incapacitated: false, luckUsedToday: 0, sealsRemaining: null, supportPool: 0, accepted: {} };
  const accepted = { ...base.accepted };
  let { hp, mp, incapacitated } = base;
  if (c.hp) {
    hp = Math.max(0, c.hp.value);
    accepted.hp = Math.max(0, c.hp.max ?? c.hp.value);
    incapacitated = hp === 0 && accepted.hp > 0;
  }
  if (c.mp) {
    mp = Math.max(0, c.mp.value);
    accepted.mp = Math.max(0, c.mp.max ?? c.mp.value);
  }
  if (!previous) {
    // A blank sheet derives HP/MP 1: without a Ccfolia bar the character simply has none.
    accepted.hp ??= 0;
    accepted.mp ??= 0;
  }
  return { ...base, hp, mp, incapacitated, accepted, ccfolia: c.resources };
}
