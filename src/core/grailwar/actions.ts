// Percentage Grail War ruleset: the action menu of one action turn (seed 000 L1–19; digest
// grail-war-actions.md §1). Pure: every random draw comes from the RandomSource passed in.
import type { RandomSource } from '../random.js';
import type { FateActionKind } from '../fate/actions.js';
import { GwError, type ServantClass } from './status.js';
import { DEFAULT_UPKEEP, restRecovery, type Territory, type TerritoryGrade, type UpkeepConfig } from './upkeep.js';

/** The menu in the seed's order (L1). */
export const ACTIONS = ['mysticCode', 'rest', 'soulEating', 'moveBase', 'contact', 'infoGathering', 'other'] as const;
export type ActionKind = (typeof ACTIONS)[number];

/** One-shot mystic codes (L4): 마보석 / 사역마 / 강화부 / 환혹부. */
export const MYSTIC_CODES = ['manaJewel', 'familiar', 'charmStrength', 'charmIllusion'] as const;
export type MysticCode = (typeof MYSTIC_CODES)[number];

/** Information gathering modes (L15–17): all locations / three factions shallow / one faction deep. */
export const INFO_MODES = ['locate', 'shallow', 'deep'] as const;
export type InfoMode = (typeof INFO_MODES)[number];

/** Mana a consumed mana jewel gives the servant (L4). */
export const MANA_JEWEL_MANA = 20;
/** Success chance a familiar adds to one information-gathering roll, usable after the roll (L4). */
export const FAMILIAR_BONUS = 20;
/** Final battle win rate a reinforcement charm adds (L4); used by battle.ts. */
export const CHARM_BONUS = 5;
/** Base information-gathering chance (L13). */
export const INFO_BASE = 50;
/** Archer and Assassin information-gathering bonus (L13, L31). */
export const INFO_CLASS_BONUS = 20;
/** Penalty on gathering against an Assassin's faction (L13, L31). */
export const INFO_ASSASSIN_PENALTY = 20;
/** Chance that soul eating reveals the eater's location to every other participant (L6). */
export const SOUL_EATING_EXPOSURE = 50;
/** Groups of ordinary people in a soul-eating battle (L7). */
export const SOUL_EATING_GROUPS = 2;
/** Mana the eater recovers per ordinary-people group defeated (L7). */
export const SOUL_EATING_MANA = 100;
/** Extra mana for a raid launched in the day turn (L11). */
export const DAY_RAID_MANA = 20;
/** Rests per day, day or night turn (L5). */
export const RESTS_PER_DAY = 1;
/** Longest player text kept with a declaration. */
export const MAX_ACTION_TEXT = 500;
/** Most familiars accepted on one roll (five already lift any chance from 0 to 100). */
export const MAX_FAMILIARS = 10;

export interface ActionDeclaration {
  factionId: number;
  /** A Fate war's declarations are kept in the same record with their own kinds (core/fate/actions.ts). */
  kind: ActionKind | FateActionKind;
  /** faction ids: the contacted faction (contact), the investigated factions (shallow / deep info) */
  targets: number[];
  infoMode?: InfoMode;
  mysticCode?: MysticCode;
  creator?: 'master' | 'servant';
  /** the grade chosen for a move (L9) */
  territory?: TerritoryGrade;
  /** random contact (L11) / random move within the grade (L9) */
  random?: boolean;
  /** moveBase on a GM's territory map: the named destination (L9: only an empty one) */
  destination?: string;
  /** contact: a raid (L11: +20 mana in the day) rather than friendly contact (L19: no cost) */
  raid?: boolean;
  /** information gathering: at most this many held familiars may be spent after a failed roll (L4) */
  familiars?: number;
  /** a non-battle % check: spend a held bewitching charm to reroll a failure once (L4) */
  reroll?: boolean;
  /** the player's own words, at most 500 characters */
  text: string;
}

export interface ActorProfile {
  factionId: number;
  servantClass: ServantClass;
  masterMag: number;
  servantMag: number;
}

