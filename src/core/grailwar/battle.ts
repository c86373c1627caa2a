// Percentage Grail War ruleset: battles decided by a win rate (seed 000 L20–28) and the Command
// Seal uses around them (L43–47); digest grail-war-actions.md §2, §4. Pure: every random draw comes
// from the RandomSource passed in.
import type { RandomSource } from '../random.js';
import { CHARM_BONUS } from './actions.js';
import { GwError, STATUSES, isStatus, type Status } from './status.js';

export { GwError, gwErrorMessage, localizeParams } from './status.js';

/** At most three characters a side (L22 「3명까지」). */
export const MAX_COMBATANTS = 3;
/** Win rate per Command Seal on a servant fighting as main / as sub (L43). */
export const SEAL_MAIN_BONUS = 30;
export const SEAL_SUB_BONUS = 20;
/** Every status of the servant per seal declared before the battle (L45). */
export const SEAL_ALL_STATUS = 10;
/** Mana a seal gives the servant at any time (L46). */
export const SEAL_MANA = 120;
/** Most charms or seals accepted in one modifier field. */
export const MAX_MODIFIER_COUNT = 20;
/** Largest GM / skill modifier accepted, in % either way. */
export const MAX_OTHER = 1000;

export interface Combatant {
  factionId: number;
  name: string;
  /** 'other': summoned familiars and the like (L47 「소환수」) */
  kind: 'servant' | 'master' | 'other';
  level: number;
  statuses: Record<Status, number>;
  role: 'main' | 'sub';
}

/** Base win rate by the comparison of the three statuses (L27), from our point of view. */
export interface BattleTable {
  threeLose: number;
  oneDrawTwoLose: number;
  oneWinTwoLose: number;
  twoDrawOneLose: number;
  threeDraw: number;
  twoDrawOneWin: number;
  twoWinOneLose: number;
  oneDrawTwoWin: number;
  threeWin: number;
  /** 1 win 1 draw 1 lose: missing in the seed's table, default 50 (symmetric reading), GM-configurable */
  oneEach: number;
}
export type TableRow = keyof BattleTable;

export const TABLE_ROWS: readonly TableRow[] = [
  'threeLose',
  'oneDrawTwoLose',
  'oneWinTwoLose',
  'twoDrawOneLose',
  'oneEach',
  'threeDraw',
  'twoDrawOneWin',
  'twoWinOneLose',
  'oneDrawTwoWin',
  'threeWin',
];

/** L27: 0 / 20 / 30 / 40 / 50 / 60 / 70 / 80 / 100, and 50 for the row the seed leaves out. */
export const DEFAULT_TABLE: BattleTable = {
  threeLose: 0,
  oneDrawTwoLose: 20,
  oneWinTwoLose: 30,
  twoDrawOneLose: 40,
  threeDraw: 50,
  twoDrawOneWin: 60,
  twoWinOneLose: 70,
  oneDrawTwoWin: 80,
  threeWin: 100,
  oneEach: 50,
};

export type StatusResult = 'win' | 'draw' | 'lose';

function isInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

function checkSide(side: Combatant[]): void {
  if (side.length === 0) throw new GwError('gw.error.emptySide');
  if (side.length > MAX_COMBATANTS) throw new GwError('gw.error.tooManyCombatants', { count: side.length, max: MAX_COMBATANTS });
  const mains = side.filter((c) => c.role === 'main').length;
  if (mains !== 1) throw new GwError('gw.error.mainCount', { count: mains });
  for (const c of side) {
    if (!isInt(c.level) || c.level < 0) throw new GwError('gw.error.level', { level: String(c.level), min: 0, max: 999 });
    for (const s of STATUSES) {
      const v = c.statuses[s];
      if (!isInt(v) || v < 0) throw new GwError('gw.error.statusValue', { name: c.name, status: s, value: String(v) });
    }
  }
}

/**
 * A side's war power (전력) for one status (L22): the main combatant's status + (the sum of the sub
 * combatants' statuses ÷ 2). 1 to 3 combatants with exactly one main (GwError
 * `gw.error.emptySide` / `gw.error.tooManyCombatants` / `gw.error.mainCount`).
 * Rounding: the subs' **sum** is halved and rounded down (25 + 26 → 25), so war power stays an
 * integer and every point of it is the 1 % of L28.
 */
function warPower(side: Combatant[], status: Status): number {
  checkSide(side);
  let main = 0;
  let subs = 0;
  for (const c of side) {
    if (c.role === 'main') main += c.statuses[status];
    else subs += c.statuses[status];
  }
  return main + Math.floor(subs / 2);
}

