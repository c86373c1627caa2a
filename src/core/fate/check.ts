// A check planned from a character sheet: which pools to roll, as a dice expression for the dice
// engine (seed 001 <基本ルール> L33–41, <ステータス> L862–879, <+と−> L893–915, <スキル> L922;
// digest fate-roll-dice-sheets.md §1.7 steps 1, 2, 5, 7).
//
// What is automated and what is not:
// - "+" marks are used only when the request says so (activateMarks); the HP/MP they cost
//   (pay mode, L901) is reported in `cost` and `notes`, and the caller charges it.
// - "−" marks apply by default (a pay-mode "−" is in effect unless paid, L908; a condition-mode
//   "−" holds more often than not, L909); `minusMarks: false` means the player paid (cost
//   reported) or the condition does not hold.
// - Whether a condition holds is the player's/GM's call, never the bot's.
import { DICE_LIMITS } from '../dice/limits.js';
import { FateError } from './errors.js';
import { rankCheckPool } from './sheet/derive.js';
import { LEVEL, type CharacterSheet, type Graded, type SkillEntry } from './sheet/types.js';
import { STATUS_LABELS, type CheckStatus } from './status-names.js';

export interface CheckRequest {
  /** a status, the rank-level pseudo-status, or null for a skill-only check (L40) */
  status: CheckStatus | null;
  /** skill names as the player typed them, resolved by findSkill (dice-plus, L37) */
  skills: string[];
  /** flat achievement bonus / penalty (0–99 each) */
  plus: number;
  minus: number;
  /** voluntary reduction (L36): fewer dice on the status pool (or the first pool) … */
  lowerDice: number;
  /** … and a lower threshold on every pool */
  lowerThreshold: number;
  /** target number: success when achievement ≥ target (digest §15.1) */
  target: number | null;
  /** use the "+" marks (L897–902); for an EX status its implicit "+": +14 achievement for 14 MP (L867–868) */
  activateMarks?: boolean;
  /** default true: the "−" marks apply (L904–909); false = paid for (cost reported) or the condition does not hold */
  minusMarks?: boolean;
  /**
   * 魔力放出 named among the skills (L1150): the MP spent before the check, added to its achievement
   * (1 to the skill level; absent = the level). It rolls no dice.
   */
  burst?: number | null;
}

export interface PoolSpec {
  source: 'status' | 'skill' | 'rank';
  /** what the sheet calls it: 筋力, 魔術・宝石… (the status in Japanese; see `status` to localize) */
  label: string;
  status?: CheckStatus;
  dice: number;
  threshold: number;
  /** automatic successes: every die of a pool whose threshold is 6 succeeds (EX, L867; skill EX, L922) */
  auto: number;
}

export interface CheckNote {
  key: string;
  params: Record<string, string | number>;
}

export interface CheckCost {
  /** owed by "+" (pay mode) and paid-off "−" marks: HP or MP, the player chooses when paying (L901, L908) */
  hpOrMp: number;
  /** owed by an EX status's implicit "+": MP only (L868) */
  mp: number;
}

export interface CheckPlan {
  /**
   * for evaluateDice, e.g. "8d6<=4+3d6<=3+2-1"; EX status → "14d6<=6", EX skill → "7d6<=6".
   * Without the target: append `>=${target}` to have the dice engine judge it (achievement ≥ target, digest §15.1).
   */
  expression: string;
  pools: PoolSpec[];
  /** plus − minus (+14 for an activated EX "+") */
  modifier: number;
  target: number | null;
  cost: CheckCost;
  notes: CheckNote[];
}

export const CHECK_LIMITS = {
  maxSkills: 8,
  maxModifier: 99,
  maxLower: 99,
  maxTarget: 999,
} as const;

/** EX read as a level (L867: 14 dice, all succeed) */
const EX_LEVEL = 6;
/** EX status's implicit "+": +14 achievement, paid with MP only; 14 by analogy with the pay mode (digest §15.4) */
export const EX_PLUS_BONUS = 14;

export type SkillFinder = (sheet: CharacterSheet, name: string) => SkillEntry | undefined;

interface Draft extends PoolSpec {
  graded: Graded | null;
}

