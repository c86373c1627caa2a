// Percentage Grail War ruleset: a servant's stored mana at each turn end (seed 000 L32–42 and
// L48–49; digest grail-war-actions.md §1.2, §3, §4). Pure: returns new factions and one effect
// per report line.
import type { Params } from '../../i18n/index.js';

export const TERRITORY_GRADES = ['small', 'medium', 'large', 'highest'] as const;
export type TerritoryGrade = (typeof TERRITORY_GRADES)[number];
export type Territory = 'none' | TerritoryGrade;

export interface PercentFaction {
  id: number;
  /** the master's 【마】 (MAG) in points */
  masterMag: number;
  servantLevel: number;
  /** the servant's stored mana (저장 마력, L35); without a servant, the character's own mana (L42) */
  mana: number;
  sealsLeft: number;
  /** the master stopped supplying mana (L49 item 1) */
  masterSupplyCut: boolean;
  /** the servant has Independent Action (단독행동, L49 item 4) */
  independentAction: boolean;
  territory: Territory;
  /** battles the servant fought this turn (each already paid its level at the battle's end, L38) */
  battlesThisTurn: number;
  /** the stored mana fell below −100 during this turn (a battle's cost): the servant vanishes at its end (L40) */
  belowLimit?: boolean;
  vanished: boolean;
  hasServant: boolean;
}

export interface UpkeepConfig {
  /** mana a rest restores by grade, 10–40 (L5); the seed gives no per-grade numbers */
  territoryRecovery: Record<TerritoryGrade, number>;
  /** this grade and above also recover that amount automatically at turn end (L5: 대영지 이상) */
  autoRecoveryFromGrade: TerritoryGrade;
  /**
   * The 50 extra mana when the master cuts the supply is in the rules for after all seals are
   * spent (L48–49 item 4). false or left out (default): charged only once no seals are left;
   * true: also while seals remain (a house rule).
   */
  supplyCutCostWithSeals?: boolean;
}

export const DEFAULT_UPKEEP: UpkeepConfig = {
  territoryRecovery: { small: 10, medium: 20, large: 30, highest: 40 },
  autoRecoveryFromGrade: 'large',
  supplyCutCostWithSeals: false,
};

/** The Grail's backup at each turn end while seals remain (L37, L49 item 2). */
export const GRAIL_SUPPLY = 20;
/** Extra cost per turn end of a servant without Independent Action whose supply is cut (L49 item 4). */
export const SUPPLY_CUT_COST = 50;
/** Stored mana below this at a turn end: the servant vanishes (L40). */
export const VANISH_BELOW = -100;
/** Every full 20 of shortage takes 10 from each status except level (L40). */
export const SHORTAGE_STEP = 20;
export const SHORTAGE_PENALTY = 10;

export type UpkeepEffect =
  | { kind: 'battleCost'; id: number; amount: number; mana: number }
  | { kind: 'upkeep'; id: number; master: number; grail: number; level: number; delta: number; mana: number }
  | { kind: 'grailStopped'; id: number }
  | { kind: 'supplyCut'; id: number; amount: number; mana: number }
  | { kind: 'territoryRecovery'; id: number; territory: TerritoryGrade; amount: number; mana: number }
  | { kind: 'shortage'; id: number; mana: number; penalty: number }
  | { kind: 'vanished'; id: number; mana: number }
  | { kind: 'ownRecovery'; id: number; amount: number; mana: number };

/** Stored-mana cap: 100 + the master's MAG × 2 (L35). */
export function manaCap(f: Pick<PercentFaction, 'masterMag'>): number {
  return 100 + f.masterMag * 2;
}

/**
 * The turn-end change (L37): master MAG × 2 (0 once the master cuts the supply, L49 item 1) −
 * servant level + the Grail's 20 (only while seals remain, L49 item 2).
 */
function upkeepDelta(f: Pick<PercentFaction, 'masterMag' | 'servantLevel' | 'sealsLeft' | 'masterSupplyCut'>): {
  master: number;
  grail: number;
  level: number;
  delta: number;
} {
  const master = f.masterSupplyCut ? 0 : f.masterMag * 2;
  const grail = f.sealsLeft > 0 ? GRAIL_SUPPLY : 0;
  return { master, grail, level: f.servantLevel, delta: master + grail - f.servantLevel };
}

