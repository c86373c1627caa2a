// The bcdice adapter: our random source drives BCDice's dice, and its result becomes a DiceResult.
import { describe, expect, it } from 'vitest';
import { findSystem, listSystems, rollSystem, systemHelp } from '../../src/bcdice/index.js';
import { scriptedRandom } from '../../src/core/random.js';

describe('bcdice adapter', () => {
  it('lists every shipped system, Korean variants and the Holy Grail War and Persona systems included', () => {
    const ids = listSystems().map((s) => s.id);
    expect(ids.length).toBeGreaterThan(250);
    expect(ids).toEqual(expect.arrayContaining(['DiceBot', 'PersonaO', 'ToshiakiHolyGrailWar', 'Cthulhu7th:Korean']));
    expect(findSystem('personao')?.id).toBe('PersonaO');
  });

  it('rolls with our random source: choice[a,b,c] picks the scripted item, S2D6 carries the secret flag', async () => {
    const choice = await rollSystem('DiceBot', 'choice[a,b,c]', scriptedRandom([2]));
    expect(choice?.result.tree).toMatchObject({ type: 'bcdice', system: 'DiceBot' });
    expect(choice?.result.tree.type === 'bcdice' && choice.result.tree.text).toMatch(/＞ b$/);
    const secret = await rollSystem('DiceBot', 'S2D6', scriptedRandom([3, 4]));
    expect(secret).toMatchObject({ secret: true, result: { value: 7, dice: [{ sides: 6, face: 3 }, { sides: 6, face: 4 }] } });
    expect(await rollSystem('DiceBot', 'nonsense', scriptedRandom([]))).toBeNull();
  });

  it('answers a system command (ToshiakiHolyGrailWar F8+11-5>=50) and has help text', async () => {
    const r = await rollSystem('ToshiakiHolyGrailWar', 'F8+11-5>=50', scriptedRandom(Array(40).fill(4)));
    expect(r).not.toBeNull();
    expect(r!.result.outcome).not.toBeNull();
    expect((await systemHelp('PersonaO')).help.length).toBeGreaterThan(20);
  });
});
