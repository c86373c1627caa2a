// Fate/roll dice: the end of an action turn and of a day (seed 001 <戦闘ルール> L241–248; digest
// fate-roll-dice-core.md §7.2–7.4). Pure: returns new states and one effect per report line.
import type { Params } from '../../i18n/index.js';
import type { RandomSource } from '../random.js';
import { planCheck } from './check.js';
import { STATUS_KEYS, type CharacterSheet } from './sheet/types.js';

/** Awake action turns in a row after which the all-nighter begins ("一日相当の4ターン", L246). */
export const ALL_NIGHTER_AFTER = 4;

export interface MasterDayState {
  id: number;
  hp: number;
  hpMax: number;
  mp: number;
  mpMax: number;
  /** declared a sleep turn (doing nothing else) this action turn (L246) */
  sleptThisTurn: boolean;
  /** consecutive action turns without sleep */
  awakeTurns: number;
  /** current all-nighter penalty to every check's achievement; 0 = not in the state (L247) */
  allNighter: number;
  /**
   * Optional: the most achievement the master's weakest status check can reach
   * (weakestStatusCheckMax: 2 × level, 14 for EX, "−" marks applied; statuses at "−" excluded). When the penalty reaches it, the master falls asleep (L247).
   * Left out or null: not checked.
   */
  weakestCheckMax?: number | null;
}

export interface ServantTurnState {
  id: number;
  hp: number;
  mp: number;
  /** rank level (7–12 for servants): HP and MP lost per turn without a master (L244) */
  rankLevel: number;
  /** no contract with a master (the master died etc., L244) */
  masterless: boolean;
  vanished: boolean;
}

export type DayEffect =
  | { kind: 'allNighterStarted'; id: number; penalty: number }
  | { kind: 'allNighterWorse'; id: number; penalty: number }
  | { kind: 'allNighterEnded'; id: number }
  | { kind: 'forcedSleep'; id: number; penalty: number }
  | { kind: 'masterlessDecay'; id: number; hpLost: number; mpLost: number; hp: number; mp: number }
  | { kind: 'servantDown'; id: number }
  | { kind: 'vanished'; id: number }
  | { kind: 'hpRecovered'; id: number; amount: number; roll: number[]; hp: number; hpMax: number }
  | { kind: 'mpRestored'; id: number; amount: number; mp: number; mpMax: number }
  | { kind: 'noRecoveryAllNighter'; id: number }
  | { kind: 'luckReset' };

export interface TurnEndResult {
  masters: MasterDayState[];
  servants: ServantTurnState[];
  effects: DayEffect[];
  dayEnded: boolean;
}

/** The all-nighter penalty after this many awake turns in a row: 1 at 4, +1 per further turn (L246–247). */
export function allNighterPenalty(awakeTurns: number): number {
  return Math.max(0, awakeTurns - ALL_NIGHTER_AFTER + 1);
}

/**
 * The most achievement the master's weakest status check can reach, "−" marks included (L247:
 * "ステータスによる判定がどれか一つ「全成功しても0」"): every die of the pool succeeding, the pool
 * planned as /check plans it (2 × level dice, EX 14, a "−" mark ceil(dice ÷ (1+n)), L864, L867,
 * L904–905). Statuses at "−" (no dice) or unreadable are left out; null when none is left.
 */
export function weakestStatusCheckMax(sheet: CharacterSheet): number | null {
  let weakest: number | null = null;
  for (const status of STATUS_KEYS) {
    const graded = sheet.statuses[status];
    if (graded === undefined || graded.grade === '-' || graded.grade === '??') continue;
    const plan = planCheck(sheet, { status, skills: [], plus: 0, minus: 0, lowerDice: 0, lowerThreshold: 0, target: null }, () => undefined);
    const max = plan.pools.reduce((sum, p) => sum + p.dice, 0);
    weakest = weakest === null ? max : Math.min(weakest, max);
  }
  return weakest;
}

/**
 * End of one action turn. Applied in this order, which is also the order of `effects`:
 * 1. Sleep, per master (L246–247): slept this turn → awakeTurns 0 and any all-nighter ends;
 *    otherwise awakeTurns + 1, and from 4 the all-nighter penalty is awakeTurns − 3 (1 at the
 *    4th awake turn, +1 per further turn). A penalty at or above `weakestCheckMax` reports
 *    forced sleep (L247). `sleptThisTurn` is cleared for the next turn.
 * 2. Masterless servants lose RL HP and RL MP; once MP is 0 the rest comes out of HP; HP and MP
 *    both 0 → vanished (L244). HP 0 with MP left is reported for the GM (incapacitated, L204).
 * 3. Day end (`opts.dayEnded`, after the 4th action turn, L241): each master recovers 2d6 HP (up
 *    to max) and all MP, except in the all-nighter (L248). Step 1 runs first, so a master who
 *    slept in the last turn recovers and one awake all day does not. Servants recover nothing
 *    (L241). Last comes `luckReset`: the caller resets Luck (it owns the luck store).
 * Pass only living masters and servants still in the war; vanished servants are left as they are.
 */
export function fateTurnEnd(
  masters: MasterDayState[],
  servants: ServantTurnState[],
  opts: { dayEnded: boolean },
  rng: RandomSource,
): TurnEndResult {
  const effects: DayEffect[] = [];
  let nextMasters = masters.map((m) => {
    checkMaster(m);
    const r = sleepStep(m);
    effects.push(...r.effects);
    return r.master;
  });
  const nextServants = servants.map((s) => {
    const r = masterlessDecay(s);
    effects.push(...r.effects);
    return r.servant;
  });
  if (opts.dayEnded) {
    nextMasters = nextMasters.map((m) => {
      const r = dayEndRecovery(m, rng);
      effects.push(...r.effects);
      return r.master;
    });
    effects.push({ kind: 'luckReset' });
  }
  return { masters: nextMasters, servants: nextServants, effects, dayEnded: opts.dayEnded };
}

