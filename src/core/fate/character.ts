// A character's runtime numbers beside its sheet: current HP/MP, luck used today, Command Seals,
// support pool, and the written values a GM accepted over the derived ones.
import type { Derived } from './sheet/index.js';
import type { CharacterSheet } from './sheet/types.js';
import type { WealthItems } from './wealth.js';
import type { CcfoliaResources } from '../palette/ccfolia.js';
import type { SpeakerSetup } from '../speech/speaker.js';

export interface CharacterRuntime {
  hp: number;
  mp: number;
  incapacitated: boolean;
  luckUsedToday: number;
  /** Masters only (3 per war, seed 001 L274); null for servants and troops. */
  sealsRemaining: number | null;
  /** Servants: bonus achievement granted by the master's 支援, spent on later checks (L226–231). */
  supportPool: number;
  /** Sheet-written HP/MP/IV maxima the GM accepted instead of the derived values. */
  accepted: { hp?: number; mp?: number; iv?: number };
  /** Attacks a Command Seal will block completely (L290); the combat tracker spends them. */
  blocks?: number;
  /** Killed (HP 0 with intent to kill, seed 001 L204): no checks, no recovery, never back. */
  dead?: boolean;
  /** The second +5 of an approved +5/+5 split, usable on a later check of the same battle (L288). */
  sealBank?: { amount: number; combatId: number };
  /** Wealth points (財産P) spent and not yet back (L959–961); one returns at each day end. */
  wealthSpent?: number;
  /** Items bought with wealth points (L963 effects 3 and 4), each used once. */
  wealthItems?: WealthItems;
  /**
   * HP paid for an MP shortfall (L872) while the character's MP was its war faction's secret (L50):
   * how much it paid depends on the MP it had, so the table has not seen this HP go (it reads HP this
   * much higher: src/services/secrecy.ts tableHp). Damage and healing keep it within the lost HP.
   */
  hpUnseen?: number;
  /** Servants: the true name was told to the table (使用時真名判明, seed 001 L1470); the public summary shows it. */
  trueNameRevealed?: boolean;
  /** Ccfolia status bars other than HP/MP (SAN…), params and initiative, from a Ccfolia import (issue 21 §2). */
  ccfolia?: CcfoliaResources;
  /** How its posts look: display name, face, chat prefix (issue 30 §3, src/core/speech/speaker.ts). */
  speaker?: SpeakerSetup;
}

export interface Maxima {
  hpMax: number;
  mpMax: number;
  iv: number;
  luckPerDay: number;
}

export function maxima(derived: Derived, runtime: Pick<CharacterRuntime, 'accepted'>): Maxima {
  return {
    hpMax: runtime.accepted.hp ?? derived.hp,
    mpMax: runtime.accepted.mp ?? derived.mp,
    iv: runtime.accepted.iv ?? derived.iv,
    luckPerDay: derived.luckPerDay,
  };
}

/** A freshly imported character starts full, with the seals its sheet says (3 if it says none). */
export function newRuntime(sheet: CharacterSheet, derived: Derived): CharacterRuntime {
  return {
    hp: derived.hp,
    mp: derived.mp,
    incapacitated: false,
    luckUsedToday: 0,
    sealsRemaining: sheet.type === 'master' ? (sheet.master?.commandSealsWritten ?? derived.sealsAtStart ?? 3) : null,
    supportPool: 0,
    accepted: {},
  };
}

/** After the sheet changes (a status edited), keep current values within the new maxima. */
export function clampRuntime(runtime: CharacterRuntime, m: Maxima): CharacterRuntime {
  const { hpUnseen, ...rest } = runtime;
  const hp = Math.min(runtime.hp, m.hpMax);
  // Unseen HP is HP lost: never more than is missing, and none once HP is gone (the fall is seen by all).
  const unseen = hp > 0 ? Math.max(0, Math.min(hpUnseen ?? 0, m.hpMax - hp)) : 0;
  return { ...rest, hp, mp: Math.min(runtime.mp, m.mpMax), ...(unseen > 0 ? { hpUnseen: unseen } : {}) };
}