export interface ChancePart {
  key: string;
  params: Record<string, string | number>;
}

export interface ActionChance {
  /** null: the action has no success roll */
  chance: number | null;
  /** breakdown lines (`gw.part.*` catalog keys) */
  parts: ChancePart[];
}

function part(key: string, params: Record<string, string | number> = {}): ChancePart {
  return { key, params };
}

function clampPercent(n: number): number {
  return Math.min(100, Math.max(0, n));
}

function isInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

/**
 * Structural checks of a declaration (GwError `gw.error.*`): a known kind, the text at most 500
 * characters, integer target ids without repeats, and what each kind needs:
 * - mysticCode: `mysticCode` and `creator` (L3: the creator is the master or the servant);
 * - contact: exactly one target, or none with `random` (L11 「상대를 선택하지 않고 무작위로 접촉」).
 *   The own faction is a valid target (L19: 「자기 진영」 is listed among friendly contacts);
 * - moveBase: `territory` when `random` (L9: without information a grade is picked, then a random
 *   territory of it);
 * - infoGathering: `infoMode`; deep → exactly 1 target, shallow → 1 to 3 (L16: three factions, fewer
 *   when the war has fewer), none of them the own faction; locate takes no targets (L15: all factions).
 */
function validateDeclaration(d: ActionDeclaration): void {
  if (!(ACTIONS as readonly string[]).includes(d.kind)) throw new GwError('gw.error.unknownAction', { kind: String(d.kind) });
  if (!isInt(d.factionId)) throw new GwError('gw.error.factionId', { id: String(d.factionId) });
  if (typeof d.text !== 'string' || d.text.length > MAX_ACTION_TEXT) {
    throw new GwError('gw.error.textTooLong', { length: typeof d.text === 'string' ? d.text.length : 0, max: MAX_ACTION_TEXT });
  }
  for (const id of d.targets) if (!isInt(id)) throw new GwError('gw.error.factionId', { id: String(id) });
  if (new Set(d.targets).size !== d.targets.length) throw new GwError('gw.error.duplicateTarget');

  switch (d.kind) {
    case 'mysticCode':
      if (d.mysticCode === undefined || !(MYSTIC_CODES as readonly string[]).includes(d.mysticCode)) {
        throw new GwError('gw.error.mysticCodeMissing');
      }
      if (d.creator !== 'master' && d.creator !== 'servant') throw new GwError('gw.error.creatorMissing');
      break;
    case 'contact':
      if (d.random === true ? d.targets.length !== 0 : d.targets.length !== 1) {
        throw new GwError('gw.error.contactTargets', { count: d.targets.length });
      }
      break;
    case 'moveBase':
      if (d.territory !== undefined && !['small', 'medium', 'large', 'highest'].includes(d.territory)) {
        throw new GwError('gw.error.territory', { territory: String(d.territory) });
      }
      if (d.random === true && d.territory === undefined) throw new GwError('gw.error.territory', { territory: 'undefined' });
      break;
    case 'infoGathering': {
      if (d.infoMode === undefined || !(INFO_MODES as readonly string[]).includes(d.infoMode)) {
        throw new GwError('gw.error.infoModeMissing');
      }
      const [min, max] = d.infoMode === 'deep' ? [1, 1] : d.infoMode === 'shallow' ? [1, 3] : [0, 0];
      if (d.targets.length < min || d.targets.length > max) {
        throw new GwError(`gw.error.infoTargets.${d.infoMode}`, { count: d.targets.length });
      }
      if (d.targets.includes(d.factionId)) throw new GwError('gw.error.infoSelf');
      break;
    }
    case 'rest':
    case 'soulEating':
    case 'other':
      break;
  }
}

