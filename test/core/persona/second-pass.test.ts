// The pure core of issue 12's second pass: the db ladder of Taru/Maka (JA L599–600), Wild Talk rewards
// (JA L1036–1069), the GM's bad-status table and what a status forbids, Cover against bad-status skills
// (JA L957), revive-only heals (JA L1164), a fumble's random target evading (JA L132, L135) and the
// GM removing a combatant.
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../src/core/random.js';
import {
  DEFAULT_DB_LADDER,
  adjustCombatant,
  advance,
  attack,
  buff,
  castAilment,
  configure,
  createCombat,
  defineBadStatus,
  effectiveDb,
  heal,
  removeBadStatus,
  removeCombatant,
  wildTalk,
  type CombatState,
  type CombatantInit,
} from '../../../src/core/persona/index.js';

const c = (id: string, side: 'pc' | 'npc', dex: number, over: Partial<CombatantInit> = {}): CombatantInit => ({ id, name: id.toUpperCase(), side, dex, agi: 1, luck: 0, hp: 30, summoned: side === 'pc', ...over });
const started = (combatants: CombatantInit[], config = {}): CombatState => {
  const rng = scriptedRandom([]);
  const s = createCombat({ combatants, config }).state;
  return advance(advance(s, rng).state, rng).state;
};
const find = (s: CombatState, id: string) => s.combatants.find((x) => x.id === id)!;

describe('the db ladder (JA L599–600; the ladder itself is a setting)', () => {
  it('holds both seed examples as rungs; Tarukaja moves one rung, clamped, off-ladder dbs are refused', () => {
    expect(DEFAULT_DB_LADDER).toContain('1D6+1D4');
    expect(DEFAULT_DB_LADDER).toContain('2D6+1D4');
    let s = started([c('a', 'pc', 20, { physDb: '1d6+1d4', magDb: '1D8' }), c('x', 'npc', 1)]);
    s = buff(s, { targets: ['a'], stat: 'taru', delta: 1 }).state;
    expect(find(s, 'a').taru).toBe(1);
    expect(effectiveDb(s.config, find(s, 'a'), 'physical')).toBe('2D6');
    expect(effectiveDb(s.config, find(s, 'a'), 'physical', 99)).toBe(DEFAULT_DB_LADDER.at(-1));
    const fresh = started([c('a', 'pc', 20, { physDb: '1d6+1d4', magDb: '1D8' }), c('x', 'npc', 1)]);
    expect(() => buff(fresh, { targets: ['a'], stat: 'maka', delta: 1 })).toThrow(/dbOffLadder/);
  });

  it('the GM’s ladder replaces it (validated, canonical)', () => {
    const s = started([c('a', 'pc', 20, { physDb: '1D6' }), c('x', 'npc', 1)]);
    const set = configure(s, { dbLadder: ['1d4', '1D6', '3d6'] }).state;
    expect(set.config.dbLadder).toEqual(['1D4', '1D6', '3D6']);
    expect(effectiveDb(set.config, find(set, 'a'), 'physical', 1)).toBe('3D6');
    expect(() => configure(s, { dbLadder: ['1D6'] })).toThrow();
    expect(() => configure(s, { dbLadder: ['1D6', '1d6'] })).toThrow();
  });
});