/**
 * One turn end of a servant without a master (L244): −RL HP and −RL MP, the MP that is not
 * there taken from HP, vanished at HP 0 and MP 0. Also for combat turns (L244: "行動ターン、
 * 戦闘ターン共に"). This loss cannot be healed (L245): that is for the healing commands to refuse.
 * Servants with a master, or already vanished, are returned unchanged.
 */
export function masterlessDecay(s: ServantTurnState): { servant: ServantTurnState; effects: DayEffect[] } {
  checkServant(s);
  if (s.vanished || !s.masterless) return { servant: s, effects: [] };
  const mpLost = Math.min(s.mp, s.rankLevel);
  const hpLost = Math.min(s.hp, s.rankLevel + (s.rankLevel - mpLost));
  const hp = s.hp - hpLost;
  const mp = s.mp - mpLost;
  const effects: DayEffect[] = [{ kind: 'masterlessDecay', id: s.id, hpLost, mpLost, hp, mp }];
  const vanished = hp === 0 && mp === 0;
  if (vanished) effects.push({ kind: 'vanished', id: s.id });
  else if (hp === 0 && s.hp > 0) effects.push({ kind: 'servantDown', id: s.id });
  return { servant: { ...s, hp, mp, vanished }, effects };
}

function sleepStep(m: MasterDayState): { master: MasterDayState; effects: DayEffect[] } {
  if (m.sleptThisTurn) {
    const effects: DayEffect[] = m.allNighter > 0 ? [{ kind: 'allNighterEnded', id: m.id }] : [];
    return { master: { ...m, sleptThisTurn: false, awakeTurns: 0, allNighter: 0 }, effects };
  }
  const awakeTurns = m.awakeTurns + 1;
  const penalty = allNighterPenalty(awakeTurns);
  const effects: DayEffect[] = [];
  if (penalty > 0) {
    // a master already in the state (e.g. restored from storage) only ever gets worse
    const allNighter = Math.max(penalty, m.allNighter + 1);
    effects.push({ kind: m.allNighter > 0 ? 'allNighterWorse' : 'allNighterStarted', id: m.id, penalty: allNighter });
    if (m.weakestCheckMax != null && allNighter >= m.weakestCheckMax) effects.push({ kind: 'forcedSleep', id: m.id, penalty: allNighter });
    return { master: { ...m, sleptThisTurn: false, awakeTurns, allNighter }, effects };
  }
  return { master: { ...m, sleptThisTurn: false, awakeTurns }, effects };
}

function dayEndRecovery(m: MasterDayState, rng: RandomSource): { master: MasterDayState; effects: DayEffect[] } {
  if (m.allNighter > 0) return { master: m, effects: [{ kind: 'noRecoveryAllNighter', id: m.id }] };
  const roll = [rng.die(6), rng.die(6)];
  const hp = Math.max(m.hp, Math.min(m.hpMax, m.hp + roll[0]! + roll[1]!));
  const mp = Math.max(m.mp, m.mpMax);
  return {
    master: { ...m, hp, mp },
    effects: [
      { kind: 'hpRecovered', id: m.id, amount: hp - m.hp, roll, hp, hpMax: m.hpMax },
      { kind: 'mpRestored', id: m.id, amount: mp - m.mp, mp, mpMax: m.mpMax },
    ],
  };
}

/**
 * The report line of an effect: a `war.day.*` catalog key (src/i18n/messages/war.ts) and its
 * parameters. `nameOf` gives the display name of a master or servant id.
 */
export function dayEffectMessage(e: DayEffect, nameOf: (id: number) => string): { key: string; params: Params } {
  const key = `war.day.${e.kind}`;
  switch (e.kind) {
    case 'luckReset':
      return { key, params: {} };
    case 'hpRecovered':
      return { key, params: { name: nameOf(e.id), amount: e.amount, roll: e.roll.join(', '), hp: e.hp, hpMax: e.hpMax } };
    case 'mpRestored':
      return { key, params: { name: nameOf(e.id), amount: e.amount, mp: e.mp, mpMax: e.mpMax } };
    case 'masterlessDecay':
      return { key, params: { name: nameOf(e.id), hpLost: e.hpLost, mpLost: e.mpLost, hp: e.hp, mp: e.mp } };
    case 'allNighterStarted':
    case 'allNighterWorse':
    case 'forcedSleep':
      return { key, params: { name: nameOf(e.id), penalty: e.penalty } };
    case 'allNighterEnded':
    case 'servantDown':
    case 'vanished':
    case 'noRecoveryAllNighter':
      return { key, params: { name: nameOf(e.id) } };
  }
}

function checkMaster(m: MasterDayState): void {
  for (const [name, value] of [
    ['hp', m.hp],
    ['hpMax', m.hpMax],
    ['mp', m.mp],
    ['mpMax', m.mpMax],
    ['awakeTurns', m.awakeTurns],
    ['allNighter', m.allNighter],
  ] as const) {
    nonNegative(name, value);
  }
  if (m.weakestCheckMax != null) nonNegative('weakestCheckMax', m.weakestCheckMax);
}

function checkServant(s: ServantTurnState): void {
  nonNegative('hp', s.hp);
  nonNegative('mp', s.mp);
  nonNegative('rankLevel', s.rankLevel);
}

function nonNegative(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be an integer >= 0, got ${value}`);
}