/**
 * Step 3 of a battle (L25): the last status is drawn with 1d4 from the four left after the player's
 * and the enemy's picks, in STATUSES order. The two picks must differ: L25 draws from 「나머지
 * 4개」, the remaining four, which only exist when two different statuses were picked (GwError
 * `gw.error.samePick`). A seal's redraw (L44 「다시 할 수 있습니다」) is another call: a redo of the
 * same draw, which may land on the same status again.
 */
export function drawThirdStatus(picked: [Status, Status], rng: RandomSource): Status {
  const [a, b] = picked;
  if (!isStatus(a)) throw new GwError('gw.error.unknownStatus', { status: String(a) });
  if (!isStatus(b)) throw new GwError('gw.error.unknownStatus', { status: String(b) });
  if (a === b) throw new GwError('gw.error.samePick', { status: a });
  const rest = STATUSES.filter((s) => s !== a && s !== b);
  return rest[rng.die(rest.length) - 1]!;
}

export interface SideModifiers {
  /** reinforcement charms consumed, +5 % each (L4) */
  charms: number;
  /** seals spent for win rate on a main servant (+30 % each) and a sub servant (+20 % each) (L43) */
  seals: { main: number; sub: number };
  /** seals declared before the battle: +10 to every status of the side's servant per seal (L45) */
  allStatusSeals: number;
}

export interface BattleModifiers extends SideModifiers {
  /** GM ruling / skills, in % */
  other: number;
  /** the enemy's charms and seals, which count against our rate; none when left out */
  enemy?: Partial<SideModifiers>;
}

export const NO_MODIFIERS: BattleModifiers = { charms: 0, seals: { main: 0, sub: 0 }, allStatusSeals: 0, other: 0 };

/** The two sides of a battle: the first side (the player's, or whoever moves first, L28) and the other. */
export type Seat = 'ours' | 'theirs';

export interface BattleOdds {
  statuses: [Status, Status, Status];
  powers: { status: Status; ours: number; theirs: number; result: StatusResult }[];
  /** the table row of the comparison */
  row: TableRow;
  base: number;
  /** our total war power over the three statuses − theirs: +1 % per point (L28) */
  totalDiff: number;
  /** our max Lv − their max Lv: positive when ours is higher, negative when theirs is (L28) */
  levelBonus: number;
  /** the rate before charms and seals, clamped 0–100: base + totalDiff + levelBonus + other */
  before: number;
  /** charms: (ours − theirs) × 5 % */
  charms: number;
  /** win-rate seals: ours − theirs, 30 % main / 20 % sub */
  seals: number;
  /** what each side's own charms and seals add to its own rate (`charms` and `seals` are ours − theirs) */
  items: Record<Seat, { charms: number; seals: number }>;
  other: number;
  /** the final rate, clamped 0–100 */
  rate: number;
}

function clampPercent(n: number): number {
  return Math.min(100, Math.max(0, n));
}

function checkCount(name: string, n: number): void {
  if (!isInt(n) || n < 0 || n > MAX_MODIFIER_COUNT) {
    throw new GwError('gw.error.modifier', { name, value: String(n), max: MAX_MODIFIER_COUNT });
  }
}

function sideModifiers(m: Partial<SideModifiers> | undefined, prefix: string): SideModifiers {
  const out: SideModifiers = {
    charms: m?.charms ?? 0,
    seals: { main: m?.seals?.main ?? 0, sub: m?.seals?.sub ?? 0 },
    allStatusSeals: m?.allStatusSeals ?? 0,
  };
  checkCount(`${prefix}charms`, out.charms);
  checkCount(`${prefix}seals.main`, out.seals.main);
  checkCount(`${prefix}seals.sub`, out.seals.sub);
  checkCount(`${prefix}allStatusSeals`, out.allStatusSeals);
  return out;
}

/**
 * The side's servants that a seal of its faction reaches: servants of the main combatant's faction
 * (the player's faction on our side). +10 per all-status seal (L45) goes to every one of them
 * (normally exactly one); none → GwError `gw.error.noServantForSeal`.
 */
function withAllStatusSeals(side: Combatant[], seals: number): Combatant[] {
  if (seals === 0) return side;
  const faction = side.find((c) => c.role === 'main')!.factionId;
  const isOwnServant = (c: Combatant) => c.kind === 'servant' && c.factionId === faction;
  if (!side.some(isOwnServant)) throw new GwError('gw.error.noServantForSeal');
  const bonus = seals * SEAL_ALL_STATUS;
  return side.map((c) => {
    if (!isOwnServant(c)) return c;
    const statuses = { ...c.statuses };
    for (const s of STATUSES) statuses[s] += bonus;
    return { ...c, statuses };
  });
}