describe('Wild Talk rewards (JA L1036–1069)', () => {
  /** a's 1 More under a Hold-up, with x and y down */
  function holdUp(x: Partial<CombatantInit>, y: Partial<CombatantInit>, a: Partial<CombatantInit> = {}): CombatState {
    let s = started([c('a', 'pc', 20, { magDb: '1D1+5', ...a }), c('b', 'pc', 15), c('x', 'npc', 5, { resistances: { fire: 'weak' }, ...x }), c('y', 'npc', 4, { resistances: { fire: 'weak' }, ...y })]);
    s = attack(s, { kind: 'magic', elements: ['fire'], targets: ['x', 'y'], coefficient: 1, hitRate: 'auto' }, scriptedRandom([1])).state;
    s = advance(s, scriptedRandom([])).state;
    expect(s.slot).toMatchObject({ ownerId: 'a', holdUp: true });
    return s;
  }

  it('Macca: level × coefficient × 20 (×40 on a critical); the target leaves while a boss-rank enemy remains', () => {
    const s = holdUp({ level: 8 }, { bossRank: 1 });
    const plain = wildTalk(s, { target: 'x', chance: 90, reward: { kind: 'macca', coefficient: 2 } }, scriptedRandom([50])).state;
    expect(plain.rewards).toEqual([{ by: 'A', from: 'X', kind: 'macca', critical: false, macca: 320 }]);
    expect(find(plain, 'x').fled).toBe(true);
    expect(plain.phase).not.toBe('ended');
    const crit = wildTalk(s, { target: 'x', chance: 90, reward: { kind: 'macca', coefficient: 2 } }, scriptedRandom([3])).state;
    expect(crit.rewards![0]!.macca).toBe(640);
    expect(() => wildTalk(s, { target: 'y', chance: 90 }, scriptedRandom([50]))).toThrow(/talkBoss/);
  });

  it('items: budget / price of one kind, rank bound (rank − 1) × 12 ≤ level checked before the roll; every enemy rank 0 ends the fight', () => {
    const s = holdUp({ level: 24 }, {});
    expect(() => wildTalk(s, { target: 'x', chance: 90, reward: { kind: 'item', item: 'Bead', price: 100, rank: 4 } }, scriptedRandom([]))).toThrow(/talkRank/);
    const done = wildTalk(s, { target: 'x', chance: 90, reward: { kind: 'item', item: 'Bead', price: 100, rank: 3 } }, scriptedRandom([50])).state;
    expect(done.rewards![0]).toMatchObject({ item: 'Bead', quantity: 4, macca: 400 });
    expect(done.phase).toBe('ended');
    expect(done.endReason).toBe('talk');
  });

  it('a Persona: Wild only, level ≤ own original best; 2 + level/12 skills', () => {
    expect(() => wildTalk(holdUp({ level: 30 }, { bossRank: 1 }), { target: 'x', chance: 90, reward: { kind: 'persona', personaLevel: 40 } }, scriptedRandom([]))).toThrow(/talkNotWild/);
    const s = holdUp({ level: 30 }, { bossRank: 1 }, { wild: true, level: 25 });
    expect(() => wildTalk(s, { target: 'x', chance: 90, reward: { kind: 'persona' } }, scriptedRandom([]))).toThrow(/talkPersonaLevel/);
    const got = wildTalk(s, { target: 'x', chance: 90, reward: { kind: 'persona', personaLevel: 30 } }, scriptedRandom([50])).state;
    expect(got.rewards![0]).toMatchObject({ kind: 'persona', level: 30, skills: 4 });
  });
});

describe('the bad-status table and what a status forbids', () => {
  it('the GM adds a skill-sealing status; skills are refused, the status cannot be removed while someone has it', () => {
    let s = started([c('a', 'pc', 20, { magDb: '1D4' }), c('x', 'npc', 1)]);
    s = defineBadStatus(s, { id: 'seal', name: { en: 'Seal', ja: '封', ko: '봉' }, category: 'body', blocksActions: false, blocksActionChoice: false, randomAction: false, blocksSkills: true, cure: 'natural', recoveryStat: 'pow' }).state;
    s = adjustCombatant(s, 'a', { badStatus: 'seal' }).state;
    expect(() => attack(s, { kind: 'magic', elements: ['fire'], targets: ['x'], coefficient: 1, hitRate: 'auto' }, scriptedRandom([1]))).toThrow(/statusNoSkills/);
    expect(() => heal(s, { targets: ['a'], kind: 'magic' }, scriptedRandom([1]))).toThrow(/statusNoSkills/);
    expect(heal(s, { targets: ['a'], kind: 'magic', dice: '1', item: true }, scriptedRandom([])).state.phase).toBe('idle'); // items stay open
    expect(() => removeBadStatus(s, 'seal')).toThrow(/statusInUse/);
    s = adjustCombatant(s, 'a', { badStatus: null }).state;
    expect(removeBadStatus(s, 'seal').state.config.badStatuses.some((d) => d.id === 'seal')).toBe(false);
  });
});

describe('Cover against a bad-status skill (JA L308, L957)', () => {
  it('the coverer takes the infliction check with its own luck and Defend', () => {
    let s = started([c('x', 'npc', 20, { luck: 0 }), c('a', 'pc', 10), c('b', 'pc', 5)]);
    s = castAilment(s, { targets: ['a'], effect: { kind: 'status', statuses: ['charm'] }, baseRate: 100, cover: [{ by: 'b', target: 'a' }] }, scriptedRandom([50])).state;
    expect(find(s, 'b').badStatus?.id).toBe('charm');
    expect(find(s, 'a').badStatus).toBeNull();
    expect(find(s, 'b').coverUsed).toBe(true);
  });
});

describe('heals do not reach the incapacitated unless they revive (JA L1164, L366)', () => {
  it('refused without revive; revive lifts the incapacitation', () => {
    let s = started([c('a', 'pc', 20, { magDb: '1D1+4' }), c('b', 'pc', 10), c('x', 'npc', 1)]);
    s = adjustCombatant(s, 'b', { hp: 0 }).state;
    expect(() => heal(s, { targets: ['b'], kind: 'magic' }, scriptedRandom([1]))).toThrow(/cannotRevive/);
    const up = heal(s, { targets: ['b'], kind: 'magic', revive: true }, scriptedRandom([1])).state;
    expect(find(up, 'b')).toMatchObject({ hp: 10, incapacitated: false });
  });
});