/**
 * The success chance of a declared action and its breakdown. The declaration is validated first
 * (validateDeclaration).
 *
 * - mysticCode: the creator's 【마】 × 2 % (L1, L3), creator = master → masterMag, servant → servantMag.
 * - infoGathering: 50 % (L13) + 20 % when the actor's servant is an Archer or an Assassin (L13, L31)
 *   − 20 % when the gathering is against an Assassin's faction (L13, L31) + 20 % per familiar
 *   consumed (L4). The Assassin penalty counts once per roll, however many Assassins are among the
 *   targets (one roll, one penalty). Targets: for shallow / deep the profiles of `d.targets` (each
 *   must be given: GwError `gw.error.unknownTarget`); for locate there is no single target, and
 *   our reading is that locating **all** factions also gathers against the Assassin's faction, so
 *   every profile passed in `targets` other than the actor's own counts (pass all other factions).
 * - Clamped to 0–100 (the seed gives no clamp; a 1d100 cannot do better or worse anyway).
 * - rest, moveBase, contact, other: no roll (chance null). soulEating: no success roll either; its
 *   only roll is the 50 % exposure (soulEatingExposure, L6).
 *
 * Familiars (0–10) only go with information gathering (GwError `gw.error.familiarsNotInfo`); since
 * they may be used after the roll (L4 「주사위 굴림 후 사용」), see familiarsToSucceed().
 */
export function actionChance(
  d: ActionDeclaration,
  actor: ActorProfile,
  targets: ActorProfile[],
  familiars = 0,
): ActionChance {
  validateDeclaration(d);
  if (!isInt(familiars) || familiars < 0 || familiars > MAX_FAMILIARS) {
    throw new GwError('gw.error.familiars', { count: String(familiars), max: MAX_FAMILIARS });
  }
  if (familiars > 0 && d.kind !== 'infoGathering') throw new GwError('gw.error.familiarsNotInfo');

  switch (d.kind) {
    case 'mysticCode': {
      const mag = d.creator === 'servant' ? actor.servantMag : actor.masterMag;
      checkMag(mag);
      const raw = mag * 2;
      const chance = clampPercent(raw);
      const parts = [part(`gw.part.mysticCode.${d.creator === 'servant' ? 'servant' : 'master'}`, { mag, value: raw })];
      if (chance !== raw) parts.push(part('gw.part.clamped', { chance }));
      parts.push(part('gw.part.chance', { chance }));
      return { chance, parts };
    }
    case 'infoGathering': {
      const parts = [part('gw.part.info.base', { value: INFO_BASE })];
      let raw = INFO_BASE;
      if (actor.servantClass === 'archer' || actor.servantClass === 'assassin') {
        raw += INFO_CLASS_BONUS;
        parts.push(part(`gw.part.info.class.${actor.servantClass}`, { value: INFO_CLASS_BONUS }));
      }
      const against =
        d.infoMode === 'locate'
          ? targets.filter((p) => p.factionId !== d.factionId)
          : d.targets.map((id) => {
              const p = targets.find((x) => x.factionId === id);
              if (p === undefined) throw new GwError('gw.error.unknownTarget', { id });
              return p;
            });
      if (against.some((p) => p.servantClass === 'assassin')) {
        raw -= INFO_ASSASSIN_PENALTY;
        parts.push(part('gw.part.info.assassinTarget', { value: INFO_ASSASSIN_PENALTY }));
      }
      if (familiars > 0) {
        raw += familiars * FAMILIAR_BONUS;
        parts.push(part('gw.part.info.familiars', { count: familiars, value: familiars * FAMILIAR_BONUS }));
      }
      const chance = clampPercent(raw);
      if (chance !== raw) parts.push(part('gw.part.clamped', { chance }));
      parts.push(part('gw.part.chance', { chance }));
      return { chance, parts };
    }
    case 'soulEating':
      return { chance: null, parts: [part('gw.part.exposureRoll', { chance: SOUL_EATING_EXPOSURE })] };
    case 'rest':
    case 'moveBase':
    case 'contact':
    case 'other':
      return { chance: null, parts: [part('gw.part.noRoll')] };
    default: // a Fate war's kind: validateDeclaration refused it already
      throw new GwError('gw.error.unknownAction', { kind: String(d.kind) });
  }
}