/** Win-rate seals (L43): a main seal needs a servant as main, a sub seal a servant as sub. */
function sealBonus(side: Combatant[], seals: { main: number; sub: number }): number {
  if (seals.main > 0 && !side.some((c) => c.role === 'main' && c.kind === 'servant')) {
    throw new GwError('gw.error.sealNotServant.main');
  }
  if (seals.sub > 0 && !side.some((c) => c.role === 'sub' && c.kind === 'servant')) {
    throw new GwError('gw.error.sealNotServant.sub');
  }
  return seals.main * SEAL_MAIN_BONUS + seals.sub * SEAL_SUB_BONUS;
}

function rowOf(wins: number, draws: number, loses: number): TableRow {
  if (wins === 1 && draws === 1 && loses === 1) return 'oneEach';
  if (wins === 3) return 'threeWin';
  if (draws === 3) return 'threeDraw';
  if (loses === 3) return 'threeLose';
  if (wins === 2) return draws === 1 ? 'oneDrawTwoWin' : 'twoWinOneLose';
  if (loses === 2) return draws === 1 ? 'oneDrawTwoLose' : 'oneWinTwoLose';
  return wins === 1 ? 'twoDrawOneWin' : 'twoDrawOneLose'; // two draws
}

function checkTable(table: BattleTable): void {
  for (const row of TABLE_ROWS) {
    const v = table[row];
    if (!isInt(v) || v < 0 || v > 100) throw new GwError('gw.error.table', { row, value: String(v) });
  }
}

function maxLevel(side: Combatant[]): number {
  return Math.max(...side.map((c) => c.level));
}

/**
 * The win rate of `ours` (the first side: the player, or whoever moves first, L28 「자기 진영 혹은
 * 선수 관점」) against `theirs`, on three different statuses (L25):
 * 1. all-status seals (L45) raise the statuses first (they are declared before the battle);
 * 2. war power per status (warPower, L22) → win / draw / lose → the table's base rate (L27);
 * 3. + our total war power over the three statuses − theirs, 1 % per point (L28);
 * 4. + the level bonus (L28): the maximum level of every combatant on a side (masters included) is
 *    compared; the higher side gets the difference, so it is + when ours is higher, − when theirs is;
 * 5. + other (GM / skills); this is the win rate before items, clamped 0–100 (`before`);
 * 6. then charms (+5 % each, L4 「최종 승률에」) and win-rate seals (+30 % main / +20 % sub, L43
 *    「최종 승률이 나온 시점에」), the enemy's counting against us, are added to that final rate and
 *    the result is clamped 0–100 again (the seed gives no clamp; a seal on a shown 0 % gives 30 %).
 */
export function battleOdds(
  ours: Combatant[],
  theirs: Combatant[],
  statuses: [Status, Status, Status],
  mods: BattleModifiers,
  table: BattleTable = DEFAULT_TABLE,
): BattleOdds {
  checkSide(ours);
  checkSide(theirs);
  checkTable(table);
  for (const s of statuses) if (!isStatus(s)) throw new GwError('gw.error.unknownStatus', { status: String(s) });
  if (new Set(statuses).size !== 3) throw new GwError('gw.error.statusesDistinct');
  const our = sideModifiers(mods, '');
  const their = sideModifiers(mods.enemy, 'enemy.');
  if (!isInt(mods.other) || Math.abs(mods.other) > MAX_OTHER) {
    throw new GwError('gw.error.otherModifier', { value: String(mods.other), max: MAX_OTHER });
  }

  const a = withAllStatusSeals(ours, our.allStatusSeals);
  const b = withAllStatusSeals(theirs, their.allStatusSeals);
  const powers = statuses.map((status) => {
    const o = warPower(a, status);
    const t = warPower(b, status);
    const result: StatusResult = o > t ? 'win' : o < t ? 'lose' : 'draw';
    return { status, ours: o, theirs: t, result };
  });
  const count = (r: StatusResult) => powers.filter((p) => p.result === r).length;
  const row = rowOf(count('win'), count('draw'), count('lose'));
  const base = table[row];
  const totalDiff = powers.reduce((sum, p) => sum + p.ours - p.theirs, 0);
  const levelBonus = maxLevel(ours) - maxLevel(theirs);
  const before = clampPercent(base + totalDiff + levelBonus + mods.other);
  const items = {
    ours: { charms: our.charms * CHARM_BONUS, seals: sealBonus(ours, our.seals) },
    theirs: { charms: their.charms * CHARM_BONUS, seals: sealBonus(theirs, their.seals) },
  };
  const charms = items.ours.charms - items.theirs.charms;
  const seals = items.ours.seals - items.theirs.seals;
  const rate = clampPercent(before + charms + seals);
  return { statuses: [...statuses], powers, row, base, totalDiff, levelBonus, before, charms, seals, items, other: mods.other, rate };
}

