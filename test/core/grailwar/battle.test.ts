import { describe, expect, it } from 'vitest';
import { caught } from '../../helpers/caught.js';
import {
  DEFAULT_TABLE,
  GwError,
  NO_MODIFIERS,
  SEAL_MANA,
  TABLE_ROWS,
  battleOdds,
  battleOddsParts,
  drawThirdStatus,
  oddsFor,
  retreatSealsNeeded,
  rollBattle,
  type BattleModifiers,
  type Combatant,
  type TableRow,
} from '../../../src/core/grailwar/battle.js';
import { STATUSES, type Status } from '../../../src/core/grailwar/status.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import { grailwarMessages } from '../../../src/i18n/messages/grailwar.js';

const stats = (over: Partial<Record<Status, number>> = {}, base = 30): Record<Status, number> => ({
  str: base,
  end: base,
  agi: base,
  mag: base,
  luk: base,
  np: base,
  ...over,
});

const fighter = (over: Partial<Combatant> = {}): Combatant => ({
  factionId: 1,
  name: 'Saber',
  kind: 'servant',
  level: 50,
  statuses: stats(),
  role: 'main',
  ...over,
});

const enemy = (over: Partial<Combatant> = {}): Combatant => fighter({ factionId: 2, name: 'Lancer', ...over });

const mods = (over: Partial<BattleModifiers> = {}): BattleModifiers => ({ ...NO_MODIFIERS, ...over });

const STR_END_AGI: [Status, Status, Status] = ['str', 'end', 'agi'];

const gwError = (fn: () => unknown): GwError => caught(fn, GwError);

/** A side's war power for one status, as battleOdds (what /battle calls) computes it. */
const warPower = (side: Combatant[], status: Status): number => {
  const others = STATUSES.filter((s) => s !== status);
  return battleOdds(side, [enemy()], [status, others[0]!, others[1]!], mods()).powers[0]!.ours;
};

describe('war power (seed 000 L22)', () => {
  it('a lone main fights with its own status (seed 000 L22)', () => {
    expect(warPower([fighter({ statuses: stats({ str: 42 }) })], 'str')).toBe(42);
  });

  it('main + (sum of the subs ÷ 2): 40 + (30 + 20) ÷ 2 = 65 (seed 000 L22)', () => {
    const side = [
      fighter({ statuses: stats({ str: 40 }) }),
      fighter({ kind: 'master', role: 'sub', statuses: stats({ str: 30 }) }),
      fighter({ kind: 'other', role: 'sub', statuses: stats({ str: 20 }) }),
    ];
    expect(warPower(side, 'str')).toBe(65);
  });

  it('the subs\' sum is halved and rounded down: 40 + ⌊(25 + 26) ÷ 2⌋ = 65, 40 + ⌊25 ÷ 2⌋ = 52 (seed 000 L22)', () => {
    const side = (...subs: number[]) => [
      fighter({ statuses: stats({ agi: 40 }) }),
      ...subs.map((v) => fighter({ role: 'sub', kind: 'master', statuses: stats({ agi: v }) })),
    ];
    expect(warPower(side(25, 26), 'agi')).toBe(65);
    expect(warPower(side(25), 'agi')).toBe(52);
  });

  it('at most 3 characters a side, exactly one main (seed 000 L22: 3명까지)', () => {
    const four = [fighter(), fighter({ role: 'sub' }), fighter({ role: 'sub' }), fighter({ role: 'sub' })];
    const e = gwError(() => warPower(four, 'str'));
    expect(e.key).toBe('gw.error.tooManyCombatants');
    expect(e.params).toEqual({ count: 4, max: 3 });
    expect(gwError(() => warPower([], 'str')).key).toBe('gw.error.emptySide');
    expect(gwError(() => warPower([fighter(), fighter()], 'str')).key).toBe('gw.error.mainCount');
    expect(gwError(() => warPower([fighter({ role: 'sub' })], 'str')).key).toBe('gw.error.mainCount');
  });
});

