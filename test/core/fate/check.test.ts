import { describe, expect, it } from 'vitest';
import { evaluateDice } from '../../../src/core/dice/index.js';
import { planCheck, type CheckRequest } from '../../../src/core/fate/check.js';
import { FateError } from '../../../src/core/fate/errors.js';
import type { CharacterSheet, Grade, Graded, Mark, SkillEntry } from '../../../src/core/fate/sheet/types.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import { caught } from '../../helpers/caught.js';

function graded(grade: Grade | '??', marks: Mark[] = []): Graded {
  return { grade, marks };
}
const pay = (sign: '+' | '-'): Mark => ({ sign, mode: 'pay' });
const cond = (sign: '+' | '-', condition: string): Mark => ({ sign, mode: 'condition', condition });

function skill(name: string, level: Graded): SkillEntry {
  return { name, section: 'personal', level, fpPerLevel: 2, fpSpent: 0, details: '' };
}

/** A Saber-like servant: STR B, END C, AGI B, MAG C, LUK D, NP C; R 10. */
function servant(overrides: Partial<CharacterSheet> = {}): CharacterSheet {
  return {
    schema: 'fate-roll-dice/sheet@1',
    id: 'saber',
    type: 'servant',
    name: 'セイバー',
    alignment: { purpose: '秩序', conduct: '善' },
    rank: { names: ['a', 'b', 'c', 'd'], level: 10 },
    fp: { total: 60, spent: 60, remaining: 0 },
    statuses: {
      str: graded('B'),
      end: graded('C'),
      agi: graded('B'),
      mag: graded('C'),
      luk: graded('D'),
      np: graded('C'),
    },
    skills: [skill('魔術・宝石', graded('C')), skill('直感', graded('B')), skill('対魔力', graded('E'))],
    noblePhantasms: [],
    gear: [],
    combos: [],
    background: {},
    ...overrides,
  };
}

function withStatus(sheet: CharacterSheet, key: 'str' | 'luk' | 'mag', value: Graded): CharacterSheet {
  return { ...sheet, statuses: { ...sheet.statuses, [key]: value } };
}

const findSkill = (sheet: CharacterSheet, name: string): SkillEntry | undefined =>
  sheet.skills.find((s) => s.name === name);

const base: CheckRequest = { status: null, skills: [], plus: 0, minus: 0, lowerDice: 0, lowerThreshold: 0, target: null };
const req = (r: Partial<CheckRequest>): CheckRequest => ({ ...base, ...r });

const fateError = (fn: () => unknown): FateError => caught(fn, FateError);

