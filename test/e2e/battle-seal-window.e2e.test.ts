// Seed 000 L43: a Command Seal is used "once the final win rate is known" (최종 승률이 나온 시점에 사용):
// +30 % for a servant fighting as main. Through the real client: the GM holds the battle at its rate,
// each side reads its rate privately with seal and ready buttons, one side spends a seal, both are
// ready, the battle rolls with the draw already made and the rate raised by 30; the seal is spent once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState } from '../../src/services/war/state.js';
import { row } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';
import type { FakeUser, RecordedMessage } from './fake-discord/types.js';

let h: Harness;
let channelId = '';
let gm: FakeUser;
let a: FakeUser;
let b: FakeUser;
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const percent = async (name: string) => ((await row(h.store, 'factions', (c) => eq(c.name, name))).state as FactionState).percent!;
const war = (user: FakeUser, name: string, options: { name: string; value: any }[] = []) => h.fake.command({ name: 'war', channelId, user, options: sub(name, options) });
const ids = (m: RecordedMessage): string[] => m.components.flatMap((r: any) => r.components.map((c: any) => c.custom_id));
const rateIn = (text: string, label: RegExp) => Number(text.match(label)?.[1]);

beforeAll(async () => {
  h = await startHarness('battle-seal-window');
  channelId = h.fake.createTextChannel({ name: 'window' });
  ({ gm, player: a, player2: b } = h.fake.users);
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await war(gm, 'start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Window' }]);
  await war(a, 'join', [{ name: 'faction', value: 'Saber' }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }]);
  await war(b, 'join', [{ name: 'faction', value: 'Lancer' }, { name: 'class', value: 'lancer' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]);
  await war(gm, 'advance');
});
afterAll(async () => {
  await h?.close();
});

describe('seals after the final rate (seed 000 L43)', () => {
  it('holds the battle at its rate, takes a seal from one side, rolls when both are ready', async () => {
    const before = { a: h.fake.dms(a.id).length, b: h.fake.dms(b.id).length, channel: h.fake.channelMessages(channelId).length };
    const held = await h.fake.command({
      name: 'battle',
      channelId,
      user: gm,
      options: [{ name: 'ours', value: 'Saber' }, { name: 'theirs', value: 'Lancer' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'seal_window', value: true }],
    });
    expect(ephemeral(held)).toBe(true);
    const gmText = embedText(answerOf(held));
    const heldRate = rateIn(gmText, /Final win rate (\d+)%/);
    expect(heldRate).toBeGreaterThan(0);
    expect(gmText).not.toMatch(/Rolled \d+ against/); // not rolled yet
    expect(answerOf(held).components[0].components[0].custom_id).toMatch(/^battle:roll:\d+:0$/);
    // Nobody in the channel learns of it before the roll.
    expect(h.fake.channelMessages(channelId).slice(before.channel).map((m) => embedText(m.body)).join('\n')).not.toMatch(/Saber|Lancer/);

    const dmA = await h.fake.waitFor(() => h.fake.dms(a.id).slice(before.a).find((m) => m.components.length > 0));
    const dmB = await h.fake.waitFor(() => h.fake.dms(b.id).slice(before.b).find((m) => m.components.length > 0));
    expect(rateIn(embedText(dmA.body), /Final win rate (\d+)%/)).toBe(heldRate);
    expect(embedText(dmA.body)).toContain('Seals you can use: 3');
    const sealA = ids(dmA).find((id) => id.startsWith('battle:seal:'))!;
    const readyA = ids(dmA).find((id) => id.startsWith('battle:ready:'))!;
    const readyB = ids(dmB).find((id) => id.startsWith('battle:ready:'))!;

    // The other side cannot press Saber's buttons.
    const foreign = await h.fake.button({ customId: sealA, user: b, guildId: null, message: dmB });
    expect(ephemeral(foreign)).toBe(true);
    expect(embedText(answerOf(foreign))).toContain('Only a member of that faction');

    const sealed = await h.fake.button({ customId: sealA, user: a, guildId: null, message: dmA });
    expect(embedText(answerOf(sealed))).toContain('Seals added in this battle: 1 (+30% each). Seals left: 2.');
    expect((await percent('Saber')).sealsLeft).toBe(3); // spent when the battle rolls, not before
    const waiting = await h.fake.button({ customId: readyA, user: a, guildId: null, message: dmA });
    expect(embedText(answerOf(waiting))).toContain('The battle rolls when the other side is ready');
    const late = await h.fake.button({ customId: sealA, user: a, guildId: null, message: dmA });
    expect(embedText(answerOf(late))).toContain('ready already');

    const gmDms = h.fake.dms(gm.id).length;
    const rolled = await h.fake.button({ customId: readyB, user: b, guildId: null, message: dmB });
    expect(ephemeral(rolled)).toBe(true);
    expect(embedText(answerOf(rolled))).toContain('the battle is rolled');
    // The pressing player reads no numbers of the other side; the GM gets the whole battle by DM.
    expect(embedText(answerOf(rolled))).not.toMatch(/\d+%/);
    const gmDm = await h.fake.waitFor(() => h.fake.dms(gm.id).slice(gmDms).find((m) => /Final win rate/.test(embedText(m.body))));
    const gmFinal = embedText(gmDm.body);
    expect(rateIn(gmFinal, /Command Seals \+(\d+)%/)).toBe(30);
    expect(rateIn(gmFinal, /Final win rate (\d+)%/)).toBe(Math.min(100, heldRate + 30));
    expect(gmFinal).toMatch(/Rolled \d+ against \d+% → \*\*(Saber|Lancer)\*\* wins/);
    expect((await percent('Saber')).sealsLeft).toBe(2);
    expect((await percent('Lancer')).sealsLeft).toBe(3);
    expect((await row(h.store, 'wars', (c) => eq(c.channelId, channelId))).pendingBattle).toBeNull();
    // The table hears who fought and who won, in the channel.
    await h.fake.waitFor(() => h.fake.channelMessages(channelId).slice(before.channel).find((m) => /wins|won/.test(embedText(m.body))));

    // A second press of the GM's Roll now finds the battle gone: it is rolled once.
    const again = await h.fake.button({ customId: answerOf(held).components[0].components[0].custom_id, user: gm, message: held.original! });
    expect(embedText(answerOf(again))).toContain('already been rolled');
    expect((await percent('Saber')).sealsLeft).toBe(2);
  });
});