describe('the third status (seed 000 L25 step 3, L44)', () => {
  it('is drawn with 1d4 from the remaining four, never one of the picks (seed 000 L25)', () => {
    const drawn = [1, 2, 3, 4].map((face) => drawThirdStatus(['str', 'mag'], scriptedRandom([face])));
    expect(drawn).toEqual(['end', 'agi', 'luk', 'np']);
  });

  it('never repeats a pick over many draws, and reaches all four (seed 000 L25)', () => {
    const rng = seededRandom('third-status');
    for (const a of STATUSES) {
      for (const b of STATUSES) {
        if (a === b) continue;
        const seen = new Set<Status>();
        for (let i = 0; i < 200; i++) {
          const s = drawThirdStatus([a, b], rng);
          expect(s === a || s === b).toBe(false);
          seen.add(s);
        }
        expect(seen.size).toBe(4);
      }
    }
  });

  it('the same status picked twice is refused: 「나머지 4개」 needs two different picks (seed 000 L25)', () => {
    const e = gwError(() => drawThirdStatus(['agi', 'agi'], scriptedRandom([1])));
    expect(e.key).toBe('gw.error.samePick');
    expect(e.params).toEqual({ status: 'agi' });
  });
});

/** Our statuses for a win / draw / lose on str, end, agi against 50 each. */
const versus = (results: ('w' | 'd' | 'l')[]) => {
  const value = { w: 51, d: 50, l: 49 };
  const [a, b, c] = results.map((r) => value[r]);
  return battleOdds(
    [fighter({ statuses: stats({ str: a, end: b, agi: c }) })],
    [enemy({ statuses: stats({}, 50) })],
    STR_END_AGI,
    mods(),
  );
};

describe('the battle result table (seed 000 L27)', () => {
  const cases: [('w' | 'd' | 'l')[], TableRow, number][] = [
    [['l', 'l', 'l'], 'threeLose', 0],
    [['d', 'l', 'l'], 'oneDrawTwoLose', 20],
    [['w', 'l', 'l'], 'oneWinTwoLose', 30],
    [['d', 'd', 'l'], 'twoDrawOneLose', 40],
    [['d', 'd', 'd'], 'threeDraw', 50],
    [['d', 'w', 'd'], 'twoDrawOneWin', 60],
    [['w', 'l', 'w'], 'twoWinOneLose', 70],
    [['w', 'd', 'w'], 'oneDrawTwoWin', 80],
    [['w', 'w', 'w'], 'threeWin', 100],
  ];
  for (const [results, row, base] of cases) {
    it(`${results.join('')} → ${row} = ${base} % (seed 000 L27)`, () => {
      const odds = versus(results);
      expect(odds.row).toBe(row);
      expect(odds.base).toBe(base);
      expect(odds.powers.map((p) => p.result[0])).toEqual(results);
    });
  }

  it('the default table is 0/20/30/40/50/60/70/80/100 (seed 000 L27)', () => {
    expect(TABLE_ROWS.filter((r) => r !== 'oneEach').map((r) => DEFAULT_TABLE[r])).toEqual([0, 20, 30, 40, 50, 60, 70, 80, 100]);
  });

  it('1 win 1 draw 1 lose is missing in the seed: 50 % by default (seed 000 L27)', () => {
    const odds = versus(['w', 'd', 'l']);
    expect(odds.row).toBe('oneEach');
    expect(odds.base).toBe(50);
    expect(odds.rate).toBe(50); // +1 −1 total diff
  });

  it('the missing row and any other are GM-configurable (seed 000 L27)', () => {
    const table = { ...DEFAULT_TABLE, oneEach: 45, threeWin: 90 };
    const ours = [fighter({ statuses: stats({ str: 51, end: 50, agi: 49 }) })];
    const theirs = [enemy({ statuses: stats({}, 50) })];
    expect(battleOdds(ours, theirs, STR_END_AGI, mods(), table).base).toBe(45);
    expect(gwError(() => battleOdds(ours, theirs, STR_END_AGI, mods(), { ...DEFAULT_TABLE, oneEach: 101 })).key).toBe('gw.error.table');
  });

  it('every row has a name in all three languages, the seed\'s words in Korean (seed 000 L27)', () => {
    for (const locale of ['en', 'ja', 'ko'] as const) {
      for (const row of TABLE_ROWS) expect(grailwarMessages[locale][`gw.row.${row}`]).toBeTruthy();
    }
    expect(grailwarMessages.ko['gw.row.oneDrawTwoLose']).toBe('1 무 2 열위');
    expect(grailwarMessages.ko['gw.result.lose']).toBe('열위');
  });
});

