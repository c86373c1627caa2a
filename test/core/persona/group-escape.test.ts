// A group escape waits for its slowest participant's slot (JA L829–830; issue 20).
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../src/core/random.js';
import { adjustCombatant, advance, continueEscape, createCombat, endAction, escape, type CombatState, type CombatantInit } from '../../../src/core/persona/index.js';

const c = (id: string, side: 'pc' | 'npc', dex: number): CombatantInit => ({ id, name: id.toUpperCase(), side, dex, agi: 1, luck: 0, hp: 30, summoned: side === 'pc' });
const started = (combatants: CombatantInit[]): CombatState => {
  const rng = scriptedRandom([]);
  return advance(advance(createCombat({ combatants }).state, rng).state, rng).state;
};
/** advance() to the next slot, then the escape hook, as the service does */
const next = (s: CombatState, rolls: number[] = []) => {
  const rng = scriptedRandom(rolls);
  const keys: string[] = [];
  let state = s;
  do {
    const a = advance(state, rng);
    const e = continueEscape(a.state, rng);
    state = e?.state ?? a.state;
    keys.push(...[...a.events, ...(e?.events ?? [])].map((x) => x.key));
  } while (state.phase !== 'slot' && state.phase !== 'ended');
  return { state, keys };
};

describe('group escape (JA L829)', () => {
  it('declared in a’s slot, waits through b’s, rolls in c’s: 50 + (20 + 15 + 5 − 10) × 2 = 110', () => {
    let s = started([c('a', 'pc', 20), c('b', 'pc', 15), c('x', 'npc', 10), c('c', 'pc', 5)]);
    expect(s.slot?.ownerId).toBe('a');
    const d = escape(s, ['a', 'b', 'c'], scriptedRandom([]));
    expect(d.events.map((e) => e.key)).toEqual(['persona.escape.declared']);
    expect(d.events[0]!.params).toMatchObject({ names: 'A, B, C', last: 'C' });
    expect(d.state.escapeWait).toEqual({ ids: ['a', 'b', 'c'] });
    let n = next(d.state);
    expect(n.keys).toContain('persona.escape.waiting'); // b's slot passes
    expect(n.state.slot?.ownerId).toBe('x');
    s = endAction(n.state).state;
    n = next(s, [99]);
    expect(n.keys).toContain('persona.escape.success');
    expect(n.state.phase).toBe('ended');
  });

  it('alone, or when the others have had their turn, it rolls at once', () => {
    const s = started([c('a', 'pc', 20), c('x', 'npc', 10)]);
    expect(escape(s, null, scriptedRandom([1])).events[0]!.key).toBe('persona.escape.success');
  });

  it('a participant who can no longer choose drops out and keeps its slot (JA L830)', () => {
    const s = started([c('a', 'pc', 20), c('x', 'npc', 10), c('b', 'pc', 5)]);
    let w = escape(s, ['a', 'b'], scriptedRandom([])).state;
    w = endAction(next(w).state).state; // x's slot
    w = adjustCombatant(w, 'b', { badStatus: 'charm' }).state;
    const n = next(w);
    expect(n.keys).toContain('persona.escape.dropped');
    expect(n.state.slot?.ownerId).toBe('b');
    expect(n.state.escapeWait).toEqual({ ids: ['a'] });
  });
});
