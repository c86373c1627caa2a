import { describe, expect, it } from 'vitest';
import { evaluateDice, renderMarkdown, rerollFailed, type DiceResult } from '../../../src/core/dice/index.js';
import { FateError } from '../../../src/core/fate/errors.js';
import {
  SEALS_PER_WAR,
  applyAutoSuccess,
  applyBonus,
  parseSealEffect,
  sealsCost,
  spendSeals,
} from '../../../src/core/fate/seals.js';
import { scriptedRandom } from '../../../src/core/random.js';
import { translator } from '../../../src/i18n/index.js';
import { caught } from '../../helpers/caught.js';

const en = translator('en');
const roll = (input: string, faces: number[]): DiceResult => evaluateDice(input, scriptedRandom(faces));
const SEED_EXAMPLE = [1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6]; // 8d6<=4 → 3, 3d6<=3 → 2

const fateKey = (fn: () => unknown): string => caught(fn, FateError).key;

describe('parseSealEffect (seed 001 L281–292)', () => {
  it('reads numeric bonuses: +10, stacked +20, split +5/+5 (seed L288)', () => {
    expect(parseSealEffect('+10')).toEqual({ kind: 'bonus', amounts: [10] });
    expect(parseSealEffect('10')).toEqual({ kind: 'bonus', amounts: [10] });
    expect(parseSealEffect('+20')).toEqual({ kind: 'bonus', amounts: [20] });
    expect(parseSealEffect('+5/+5')).toEqual({ kind: 'bonus', amounts: [5, 5] });
    expect(parseSealEffect('＋５／＋５')).toEqual({ kind: 'bonus', amounts: [5, 5] });
    expect(parseSealEffect('+3, +7, +10')).toEqual({ kind: 'bonus', amounts: [3, 7, 10] });
  });

  it('refuses bonuses that do not use whole seals, zero parts and absurd sizes', () => {
    for (const input of ['+5', '+0/+10', '+15', '+1000', '+10+10', '+1/+1/+1/+1/+1/+1/+1/+1/+1/+1/+0', '+-10']) {
      expect(parseSealEffect(input), input).toBeNull();
    }
  });

  it('reads the other effects in three languages (seed L283, L289–291)', () => {
    for (const input of ['hp', 'HP', 'full_hp', 'HP全快', 'ＨＰ全快', 'hp 완전 회복']) expect(parseSealEffect(input)).toEqual({ kind: 'fullHp' });
    for (const input of ['mp', 'full_mp', 'MP全快']) expect(parseSealEffect(input)).toEqual({ kind: 'fullMp' });
    for (const input of ['block', '防御', '방어']) expect(parseSealEffect(input)).toEqual({ kind: 'block' });
    for (const input of ['auto', 'auto_success', '自動成功', '자동 성공']) expect(parseSealEffect(input)).toEqual({ kind: 'autoSuccess' });
    expect(parseSealEffect('order', ' 撤退しろ ')).toEqual({ kind: 'order', text: '撤退しろ' });
    expect(parseSealEffect('命令', 'Retreat')).toEqual({ kind: 'order', text: 'Retreat' });
  });

  it('returns null for an order without its text, unknown words and long input', () => {
    expect(parseSealEffect('order')).toBeNull();
    expect(parseSealEffect('order', '   ')).toBeNull();
    expect(parseSealEffect('order', 'x'.repeat(201))).toBeNull();
    expect(parseSealEffect('teleport-everyone')).toBeNull();
    expect(parseSealEffect('hp'.repeat(100))).toBeNull();
  });
});

describe('sealsCost / spendSeals (seed L274, L288–289)', () => {
  it('one seal per +10, one for anything else; 3 per war', () => {
    expect(SEALS_PER_WAR).toBe(3);
    expect(sealsCost({ kind: 'bonus', amounts: [10] })).toBe(1);
    expect(sealsCost({ kind: 'bonus', amounts: [5, 5] })).toBe(1);
    expect(sealsCost({ kind: 'bonus', amounts: [20] })).toBe(2);
    expect(sealsCost({ kind: 'bonus', amounts: [5, 5, 10] })).toBe(2);
    expect(sealsCost({ kind: 'bonus', amounts: [5] })).toBe(1);
    expect(sealsCost({ kind: 'fullHp' })).toBe(1);
    expect(sealsCost({ kind: 'order', text: 'x' })).toBe(1);
  });

  it('spends and refuses when short', () => {
    expect(spendSeals(SEALS_PER_WAR, { kind: 'block' })).toBe(2);
    expect(spendSeals(3, { kind: 'bonus', amounts: [30] })).toBe(0);
    expect(fateKey(() => spendSeals(1, { kind: 'bonus', amounts: [20] }))).toBe('fate.error.notEnoughSeals');
    expect(fateKey(() => spendSeals(0, { kind: 'fullMp' }))).toBe('fate.error.notEnoughSeals');
  });
});