describe('win rate modifiers (seed 000 L28, L4, L43, L45)', () => {
  it('+1 % per point of total war power ahead: 45+40+35 vs 30×3 = +30 (seed 000 L28)', () => {
    const odds = battleOdds(
      [fighter({ statuses: stats({ str: 45, end: 40, agi: 25 }) })],
      [enemy({ statuses: stats({ str: 30, end: 30, agi: 30 }) })],
      STR_END_AGI,
      mods(),
    );
    expect(odds.row).toBe('twoWinOneLose');
    expect(odds.totalDiff).toBe(20); // 110 − 90
    expect(odds.rate).toBe(90);
  });

  it('−1 % per point behind (seed 000 L28)', () => {
    const odds = battleOdds(
      [fighter({ statuses: stats({ str: 35, end: 20, agi: 20 }) })],
      [enemy({ statuses: stats({ str: 30, end: 30, agi: 30 }) })],
      STR_END_AGI,
      mods(),
    );
    expect(odds.row).toBe('oneWinTwoLose');
    expect(odds.totalDiff).toBe(-15);
    expect(odds.rate).toBe(15);
  });

  it('the higher max level gets the difference: + when ours is higher, − when theirs is (seed 000 L28)', () => {
    const ours = [fighter({ level: 55 })];
    const theirs = [enemy({ level: 50 })];
    expect(battleOdds(ours, theirs, STR_END_AGI, mods()).levelBonus).toBe(5);
    expect(battleOdds(ours, theirs, STR_END_AGI, mods()).rate).toBe(55);
    expect(battleOdds(theirs, ours, STR_END_AGI, mods()).levelBonus).toBe(-5);
    expect(battleOdds(theirs, ours, STR_END_AGI, mods()).rate).toBe(45);
  });

  it('the max level is over every combatant of a side, masters included (seed 000 L28)', () => {
    const ours = [fighter({ level: 45 }), fighter({ kind: 'master', role: 'sub', level: 60, statuses: stats({}, 0) })];
    const odds = battleOdds(ours, [enemy({ level: 50 })], STR_END_AGI, mods());
    expect(odds.levelBonus).toBe(10);
  });

  it('the rate is from the first side\'s point of view: swapping the sides mirrors it (seed 000 L28)', () => {
    const a = [fighter({ level: 55, statuses: stats({ str: 45, end: 40, agi: 25 }) })];
    const b = [enemy({ statuses: stats({ str: 30, end: 30, agi: 30 }) })];
    const ab = battleOdds(a, b, STR_END_AGI, mods());
    const ba = battleOdds(b, a, STR_END_AGI, mods());
    expect(ba.row).toBe('oneWinTwoLose');
    expect(ba.totalDiff).toBe(-ab.totalDiff);
    expect(ba.levelBonus).toBe(-ab.levelBonus);
  });

  it('reinforcement charms +5 % each on the final rate (seed 000 L4)', () => {
    const odds = battleOdds([fighter()], [enemy()], STR_END_AGI, mods({ charms: 2 }));
    expect(odds.charms).toBe(10);
    expect(odds.rate).toBe(60);
  });

  it('seals: +30 % each on a main servant, +20 % each on a sub servant (seed 000 L43)', () => {
    const main = battleOdds([fighter()], [enemy()], STR_END_AGI, mods({ seals: { main: 1, sub: 0 } }));
    expect(main.seals).toBe(30);
    expect(main.rate).toBe(80);
    const ours = [fighter({ kind: 'master', name: 'Master' }), fighter({ role: 'sub' })];
    const sub = battleOdds(ours, [enemy({ statuses: stats({}, 45) })], STR_END_AGI, mods({ seals: { main: 0, sub: 1 } }));
    expect(sub.seals).toBe(20);
    // 30 + ⌊30 ÷ 2⌋ = 45 each: three draws
    expect(sub.rate).toBe(70);
  });

  it('a win-rate seal needs a servant in that role (seed 000 L43)', () => {
    const ours = [fighter({ kind: 'master' })];
    expect(gwError(() => battleOdds(ours, [enemy()], STR_END_AGI, mods({ seals: { main: 1, sub: 0 } }))).key).toBe(
      'gw.error.sealNotServant.main',
    );
    expect(gwError(() => battleOdds([fighter()], [enemy()], STR_END_AGI, mods({ seals: { main: 0, sub: 1 } }))).key).toBe(
      'gw.error.sealNotServant.sub',
    );
  });

  it('the enemy\'s charms and seals count against us (seed 000 L4, L43)', () => {
    const odds = battleOdds([fighter()], [enemy()], STR_END_AGI, mods({ charms: 1, enemy: { charms: 3, seals: { main: 1, sub: 0 } } }));
    expect(odds.charms).toBe(-10);
    expect(odds.seals).toBe(-30);
    expect(odds.rate).toBe(10);
  });

  it('an all-status seal adds 10 to every status of the servant before war power (seed 000 L45)', () => {
    // 30 vs 35 on all three: three inferior, −15 → 0; with +10: 40 vs 35, three superior, +15 → 100
    const ours = [fighter()];
    const theirs = [enemy({ statuses: stats({}, 35) })];
    expect(battleOdds(ours, theirs, STR_END_AGI, mods()).rate).toBe(0);
    const sealed = battleOdds(ours, theirs, STR_END_AGI, mods({ allStatusSeals: 1 }));
    expect(sealed.powers.map((p) => p.ours)).toEqual([40, 40, 40]);
    expect(sealed.row).toBe('threeWin');
    expect(sealed.totalDiff).toBe(15);
    expect(ours[0]!.statuses.str).toBe(30); // the input is not changed
  });

  it('an all-status seal on a sub servant is halved with the subs (seed 000 L22, L45)', () => {
    const ours = [fighter({ kind: 'master', statuses: stats({}, 20) }), fighter({ role: 'sub', statuses: stats({}, 30) })];
    const odds = battleOdds(ours, [enemy()], STR_END_AGI, mods({ allStatusSeals: 2 }));
    expect(odds.powers[0]!.ours).toBe(45); // 20 + (30 + 20) ÷ 2
  });

  it('an all-status seal needs a servant of the side\'s faction (seed 000 L45)', () => {
    expect(gwError(() => battleOdds([fighter({ kind: 'master' })], [enemy()], STR_END_AGI, mods({ allStatusSeals: 1 }))).key).toBe(
      'gw.error.noServantForSeal',
    );
  });

  it('GM / skill modifiers are added before charms and seals', () => {
    const odds = battleOdds([fighter()], [enemy()], STR_END_AGI, mods({ other: -15 }));
    expect(odds.other).toBe(-15);
    expect(odds.rate).toBe(35);
  });
});

