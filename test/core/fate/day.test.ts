import { describe, expect, it } from 'vitest';
import {
  allNighterPenalty,
  dayEffectMessage,
  fateTurnEnd,
  masterlessDecay,
  weakestStatusCheckMax,
  type DayEffect,
  type MasterDayState,
  type ServantTurnState,
} from '../../../src/core/fate/day.js';
import { scriptedRandom } from '../../../src/core/random.js';
import type { CharacterSheet, Grade } from '../../../src/core/fate/sheet/types.js';
import { warMessages } from '../../../src/i18n/messages/war.js';

const master = (over: Partial<MasterDayState> = {}): MasterDayState => ({
  id: 1,
  hp: 10,
  hpMax: 30,
  mp: 2,
  mpMax: 20,
  sleptThisTurn: false,
  awakeTurns: 0,
  allNighter: 0,
  ...over,
});

const servant = (over: Partial<ServantTurnState> = {}): ServantTurnState => ({
  id: 2,
  hp: 40,
  mp: 10,
  rankLevel: 8,
  masterless: true,
  vanished: false,
  ...over,
});

/** No dice may be rolled: scriptedRandom([]) throws on the first die. */
const noDice = () => scriptedRandom([]);

describe('day end recovery (seed 001 L241, L248)', () => {
  it('a master recovers 2d6 HP and all MP at the end of the day (seed 001 L241)', () => {
    const rng = scriptedRandom([3, 4]);
    const r = fateTurnEnd([master({ sleptThisTurn: true, awakeTurns: 3 })], [], { dayEnded: true }, rng);
    expect(r.masters[0]).toMatchObject({ hp: 17, mp: 20 });
    expect(r.effects).toEqual([
      { kind: 'hpRecovered', id: 1, amount: 7, roll: [3, 4], hp: 17, hpMax: 30 },
      { kind: 'mpRestored', id: 1, amount: 18, mp: 20, mpMax: 20 },
      { kind: 'luckReset' },
    ]);
    expect(r.dayEnded).toBe(true);
    expect(rng.remaining).toBe(0);
  });

  it('HP recovery stops at max HP (seed 001 L241)', () => {
    const r = fateTurnEnd([master({ hp: 28, sleptThisTurn: true })], [], { dayEnded: true }, scriptedRandom([6, 6]));
    expect(r.masters[0]!.hp).toBe(30);
    expect(r.effects[0]).toMatchObject({ kind: 'hpRecovered', amount: 2, roll: [6, 6] });
  });

  it('no recovery and no dice before the day ends (seed 001 L241)', () => {
    const r = fateTurnEnd([master({ sleptThisTurn: true })], [], { dayEnded: false }, noDice());
    expect(r.masters[0]).toMatchObject({ hp: 10, mp: 2 });
    expect(r.effects).toEqual([]);
    expect(r.dayEnded).toBe(false);
  });

  it('no HP/MP recovery at day end while in the all-nighter (seed 001 L248)', () => {
    const r = fateTurnEnd([master({ awakeTurns: 4, allNighter: 1 })], [], { dayEnded: true }, noDice());
    expect(r.masters[0]).toMatchObject({ hp: 10, mp: 2, allNighter: 2 });
    expect(r.effects).toEqual([
      { kind: 'allNighterWorse', id: 1, penalty: 2 },
      { kind: 'noRecoveryAllNighter', id: 1 },
      { kind: 'luckReset' },
    ]);
  });

  it('awake through all 4 turns of the day: the all-nighter begins at its end, so no recovery (seed 001 L246, L248)', () => {
    const r = fateTurnEnd([master({ awakeTurns: 3 })], [], { dayEnded: true }, noDice());
    expect(r.masters[0]).toMatchObject({ hp: 10, mp: 2, allNighter: 1, awakeTurns: 4 });
    expect(r.effects.map((e) => e.kind)).toEqual(['allNighterStarted', 'noRecoveryAllNighter', 'luckReset']);
  });

  it('sleeping in the last turn ends the all-nighter first, so the master recovers (seed 001 L246, L248)', () => {
    const r = fateTurnEnd([master({ sleptThisTurn: true, awakeTurns: 6, allNighter: 3 })], [], { dayEnded: true }, scriptedRandom([1, 1]));
    expect(r.masters[0]).toMatchObject({ hp: 12, mp: 20, allNighter: 0, awakeTurns: 0 });
    expect(r.effects.map((e) => e.kind)).toEqual(['allNighterEnded', 'hpRecovered', 'mpRestored', 'luckReset']);
  });

  it('servants get no natural recovery at day end (seed 001 L241)', () => {
    const s = servant({ masterless: false, hp: 5, mp: 3 });
    const r = fateTurnEnd([], [s], { dayEnded: true }, noDice());
    expect(r.servants[0]).toEqual(s);
    expect(r.effects).toEqual([{ kind: 'luckReset' }]);
  });
});