describe('planCheck: pools (seed 001 L33–41, L862–879, L922)', () => {
  it('status B rolls 8 dice, 4 or less (seed L864–865)', () => {
    const plan = planCheck(servant(), req({ status: 'str' }), findSkill);
    expect(plan.expression).toBe('8d6<=4');
    expect(plan.pools).toEqual([{ source: 'status', label: '筋力', status: 'str', dice: 8, threshold: 4, auto: 0 }]);
  });

  it('status + skill pools keep their own dice and thresholds, plus flat modifiers (seed L35, L37, L922)', () => {
    const plan = planCheck(servant(), req({ status: 'str', skills: ['魔術・宝石'], plus: 2, minus: 1 }), findSkill);
    expect(plan.expression).toBe('8d6<=4+3d6<=3+2-1');
    expect(plan.modifier).toBe(1);
    // the seed's worked example: status 3 successes + skill 2 successes
    const r = evaluateDice(plan.expression, scriptedRandom([1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]));
    expect(r.value).toBe(3 + 2 + 2 - 1);
  });

  it('a skill-only check (seed L40); a lone E skill stays an achievement count, not a pass/fail on the face', () => {
    expect(planCheck(servant(), req({ skills: ['直感'] }), findSkill).expression).toBe('4d6<=4');
    const plan = planCheck(servant(), req({ skills: ['対魔力'] }), findSkill);
    expect(plan.expression).toBe('1d6<=1+0');
    const r = evaluateDice(plan.expression, scriptedRandom([1]));
    expect(r.kind).toBe('count');
    expect(r.value).toBe(1);
  });

  it('EX status is 14 dice ≤6, 14 automatic successes (seed L867); EX skill 7 dice ≤6 (seed L922)', () => {
    const sheet = servant({
      statuses: { ...servant().statuses, str: graded('EX') },
      skills: [skill('怪力', graded('EX'))],
    });
    const plan = planCheck(sheet, req({ status: 'str', skills: ['怪力'] }), findSkill);
    expect(plan.expression).toBe('14d6<=6+7d6<=6');
    expect(plan.pools.map((p) => p.auto)).toEqual([14, 7]);
    expect(evaluateDice(plan.expression, seededRandom(1)).value).toBe(21);
    expect(plan.notes.filter((n) => n.key === 'fate.note.exAuto')).toHaveLength(2);
  });

  it('EX status "+" treatment: +14 achievement, paid with 14 MP only (seed L867–868, digest §15.4)', () => {
    const sheet = withStatus(servant(), 'str', graded('EX'));
    const plan = planCheck(sheet, req({ status: 'str', activateMarks: true, plus: 1 }), findSkill);
    expect(plan.expression).toBe('14d6<=6+1+14');
    expect(plan.modifier).toBe(15);
    expect(plan.cost).toEqual({ hpOrMp: 0, mp: 14 });
    expect(evaluateDice(plan.expression, seededRandom(2)).value).toBe(29);
  });

  it('rank-level check: master R, servant R−6; level 6 is 12 dice ≤5, not EX (seed L878–879)', () => {
    expect(planCheck(servant(), req({ status: 'rank' }), findSkill).expression).toBe('8d6<=4'); // R10 → 4
    expect(planCheck(servant({ rank: { names: [], level: 12 } }), req({ status: 'rank' }), findSkill).expression).toBe(
      '12d6<=5',
    );
    const master = servant({ type: 'master', rank: { names: [], level: 3 } });
    expect(planCheck(master, req({ status: 'rank' }), findSkill).expression).toBe('6d6<=3');
    expect(planCheck({ ...master, rank: { names: [], level: 6 } }, req({ status: 'rank' }), findSkill).expression).toBe(
      '12d6<=5',
    );
    const troop = servant({ type: 'troop', rank: { names: [], level: 2 } });
    expect(planCheck(troop, req({ status: 'rank' }), findSkill).expression).toBe('4d6<=2');
    expect(fateError(() => planCheck(servant({ rank: { names: [], level: 6 } }), req({ status: 'rank' }), findSkill)).key).toBe(
      'fate.error.rankTooLow',
    );
  });

  it('a status at "−" (level 0) cannot roll, nor a status the sheet lacks (seed L862, digest §3.1)', () => {
    const e = fateError(() => planCheck(withStatus(servant(), 'mag', graded('-')), req({ status: 'mag' }), findSkill));
    expect(e.key).toBe('fate.error.statusNone');
    expect(e.params).toEqual({ status: 'mag' });
    expect(fateError(() => planCheck(servant(), req({ status: 'soc' }), findSkill)).key).toBe('fate.error.statusNone');
  });

  it('refuses unknown, duplicate, level-"−" and too many skills, and an empty check', () => {
    const unknown = fateError(() => planCheck(servant(), req({ status: 'str', skills: ['騎乗'] }), findSkill));
    expect(unknown.key).toBe('fate.error.unknownSkill');
    expect(unknown.params).toEqual({ skill: '騎乗' });
    expect(fateError(() => planCheck(servant(), req({ skills: ['直感', '直感'] }), findSkill)).key).toBe(
      'fate.error.duplicateSkill',
    );
    const none = servant({ skills: [skill('狂化', graded('-'))] });
    expect(fateError(() => planCheck(none, req({ skills: ['狂化'] }), findSkill)).key).toBe('fate.error.skillNone');
    const unknownLevel = servant({ skills: [skill('??', graded('??'))] });
    expect(fateError(() => planCheck(unknownLevel, req({ skills: ['??'] }), findSkill)).key).toBe('fate.error.unknownLevel');
    expect(fateError(() => planCheck(servant(), req({ skills: Array(9).fill('直感') as string[] }), findSkill)).key).toBe(
      'fate.error.tooManySkills',
    );
    expect(fateError(() => planCheck(servant(), req({}), findSkill)).key).toBe('fate.error.emptyCheck');
  });

  it('bounds the numbers', () => {
    for (const bad of [{ plus: 100 }, { minus: -1 }, { lowerDice: 1.5 }, { target: 1000 }, { lowerThreshold: Number.NaN }]) {
      expect(fateError(() => planCheck(servant(), req({ status: 'str', ...bad }), findSkill)).key).toBe('fate.error.outOfRange');
    }
  });
});

