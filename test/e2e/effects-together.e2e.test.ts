// A command's effects to different readers go out together, not one after another (issue 32 §1): a
// war advance tells every faction its own turn end by DM, and under load each DM waited for the one
// before it to come back from Discord, so the last faction read its DM seconds after the first (a
// 7-faction advance's last effect at p99 2.3–7 s). Effects for one reader, or one channel, keep their order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from './fake-discord/index.js';
import { embedText, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('effects-together');
});
afterAll(async () => {
  await h?.close();
});

const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];

describe('a command’s DMs to several readers (issue 32 §1)', () => {
  it('a percentage war’s advance sends its factions’ DMs at once: four held by a slow Discord together', async () => {
    const { fake, bot } = h;
    const channelId = fake.createTextChannel({ name: 'percent-war' });
    const gm = fake.users.gm;
    const players: FakeUser[] = Array.from({ length: 4 }, (_, i) => fake.createUser({ username: `faction_${i}` }));
    await fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await fake.command({ name: 'war', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Together' }]) });
    for (const [j, player] of players.entries()) {
      await fake.command({ name: 'war', channelId, user: player, options: sub('join', [{ name: 'faction', value: `Faction ${j}` }, { name: 'level', value: 50 }, { name: 'mag', value: 30 }]) });
    }
    await fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    await bot.idle();
    // every faction has its DM channel now; Discord answers the next four DMs slowly
    const dms = new RegExp(`^/channels/(${players.map((p) => fake.dmChannelId(p.id)).join('|')})/messages$`);
    fake.delayNext('POST', dms, 1_500, 4);
    const from = fake.requests.length ? fake.requests.at(-1)!.seq + 1 : 0;
    // how many DMs Discord holds at once, from the command's dispatch until its effects are done
    let heldAtOnce = 0;
    const watch = setInterval(() => (heldAtOnce = Math.max(heldAtOnce, fake.heldRequests)), 5);
    const advance = await fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    expect(advance.callback.type).toBe(4);
    await fake.waitFor(() => fake.requests.some((r) => r.seq >= from && r.method === 'PATCH'), 20_000).catch(() => undefined);
    await bot.idle();
    clearInterval(watch);
    // one after another, Discord would hold one DM at a time; together, all four at once
    expect(heldAtOnce).toBe(4);
    const sent = fake.requests.filter((r) => r.seq >= from && r.method === 'POST' && dms.test(r.path) && r.status < 300);
    expect(new Set(sent.map((r) => r.path)).size).toBe(4);
    expect(sent.every((r) => embedText(r.body).length > 0)).toBe(true);
  }, 60_000);
});