describe('sleep and the all-nighter (seed 001 L246–247)', () => {
  it('the all-nighter begins after 4 awake action turns with −1 and worsens by 1 per turn (seed 001 L246–247)', () => {
    let masters = [master()];
    const perTurn: DayEffect[][] = [];
    for (let turn = 0; turn < 6; turn++) {
      const r = fateTurnEnd(masters, [], { dayEnded: false }, noDice());
      masters = r.masters;
      perTurn.push(r.effects);
    }
    expect(perTurn).toEqual([
      [],
      [],
      [],
      [{ kind: 'allNighterStarted', id: 1, penalty: 1 }],
      [{ kind: 'allNighterWorse', id: 1, penalty: 2 }],
      [{ kind: 'allNighterWorse', id: 1, penalty: 3 }],
    ]);
    expect(masters[0]).toMatchObject({ awakeTurns: 6, allNighter: 3 });
  });

  it('the penalty is awake turns − 3 from the 4th turn (seed 001 L246–247)', () => {
    expect([0, 3, 4, 5, 8].map(allNighterPenalty)).toEqual([0, 0, 1, 2, 5]);
  });

  it('sleeping ends the all-nighter and resets the awake count (seed 001 L246)', () => {
    const r = fateTurnEnd([master({ sleptThisTurn: true, awakeTurns: 5, allNighter: 2 })], [], { dayEnded: false }, noDice());
    expect(r.masters[0]).toMatchObject({ sleptThisTurn: false, awakeTurns: 0, allNighter: 0 });
    expect(r.effects).toEqual([{ kind: 'allNighterEnded', id: 1 }]);
  });

  it('a sleep turn outside the all-nighter only resets the count, and sleptThisTurn is cleared (seed 001 L246)', () => {
    const r = fateTurnEnd([master({ sleptThisTurn: true, awakeTurns: 3 })], [], { dayEnded: false }, noDice());
    expect(r.masters[0]).toMatchObject({ sleptThisTurn: false, awakeTurns: 0, allNighter: 0 });
    expect(r.effects).toEqual([]);
  });

  it('one sleep turn a day keeps a master out of the all-nighter (seed 001 L246)', () => {
    let masters = [master()];
    const kinds: string[] = [];
    for (let turn = 0; turn < 12; turn++) {
      const dayEnded = turn % 4 === 3;
      if (turn % 4 === 3) masters = [{ ...masters[0]!, sleptThisTurn: true }];
      const r = fateTurnEnd(masters, [], { dayEnded }, scriptedRandom([1, 1]));
      masters = r.masters;
      kinds.push(...r.effects.map((e) => e.kind));
    }
    expect(kinds).not.toContain('allNighterStarted');
    expect(kinds.filter((k) => k === 'hpRecovered')).toHaveLength(3);
  });

  it('the master falls asleep once the penalty makes the weakest status check 0 on all successes (seed 001 L247)', () => {
    // weakest status E: 2 dice ≤1, at most 2 → asleep at −2
    const m = master({ awakeTurns: 3, weakestCheckMax: 2 });
    const first = fateTurnEnd([m], [], { dayEnded: false }, noDice());
    expect(first.effects).toEqual([{ kind: 'allNighterStarted', id: 1, penalty: 1 }]);
    const second = fateTurnEnd(first.masters, [], { dayEnded: false }, noDice());
    expect(second.effects).toEqual([
      { kind: 'allNighterWorse', id: 1, penalty: 2 },
      { kind: 'forcedSleep', id: 1, penalty: 2 },
    ]);
  });

  it('the weakest status check, "−" marks included: E is 2, A− is ceil(10 ÷ 2) = 5, EX 14, B−− 3 (seed 001 L247, L864, L867, L904–905)', () => {
    const g = (grade: Grade, minus = 0) => ({ grade, marks: Array.from({ length: minus }, () => ({ sign: '-' as const, mode: 'pay' as const })) });
    const sheet = (statuses: Record<string, ReturnType<typeof g>>) => ({ type: 'master', rank: { names: [], level: 3 }, statuses }) as unknown as CharacterSheet;
    expect(weakestStatusCheckMax(sheet({ str: g('D'), end: g('E'), agi: g('EX') }))).toBe(2);
    expect(weakestStatusCheckMax(sheet({ str: g('A', 1), agi: g('EX') }))).toBe(5);
    expect(weakestStatusCheckMax(sheet({ str: g('C'), mag: g('B', 2) }))).toBe(3);
    expect(weakestStatusCheckMax(sheet({ agi: g('EX'), np: g('-') }))).toBe(14);
    expect(weakestStatusCheckMax(sheet({ np: g('-') }))).toBeNull();
  });
});