describe('applyBonus (seed L288)', () => {
  it('seal +10 after the roll: achievement 5 → 15, shown as a modifier', () => {
    const first = roll('8d6<=4+3d6<=3', SEED_EXAMPLE);
    const before = JSON.stringify(first);
    const boosted = applyBonus(first, 10);
    expect(JSON.stringify(first)).toBe(before); // the stored check is not changed
    expect(boosted.value).toBe(15);
    expect(boosted.normalized).toBe('8d6<=4+3d6<=3+10');
    expect(boosted.dice).toHaveLength(11);
    expect(renderMarkdown(boosted, en).split('\n').at(-1)).toBe('Achievement: 3 + 2 + 10 = **15**');
  });

  it('turns a failed target check into a success', () => {
    const first = roll('8d6<=4>=12', SEED_EXAMPLE.slice(0, 8));
    expect(first.outcome).toBe('failure');
    const boosted = applyBonus(first, 10);
    expect(boosted.outcome).toBe('success');
    expect(boosted.normalized).toBe('8d6<=4+10>=12');
    expect(renderMarkdown(boosted, en).split('\n').at(-1)).toBe('Achievement 3 + 10 = **13** ≥ 12: **Success**');
  });

  it('split +5/+5 across two checks (seed L288)', () => {
    const effect = parseSealEffect('+5/+5');
    if (effect?.kind !== 'bonus') throw new Error('not a bonus');
    const attack = applyBonus(roll('8d6<=4', SEED_EXAMPLE.slice(0, 8)), effect.amounts[0]!);
    const defense = applyBonus(roll('3d6<=3', [2, 3, 6]), effect.amounts[1]!);
    expect([attack.value, defense.value]).toEqual([8, 7]);
    expect(sealsCost(effect)).toBe(1);
  });

  it('a luck reroll still works on a boosted check, and a bonus on a rerolled one', () => {
    const boosted = applyBonus(roll('8d6<=4', [1, 2, 3, 4, 4, 5, 6, 6]), 10);
    const rerolled = rerollFailed(boosted, scriptedRandom([2, 6, 3]));
    expect(rerolled.value).toBe(17);
    expect(applyBonus(rerolled, 10).value).toBe(27);
  });

  it('a lone one-die check becomes an achievement count', () => {
    const boosted = applyBonus(roll('1d6<=3', [2]), 10);
    expect(boosted.kind).toBe('count');
    expect(boosted.value).toBe(11);
    expect(boosted.outcome).toBeNull();
  });

  it('refuses a roll with no pool and a bad amount', () => {
    expect(fateKey(() => applyBonus(roll('2d6', [1, 2]), 10))).toBe('fate.error.notACheck');
    expect(fateKey(() => applyBonus(roll('3d6<=3', [1, 2, 3]), 0))).toBe('fate.error.outOfRange');
  });
});

describe('applyAutoSuccess (seed L291)', () => {
  it('without target: every die used succeeds', () => {
    const done = applyAutoSuccess(roll('8d6<=4+3d6<=3+1', SEED_EXAMPLE));
    expect(done.value).toBe(12);
    expect(done.dice.every((d) => d.success === true)).toBe(true);
    expect(done.outcome).toBe('success');
    expect(done.dice.map((d) => d.face)).toEqual(SEED_EXAMPLE); // faces unchanged
  });

  it('with target reached: success', () => {
    const done = applyAutoSuccess(roll('8d6<=4>=6', SEED_EXAMPLE.slice(0, 8)));
    expect(done.value).toBe(8);
    expect(done.outcome).toBe('success');
  });

  it('with target still out of reach: success with margin 0 (seed L291)', () => {
    const first = roll('8d6<=4>=20', SEED_EXAMPLE.slice(0, 8));
    const done = applyAutoSuccess(first);
    expect(done.value).toBe(8);
    expect(done.outcome).toBe('success');
    expect(done.tree).toMatchObject({ type: 'compare', success: true });
    expect(first.outcome).toBe('failure');
  });

  it('dice dropped by keep/drop were not used and stay out', () => {
    const done = applyAutoSuccess(roll('5d6kh3<=4', [6, 2, 4, 5, 1]));
    expect(done.value).toBe(3);
    expect(done.dice.map((d) => d.success)).toEqual([true, null, true, true, null]);
  });
});