describe('clamping to 0–100 % (seed 000 L27–28, L43)', () => {
  it('above 100 is 100, below 0 is 0', () => {
    const strong = [fighter({ level: 60, statuses: stats({}, 60) })];
    const weak = [enemy({ level: 40, statuses: stats({}, 30) })];
    const up = battleOdds(strong, weak, STR_END_AGI, mods());
    expect(up.base + up.totalDiff + up.levelBonus).toBe(210);
    expect(up.rate).toBe(100);
    const down = battleOdds(weak, strong, STR_END_AGI, mods());
    expect(down.rate).toBe(0);
  });

  it('charms and seals add to the shown final rate: a seal on 0 % gives 30 % (seed 000 L43 최종 승률이 나온 시점에)', () => {
    const weak = [fighter({ level: 40, statuses: stats({}, 30) })];
    const strong = [enemy({ level: 60, statuses: stats({}, 60) })];
    const odds = battleOdds(weak, strong, STR_END_AGI, mods({ charms: 1, seals: { main: 1, sub: 0 } }));
    expect(odds.before).toBe(0);
    expect(odds.rate).toBe(35);
  });

  it('a seal on 90 % stops at 100 % (seed 000 L43)', () => {
    const odds = battleOdds([fighter({ statuses: stats({ str: 60 }) })], [enemy()], STR_END_AGI, mods({ seals: { main: 1, sub: 0 } }));
    expect(odds.before).toBe(90); // 2 draws 1 superior: 60 + 30 points ahead
    expect(odds.rate).toBe(100);
  });
});

describe('rolling the battle (seed 000 L25 step 5)', () => {
  it('1d100 ≤ the final rate wins (seed 000 L25)', () => {
    const odds = battleOdds([fighter()], [enemy()], STR_END_AGI, mods()); // 50 %
    const rng = scriptedRandom([50, 51]);
    expect(rollBattle(odds, rng)).toEqual({ roll: 50, win: true });
    expect(rollBattle(odds, rng)).toEqual({ roll: 51, win: false });
    expect(rng.remaining).toBe(0);
  });

  it('refuses three statuses that are not all different (seed 000 L23, L25)', () => {
    expect(gwError(() => battleOdds([fighter()], [enemy()], ['str', 'str', 'agi'], mods())).key).toBe('gw.error.statusesDistinct');
  });

  it('the breakdown lines use catalog keys', () => {
    const odds = battleOdds([fighter({ level: 55 })], [enemy()], STR_END_AGI, mods({ charms: 1, other: 5 }));
    const parts = battleOddsParts(odds);
    expect(parts.map((p) => p.key)).toEqual([
      'gw.odds.status.draw',
      'gw.odds.status.draw',
      'gw.odds.status.draw',
      'gw.odds.base',
      'gw.odds.levelBonus',
      'gw.odds.other',
      'gw.odds.before',
      'gw.odds.charms',
      'gw.odds.rate',
    ]);
    expect(parts[4]!.params).toEqual({ value: '+5' });
    expect(parts.at(-1)!.params).toEqual({ value: 65 });
    for (const p of parts) expect(grailwarMessages.en[p.key], p.key).toBeDefined();
  });
});

