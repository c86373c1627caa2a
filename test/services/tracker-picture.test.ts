// The trackers' pictures are drawn from exactly what the table may read (issue 22 §1, issue 18): a
// hidden combatant brings its name, side and condition but no number, and during a war a
// character's MP stays with its faction (seed 001 L50). Two states that differ only in hidden values
// give the same picture.
import { describe, expect, it } from 'vitest';
import { createCombat, type CombatantInit } from '../../src/core/persona/index.js';
import { translator } from '../../src/i18n/index.js';
import { personaTrackerView, type PersonaCombatState } from '../../src/services/combat/persona.js';
import { fateTrackerView } from '../../src/services/combat/tracker.js';
import type { FateCombatant, FateCombatState } from '../../src/services/combat/state.js';
import type { CommandContext } from '../../src/services/types.js';
import { hashOf } from '../../src/pictures/cache.js';

const ctx = { locale: 'en', t: translator('en'), table: { locale: 'en', t: translator('en') } } as unknown as CommandContext;

const fighter = (key: string, over: Partial<FateCombatant> = {}): FateCombatant => ({
  key,
  characterId: null,
  name: key,
  side: 'them',
  row: 'front',
  hidden: false,
  ownerId: null,
  hp: 30,
  hpMax: 30,
  mp: 10,
  mpMax: 10,
  iv: 5,
  delay: 0,
  isServant: false,
  pool: '4d6<=3',
  tieCheck: '2d6',
  incapacitated: false,
  dead: false,
  escaped: false,
  ...over,
});

const fateState = (ghoulHp: number): FateCombatState => ({
  name: 'Bridge',
  round: 1,
  turn: 0,
  order: ['saber', 'ghoul'],
  combatants: [fighter('saber', { name: 'セイバー', characterId: 7, side: 'us', hp: 41, hpMax: 48, mp: 27, mpMax: 34, iv: 15 }), fighter('ghoul', { name: 'Ghoul', hidden: true, hp: ghoulHp, hpMax: 57, mp: 13, mpMax: 19, iv: 9 })],
  pending: null,
  nextKey: 3,
});

// Whose secret each sheet combatant's resources are (src/services/secrecy.ts): セイバー (character 7) is public here…
const open = new Map([[7, null]]);
// …and its faction's in a war (seed 001 L50).
const inWar = new Map([[7, { gm: true, users: ['player'] }]]);

describe('tracker pictures follow the text’s audience rules', () => {
  it('Fate: a hidden NPC is drawn without HP, MP or IV; the same picture whatever its hidden HP', () => {
    const picture = fateTrackerView(ctx, fateState(57), open).picture!;
    expect(picture.kind).toBe('tracker');
    const ghoul = picture.kind === 'tracker' ? picture.combatants.find((c) => c.name === 'Ghoul')! : undefined;
    expect(ghoul).toMatchObject({ bars: [], badges: [] });
    expect(ghoul?.initiative).toBeUndefined();
    const drawn = JSON.stringify(ghoul);
    for (const n of ['57', '13', '19', 'IV 9']) expect(drawn).not.toContain(n);
    // 57 → 40 keeps it above half: same words, same picture
    expect(hashOf(fateTrackerView(ctx, fateState(40), open).picture)).toBe(hashOf(picture));
    // the visible fighter's numbers are drawn
    expect(JSON.stringify(picture)).toContain('"value":41');
  });

  it('Fate in a war: a character’s MP is not drawn (seed 001 L50), an ad-hoc NPC’s is', () => {
    const state = fateState(57);
    state.combatants[1]!.hidden = false;
    const picture = fateTrackerView(ctx, state, inWar).picture!;
    if (picture.kind !== 'tracker') throw new Error('not a tracker');
    expect(picture.combatants[0]!.bars.map((b) => b.label)).toEqual(['HP']);
    expect(picture.combatants[1]!.bars.map((b) => b.label)).toEqual(['HP', 'MP']);
  });

  it('Persona: a hidden shadow is drawn by name and condition only', () => {
    const init = (id: string, over: Partial<CombatantInit>): CombatantInit => ({ id, name: id, side: 'pc', dex: 10, agi: 10, luck: 10, hp: 30, sp: 20, physDb: '1D6', magDb: '1D6', ...over });
    const state = (shadowHp: number): PersonaCombatState => {
      const setup = [init('アキ', {}), init('Shadow', { side: 'npc', hp: shadowHp, sp: 0, dex: 7 })];
      return { kind: 'persona', name: 'Tartarus', setup: setup.map((s, i) => ({ ...s, hidden: i === 1 })), combat: createCombat({ combatants: setup }).state, nextKey: 3 };
    };
    const picture = personaTrackerView(ctx, state(77)).picture!;
    if (picture.kind !== 'tracker') throw new Error('not a tracker');
    const shadow = picture.combatants.find((c) => c.name === 'Shadow')!;
    expect(shadow.bars).toEqual([]);
    expect(shadow.initiative).toBeUndefined();
    expect(JSON.stringify(shadow)).not.toContain('77');
    expect(picture.combatants.find((c) => c.name === 'アキ')!.bars.map((b) => `${b.label} ${b.value}/${b.max}`)).toEqual(['HP 30/30', 'SP 20/20']);
    expect(hashOf(personaTrackerView(ctx, state(70)).picture)).toBe(hashOf(picture));
  });
});