describe('a fumble’s random target (JA L132, L133, L135)', () => {
  it('evades by its own choice by default; not with fumbleEvade false', () => {
    // a(20) attacks x; the only other combatant is x. 100 = fumble, die(1) = 1 picks x, 1 = evasion critical
    const s = started([c('a', 'pc', 20, { magDb: '1D4' }), c('x', 'npc', 1, { agi: 50 })]);
    const spec = { kind: 'magic' as const, elements: ['fire'], targets: ['x'], coefficient: 1, hitRate: 50, evade: ['x'] };
    const evaded = attack(s, spec, scriptedRandom([100, 1, 1]));
    expect(evaded.events.map((e) => e.key)).toEqual(expect.arrayContaining(['persona.hit.fumbleRandom', 'persona.evade.critical']));
    expect(find(evaded.state, 'x').hp).toBe(30);
    const off = configure(s, { fumbleEvade: false }).state;
    const hit = attack(off, spec, scriptedRandom([100, 1, 3]));
    expect(hit.events.some((e) => e.key.startsWith('persona.evade'))).toBe(false);
    expect(find(hit.state, 'x').hp).toBe(27);
  });

  it('a random target outside targets: evades by its own standing choice (othersEvade; issue 20, JA L135, L970)', () => {
    // a attacks x; pool [x, y]; 100 = fumble, die(2) = 2 picks y, 1 = y's evasion critical
    const s = started([c('a', 'pc', 20, { magDb: '1D4' }), c('x', 'npc', 1), c('y', 'npc', 2, { agi: 50 })]);
    const spec = { kind: 'magic' as const, elements: ['fire'], targets: ['x'], coefficient: 1, hitRate: 50, evade: ['x'] };
    const evaded = attack(s, { ...spec, othersEvade: ['x', 'y'] }, scriptedRandom([100, 2, 1]));
    expect(evaded.events.map((e) => e.key)).toEqual(expect.arrayContaining(['persona.hit.fumbleRandom', 'persona.evade.critical']));
    expect(find(evaded.state, 'y').hp).toBe(30);
    // without y's standing choice it is simply hit
    const hit = attack(s, spec, scriptedRandom([100, 2, 3]));
    expect(hit.events.some((e) => e.key.startsWith('persona.evade'))).toBe(false);
    expect(find(hit.state, 'y').hp).toBe(27);
  });

  it('lands on the target covered against this attack: the Cover holds, the coverer evades at −SIZ×2 and takes the damage (JA L961, L963, L965–966)', () => {
    // a attacks x, y covers x (evade); pool [x, y]; 100 = fumble, die(2) = 1 picks x;
    // y's evasion 50 − SIZ 5 × 2 = 40: a roll of 41 fails, 1 (critical) evades
    const s = started([c('a', 'pc', 20, { magDb: '1D4' }), c('x', 'npc', 1, { siz: 5 }), c('y', 'npc', 2, { agi: 50 })]);
    const spec = { kind: 'magic' as const, elements: ['fire'], targets: ['x'], coefficient: 1, hitRate: 50, cover: [{ by: 'y', target: 'x', evade: true }] };
    const hit = attack(s, spec, scriptedRandom([100, 1, 41, 3]));
    expect(hit.events.find((e) => e.key === 'persona.evade.fail')?.params).toMatchObject({ name: 'Y', chance: 40 });
    expect(find(hit.state, 'x').hp).toBe(30);
    expect(find(hit.state, 'y').hp).toBe(27);
    const evaded = attack(s, spec, scriptedRandom([100, 1, 1]));
    expect(evaded.events.map((e) => e.key)).toEqual(expect.arrayContaining(['persona.hit.fumbleRandom', 'persona.evade.critical']));
    expect([find(evaded.state, 'x').hp, find(evaded.state, 'y').hp]).toEqual([30, 30]);
  });
});

describe('the GM removes a combatant', () => {
  it('its open slot closes, its pending slots go, and the fight ends when a side is empty', () => {
    const s = started([c('a', 'pc', 20), c('x', 'npc', 10), c('y', 'npc', 5)]);
    const gone = removeCombatant(s, 'a').state;
    expect(gone.combatants.map((x) => x.id)).toEqual(['x', 'y']);
    expect(gone.phase).toBe('ended');
    const one = removeCombatant(s, 'x').state;
    expect(one.slot?.ownerId).toBe('a');
    expect(removeCombatant(one, 'y').state.endReason).toBe('pcWin');
  });
});

describe('a combination needs every participant able to choose (JA L480; issue 20)', () => {
  it('a charmed ally cannot join; unharmed, the same combination goes ahead', () => {
    const s = started([c('a', 'pc', 20, { magDb: '1D4' }), c('b', 'pc', 10, { magDb: '1D4' }), c('x', 'npc', 1)]);
    const spec = { kind: 'magic' as const, elements: ['fire'], targets: ['x'], coefficient: 1, hitRate: 'auto' as const, combination: { participants: [{ id: 'b' }] } };
    const charmed = adjustCombatant(s, 'b', { badStatus: 'charm' }).state;
    expect(() => attack(charmed, spec, scriptedRandom([1]))).toThrow(/badParticipant/);
    expect(attack(s, spec, scriptedRandom([1])).events.some((e) => e.key === 'persona.damage.roll')).toBe(true);
  });
});
