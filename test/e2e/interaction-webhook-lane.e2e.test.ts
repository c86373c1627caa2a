// An interaction's follow-ups and edits do not wait behind the bot's other requests (issue 32 §1).
// Discord does not count the interaction endpoints against a bot's global limit (50 requests a
// second); discord.js exempts the callback but counted the interaction's webhook (follow-ups, edits of
// the reply) and held it once its second's 50 were spent: under load a late answer or a picture edit
// waited behind other tables' DMs and board edits. The bot sends those through a REST client of their own.
import { Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInteractionWebhook } from '../../src/discord/interaction-rest.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('webhook-lane');
});
afterAll(async () => {
  await h?.close();
});

describe('interaction webhooks beside the global limit (issue 32 §1)', () => {
  it('a follow-up goes out while 120 other requests wait for the bot’s global limit', async () => {
    const { fake, bot } = h;
    const answered = await fake.command({ name: 'roll', channelId: fake.channelId, user: fake.users.player, options: [{ name: 'expression', value: '1d6' }] });
    expect(answered.callback.type).toBe(4);
    // 120 reads of distinct channels: each its own route bucket, so only the global limit holds them (50 in the first second)
    const channels = Array.from({ length: 120 }, (_, i) => fake.createTextChannel({ name: `busy-${i}` }));
    const from = fake.requests.length ? fake.requests.at(-1)!.seq + 1 : 0;
    const reads = Promise.all(channels.map((id) => bot.client.rest.get(Routes.channel(id))));
    // a follow-up through the interaction's token, asked for after all of them
    const followUp = bot.client.rest.post(Routes.webhook(fake.applicationId, answered.token), { auth: false, body: { content: 'and one more thing' } });
    await Promise.all([reads, followUp]);
    const since = fake.requests.filter((r) => r.seq >= from);
    const at = since.findIndex((r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${fake.applicationId}/`));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(since[at]!.status).toBeLessThan(300);
    // with the shared count it waited for the limit's resets behind all 120 reads (checked with the lane
    // switched off); on its own lane it goes with the first second's (at most 50 reads before it), or,
    // when a loaded machine delays it past that second, with the next one's: never behind 100
    const readsBefore = since.slice(0, at).filter((r) => r.method === 'GET').length;
    expect(readsBefore).toBeLessThan(100);
  }, 30_000);

  it('only the interaction’s own webhook (the application’s, without the bot token) takes that lane', () => {
    const app = '100000000000000001';
    expect(isInteractionWebhook({ fullRoute: `/webhooks/${app}/tok/messages/@original`, auth: false }, app)).toBe(true);
    expect(isInteractionWebhook({ fullRoute: `/webhooks/${app}/tok`, auth: false }, app)).toBe(true);
    // a channel webhook (a character speaking) is another id; a request with the bot token is the bot's own
    expect(isInteractionWebhook({ fullRoute: '/webhooks/200000000000000002/tok', auth: false }, app)).toBe(false);
    expect(isInteractionWebhook({ fullRoute: `/webhooks/${app}/tok`, auth: true }, app)).toBe(false);
    expect(isInteractionWebhook({ fullRoute: '/channels/1/messages', auth: false }, app)).toBe(false);
    expect(isInteractionWebhook({ fullRoute: `/webhooks/${app}/tok`, auth: false }, undefined)).toBe(false);
  });
});