describe('planCheck: "+" and "−" marks (seed L893–915)', () => {
  it('"+" is used only when activated: A+ → 20 dice ≤5, 10 HP/MP owed (seed L897–898, L901)', () => {
    const sheet = withStatus(servant(), 'str', graded('A', [pay('+')]));
    expect(planCheck(sheet, req({ status: 'str' }), findSkill).expression).toBe('10d6<=5');
    const plan = planCheck(sheet, req({ status: 'str', activateMarks: true }), findSkill);
    expect(plan.expression).toBe('20d6<=5');
    expect(plan.cost).toEqual({ hpOrMp: 10, mp: 0 });
    expect(plan.notes).toContainEqual({ key: 'fate.note.plusCost', params: { label: '筋力', marks: 1, amount: 10 } });
  });

  it('B++ → 24 dice ≤4 (seed L898); a condition "+" costs nothing (seed L902)', () => {
    const paid = withStatus(servant(), 'str', graded('B', [pay('+'), pay('+')]));
    const plan = planCheck(paid, req({ status: 'str', activateMarks: true }), findSkill);
    expect(plan.expression).toBe('24d6<=4');
    expect(plan.cost.hpOrMp).toBe(16);
    const conditional = withStatus(servant(), 'str', graded('B', [cond('+', '直線距離を駆ける時')]));
    const free = planCheck(conditional, req({ status: 'str', activateMarks: true }), findSkill);
    expect(free.expression).toBe('16d6<=4');
    expect(free.cost).toEqual({ hpOrMp: 0, mp: 0 });
    expect(free.notes).toContainEqual({ key: 'fate.note.plusCondition', params: { label: '筋力', condition: '直線距離を駆ける時' } });
  });

  it('"−" applies by default: A− → 5 dice, B−− → ceil(8/3) = 3 dice, threshold unchanged (seed L904–905)', () => {
    const a = withStatus(servant(), 'str', graded('A', [pay('-')]));
    expect(planCheck(a, req({ status: 'str' }), findSkill).expression).toBe('5d6<=5');
    const b = withStatus(servant(), 'str', graded('B', [pay('-'), pay('-')]));
    expect(planCheck(b, req({ status: 'str' }), findSkill).expression).toBe('3d6<=4');
  });

  it('"−" paid off costs the dice it would remove; a condition "−" that does not hold costs nothing (seed L908–909)', () => {
    const b = withStatus(servant(), 'str', graded('B', [pay('-'), pay('-')]));
    const plan = planCheck(b, req({ status: 'str', minusMarks: false }), findSkill);
    expect(plan.expression).toBe('8d6<=4');
    expect(plan.cost).toEqual({ hpOrMp: 5, mp: 0 });
    const c = withStatus(servant(), 'str', graded('B', [cond('-', '水中以外')]));
    const free = planCheck(c, req({ status: 'str', minusMarks: false }), findSkill);
    expect(free.expression).toBe('8d6<=4');
    expect(free.cost.hpOrMp).toBe(0);
  });

  it('skill marks work the same way on the skill pool (seed L897, L914)', () => {
    const sheet = servant({ skills: [skill('直感', graded('B', [pay('+'), pay('+'), pay('+')]))] });
    const plan = planCheck(sheet, req({ status: 'agi', skills: ['直感'], activateMarks: true }), findSkill);
    expect(plan.expression).toBe('8d6<=4+16d6<=4');
    expect(plan.cost.hpOrMp).toBe(12);
  });

  it('Luck marks change Luck dice (seed L912)', () => {
    const sheet = withStatus(servant(), 'luk', graded('D', [pay('+')]));
    expect(planCheck(sheet, req({ status: 'luk', activateMarks: true }), findSkill).expression).toBe('8d6<=2');
  });
});