/**
 * Status points to subtract for a mana shortage (L40): 10 per full 20 below 0, so −20 → 10,
 * −39 → 10, −40 → 20; 0 at 0 mana or more. Statuses never go below 0 (penalizedStatus).
 */
export function shortagePenalty(mana: number): number {
  if (mana >= 0) return 0;
  return Math.floor(-mana / SHORTAGE_STEP) * SHORTAGE_PENALTY;
}

/** A status value under the shortage penalty, floored at 0 (L40). Never apply it to the level. */
export function penalizedStatus(value: number, mana: number): number {
  return Math.max(0, value - shortagePenalty(mana));
}

/** Mana a rest action restores in this territory (L5); 0 without one. The caller caps it with addMana. */
export function restRecovery(territory: Territory, config: UpkeepConfig = DEFAULT_UPKEEP): number {
  return territory === 'none' ? 0 : config.territoryRecovery[territory];
}

/** Adds mana up to the cap; mana already above the cap is kept (the cap applies when adding, L35). */
export function addMana(f: Pick<PercentFaction, 'masterMag' | 'mana'>, amount: number): number {
  return Math.max(f.mana, Math.min(manaCap(f), f.mana + amount));
}

/**
 * A battle's end (L38 「전투 종료시에 「영령의 레벨」만큼의 수치가 「저장 마력」에서 소비」): a servant
 * that fought pays its level at once, so a second battle in the same turn already fights under the
 * shortage penalty the first one caused (L40). Without a servant an ordinary battle costs nothing
 * (L42): no effect then. Falling below −100 dooms the servant at this turn's end (L40), even if mana
 * comes back before it (`belowLimit`).
 */
export function battleEnd<F extends Pick<PercentFaction, 'id' | 'hasServant' | 'servantLevel' | 'mana' | 'battlesThisTurn' | 'belowLimit'>>(
  f: F,
): { faction: F; effect: UpkeepEffect | null } {
  if (!f.hasServant) return { faction: f, effect: null };
  const mana = f.mana - f.servantLevel;
  const belowLimit = f.belowLimit === true || mana < VANISH_BELOW;
  return {
    faction: { ...f, mana, battlesThisTurn: f.battlesThisTurn + 1, ...(belowLimit ? { belowLimit } : {}) },
    effect: { kind: 'battleCost', id: f.id, amount: f.servantLevel, mana },
  };
}

/**
 * Turn end for every faction. Per faction with a servant, in this order:
 * 1. Battles were paid at their end (battleEnd, L38); a fall below −100 then is remembered.
 * 2. Upkeep (L37): delta = master MAG × 2 − level + 20; added up to the cap 100 + MAG × 2 (L35),
 *    subtracted in full. Without seals the Grail's 20 stops (L49 item 2, reported once per turn
 *    as `grailStopped`); with the supply cut the master part is 0 (L49 item 1).
 * 3. Supply cut, no Independent Action, no seals left: −50 (L49 item 4; see supplyCutCostWithSeals).
 * 4. Territory of grade `autoRecoveryFromGrade` or above: + its recovery, up to the cap (L5).
 * 5. Below −100 → vanished at this turn end (L40); this also holds when a battle of this turn went
 *    below −100 and the supply lifted it again, since the servant could not stay materialised from
 *    then on (L40). Otherwise a shortage of 20 or more → `shortage` with the status penalty (L40).
 * 6. battlesThisTurn back to 0, belowLimit cleared.
 * A faction without a servant recovers MAG mana (L42), up to the same cap (L42: "그 밖의 룰은
 * 일반적인 경우와 동일"), and pays nothing for battles (L42). Vanished factions only get step 6.
 */
export function percentTurnEnd(
  factions: PercentFaction[],
  config: UpkeepConfig = DEFAULT_UPKEEP,
): { factions: PercentFaction[]; effects: UpkeepEffect[] } {
  checkConfig(config);
  const effects: UpkeepEffect[] = [];
  const next = factions.map((f) => {
    checkFaction(f);
    const r = factionTurnEnd(f, config);
    effects.push(...r.effects);
    const { belowLimit: _cleared, ...rest } = r.faction;
    return { ...rest, battlesThisTurn: 0 };
  });
  return { factions: next, effects };
}

