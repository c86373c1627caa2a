// discord.js's caches bounded to what the bot reads (issue 32 §2, src/discord/cache.ts), through the
// real client: the member cache keeps the bot's own member and one newest member per guild, so a roll
// typed in chat takes its author's member as the message arrives — other members typing in the same
// server before the roll is answered must not cost the author their server nickname.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness } from './harness.js';

let h: Harness;
let channelId: string;
beforeAll(async () => {
  h = await startHarness('discord-cache');
  channelId = h.fake.createTextChannel({ name: 'chat-rolls' });
  await h.fake.command({ name: 'gm', user: h.fake.users.gm, channelId, options: [{ name: 'claim', type: 1 }] });
  await h.fake.command({ name: 'gm', user: h.fake.users.gm, channelId, options: [{ name: 'chatrolls', type: 1, options: [{ name: 'on', value: true }] }] });
});
afterAll(async () => {
  await h?.close();
});

describe('caches bounded to what the bot reads', () => {
  it('a typed roll names its author by their server nickname though five other members wrote in the server before it was answered', async () => {
    const rin = h.fake.createUser({ username: 'rin', globalName: 'Rin Tohsaka', nick: 'Archer’s Master' });
    const others = Array.from({ length: 5 }, (_, i) => h.fake.createUser({ username: `other_${i}`, globalName: `Other ${i}` }));
    const roll = h.fake.userMessage({ user: rin, channelId, content: '2d6+1 attack' });
    for (const user of others) h.fake.userMessage({ user, channelId, content: 'good evening' });
    const answer = await h.fake.waitFor(() => h.fake.channelMessages(channelId).find((m) => m.body?.message_reference?.message_id === roll.id), 5000);
    await h.bot.idle();
    expect(embedText(answer.body)).toContain('Archer’s Master');
    expect(embedText(answer.body)).not.toContain('Rin Tohsaka');
    // what the client keeps of the server's members: its own and the newest, not the six who wrote
    const guild = h.bot.client.guilds.cache.get(h.fake.guildId)!;
    expect(guild.members.me?.id).toBe(h.fake.botUser.id);
    expect(guild.members.cache.size).toBeLessThanOrEqual(2);
    expect(h.bot.client.users.cache.map((u) => u.id)).toEqual([h.fake.botUser.id]);
  });
});
