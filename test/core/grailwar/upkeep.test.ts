import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPKEEP,
  battleEnd,
  TERRITORY_GRADES,
  manaCap,
  penalizedStatus,
  percentTurnEnd,
  restRecovery,
  shortagePenalty,
  upkeepEffectMessage,
  type PercentFaction,
  type UpkeepEffect,
} from '../../../src/core/grailwar/upkeep.js';
import { warMessages } from '../../../src/i18n/messages/war.js';

/** The brief's sample: master MAG 30, servant Lv 50, full seals, stored mana 100. */
const faction = (over: Partial<PercentFaction> = {}): PercentFaction => ({
  id: 1,
  masterMag: 30,
  servantLevel: 50,
  mana: 100,
  sealsLeft: 3,
  masterSupplyCut: false,
  independentAction: false,
  territory: 'none',
  battlesThisTurn: 0,
  vanished: false,
  hasServant: true,
  ...over,
});

const one = (f: PercentFaction, config = DEFAULT_UPKEEP) => {
  const r = percentTurnEnd([f], config);
  return { f: r.factions[0]!, effects: r.effects };
};

describe('stored mana and upkeep (seed 000 L35, L37)', () => {
  it('the cap is 100 + the master\'s MAG × 2: 160 for MAG 30 (seed 000 L35)', () => {
    expect(manaCap(faction())).toBe(160);
    expect(manaCap(faction({ masterMag: 0 }))).toBe(100);
  });

  it('MAG 30, Lv 50: 60 − 50 + the Grail\'s 20 = +30 per turn end (seed 000 L37)', () => {
    expect(one(faction()).effects[0]).toEqual({ kind: 'upkeep', id: 1, master: 60, grail: 20, level: 50, delta: 30, mana: 130 });
    const { f, effects } = one(faction());
    expect(f.mana).toBe(130);
    expect(effects).toEqual([{ kind: 'upkeep', id: 1, master: 60, grail: 20, level: 50, delta: 30, mana: 130 }]);
  });

  it('adding stops at the cap 160 (seed 000 L35, L37)', () => {
    expect(one(faction({ mana: 150 })).f.mana).toBe(160);
    expect(one(faction({ mana: 160 })).f.mana).toBe(160);
  });

  it('a negative delta is subtracted in full (seed 000 L37)', () => {
    const { f } = one(faction({ masterMag: 10, servantLevel: 70, mana: 50 })); // 20 − 70 + 20 = −30
    expect(f.mana).toBe(20);
  });

  it('after all seals are spent the Grail\'s +20 stops; the master\'s supply continues (seed 000 L49 items 1–2)', () => {
    const { f, effects } = one(faction({ sealsLeft: 0 }));
    expect(f.mana).toBe(110);
    expect(effects).toEqual([
      { kind: 'upkeep', id: 1, master: 60, grail: 0, level: 50, delta: 10, mana: 110 },
      { kind: 'grailStopped', id: 1 },
    ]);
  });
});

describe('supply cut (seed 000 L49 items 1, 4)', () => {
  it('seals spent and supply cut: no master part, no Grail, and 50 extra without Independent Action (seed 000 L49 item 4)', () => {
    const { f, effects } = one(faction({ sealsLeft: 0, masterSupplyCut: true }));
    expect(f.mana).toBe(0); // 100 + (0 + 0 − 50) − 50
    expect(effects).toEqual([
      { kind: 'upkeep', id: 1, master: 0, grail: 0, level: 50, delta: -50, mana: 50 },
      { kind: 'grailStopped', id: 1 },
      { kind: 'supplyCut', id: 1, amount: 50, mana: 0 },
    ]);
  });

  it('Independent Action spares the 50 (seed 000 L49 item 4)', () => {
    const { f, effects } = one(faction({ sealsLeft: 0, masterSupplyCut: true, independentAction: true }));
    expect(f.mana).toBe(50);
    expect(effects.map((e) => e.kind)).not.toContain('supplyCut');
  });

  it('with seals left, a cut only drops the master part; the 50 is a house rule option (seed 000 L37, L48–49)', () => {
    expect(one(faction({ masterSupplyCut: true })).f.mana).toBe(70); // 100 + 0 + 20 − 50
    expect(one(faction({ masterSupplyCut: true }), { ...DEFAULT_UPKEEP, supplyCutCostWithSeals: true }).f.mana).toBe(20);
  });
});

