// The bcdice adapter: our random source drives BCDice's dice, and its result becomes a DiceResult.
import { describe, expect, it } from 'vitest';
import { baseSystemOf, findSystem, listSystems, rollSystem, systemHelp } from '../../src/bcdice/index.js';
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

  it('stores the faces the random source gave BCDice: a percentile tens d10 is a d10 face, not 0–90 (issue 29, /stats)', async () => {
    const r = await rollSystem('Cthulhu7th', 'CC<=50', scriptedRandom([9, 5]));
    expect(r!.result.tree.type === 'bcdice' && r!.result.tree.text).toMatch(/＞ 95 ＞/);
    expect(r!.result.dice.map((d) => [d.sides, d.face])).toEqual([[10, 9], [10, 5]]);
    expect(r!.result.value).toBe(95);
  });

  it("keeps BCDice's critical and fumble flags on the stored node", async () => {
    const crit = await rollSystem('SwordWorld2.5', '2D6>=13', scriptedRandom([6, 6]));
    expect(crit!.result.tree).toMatchObject({ type: 'bcdice', critical: true });
    const fumble = await rollSystem('SwordWorld2.5', '2D6>=3', scriptedRandom([1, 1]));
    expect(fumble!.result.tree).toMatchObject({ type: 'bcdice', fumble: true });
    expect(fumble!.result.outcome).toBe('failure');
    const plain = await rollSystem('DiceBot', '2D6', scriptedRandom([3, 4]));
    expect(plain!.result.tree).not.toHaveProperty('critical');
  });

  it('knows the base system of every localized system (read from the package list, no names written here)', () => {
    const localized = listSystems().filter((s) => s.id.includes(':'));
    expect(localized.length).toBeGreaterThan(30);
    // Some (Cthulhu7th:Korean) are whole classes of their own, extending Base.
    expect(localized.filter((s) => baseSystemOf(s.id) !== undefined).length).toBeGreaterThan(30);
    expect(baseSystemOf('BlackJacket:Korean')).toBe('BlackJacket');
    expect(baseSystemOf('DiceBot')).toBeUndefined();
  });
});
