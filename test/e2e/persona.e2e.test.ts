// A Persona-style fight from start to end through the real discord.js client (seeds 002/003).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonaCombatState } from '../../src/services/combat/persona.js';
import { row } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';

let h: Harness;
let channelId = '';
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const fight = async () => (await row(h.store, 'combats', (c) => eq(c.channelId, channelId)));
const combat = async () => ((await fight()).state as PersonaCombatState).combat!;
const who = async (name: string) => (await combat()).combatants.find((c) => c.name === name)!;
const slotOwner = async () => {
  const c = await combat();
  return c.combatants.find((x) => x.id === c.slot?.ownerId)?.name;
};

beforeAll(async () => {
  h = await startHarness('persona');
  channelId = h.fake.createTextChannel({ name: 'dungeon' });
  await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
});
afterAll(async () => {
  await h?.close();
});

describe('Persona-style fight', () => {
  it('the GM sets up two sides and the first round starts with the faster one (JA L61–63)', async () => {
    const { gm, player } = h.fake.users;
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'persona' }, { name: 'name', value: 'Dungeon' }]) });
    const badSide = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'X' }, { name: 'side', value: 'them' }, { name: 'hp', value: 5 }]) });
    expect(ephemeral(badSide)).toBe(true);
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Joker' }, { name: 'side', value: 'pc' }, { name: 'hp', value: 40 }, { name: 'mp', value: 30 }, { name: 'iv', value: 12 }, { name: 'luck', value: 5 }, { name: 'player', value: player }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Shadow' }, { name: 'side', value: 'npc' }, { name: 'hp', value: 200 }, { name: 'iv', value: 5 }, { name: 'luck', value: 3 }, { name: 'resist', value: 'fire:weak, ice:null' }, { name: 'hidden', value: true }]) });
    const next = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    // the start of the fight is the table's (issue 31; JA L48–49, L64)
    expect(ephemeral(next)).toBe(false);
    expect((await combat()).round).toBe(1);
    expect(await slotOwner()).toBe('Joker');
  });

  it('only the slot’s player (or the GM) acts', async () => {
    const refused = await h.fake.command({ name: 'persona', channelId, user: h.fake.users.player2, options: sub('defend') });
    expect(ephemeral(refused)).toBe(true);
    expect(await slotOwner()).toBe('Joker');
  });

  it('a weakness hit downs the shadow and earns a 1 More (JA L136–162, L1013–1025)', async () => {
    const before = (await who('Shadow')).hp;
    const ex = await h.fake.command({ name: 'persona', channelId, user: h.fake.users.player, options: sub('attack', [{ name: 'targets', value: 'Shadow' }, { name: 'kind', value: 'magic' }, { name: 'element', value: 'fire' }, { name: 'dice', value: '2d6+10' }, { name: 'auto', value: true }]) });
    expect(ephemeral(ex)).toBe(false);
    expect((await who('Shadow')).hp).toBeLessThan(before);
    expect((await who('Shadow')).down).toBe(true);
    expect(await slotOwner()).toBe('Joker'); // the 1 More
    expect((await combat()).slot?.kind).toBe('oneMore');
    // The tracker shows the hidden shadow's condition, not its numbers.
    const tracker = h.fake.message((await fight()).trackerMessageId!)!;
    const shown = embedText(tracker.edits.at(-1) ?? tracker.body);
    expect(shown).toMatch(/Shadow\*\* \(npc\) (standing|wounded) · DOWN/); // a condition word, then its marks (issue 18)
    expect(shown).not.toMatch(/\/200/);
  });

  it('an element the target nullifies does nothing (JA L148)', async () => {
    const before = (await who('Shadow')).hp;
    await h.fake.command({ name: 'persona', channelId, user: h.fake.users.player, options: sub('attack', [{ name: 'targets', value: 'Shadow' }, { name: 'kind', value: 'magic' }, { name: 'element', value: 'ice' }, { name: 'dice', value: '2d6+10' }, { name: 'auto', value: true }]) });
    expect((await who('Shadow')).hp).toBe(before);
    expect(await slotOwner()).toBe('Shadow');
  });

  it('a restart mid-fight resumes at the same slot; the GM acts for the shadow', async () => {
    await h.restart();
    expect(await slotOwner()).toBe('Shadow');
    const before = (await who('Joker')).hp;
    await h.fake.command({ name: 'persona', channelId, user: h.fake.users.gm, options: sub('attack', [{ name: 'targets', value: 'Joker' }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d6+2' }, { name: 'auto', value: true }]) });
    expect((await who('Joker')).hp).toBeLessThan(before);
    expect((await combat()).round).toBe(2);
    expect(await slotOwner()).toBe('Joker');
  });

  it('escape: 50 + (own DEX − enemy DEX) × 2 % (JA L835–839); the GM can undo a step and end the fight', async () => {
    const { gm, player } = h.fake.users;
    await h.fake.command({ name: 'persona', channelId, user: player, options: sub('escape') });
    const escaped = (await who('Joker')).fled;
    if (!escaped) expect(await slotOwner()).toBe('Shadow');
    else expect((await combat()).phase).toBe('ended');
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('undo') });
    expect(await slotOwner()).toBe('Joker');
    expect((await who('Joker')).fled).toBe(false);
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
    expect((await fight()).status).toBe('ended');
  });
});

