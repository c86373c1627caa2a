// /persona change for a Wild whose stat block lists its Personas (JA L786–799: 「ペルソナを複数持っている
// ワイルド」 changes once per slot by a <ペルソナ> roll; L797 the Persona's stats come with it). The second
// Persona's skills replace the first's; a Released Wild that fails the roll keeps everything (JA L1074).
import { describe, expect, it } from 'vitest';
import { createCombat, type CombatState } from '../../src/core/persona/index.js';
import { scriptedRandom } from '../../src/core/random.js';
import { blockEntry } from '../../src/services/combat/persona-setup.js';
import { parseStatBlock } from '../../src/services/combat/persona-block.js';
import { changeToPersona } from '../../src/services/combat/persona-change.js';
import { advanceToSlot, type PersonaCombatState } from '../../src/services/combat/persona.js';
import { UserError } from '../../src/services/errors.js';
import { caught } from '../helpers/caught.js';

const WILD = 'アキ pc HP40 SP30 DEX12 ワイルド ペルソナ60; ペルソナ オルフェウス 速10 運8; 耐性 火炎:耐性; スキル アギ 魔法 火炎 1db 自動; ペルソナ ピクシー 速12 運9 防御3; 耐性 電撃:無効; スキル ジオ 魔法 電撃 1db 自動; スキル ディア 回復 1db 自動';

function fight(): { state: PersonaCombatState; combat: CombatState } {
  const aki = { ...blockEntry(parseStatBlock(WILD), 'pc', false, 'u1'), id: 'p1' };
  const slime = { ...blockEntry(parseStatBlock('スライム npc HP20 速1'), 'npc', false, null), id: 'p2' };
  const state: PersonaCombatState = { kind: 'persona', name: 'f', setup: [aki, slime], combat: null, nextKey: 3 };
  // Aki starts summoned (no start-of-combat roll here) and has the first slot (DEX 12)
  const created = createCombat({ combatants: [{ ...aki, summoned: true }, slime].map(({ hidden: _h, owner: _o, block: _b, skills: _s, ...c }) => c) });
  const combat = advanceToSlot(created.state, scriptedRandom([]), state).combat;
  return { state: { ...state, combat }, combat };
}

const akiOf = (c: CombatState) => c.combatants.find((x) => x.id === 'p1')!;

describe('changing to a listed Persona', () => {
  it('starts as the first Persona: its stats and resistances', () => {
    const { combat } = fight();
    expect(combat.slot?.ownerId).toBe('p1');
    expect(akiOf(combat)).toMatchObject({ persona: 'オルフェウス', agi: 10, luck: 8, resistances: { fire: 'resist' } });
  });

  it('a successful roll: the second Persona’s stats, resistances and skills; the slot is kept (JA L794, L797)', () => {
    const { state, combat } = fight();
    const step = changeToPersona(combat, state, 'ぴくしー', {}, scriptedRandom([30]));
    expect(akiOf(step.state)).toMatchObject({ persona: 'ピクシー', agi: 12, luck: 9, defense: 3, resistances: { elec: 'null' } });
    expect(step.setup!.find((c) => c.id === 'p1')!.skills!.map((s) => s.name)).toEqual(['ジオ', 'ディア']);
    expect(step.state.slot?.ownerId).toBe('p1');
  });

  it('a failed roll still changes the Persona (digest §12 #16) and swaps the skills; the slot is used', () => {
    const { state, combat } = fight();
    const step = changeToPersona(combat, state, 'ピクシー', {}, scriptedRandom([90]));
    expect(akiOf(step.state).persona).toBe('ピクシー');
    expect(step.setup!.find((c) => c.id === 'p1')!.skills!.map((s) => s.name)).toEqual(['ジオ', 'ディア']);
  });

  it('a command option wins over the block’s stat', () => {
    const { state, combat } = fight();
    const step = changeToPersona(combat, state, 'ピクシー', { agi: 20 }, scriptedRandom([30]));
    expect(akiOf(step.state).agi).toBe(20);
  });

  it('a Released Wild that fails the roll keeps its Persona and skills (JA L1074)', () => {
    const { state, combat } = fight();
    const released: CombatState = { ...combat, combatants: combat.combatants.map((c) => (c.id === 'p1' ? { ...c, released: true, summoned: false } : c)) };
    const step = changeToPersona(released, state, 'ピクシー', {}, scriptedRandom([90]));
    expect(akiOf(step.state).persona).toBe('オルフェウス');
    expect(step.setup).toBeUndefined();
  });

  it('a name not in the block is refused with the list; one won by Wild Talk is taken (JA L1056–1058)', () => {
    const { state, combat } = fight();
    const e = caught(() => changeToPersona(combat, state, 'ジャックフロスト', {}, scriptedRandom([30])), UserError);
    expect(e.key).toBe('persona.cmd.unknownPersona');
    expect(e.params).toMatchObject({ list: 'オルフェウス, ピクシー' });
    const won: CombatState = { ...combat, rewards: [{ by: 'アキ', from: 'ジャックフロスト', kind: 'persona', critical: false }] };
    const step = changeToPersona(won, state, 'ジャックフロスト', {}, scriptedRandom([30]));
    expect(akiOf(step.state).persona).toBe('ジャックフロスト');
    expect(step.setup!.find((c) => c.id === 'p1')!.skills).toEqual([]);
  });
});
