import { describe, expect, it } from 'vitest';
import { caught } from '../../helpers/caught.js';
import {
  ACTIONS,
  MYSTIC_CODES,
  actionChance,
  dayRaidCost,
  familiarsToSucceed,
  percentRoll,
  resolutionOrder,
  restAmount,
  soulEatingExposure,
  soulEatingMana,
  type ActionDeclaration,
  type ActorProfile,
} from '../../../src/core/grailwar/actions.js';
import { GwError } from '../../../src/core/grailwar/status.js';
import { DEFAULT_UPKEEP } from '../../../src/core/grailwar/upkeep.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import { grailwarMessages } from '../../../src/i18n/messages/grailwar.js';

const actor = (over: Partial<ActorProfile> = {}): ActorProfile => ({
  factionId: 1,
  servantClass: 'saber',
  masterMag: 25,
  servantMag: 30,
  ...over,
});

/** The structural checks, as actionChance (what /act and /war resolve call) runs them first. */
const validateDeclaration = (d: ActionDeclaration): void => void actionChance(d, actor(), []);

const decl = (over: Partial<ActionDeclaration> = {}): ActionDeclaration => ({
  factionId: 1,
  kind: 'other',
  targets: [],
  text: '',
  ...over,
});

const info = (infoMode: 'locate' | 'shallow' | 'deep', targets: number[] = []) =>
  decl({ kind: 'infoGathering', infoMode, targets });

const saber2 = actor({ factionId: 2, servantClass: 'saber' });
const lancer3 = actor({ factionId: 3, servantClass: 'lancer' });
const assassin4 = actor({ factionId: 4, servantClass: 'assassin' });
const others = [saber2, lancer3, assassin4];

const gwError = (fn: () => unknown): GwError => caught(fn, GwError);

describe('the action menu (seed 000 L1, L4)', () => {
  it('has the seven actions and four mystic codes in the seed\'s order (seed 000 L1, L4)', () => {
    expect(ACTIONS).toEqual(['mysticCode', 'rest', 'soulEating', 'moveBase', 'contact', 'infoGathering', 'other']);
    expect(MYSTIC_CODES).toEqual(['manaJewel', 'familiar', 'charmStrength', 'charmIllusion']);
  });

  it('every action, mystic code and info mode has a name in all three languages', () => {
    for (const locale of ['en', 'ja', 'ko'] as const) {
      for (const a of ACTIONS) expect(grailwarMessages[locale][`gw.action.${a}`]).toBeTruthy();
      for (const m of MYSTIC_CODES) {
        expect(grailwarMessages[locale][`gw.mysticCode.${m}`]).toBeTruthy();
        expect(grailwarMessages[locale][`gw.mysticCode.${m}.effect`]).toBeTruthy();
      }
      for (const m of ['locate', 'shallow', 'deep']) expect(grailwarMessages[locale][`gw.infoMode.${m}`]).toBeTruthy();
    }
    expect(grailwarMessages.ko['gw.mysticCode.manaJewel']).toBe('마보석');
    expect(grailwarMessages.ko['gw.action.soulEating']).toContain('혼식');
  });
});

describe('mystic code creation: the creator\'s 【마】 × 2 % (seed 000 L1, L3)', () => {
  const code = (creator: 'master' | 'servant') => decl({ kind: 'mysticCode', mysticCode: 'familiar', creator });

  it('master MAG 25 → 50 %; servant MAG 30 → 60 % (seed 000 L3)', () => {
    expect(actionChance(code('master'), actor(), []).chance).toBe(50);
    const r = actionChance(code('servant'), actor(), []);
    expect(r.chance).toBe(60);
    expect(r.parts).toEqual([
      { key: 'gw.part.mysticCode.servant', params: { mag: 30, value: 60 } },
      { key: 'gw.part.chance', params: { chance: 60 } },
    ]);
  });

  it('MAG 55 → 110 %, clamped to 100 (seed 000 L3)', () => {
    const r = actionChance(code('servant'), actor({ servantMag: 55 }), []);
    expect(r.chance).toBe(100);
    expect(r.parts.map((p) => p.key)).toEqual(['gw.part.mysticCode.servant', 'gw.part.clamped', 'gw.part.chance']);
  });

  it('needs the item and the creator (seed 000 L3: 마스터나 서번트)', () => {
    expect(gwError(() => actionChance(decl({ kind: 'mysticCode', creator: 'master' }), actor(), [])).key).toBe(
      'gw.error.mysticCodeMissing',
    );
    expect(gwError(() => actionChance(decl({ kind: 'mysticCode', mysticCode: 'manaJewel' }), actor(), [])).key).toBe(
      'gw.error.creatorMissing',
    );
  });
});