describe('Persona bad statuses and surprise', () => {
  it('a surprised side gets no turn in round 1; an added bad status is rolled against the table (JA L64, L172)', async () => {
    const { gm } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'ambush' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'persona' }, { name: 'surprised', value: 'pc' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Queen' }, { name: 'side', value: 'pc' }, { name: 'hp', value: 40 }, { name: 'iv', value: 20 }, { name: 'luck', value: 0 }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Pixie' }, { name: 'side', value: 'npc' }, { name: 'hp', value: 30 }, { name: 'iv', value: 3 }, { name: 'luck', value: 50 }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    expect(await slotOwner()).toBe('Pixie'); // faster Queen is surprised
    const ex = await h.fake.command({ name: 'persona', channelId, user: gm, options: sub('attack', [{ name: 'targets', value: 'Queen' }, { name: 'kind', value: 'magic' }, { name: 'element', value: 'wind' }, { name: 'dice', value: '1d4' }, { name: 'ailment', value: 'charm' }, { name: 'ailment_rate', value: 100 }, { name: 'auto', value: true }]) });
    // 100 + 50 luck difference: certain unless the roll fumbles.
    const text = embedText(answerOf(ex));
    expect(text).toMatch(/Charm|悩殺/);
    expect((await who('Queen')).badStatus?.id === 'charm' || /fumble/i.test(text)).toBe(true);
  });
});

describe('Persona change (Wild)', () => {
  it('a Wild changes Persona: success keeps the slot, failure uses it (JA L787–794); others are refused', async () => {
    const { gm, player } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'velvet' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'persona' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Wildcard' }, { name: 'side', value: 'pc' }, { name: 'hp', value: 40 }, { name: 'iv', value: 20 }, { name: 'persona', value: 100 }, { name: 'wild', value: true }, { name: 'player', value: player }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Slime' }, { name: 'side', value: 'npc' }, { name: 'hp', value: 30 }, { name: 'iv', value: 1 }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    expect(await slotOwner()).toBe('Wildcard');
    const ex = await h.fake.command({ name: 'persona', channelId, user: player, options: sub('change', [{ name: 'name', value: 'Orpheus' }, { name: 'resist', value: 'fire:null' }]) });
    const text = embedText(answerOf(ex));
    const succeeded = (await combat()).slot?.ownerId === (await who('Wildcard')).id;
    expect(succeeded).toBe(true); // seeded: this run's roll is not a fumble
    expect(text.length).toBeGreaterThan(0);
    // With <Persona> 100 %, the change succeeds unless the roll fumbles; success keeps the slot.
    expect((await who('Wildcard')).resistances).toMatchObject({ fire: 'null' });
    const again = await h.fake.command({ name: 'persona', channelId, user: player, options: sub('change', [{ name: 'name', value: 'Pixie' }]) });
    expect(ephemeral(again)).toBe(true); // one change per slot
  });
});