describe('the battle from each side (seed 000 L28 「승률은 자기 진영 혹은 선수 관점」)', () => {
  // Every status of the first side 5 below the other's; its level 35 against 50; the GM's +80; the other side's seal.
  const odds = battleOdds(
    [fighter({ level: 35, statuses: stats({}, 25) })],
    [enemy({ statuses: stats({}, 30) })],
    STR_END_AGI,
    mods({ other: 80, enemy: { seals: { main: 1, sub: 0 } } }),
  );

  it('the first side reads the odds as computed', () => {
    expect(oddsFor(odds, 'ours')).toBe(odds);
    expect(odds).toMatchObject({ row: 'threeLose', base: 0, totalDiff: -15, levelBonus: -15, before: 50, seals: -30, rate: 20 });
    expect(odds.items).toEqual({ ours: { charms: 0, seals: 0 }, theirs: { charms: 0, seals: 30 } });
  });

  it('the other side reads its own war power first, its superior statuses, its own seal as a plus and its own rate (L27, L28, L43)', () => {
    const theirs = oddsFor(odds, 'theirs');
    expect(theirs.powers).toEqual(STR_END_AGI.map((status) => ({ status, ours: 30, theirs: 25, result: 'win' })));
    expect(theirs).toMatchObject({ row: 'threeWin', base: 100, totalDiff: 15, levelBonus: 15, other: -80, before: 50, charms: 0, seals: 30, rate: 80 });
    expect(theirs.items).toEqual({ ours: { charms: 0, seals: 30 }, theirs: { charms: 0, seals: 0 } });
  });

  it('each table row mirrors to the row of the other side, and the seed’s table gives the two sides 100 between them (L27)', () => {
    const rows = TABLE_ROWS.map((row) => [row, DEFAULT_TABLE[row]] as const);
    for (const [row, base] of rows) {
      const mirrored = oddsFor({ ...odds, row, base }, 'theirs');
      expect(DEFAULT_TABLE[mirrored.row] + base, row).toBe(100);
      expect(oddsFor({ ...mirrored, row: mirrored.row }, 'theirs').row).toBe(row);
    }
  });

  it('one roll decides the battle: the first side wins on its rate or less, the other on the rest (L25)', () => {
    for (const o of [odds, battleOdds([fighter()], [enemy()], STR_END_AGI, mods())]) {
      const theirs = oddsFor(o, 'theirs');
      expect(o.rate + theirs.rate).toBe(100);
      for (const roll of [1, o.rate, o.rate + 1, 100]) {
        const win = rollBattle(o, scriptedRandom([roll])).win;
        expect(!win, `roll ${roll}`).toBe(roll >= 101 - theirs.rate);
      }
    }
  });

  it('no −0 for a modifier that is 0', () => {
    const even = oddsFor(battleOdds([fighter()], [enemy()], STR_END_AGI, mods()), 'theirs');
    expect(Object.is(even.totalDiff, 0) && Object.is(even.levelBonus, 0) && Object.is(even.other, 0) && Object.is(even.seals, 0)).toBe(true);
  });
});

describe('Command Seals around a battle (seed 000 L46–47)', () => {
  it('a seal gives the servant 120 mana (seed 000 L46)', () => {
    expect(SEAL_MANA).toBe(120);
  });

  it('retreating costs one seal per combatant; summoned familiars need none (seed 000 L47)', () => {
    const losers = [fighter(), fighter({ kind: 'master', role: 'sub' }), fighter({ kind: 'other', role: 'sub' })];
    expect(retreatSealsNeeded(losers)).toBe(2);
    expect(retreatSealsNeeded([fighter()])).toBe(1);
    expect(retreatSealsNeeded([fighter({ kind: 'other' })])).toBe(0);
  });
});