describe('information gathering (seed 000 L4, L13, L15–17, L31)', () => {
  it('base 50 % (seed 000 L13)', () => {
    const r = actionChance(info('deep', [2]), actor(), others);
    expect(r.chance).toBe(50);
    expect(r.parts).toEqual([
      { key: 'gw.part.info.base', params: { value: 50 } },
      { key: 'gw.part.chance', params: { chance: 50 } },
    ]);
  });

  it('Archer and Assassin +20 % (seed 000 L13, L31)', () => {
    expect(actionChance(info('deep', [2]), actor({ servantClass: 'archer' }), others).chance).toBe(70);
    const r = actionChance(info('deep', [2]), actor({ servantClass: 'assassin' }), others);
    expect(r.chance).toBe(70);
    expect(r.parts[1]).toEqual({ key: 'gw.part.info.class.assassin', params: { value: 20 } });
    expect(actionChance(info('deep', [2]), actor({ servantClass: 'berserker' }), others).chance).toBe(50);
  });

  it('−20 % against an Assassin\'s faction (seed 000 L13, L31)', () => {
    const r = actionChance(info('deep', [4]), actor(), others);
    expect(r.chance).toBe(30);
    expect(r.parts[1]).toEqual({ key: 'gw.part.info.assassinTarget', params: { value: 20 } });
    // Archer against Assassin: 50 + 20 − 20
    expect(actionChance(info('deep', [4]), actor({ servantClass: 'archer' }), others).chance).toBe(50);
  });

  it('a shallow look at three factions with the Assassin among them takes the −20 % once (seed 000 L13, L16)', () => {
    expect(actionChance(info('shallow', [2, 3, 4]), actor(), others).chance).toBe(30);
    expect(actionChance(info('shallow', [2, 3]), actor(), others).chance).toBe(50);
    const twoAssassins = [...others, actor({ factionId: 5, servantClass: 'assassin' })];
    expect(actionChance(info('shallow', [2, 4, 5]), actor(), twoAssassins).chance).toBe(30);
  });

  it('locating all factions also gathers against the Assassin\'s faction: −20 % when one is in the war (seed 000 L13, L15)', () => {
    expect(actionChance(info('locate'), actor(), others).chance).toBe(30);
    expect(actionChance(info('locate'), actor(), [saber2, lancer3]).chance).toBe(50);
    // an Assassin gathering never penalizes itself, even if its own profile is passed
    expect(actionChance(info('locate', []), actor({ servantClass: 'assassin' }), [actor({ servantClass: 'assassin' }), saber2]).chance).toBe(70);
  });

  it('+20 % per familiar consumed (seed 000 L4)', () => {
    const r = actionChance(info('deep', [4]), actor(), others, 2);
    expect(r.chance).toBe(70);
    expect(r.parts).toContainEqual({ key: 'gw.part.info.familiars', params: { count: 2, value: 40 } });
  });

  it('clamped to 0–100 (Archer 70 + 3 familiars = 130 → 100)', () => {
    const r = actionChance(info('deep', [2]), actor({ servantClass: 'archer' }), others, 3);
    expect(r.chance).toBe(100);
    expect(r.parts).toContainEqual({ key: 'gw.part.clamped', params: { chance: 100 } });
  });

  it('familiars may be used after the roll: how many a failed roll needs (seed 000 L4 주사위 굴림 후 사용)', () => {
    expect(familiarsToSucceed(45, 50)).toBe(0);
    expect(familiarsToSucceed(51, 50)).toBe(1);
    expect(familiarsToSucceed(70, 50)).toBe(1);
    expect(familiarsToSucceed(71, 50)).toBe(2);
    expect(familiarsToSucceed(100, 30)).toBe(4);
  });

  it('familiars only help information gathering (seed 000 L4)', () => {
    const e = gwError(() => actionChance(decl({ kind: 'mysticCode', mysticCode: 'familiar', creator: 'master' }), actor(), [], 1));
    expect(e.key).toBe('gw.error.familiarsNotInfo');
  });

  it('checks the targets of each mode (seed 000 L15–17)', () => {
    expect(gwError(() => actionChance(info('deep', [2, 3]), actor(), others)).key).toBe('gw.error.infoTargets.deep');
    expect(gwError(() => actionChance(info('shallow', [2, 3, 4, 5]), actor(), others)).key).toBe('gw.error.infoTargets.shallow');
    expect(gwError(() => actionChance(info('locate', [2]), actor(), others)).key).toBe('gw.error.infoTargets.locate');
    expect(gwError(() => actionChance(info('deep', [1]), actor(), others)).key).toBe('gw.error.infoSelf');
    expect(gwError(() => actionChance(info('deep', [9]), actor(), others)).params).toEqual({ id: 9 });
    expect(gwError(() => actionChance(decl({ kind: 'infoGathering' }), actor(), others)).key).toBe('gw.error.infoModeMissing');
  });
});