/** The table row the other side reads for the same comparison: its superior statuses are our inferior ones. */
const MIRRORED_ROW: Record<TableRow, TableRow> = {
  threeLose: 'threeWin',
  oneDrawTwoLose: 'oneDrawTwoWin',
  oneWinTwoLose: 'twoWinOneLose',
  twoDrawOneLose: 'twoDrawOneWin',
  oneEach: 'oneEach',
  threeDraw: 'threeDraw',
  twoDrawOneWin: 'twoDrawOneLose',
  twoWinOneLose: 'oneWinTwoLose',
  oneDrawTwoWin: 'oneDrawTwoLose',
  threeWin: 'threeLose',
};

/** −n, never −0 */
const negate = (n: number): number => (n === 0 ? 0 : -n);

const FLIPPED: Record<StatusResult, StatusResult> = { win: 'lose', draw: 'draw', lose: 'win' };

/**
 * The same battle from one side's point of view (L28 「승률은 자기 진영 혹은 선수 관점」: a win rate is
 * read from one's own side): `ours` is `odds` as computed (the first side's); `theirs` swaps the two
 * sides' war powers, turns each superior status into an inferior one and back, mirrors the table row,
 * and turns every modifier and rate into what it is for the other side. One roll decides the battle
 * (the first side wins on `rate` or less), so the other side's rates are 100 − ours: its base is what
 * our base leaves it — in the seed's table exactly the mirrored row's value (30 ↔ 70, 20 ↔ 80 …; a GM
 * may configure an asymmetric table, and the roll still follows the first side's row) — and the clamps
 * to 0–100 hold the same from either side.
 */
export function oddsFor(odds: BattleOdds, seat: Seat): BattleOdds {
  if (seat === 'ours') return odds;
  return {
    statuses: odds.statuses,
    powers: odds.powers.map((p) => ({ status: p.status, ours: p.theirs, theirs: p.ours, result: FLIPPED[p.result] })),
    row: MIRRORED_ROW[odds.row],
    base: 100 - odds.base,
    totalDiff: negate(odds.totalDiff),
    levelBonus: negate(odds.levelBonus),
    before: 100 - odds.before,
    charms: negate(odds.charms),
    seals: negate(odds.seals),
    items: { ours: odds.items.theirs, theirs: odds.items.ours },
    other: negate(odds.other),
    rate: 100 - odds.rate,
  };
}

/** The battle roll (L25 step 5): 1d100 ≤ rate wins. A bewitching charm cannot reroll it (L4). */
export function rollBattle(odds: BattleOdds, rng: RandomSource): { roll: number; win: boolean } {
  const roll = rng.die(100);
  return { roll, win: roll <= odds.rate };
}

/**
 * Seals the losing side needs to retreat instead of dropping out (L47): one per combatant; summoned
 * familiars and the like (kind 'other', 「소환수」) need none and can be summoned again later. A
 * willing ally may pay them (L47); without seals or other means the faction is defeated.
 */
export function retreatSealsNeeded(losers: Combatant[]): number {
  return losers.filter((c) => c.kind !== 'other').length;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * The breakdown of battle odds as catalog lines (`gw.odds.*`, `gw.row.*`, `gw.result.*`), for a
 * renderer: one line per status, the table row, each modifier that is not 0, and the rate. The
 * `status` and `row` parameters hold keys: pass the params through localizeParams() before t().
 * Both sides' numbers in plain values: the GM's whole breakdown. What each side of a battle reads
 * is built with its owners by services/war/battle-view.ts (oddsLines), not from this.
 */
export function battleOddsParts(odds: BattleOdds): { key: string; params: Record<string, string | number> }[] {
  const lines: { key: string; params: Record<string, string | number> }[] = odds.powers.map((p) => ({
    key: `gw.odds.status.${p.result}`,
    params: { status: p.status, ours: p.ours, theirs: p.theirs },
  }));
  lines.push({ key: 'gw.odds.base', params: { row: odds.row, value: odds.base } });
  if (odds.totalDiff !== 0) lines.push({ key: 'gw.odds.totalDiff', params: { value: signed(odds.totalDiff) } });
  if (odds.levelBonus !== 0) lines.push({ key: 'gw.odds.levelBonus', params: { value: signed(odds.levelBonus) } });
  if (odds.other !== 0) lines.push({ key: 'gw.odds.other', params: { value: signed(odds.other) } });
  if (odds.charms !== 0 || odds.seals !== 0) lines.push({ key: 'gw.odds.before', params: { value: odds.before } });
  if (odds.charms !== 0) lines.push({ key: 'gw.odds.charms', params: { value: signed(odds.charms) } });
  if (odds.seals !== 0) lines.push({ key: 'gw.odds.seals', params: { value: signed(odds.seals) } });
  lines.push({ key: 'gw.odds.rate', params: { value: odds.rate } });
  return lines;
}