describe('battle costs (seed 000 L38)', () => {
  it('a battle costs the servant\'s level at its end, not at the turn end (seed 000 L38)', () => {
    const { faction: f, effect } = battleEnd(faction({ mana: 150 }));
    expect(f).toMatchObject({ mana: 100, battlesThisTurn: 1 });
    expect(f.belowLimit).toBeUndefined();
    expect(effect).toEqual({ kind: 'battleCost', id: 1, amount: 50, mana: 100 });
    // The turn end charges nothing more for it: 100 + 30.
    const end = one(f);
    expect(end.f).toMatchObject({ mana: 130, battlesThisTurn: 0 });
    expect(end.effects.map((e) => e.kind)).toEqual(['upkeep']);
  });

  it('a second battle in the same turn already fights under the first one\'s shortage (seed 000 L38, L40)', () => {
    const first = battleEnd(faction({ mana: 30 })).faction; // −20
    expect(shortagePenalty(first.mana)).toBe(10);
    expect(battleEnd(first).faction).toMatchObject({ mana: -70, battlesThisTurn: 2 });
  });

  it('without a servant an ordinary battle costs nothing (seed 000 L42)', () => {
    const lone = faction({ hasServant: false, mana: 50 });
    expect(battleEnd(lone)).toEqual({ faction: lone, effect: null });
  });
});

describe('mana shortage (seed 000 L40)', () => {
  it('−10 to each status per full −20 below 0: −20 → 10, −39 → 10, −40 → 20 (seed 000 L40)', () => {
    expect(shortagePenalty(-20)).toBe(10);
    expect(shortagePenalty(-39)).toBe(10);
    expect(shortagePenalty(-40)).toBe(20);
    expect(shortagePenalty(-19)).toBe(0);
    expect(shortagePenalty(0)).toBe(0);
    expect(shortagePenalty(50)).toBe(0);
    expect(shortagePenalty(-100)).toBe(50);
  });

  it('statuses do not go below 0 (seed 000 L40)', () => {
    expect(penalizedStatus(60, -40)).toBe(40);
    expect(penalizedStatus(15, -40)).toBe(0);
  });

  it('a shortage at turn end is reported with its penalty (seed 000 L40)', () => {
    const { f, effects } = one(faction({ masterMag: 0, mana: 10 })); // 0 − 50 + 20 = −30 → −20
    expect(f).toMatchObject({ mana: -20, vanished: false });
    expect(effects.at(-1)).toEqual({ kind: 'shortage', id: 1, mana: -20, penalty: 10 });
  });

  it('below −100 at turn end the servant vanishes; exactly −100 does not (seed 000 L40)', () => {
    const atLimit = one(faction({ masterMag: 0, sealsLeft: 0, mana: -50 })); // −50 − 50 = −100
    expect(atLimit.f).toMatchObject({ mana: -100, vanished: false });
    expect(atLimit.effects.at(-1)).toEqual({ kind: 'shortage', id: 1, mana: -100, penalty: 50 });
    const below = one(faction({ masterMag: 0, sealsLeft: 0, mana: -51 }));
    expect(below.f).toMatchObject({ mana: -101, vanished: true });
    expect(below.effects.at(-1)).toEqual({ kind: 'vanished', id: 1, mana: -101 });
  });

  it('a battle that takes the mana below −100 dooms the servant even if mana comes back before the turn end (seed 000 L38, L40)', () => {
    const fought = battleEnd(faction({ masterMag: 50, servantLevel: 30, mana: -80 })).faction; // −110
    expect(fought.belowLimit).toBe(true);
    const { f, effects } = one({ ...fought, mana: fought.mana + 120 }); // a seal's 120 (L46), then +90
    expect(f).toMatchObject({ vanished: true });
    expect(f.belowLimit).toBeUndefined();
    expect(effects.map((e) => e.kind)).toEqual(['upkeep', 'vanished']);
  });

  it('a vanished faction is left alone (seed 000 L40)', () => {
    const gone = faction({ mana: -120, vanished: true, battlesThisTurn: 1 });
    const { f, effects } = one(gone);
    expect(f).toEqual({ ...gone, battlesThisTurn: 0 });
    expect(effects).toEqual([]);
  });
});