describe('servants without a master (seed 001 L244)', () => {
  it('lose RL HP and RL MP at each turn end; once MP is out, the rest comes from HP; HP 0 and MP 0 vanish (seed 001 L244)', () => {
    let s = servant(); // RL 8, HP 40, MP 10
    const seen: DayEffect[][] = [];
    for (let i = 0; i < 4; i++) {
      const r = fateTurnEnd([], [s], { dayEnded: false }, noDice());
      s = r.servants[0]!;
      seen.push(r.effects);
    }
    expect(seen).toEqual([
      [{ kind: 'masterlessDecay', id: 2, hpLost: 8, mpLost: 8, hp: 32, mp: 2 }],
      [{ kind: 'masterlessDecay', id: 2, hpLost: 14, mpLost: 2, hp: 18, mp: 0 }],
      [{ kind: 'masterlessDecay', id: 2, hpLost: 16, mpLost: 0, hp: 2, mp: 0 }],
      [
        { kind: 'masterlessDecay', id: 2, hpLost: 2, mpLost: 0, hp: 0, mp: 0 },
        { kind: 'vanished', id: 2 },
      ],
    ]);
    expect(s).toMatchObject({ hp: 0, mp: 0, vanished: true });
  });

  it('a vanished servant stays as it is (seed 001 L244)', () => {
    const s = servant({ hp: 0, mp: 0, vanished: true });
    expect(masterlessDecay(s)).toEqual({ servant: s, effects: [] });
  });

  it('a servant with a master loses nothing (seed 001 L244)', () => {
    const s = servant({ masterless: false });
    expect(fateTurnEnd([], [s], { dayEnded: false }, noDice()).servants[0]).toEqual(s);
  });

  it('HP 0 with MP left is reported for the GM, and the servant vanishes once MP is gone too (seed 001 L204, L244)', () => {
    const first = masterlessDecay(servant({ hp: 5, mp: 20 }));
    expect(first.servant).toMatchObject({ hp: 0, mp: 12, vanished: false });
    expect(first.effects).toEqual([
      { kind: 'masterlessDecay', id: 2, hpLost: 5, mpLost: 8, hp: 0, mp: 12 },
      { kind: 'servantDown', id: 2 },
    ]);
    const second = masterlessDecay(first.servant);
    expect(second.effects).toEqual([{ kind: 'masterlessDecay', id: 2, hpLost: 0, mpLost: 8, hp: 0, mp: 4 }]);
    expect(masterlessDecay(second.servant).servant.vanished).toBe(true);
  });
});

describe('fateTurnEnd bookkeeping', () => {
  it('effects come in order: sleep, servants, day end, luck reset last (seed 001 L241, L244, L246)', () => {
    const r = fateTurnEnd(
      [master({ id: 1, awakeTurns: 3 }), master({ id: 3, sleptThisTurn: true })],
      [servant({ id: 2 })],
      { dayEnded: true },
      scriptedRandom([2, 2]),
    );
    expect(r.effects.map((e) => `${e.kind}${'id' in e ? e.id : ''}`)).toEqual([
      'allNighterStarted1',
      'masterlessDecay2',
      'noRecoveryAllNighter1',
      'hpRecovered3',
      'mpRestored3',
      'luckReset',
    ]);
  });

  it('does not change its inputs', () => {
    const masters = [master({ sleptThisTurn: true })];
    const servants = [servant()];
    fateTurnEnd(masters, servants, { dayEnded: true }, scriptedRandom([6, 6]));
    expect(masters).toEqual([master({ sleptThisTurn: true })]);
    expect(servants).toEqual([servant()]);
  });

  it('rejects impossible numbers', () => {
    expect(() => fateTurnEnd([master({ hp: -1 })], [], { dayEnded: false }, noDice())).toThrow(RangeError);
    expect(() => fateTurnEnd([], [servant({ rankLevel: 1.5 })], { dayEnded: false }, noDice())).toThrow(RangeError);
  });

  it('every effect has a report line in en, ja and ko with the same placeholders', () => {
    const effects: DayEffect[] = [
      { kind: 'allNighterStarted', id: 1, penalty: 1 },
      { kind: 'allNighterWorse', id: 1, penalty: 2 },
      { kind: 'allNighterEnded', id: 1 },
      { kind: 'forcedSleep', id: 1, penalty: 2 },
      { kind: 'masterlessDecay', id: 1, hpLost: 8, mpLost: 8, hp: 2, mp: 0 },
      { kind: 'servantDown', id: 1 },
      { kind: 'vanished', id: 1 },
      { kind: 'hpRecovered', id: 1, amount: 7, roll: [3, 4], hp: 17, hpMax: 30 },
      { kind: 'mpRestored', id: 1, amount: 18, mp: 20, mpMax: 20 },
      { kind: 'noRecoveryAllNighter', id: 1 },
      { kind: 'luckReset' },
    ];
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const e of effects) {
      const { key, params } = dayEffectMessage(e, (id) => `Rin#${id}`);
      for (const locale of ['en', 'ja', 'ko'] as const) {
        const template = warMessages[locale][key];
        expect(template, `${locale} ${key}`).toBeTruthy();
        expect(placeholders(template!), `${locale} ${key}`).toEqual(placeholders(warMessages.en[key]!));
        for (const name of placeholders(template!)) expect(params, `${key} {${name}}`).toHaveProperty(name!);
      }
    }
    expect(dayEffectMessage(effects[7]!, () => 'Rin').params).toMatchObject({ name: 'Rin', roll: '3, 4' });
  });
});