function checkMag(mag: number): void {
  if (!isInt(mag) || mag < 0) throw new GwError('gw.error.mag', { mag: String(mag) });
}

/**
 * How many familiars a failed information-gathering roll needs to succeed after all (they are used
 * after the roll, L4): 0 when the roll already succeeds, null when even MAX_FAMILIARS cannot help.
 * `chance` is the chance without familiars (before clamping is harmless: it is at most 100).
 */
export function familiarsToSucceed(roll: number, chance: number): number | null {
  if (roll <= chance) return 0;
  const n = Math.ceil((roll - chance) / FAMILIAR_BONUS);
  return n <= MAX_FAMILIARS ? n : null;
}

/** Non-combat 0, combat (contact, raids included) 1, soul eating 2 (L18). */
function phase(kind: ActionDeclaration['kind']): number {
  return kind === 'contact' ? 1 : kind === 'soulEating' ? 2 : 0;
}

/**
 * The processing order of one action turn (L18 「전투 이외의 행동 → 전투 행동 → 혼식」): non-combat
 * actions, then combat actions (contact, which includes raids, L1 item 5), then soul eating. Stable:
 * within a phase the given order is kept. Returns a new array; the input is not changed.
 */
export function resolutionOrder(ds: ActionDeclaration[]): ActionDeclaration[] {
  return ds
    .map((d, i) => ({ d, i }))
    .sort((a, b) => phase(a.d.kind) - phase(b.d.kind) || a.i - b.i)
    .map((x) => x.d);
}

/**
 * A percentage check: 1d100 ≤ chance succeeds (L3, L13). chance 0 never succeeds, 100 always. A
 * bewitching charm (환혹부, L4) rerolls it once: call percentRoll again.
 */
export function percentRoll(chance: number, rng: RandomSource): { roll: number; success: boolean } {
  if (!Number.isFinite(chance)) throw new GwError('gw.error.chance', { chance: String(chance) });
  const roll = rng.die(100);
  return { roll, success: roll <= chance };
}

/**
 * The soul-eating exposure check (L6): on 1d100 ≤ 50 every other participant learns the eater's
 * current location and may choose hostile intervention, a battle against the eater (L6–7).
 */
export function soulEatingExposure(rng: RandomSource): { roll: number; exposed: boolean } {
  const roll = rng.die(100);
  return { roll, exposed: roll <= SOUL_EATING_EXPOSURE };
}

/**
 * Mana the eater recovers from a soul-eating battle: 100 per ordinary-people group defeated, 0–2
 * groups (L7). Without intervention there is no battle; the seed gives no amount then (GM ruling).
 */
export function soulEatingMana(groupsDefeated: number): number {
  if (!isInt(groupsDefeated) || groupsDefeated < 0 || groupsDefeated > SOUL_EATING_GROUPS) {
    throw new GwError('gw.error.groups', { groups: String(groupsDefeated), max: SOUL_EATING_GROUPS });
  }
  return groupsDefeated * SOUL_EATING_MANA;
}

/**
 * Extra mana for contact in the day turn: 20 when it is a raid (L11 「낮에 행동하여 다른 진영을
 * 습격한 경우」); friendly contact costs nothing, so pass raid = false for it.
 */
export function dayRaidCost(isDayTurn: boolean, raid = true): number {
  return isDayTurn && raid ? DAY_RAID_MANA : 0;
}

/**
 * Mana a rest restores in this territory (L5: 10–40 by grade, GM-configurable; 0 without a
 * territory). Reuses upkeep.ts restRecovery; the caller caps it with addMana and allows one rest a
 * day (RESTS_PER_DAY).
 */
export function restAmount(territory: Territory, config: UpkeepConfig = DEFAULT_UPKEEP): number {
  return restRecovery(territory, config);
}