describe('territory recovery (seed 000 L5)', () => {
  it('large and highest territories recover 30 / 40 at turn end by default (seed 000 L5)', () => {
    expect(one(faction({ territory: 'large' })).f.mana).toBe(160); // 130 + 30
    const highest = one(faction({ mana: 0, territory: 'highest' }));
    expect(highest.f.mana).toBe(70); // 0 + 30 + 40
    expect(highest.effects.at(-1)).toEqual({ kind: 'territoryRecovery', id: 1, territory: 'highest', amount: 40, mana: 70 });
  });

  it('small and medium territories recover only by resting (seed 000 L5)', () => {
    expect(one(faction({ territory: 'medium' })).f.mana).toBe(130);
    expect(one(faction({ territory: 'small' })).effects.map((e) => e.kind)).toEqual(['upkeep']);
    expect(restRecovery('small')).toBe(10);
    expect(restRecovery('medium')).toBe(20);
    expect(restRecovery('none')).toBe(0);
  });

  it('recovery stops at the cap (seed 000 L5, L35)', () => {
    const { f, effects } = one(faction({ mana: 120, territory: 'highest' })); // 150, +40 → 160
    expect(f.mana).toBe(160);
    expect(effects.at(-1)).toMatchObject({ kind: 'territoryRecovery', amount: 10, mana: 160 });
  });

  it('amounts and the lowest auto-recovering grade are configurable (seed 000 L5: 10–40)', () => {
    const config = { ...DEFAULT_UPKEEP, territoryRecovery: { small: 5, medium: 15, large: 25, highest: 35 }, autoRecoveryFromGrade: 'medium' as const };
    expect(one(faction({ mana: 0, territory: 'medium' }), config).f.mana).toBe(45);
    expect(one(faction({ mana: 0, territory: 'small' }), config).f.mana).toBe(30);
  });
});

describe('characters without a servant (seed 000 L42)', () => {
  it('recover MAG mana at turn end and pay nothing for battles (seed 000 L42)', () => {
    const { f, effects } = one(faction({ hasServant: false, mana: 50, battlesThisTurn: 2 }));
    expect(f).toMatchObject({ mana: 80, battlesThisTurn: 0 });
    expect(effects).toEqual([{ kind: 'ownRecovery', id: 1, amount: 30, mana: 80 }]);
  });

  it('up to the same cap (seed 000 L42: other rules as usual)', () => {
    expect(one(faction({ hasServant: false, mana: 150 })).f.mana).toBe(160);
  });
});

describe('percentTurnEnd bookkeeping', () => {
  it('handles each faction on its own, in input order', () => {
    const r = percentTurnEnd([faction({ id: 1 }), faction({ id: 2, sealsLeft: 0 })], DEFAULT_UPKEEP);
    expect(r.factions.map((f) => f.mana)).toEqual([130, 110]);
    expect(r.effects.map((e) => e.id)).toEqual([1, 2, 2]);
  });

  it('does not change its input', () => {
    const input = [faction({ battlesThisTurn: 1 })];
    percentTurnEnd(input, DEFAULT_UPKEEP);
    expect(input).toEqual([faction({ battlesThisTurn: 1 })]);
  });

  it('rejects impossible numbers', () => {
    expect(() => percentTurnEnd([faction({ servantLevel: -5 })], DEFAULT_UPKEEP)).toThrow(RangeError);
    expect(() => percentTurnEnd([faction({ mana: 1.5 })], DEFAULT_UPKEEP)).toThrow(RangeError);
  });

  it('every effect has a report line in en, ja and ko with the same placeholders', () => {
    const effects: UpkeepEffect[] = [
      { kind: 'battleCost', id: 1, amount: 50, mana: 50 },
      { kind: 'upkeep', id: 1, master: 60, grail: 20, level: 50, delta: 30, mana: 130 },
      { kind: 'grailStopped', id: 1 },
      { kind: 'supplyCut', id: 1, amount: 50, mana: 0 },
      ...TERRITORY_GRADES.map((territory): UpkeepEffect => ({ kind: 'territoryRecovery', id: 1, territory, amount: 30, mana: 160 })),
      { kind: 'shortage', id: 1, mana: -40, penalty: 20 },
      { kind: 'vanished', id: 1, mana: -101 },
      { kind: 'ownRecovery', id: 1, amount: 30, mana: 80 },
    ];
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const e of effects) {
      const { key, params } = upkeepEffectMessage(e, (id) => `Faction ${id}`);
      for (const locale of ['en', 'ja', 'ko'] as const) {
        const template = warMessages[locale][key];
        expect(template, `${locale} ${key}`).toBeTruthy();
        expect(placeholders(template!), `${locale} ${key}`).toEqual(placeholders(warMessages.en[key]!));
        for (const name of placeholders(template!)) expect(params, `${key} {${name}}`).toHaveProperty(name!);
      }
    }
    expect(upkeepEffectMessage(effects[1]!, () => 'A').params.delta).toBe('+30');
    for (const grade of ['none', ...TERRITORY_GRADES]) {
      for (const locale of ['en', 'ja', 'ko'] as const) expect(warMessages[locale][`war.territory.${grade}`]).toBeTruthy();
    }
  });
});