describe('planCheck: voluntary reduction (seed L36)', () => {
  it('fewer dice on the status pool, a lower threshold on every pool', () => {
    expect(planCheck(servant(), req({ status: 'str', skills: ['魔術・宝石'], lowerDice: 3 }), findSkill).expression).toBe(
      '5d6<=4+3d6<=3',
    );
    expect(planCheck(servant(), req({ status: 'str', skills: ['魔術・宝石'], lowerThreshold: 2 }), findSkill).expression).toBe(
      '8d6<=2+3d6<=1',
    );
  });

  it('never below threshold 1; a pool lowered to 0 dice is left out; nothing left is refused', () => {
    expect(planCheck(servant(), req({ status: 'str', lowerThreshold: 50 }), findSkill).expression).toBe('8d6<=1');
    expect(planCheck(servant(), req({ status: 'str', skills: ['直感'], lowerDice: 20 }), findSkill).expression).toBe('4d6<=4');
    expect(fateError(() => planCheck(servant(), req({ status: 'str', lowerDice: 8 }), findSkill)).key).toBe(
      'fate.error.reducedToNothing',
    );
  });

  it('lowers the first pool of a skill-only check; an EX pool lowered is no longer automatic', () => {
    expect(planCheck(servant(), req({ skills: ['直感', '魔術・宝石'], lowerDice: 1 }), findSkill).expression).toBe(
      '3d6<=4+3d6<=3',
    );
    const ex = planCheck(withStatus(servant(), 'str', graded('EX')), req({ status: 'str', lowerThreshold: 1 }), findSkill);
    expect(ex.expression).toBe('14d6<=5');
    expect(ex.pools[0]!.auto).toBe(0);
  });
});

describe('targets (seed L39, digest §15.1)', () => {
  it('keeps the target beside the expression; appended, the dice engine judges achievement ≥ target', () => {
    const plan = planCheck(servant(), req({ status: 'str', target: 5 }), findSkill);
    expect(plan.expression).toBe('8d6<=4');
    expect(plan.target).toBe(5);
    const judged = `${plan.expression}>=${plan.target}`;
    expect(evaluateDice(judged, scriptedRandom([1, 2, 3, 4, 4, 5, 6, 6])).outcome).toBe('success');
    expect(evaluateDice(judged, scriptedRandom([1, 2, 3, 4, 5, 5, 6, 6])).outcome).toBe('failure');
    // a lone one-die pool with a target is an achievement check too
    const lone = planCheck(servant(), req({ skills: ['対魔力'], target: 1 }), findSkill);
    expect(lone.expression).toBe('1d6<=1');
    expect(evaluateDice(`${lone.expression}>=1`, scriptedRandom([1])).outcome).toBe('success');
  });

  it('every plan is an expression the dice engine accepts (seeded)', () => {
    const sheet = withStatus(servant(), 'str', graded('A', [pay('+'), pay('+')]));
    const rng = seededRandom('plans');
    for (const status of ['str', 'end', 'agi', 'mag', 'luk', 'np', 'rank'] as const) {
      for (const activateMarks of [false, true]) {
        const plan = planCheck(sheet, req({ status, skills: ['魔術・宝石', '直感'], plus: 99, minus: 99, target: 999, activateMarks }), findSkill);
        const r = evaluateDice(`${plan.expression}>=${plan.target}`, rng);
        expect(r.kind).toBe('target');
        const dice = plan.pools.reduce((s, p) => s + p.dice, 0);
        expect(r.dice).toHaveLength(dice);
      }
    }
  });
});

describe('planCheck: 魔力放出 (seed 001 L1150)', () => {
  const burster = servant({ skills: [skill('魔力放出', graded('C')), skill('直感', graded('B'))] });

  it('rolls no dice: the MP it spends (default its level) is added to the achievement and owed in MP', () => {
    const plan = planCheck(burster, req({ status: 'str', skills: ['魔力放出'] }), findSkill);
    expect(plan.expression).toBe('8d6<=4+3');
    expect(plan.cost).toEqual({ hpOrMp: 0, mp: 3 });
    expect(plan.notes).toContainEqual({ key: 'fate.note.manaBurst', params: { label: '魔力放出', amount: 3 } });
    expect(planCheck(burster, req({ status: 'mag', skills: ['直感', '魔力放出'], burst: 1, plus: 2 }), findSkill).expression).toBe('6d6<=3+4d6<=4+2+1');
  });

  it('only on checks of the body or of magic, 1 to its level, and burst: only with the skill named', () => {
    expect(fateError(() => planCheck(burster, req({ status: 'luk', skills: ['魔力放出'] }), findSkill)).key).toBe('fate.error.burstStatus');
    expect(fateError(() => planCheck(burster, req({ skills: ['魔力放出'] }), findSkill)).key).toBe('fate.error.burstStatus');
    expect(fateError(() => planCheck(burster, req({ status: 'str', skills: ['魔力放出'], burst: 4 }), findSkill)).params).toEqual({ skill: '魔力放出', max: 3 });
    expect(fateError(() => planCheck(burster, req({ status: 'str', burst: 2 }), findSkill)).key).toBe('fate.error.burstWithoutSkill');
  });
});