export function planCheck(sheet: CharacterSheet, req: CheckRequest, findSkill: SkillFinder): CheckPlan {
  checkInt('plus', req.plus, 0, CHECK_LIMITS.maxModifier);
  checkInt('minus', req.minus, 0, CHECK_LIMITS.maxModifier);
  checkInt('lowerDice', req.lowerDice, 0, CHECK_LIMITS.maxLower);
  checkInt('lowerThreshold', req.lowerThreshold, 0, CHECK_LIMITS.maxLower);
  if (req.target !== null) checkInt('target', req.target, 0, CHECK_LIMITS.maxTarget);
  if (req.skills.length > CHECK_LIMITS.maxSkills) {
    throw new FateError('fate.error.tooManySkills', { max: CHECK_LIMITS.maxSkills });
  }
  if (req.status === null && req.skills.length === 0) throw new FateError('fate.error.emptyCheck');

  const notes: CheckNote[] = [];
  const cost: CheckCost = { hpOrMp: 0, mp: 0 };
  let modifier = req.plus - req.minus;
  const drafts: Draft[] = [];

  // 1. Pools (sheets digest §1.7 step 1)
  if (req.status === 'rank') {
    drafts.push(rankPool(sheet, notes));
  } else if (req.status !== null) {
    drafts.push(statusPool(sheet, req.status));
  }
  const seen = new Set<SkillEntry>();
  let burst = false;
  for (const raw of req.skills) {
    const name = raw.trim();
    if (name === '') throw new FateError('fate.error.emptyCheck');
    const entry = findSkill(sheet, name);
    if (entry === undefined) throw new FateError('fate.error.unknownSkill', { skill: name });
    if (seen.has(entry)) throw new FateError('fate.error.duplicateSkill', { skill: entry.name });
    seen.add(entry);
    if (isManaBurst(entry)) {
      modifier += manaBurst(entry, req, cost, notes);
      burst = true;
      continue;
    }
    drafts.push(skillPool(entry));
  }
  if (!burst && req.burst != null) throw new FateError('fate.error.burstWithoutSkill');
  if (drafts.length === 0) throw new FateError('fate.error.emptyCheck');

  // 2. Marks (step 2), EX "+" (step 5)
  for (const pool of drafts) {
    if (pool.graded !== null) modifier += applyMarks(pool, pool.graded, req, cost, notes);
  }

  // Voluntary reduction (L36): after the marks, on the dice actually rolled.
  if (req.lowerDice > 0) {
    const pool = drafts.find((p) => p.source !== 'skill') ?? drafts[0]!;
    pool.dice = Math.max(0, pool.dice - req.lowerDice);
  }
  if (req.lowerThreshold > 0) {
    for (const pool of drafts) pool.threshold = Math.max(1, pool.threshold - req.lowerThreshold);
  }
  if (req.lowerDice > 0 || req.lowerThreshold > 0) {
    for (const pool of drafts) {
      notes.push({ key: 'fate.note.lowered', params: { label: pool.label, dice: pool.dice, threshold: pool.threshold } });
    }
  }
  const pools: PoolSpec[] = drafts
    .filter((p) => p.dice > 0)
    .map(({ graded: _graded, ...spec }) => ({ ...spec, auto: spec.threshold >= 6 ? spec.dice : 0 }));
  if (pools.length === 0) throw new FateError('fate.error.reducedToNothing');
  for (const pool of pools) {
    if (pool.auto > 0) notes.push({ key: 'fate.note.exAuto', params: { label: pool.label, count: pool.auto } });
  }

  const expression = buildExpression(pools, req, modifier);
  const dice = pools.reduce((sum, p) => sum + p.dice, 0);
  const withTarget = req.target === null ? expression.length : expression.length + 2 + String(req.target).length;
  if (dice > DICE_LIMITS.maxDice || withTarget > DICE_LIMITS.maxLength) {
    throw new FateError('fate.error.checkTooLarge', { dice, max: DICE_LIMITS.maxDice });
  }
  return { expression, pools, modifier, target: req.target, cost, notes };
}

/** Status pool: 2×L dice ≤ L (L864–865); EX: 14 dice ≤ 6, i.e. 14 automatic successes (L867). */
function statusPool(sheet: CharacterSheet, status: Exclude<CheckStatus, 'rank'>): Draft {
  const graded = sheet.statuses[status];
  const label = STATUS_LABELS[status].ja;
  if (graded === undefined || graded.grade === '-') throw new FateError('fate.error.statusNone', { status });
  if (graded.grade === '??') throw new FateError('fate.error.unknownLevel', { name: label });
  const level = LEVEL[graded.grade];
  const ex = level === EX_LEVEL;
  return { source: 'status', label, status, dice: ex ? 14 : 2 * level, threshold: level, auto: 0, graded };
}

/** 魔力放出 (Mana Burst, L1150): its effect is MP turned into achievement, not a dice-plus. */
function isManaBurst(entry: SkillEntry): boolean {
  return entry.id === 'mana-burst' || entry.name.replace(/\s/g, '').startsWith('魔力放出');
}

/** The checks 魔力放出 adds to: those of the body (STR, END, AGI) and of magic (MAG), L1150. */
const BURST_STATUSES: readonly CheckStatus[] = ['str', 'end', 'agi', 'mag'];

/**
 * 魔力放出 (L1150): before acting, spend up to its level in MP; the MP spent is added to the
 * achievement of a check of the body or of magic. Paid with MP like EX's "+" (`cost.mp`).
 */
function manaBurst(entry: SkillEntry, req: CheckRequest, cost: CheckCost, notes: CheckNote[]): number {
  const grade = entry.level.grade;
  if (grade === '-') throw new FateError('fate.error.skillNone', { skill: entry.name });
  if (grade === '??') throw new FateError('fate.error.unknownLevel', { name: entry.name });
  if (req.status === null || !BURST_STATUSES.includes(req.status)) throw new FateError('fate.error.burstStatus', { skill: entry.name });
  const level = LEVEL[grade];
  const amount = req.burst ?? level;
  if (!Number.isInteger(amount) || amount < 1 || amount > level) throw new FateError('fate.error.burstRange', { skill: entry.name, max: level });
  cost.mp += amount;
  notes.push({ key: 'fate.note.manaBurst', params: { label: entry.name, amount } });
  return amount;
}

