// A fumble's random target and this round's Cover (かばう), through the real discord.js client.
// JA = seed 002 (shared/seeds/002_4f04fb243f579e54.txt): a fumble makes the target random (L132), the
// target's passive action follows the hit check (L135), Persona evasion (L970); Cover is declared
// against an attack, never after the target's own evasion (L961–962), and the coverer takes every
// evasion and all damage of it, unable to stop midway (L965–966).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { out, personaDriver } from './persona-driver.js';

let h: Harness;
let channelId = '';
const { combat, who, slotOwner, gmDo, as } = personaDriver(() => h, () => channelId);

async function newFight(name: string, blocks: { block: string; player?: 'player' }[]): Promise<void> {
  channelId = h.fake.createTextChannel({ name });
  await gmDo('gm', 'claim');
  await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
  for (const b of blocks) await gmDo('persona', 'add', [{ name: 'block', value: b.block }, ...(b.player ? [{ name: 'player', value: h.fake.users[b.player] }] : [])]);
  await gmDo('combat', 'next');
  // every roll 51+ fumbles, 1–50 hits, no criticals (the ranges are house settings)
  await gmDo('persona', 'setting', [{ name: 'critical', value: 0 }, { name: 'fumble', value: 51 }]);
}

/** GM passes until `name` has the slot (Aki has one slot a round, so each call starts a new round). */
async function passUntil(name: string, max = 12): Promise<void> {
  for (let i = 0; i < max && (await slotOwner()) !== name; i++) {
    await gmDo('persona', (await combat()).phase === 'roundStart' ? 'go' : 'pass');
  }
  expect(await slotOwner()).toBe(name);
}

const attackOn = (target: string) =>
  as(h.fake.users.player, 'attack', [{ name: 'targets', value: target }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d4' }, { name: 'hit', value: 50 }]);

/** Aki attacks `target` each round, Slime declaring Cover for Bird first, until a fumble sends the attack to Bird. */
async function fumbleOntoBird(target: string, evade: boolean): Promise<{ text: string; birdBefore: number; slimeBefore: number }> {
  for (let i = 0; i < 80; i++) {
    await passUntil('Aki');
    await gmDo('persona', 'cover', [{ name: 'who', value: 'Slime' }, { name: 'target', value: 'Bird' }, { name: 'evade', value: evade }]);
    const [birdBefore, slimeBefore] = [(await who('Bird')).hp, (await who('Slime')).hp];
    const text = out(await attackOn(target));
    if (/random target instead: Bird/.test(text)) return { text, birdBefore, slimeBefore };
  }
  throw new Error('no fumble onto Bird in 80 rounds');
}

beforeAll(async () => {
  h = await startHarness('persona-fumble-cover');
});
afterAll(async () => {
  await h?.close();
});

describe('a fumble’s random target whose Cover was declared this round (JA L132, L135, L961–966)', () => {
  it('Slime covers Bird for a later attack; Aki aims at Slime and fumbles onto Bird: Bird tries its own Persona evasion (JA L135, L970), and the Cover stays for the attack it was declared against', async () => {
    await newFight('fumble-cover-later', [
      { block: 'Aki pc HP40 DEX14', player: 'player' },
      { block: 'Slime npc HP999 agi1' },
      { block: 'Bird npc HP999 agi30' },
    ]);
    const { text } = await fumbleOntoBird('Slime', false);
    // before the fix Bird, being covered this round, had no passive action at all and was simply hit
    expect(text, text).toMatch(/Bird (evades|fails to evade|fumbles the evasion)/);
    expect(text).not.toMatch(/Slime covers Bird/);
    // a stray fumble does not spend Slime's one Cover of the round (JA L962)
    expect((await who('Slime')).coverUsed).toBe(false);
    await gmDo('combat', 'end');
  });

  it('Slime covers Bird against this attack; Aki aims at Bird and fumbles onto Bird anyway: Slime still covers, evading at −SIZ×2 and taking the damage (JA L963, L965–966)', async () => {
    await newFight('fumble-cover-this', [
      { block: 'Aki pc HP40 DEX14', player: 'player' },
      { block: 'Slime npc HP999 agi1' },
      { block: 'Bird npc HP999 agi30' },
    ]);
    const { text, birdBefore, slimeBefore } = await fumbleOntoBird('Bird', true);
    expect(text).toMatch(/Slime covers Bird/);
    // the passive action after the fumble is Slime's, not Bird's; agi 1 − SIZ × 2 leaves no chance to evade
    const after = text.slice(text.search(/random target instead: Bird/));
    expect(after, text).toMatch(/Slime (fails to evade|fumbles the evasion)/);
    expect(after).not.toMatch(/Bird (evades|fails to evade|fumbles the evasion)/);
    expect((await who('Bird')).hp).toBe(birdBefore);
    expect((await who('Slime')).hp).toBeLessThan(slimeBefore);
    await gmDo('combat', 'end');
  });
});