function factionTurnEnd(f: PercentFaction, config: UpkeepConfig): { faction: PercentFaction; effects: UpkeepEffect[] } {
  if (f.vanished) return { faction: f, effects: [] };
  const id = f.id;
  if (!f.hasServant) {
    const mana = addMana(f, f.masterMag);
    return { faction: { ...f, mana }, effects: [{ kind: 'ownRecovery', id, amount: mana - f.mana, mana }] };
  }
  const effects: UpkeepEffect[] = [];
  let mana = f.mana;
  const fellBelow = f.belowLimit === true || mana < VANISH_BELOW;

  const { master, grail, level, delta } = upkeepDelta(f);
  mana = delta > 0 ? addMana({ masterMag: f.masterMag, mana }, delta) : mana + delta;
  effects.push({ kind: 'upkeep', id, master, grail, level, delta, mana });
  if (f.sealsLeft === 0) effects.push({ kind: 'grailStopped', id });

  if (f.masterSupplyCut && !f.independentAction && (f.sealsLeft === 0 || config.supplyCutCostWithSeals === true)) {
    mana -= SUPPLY_CUT_COST;
    effects.push({ kind: 'supplyCut', id, amount: SUPPLY_CUT_COST, mana });
  }

  if (f.territory !== 'none' && gradeIndex(f.territory) >= gradeIndex(config.autoRecoveryFromGrade)) {
    const before = mana;
    mana = addMana({ masterMag: f.masterMag, mana }, config.territoryRecovery[f.territory]);
    effects.push({ kind: 'territoryRecovery', id, territory: f.territory, amount: mana - before, mana });
  }

  if (fellBelow || mana < VANISH_BELOW) {
    effects.push({ kind: 'vanished', id, mana });
    return { faction: { ...f, mana, vanished: true }, effects };
  }
  const penalty = shortagePenalty(mana);
  if (penalty > 0) effects.push({ kind: 'shortage', id, mana, penalty });
  return { faction: { ...f, mana }, effects };
}

/**
 * The report line of an effect: a `war.upkeep.*` catalog key (src/i18n/messages/war.ts) and its
 * parameters; territory recovery has one key per grade (`war.upkeep.territoryRecovery.large` …).
 * `nameOf` gives the display name of a faction id.
 */
export function upkeepEffectMessage(e: UpkeepEffect, nameOf: (id: number) => string): { key: string; params: Params } {
  const key = `war.upkeep.${e.kind}`;
  const name = nameOf(e.id);
  switch (e.kind) {
    case 'battleCost':
      return { key, params: { name, amount: e.amount, mana: e.mana } };
    case 'upkeep':
      return { key, params: { name, master: e.master, grail: e.grail, level: e.level, delta: signed(e.delta), mana: e.mana } };
    case 'grailStopped':
      return { key, params: { name } };
    case 'supplyCut':
    case 'ownRecovery':
      return { key, params: { name, amount: e.amount, mana: e.mana } };
    case 'territoryRecovery':
      return { key: `${key}.${e.territory}`, params: { name, amount: e.amount, mana: e.mana } };
    case 'shortage':
      return { key, params: { name, mana: e.mana, penalty: e.penalty } };
    case 'vanished':
      return { key, params: { name, mana: e.mana } };
  }
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function gradeIndex(grade: TerritoryGrade): number {
  return TERRITORY_GRADES.indexOf(grade);
}

function checkFaction(f: PercentFaction): void {
  for (const [name, value] of [
    ['masterMag', f.masterMag],
    ['servantLevel', f.servantLevel],
    ['sealsLeft', f.sealsLeft],
    ['battlesThisTurn', f.battlesThisTurn],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be an integer >= 0, got ${value}`);
  }
  if (!Number.isSafeInteger(f.mana)) throw new RangeError(`mana must be an integer, got ${f.mana}`);
  if (f.territory !== 'none' && !TERRITORY_GRADES.includes(f.territory)) throw new RangeError(`unknown territory ${String(f.territory)}`);
}

function checkConfig(config: UpkeepConfig): void {
  for (const grade of TERRITORY_GRADES) {
    const value = config.territoryRecovery[grade];
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`territoryRecovery.${grade} must be an integer >= 0, got ${value}`);
  }
  if (!TERRITORY_GRADES.includes(config.autoRecoveryFromGrade)) {
    throw new RangeError(`unknown autoRecoveryFromGrade ${String(config.autoRecoveryFromGrade)}`);
  }
}