/** Skill pool: L dice ≤ L, EX 7 dice ≤ 6 (L922: "EX = 14÷2 = 7"). */
function skillPool(entry: SkillEntry): Draft {
  const grade = entry.level.grade;
  if (grade === '-') throw new FateError('fate.error.skillNone', { skill: entry.name });
  if (grade === '??') throw new FateError('fate.error.unknownLevel', { name: entry.name });
  const level = LEVEL[grade];
  const ex = level === EX_LEVEL;
  return { source: 'skill', label: entry.name, dice: ex ? 7 : level, threshold: level, auto: 0, graded: entry.level };
}

/**
 * Rank-level check (L878–879): a master (and a troop, whose R is its level) uses R, a servant R − 6,
 * as a status level: 2×L dice ≤ L; at 6 it is 12 dice ≤ 5, not EX. A level above 6 (growth) is
 * read as 6. No marks: the rank level has none.
 */
function rankPool(sheet: CharacterSheet, notes: CheckNote[]): Draft {
  const rank = sheet.rank.level;
  const raw = sheet.type === 'servant' ? rank - 6 : rank;
  if (!Number.isInteger(raw) || raw < 1) throw new FateError('fate.error.rankTooLow', { level: raw });
  const level = Math.min(raw, EX_LEVEL);
  notes.push({ key: 'fate.note.rankCheck', params: { level } });
  const label = STATUS_LABELS.rank.ja;
  return { source: 'rank', label, status: 'rank', ...rankCheckPool(level), auto: 0, graded: null };
}

/** Applies "+" (dice × (1+n), L897–898) and "−" (ceil(dice ÷ (1+n)), L904–905); returns achievement added. */
function applyMarks(pool: Draft, graded: Graded, req: CheckRequest, cost: CheckCost, notes: CheckNote[]): number {
  const plus = graded.marks.filter((m) => m.sign === '+');
  const minus = graded.marks.filter((m) => m.sign === '-');
  let bonus = 0;
  const exStatus = pool.source === 'status' && graded.grade === 'EX';
  if (req.activateMarks === true) {
    if (exStatus) {
      // EX takes no "+"; instead +14 achievement, MP only (L867–868).
      bonus = EX_PLUS_BONUS;
      cost.mp += EX_PLUS_BONUS;
      notes.push({ key: 'fate.note.exPlusCost', params: { label: pool.label, amount: EX_PLUS_BONUS } });
    } else if (plus.length > 0) {
      const added = pool.dice * plus.length;
      pool.dice += added;
      if (plus.some((m) => m.mode === 'pay')) {
        cost.hpOrMp += added; // "増加するダイス数" points of HP or MP, before the check (L901)
        notes.push({ key: 'fate.note.plusCost', params: { label: pool.label, marks: plus.length, amount: added } });
      } else {
        notes.push({ key: 'fate.note.plusCondition', params: { label: pool.label, condition: conditions(plus) } });
      }
    }
  }
  if (minus.length > 0) {
    const reduced = Math.ceil(pool.dice / (1 + minus.length));
    const removed = pool.dice - reduced;
    if (req.minusMarks !== false) {
      pool.dice = reduced;
      notes.push({ key: 'fate.note.minusApplied', params: { label: pool.label, marks: minus.length, removed } });
    } else if (minus.some((m) => m.mode === 'pay')) {
      cost.hpOrMp += removed; // "減少するダイス数" points of HP or MP, before the check (L908)
      notes.push({ key: 'fate.note.minusPaid', params: { label: pool.label, amount: removed } });
    } else {
      notes.push({ key: 'fate.note.minusAvoided', params: { label: pool.label, condition: conditions(minus) } });
    }
  }
  return bonus;
}

function conditions(marks: Graded['marks']): string {
  const text = marks.map((m) => m.condition?.trim() ?? '').filter((c) => c !== '');
  return text.length === 0 ? '—' : [...new Set(text)].join(' / ');
}

function buildExpression(pools: PoolSpec[], req: CheckRequest, modifier: number): string {
  let text = pools.map((p) => `${p.dice}d6<=${p.threshold}`).join('+');
  const bonus = modifier - req.plus + req.minus; // the EX "+"
  if (req.plus > 0) text += `+${req.plus}`;
  if (bonus > 0) text += `+${bonus}`;
  if (req.minus > 0) text += `-${req.minus}`;
  // A lone one-die pool would be read as a pass/fail on the face (1d100<=50); keep it a count.
  if (pools.length === 1 && pools[0]!.dice === 1 && text === `1d6<=${pools[0]!.threshold}` && req.target === null) {
    text += '+0';
  }
  return text;
}

function checkInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new FateError('fate.error.outOfRange', { name, min, max });
  }
}