describe('actions without a success roll (seed 000 L5–11)', () => {
  it('rest, move, contact and other have no roll', () => {
    for (const d of [
      decl({ kind: 'rest' }),
      decl({ kind: 'moveBase', territory: 'large', random: true }),
      decl({ kind: 'contact', targets: [2] }),
      decl({ kind: 'contact', random: true }),
      decl({ kind: 'other', text: 'Visit the church' }),
    ]) {
      expect(actionChance(d, actor(), others)).toEqual({ chance: null, parts: [{ key: 'gw.part.noRoll', params: {} }] });
    }
  });

  it('soul eating has no success roll, only the 50 % exposure (seed 000 L6)', () => {
    expect(actionChance(decl({ kind: 'soulEating' }), actor(), others)).toEqual({
      chance: null,
      parts: [{ key: 'gw.part.exposureRoll', params: { chance: 50 } }],
    });
  });

  it('contact names one faction (own faction allowed, L19) or none at random (seed 000 L11, L19)', () => {
    expect(() => validateDeclaration(decl({ kind: 'contact', targets: [1] }))).not.toThrow();
    expect(gwError(() => validateDeclaration(decl({ kind: 'contact', targets: [] }))).key).toBe('gw.error.contactTargets');
    expect(gwError(() => validateDeclaration(decl({ kind: 'contact', targets: [2, 3] }))).key).toBe('gw.error.contactTargets');
    expect(gwError(() => validateDeclaration(decl({ kind: 'contact', targets: [2], random: true }))).key).toBe('gw.error.contactTargets');
  });

  it('a random move needs the chosen grade (seed 000 L9)', () => {
    expect(gwError(() => validateDeclaration(decl({ kind: 'moveBase', random: true }))).key).toBe('gw.error.territory');
    expect(() => validateDeclaration(decl({ kind: 'moveBase' }))).not.toThrow();
  });

  it('the player\'s text is bounded to 500 characters', () => {
    expect(() => validateDeclaration(decl({ text: 'a'.repeat(500) }))).not.toThrow();
    const e = gwError(() => validateDeclaration(decl({ text: 'a'.repeat(501) })));
    expect(e.key).toBe('gw.error.textTooLong');
    expect(e.params).toEqual({ length: 501, max: 500 });
  });

  it('a raid in the day turn costs 20 more mana; at night or friendly, nothing (seed 000 L11)', () => {
    expect(dayRaidCost(true)).toBe(20);
    expect(dayRaidCost(false)).toBe(0);
    expect(dayRaidCost(true, false)).toBe(0);
  });

  it('rest recovers by territory grade, 10–40 by default and configurable (seed 000 L5)', () => {
    expect(restAmount('small')).toBe(10);
    expect(restAmount('highest')).toBe(40);
    expect(restAmount('none')).toBe(0);
    expect(restAmount('medium', { ...DEFAULT_UPKEEP, territoryRecovery: { small: 15, medium: 25, large: 35, highest: 40 } })).toBe(25);
  });

  it('soul eating recovers 100 mana per ordinary-people group defeated, two groups at most (seed 000 L7)', () => {
    expect(soulEatingMana(0)).toBe(0);
    expect(soulEatingMana(1)).toBe(100);
    expect(soulEatingMana(2)).toBe(200);
    expect(gwError(() => soulEatingMana(3)).key).toBe('gw.error.groups');
  });
});

describe('resolution order (seed 000 L18)', () => {
  it('non-combat → combat → soul eating, stable within each phase (seed 000 L18)', () => {
    const ds = [
      decl({ factionId: 1, kind: 'soulEating' }),
      decl({ factionId: 2, kind: 'contact', targets: [1] }),
      decl({ factionId: 3, kind: 'rest' }),
      decl({ factionId: 4, kind: 'contact', random: true }),
      decl({ factionId: 5, kind: 'infoGathering', infoMode: 'locate' }),
      decl({ factionId: 6, kind: 'soulEating' }),
      decl({ factionId: 7, kind: 'mysticCode' }),
    ];
    expect(resolutionOrder(ds).map((d) => d.factionId)).toEqual([3, 5, 7, 2, 4, 1, 6]);
    expect(ds.map((d) => d.factionId)).toEqual([1, 2, 3, 4, 5, 6, 7]); // input untouched
  });
});

describe('percentage rolls (seed 000 L3, L6)', () => {
  it('1d100 ≤ chance succeeds (seed 000 L3)', () => {
    const rng = scriptedRandom([50, 51, 1, 100]);
    expect(percentRoll(50, rng)).toEqual({ roll: 50, success: true });
    expect(percentRoll(50, rng)).toEqual({ roll: 51, success: false });
    expect(percentRoll(0, rng)).toEqual({ roll: 1, success: false });
    expect(percentRoll(100, rng)).toEqual({ roll: 100, success: true });
    expect(rng.remaining).toBe(0);
  });

  it('soul eating exposes the eater on 1d100 ≤ 50 (seed 000 L6)', () => {
    const rng = scriptedRandom([50, 51]);
    expect(soulEatingExposure(rng)).toEqual({ roll: 50, exposed: true });
    expect(soulEatingExposure(rng)).toEqual({ roll: 51, exposed: false });
  });

  it('the exposure is 50 % over many rolls (seed 000 L6)', () => {
    const rng = seededRandom('soul-eating');
    let exposed = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) if (soulEatingExposure(rng).exposed) exposed++;
    expect(exposed / n).toBeGreaterThan(0.48);
    expect(exposed / n).toBeLessThan(0.52);
  });
});
