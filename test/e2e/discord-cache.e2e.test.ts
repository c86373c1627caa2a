// discord.js's caches bounded to what the bot reads (issue 32 §2, src/discord/cache.ts), through the
// real client: the member cache keeps the bot's own member, and anyone else only while the event that
// brought them is handled, so a roll typed in chat takes its author's member as the message arrives —
// other members typing in the same server before the roll is answered must not cost the author their
// server nickname.
import { ChannelType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTHING_KEPT, REST_HANDLER_SWEEP_MS } from '../../src/discord/cache.js';
import { embedText, startHarness, type Harness } from './harness.js';

let h: Harness;
let channelId: string;
/** the timers the client set up while starting, with their intervals (the REST client's sweepers among them) */
let intervals: [callback: () => void, ms: number][] = [];
beforeAll(async () => {
  const spy = vi.spyOn(globalThis, 'setInterval');
  try {
    h = await startHarness('discord-cache');
  } finally {
    intervals = spy.mock.calls.map(([callback, ms]) => [callback as () => void, Number(ms)]);
    spy.mockRestore();
  }
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
    // what the client keeps of the server's members: its own (and at most the newest), not the six who wrote
    const guild = h.bot.client.guilds.cache.get(h.fake.guildId)!;
    expect(guild.members.me?.id).toBe(h.fake.botUser.id);
    expect(guild.members.cache.size).toBeLessThanOrEqual(2);
    expect(h.bot.client.users.cache.map((u) => u.id)).toEqual([h.fake.botUser.id]);
  });

  it('keeps no member but its own once the messages and interactions that brought them are handled: one stranger a guild stayed after a full shard’s day (issue 32 §2)', async () => {
    const guild = h.bot.client.guilds.cache.get(h.fake.guildId)!;
    const people = Array.from({ length: 6 }, (_, i) => h.fake.createUser({ username: `passing_${i}`, globalName: `Passing ${i}`, nick: `Nick ${i}` }));
    for (const [i, person] of people.entries()) {
      if (i % 2 === 0) {
        const roll = h.fake.userMessage({ user: person, channelId, content: `1d6+${i}` });
        const answer = await h.fake.waitFor(() => h.fake.channelMessages(channelId).find((m) => m.body?.message_reference?.message_id === roll.id), 5000);
        // the author's member was there while the message was handled: the answer names their nickname
        expect(embedText(answer.body)).toContain(`Nick ${i}`);
      } else {
        h.fake.userMessage({ user: person, channelId, content: 'good evening' });
        await h.fake.command({ name: 'roll', user: person, channelId, options: [{ name: 'expression', value: '2d6' }] });
      }
    }
    await h.bot.idle();
    await new Promise((resolve) => setImmediate(resolve));
    expect([...guild.members.cache.keys()]).toEqual([h.fake.botUser.id]);
    expect(guild.members.me?.id).toBe(h.fake.botUser.id);
    expect(h.bot.client.users.cache.map((u) => u.id)).toEqual([h.fake.botUser.id]);
  });

  it('drops the REST client’s idle rate-limit handlers each minute, so one per person DMed does not stay for an hour (issue 32 §2)', async () => {
    const rest = h.bot.client.rest;
    const people = Array.from({ length: 4 }, (_, i) => h.fake.createUser({ username: `dmed_${i}`, globalName: `DMed ${i}` }));
    const dmChannels: string[] = [];
    for (const person of people) dmChannels.push((await h.bot.client.users.send(person.id, 'hello')).channelId);
    // a handler's key ends with its major parameter: here the DM channel
    const dmHandlers = () => [...rest.handlers.keys()].filter((key) => dmChannels.some((id) => key.endsWith(`:${id}`)));
    expect(dmHandlers()).toHaveLength(4);
    // discord.js's own sweeper, as the client set it up: each minute (its default is each hour)
    const sweeps = intervals.filter(([, ms]) => ms === REST_HANDLER_SWEEP_MS);
    expect(sweeps.length).toBeGreaterThan(0);
    for (const [sweep] of sweeps) sweep();
    expect(dmHandlers()).toEqual([]);
    // all that stays is the one handler of every interaction's callback (discord.js never sweeps it)
    expect([...rest.handlers.keys()]).toEqual(['Global(POST:/interactions/:id/:token/callback):burst']);
  });

  it('finds a user’s open DM channel by its recipient, without scanning the channel cache (125,000 channels at a full shard) or asking Discord again (issue 32 §2)', async () => {
    const person = h.fake.createUser({ username: 'dm_twice', globalName: 'DM Twice' });
    const opened = () => h.fake.requests.filter((r) => r.route === 'POST /users/@me/channels').length;
    const first = await h.bot.client.users.send(person.id, 'one');
    const before = opened();
    const scan = vi.spyOn(h.bot.client.channels.cache, 'find');
    try {
      const second = await h.bot.client.users.send(person.id, 'two');
      expect(second.channelId).toBe(first.channelId);
      expect(scan).not.toHaveBeenCalled();
    } finally {
      scan.mockRestore();
    }
    expect(opened()).toBe(before);
  });

  it('gives every manager that keeps nothing (each channel’s messages, the emojis, …) one shared empty cache, which stays empty', async () => {
    const guild = h.bot.client.guilds.cache.get(h.fake.guildId)!;
    const texts = guild.channels.cache.filter((c) => c.type === ChannelType.GuildText);
    expect(texts.size).toBeGreaterThan(1);
    for (const channel of texts.values()) if (channel.isTextBased()) expect(channel.messages.cache).toBe(NOTHING_KEPT);
    for (const cache of [guild.emojis.cache, guild.stickers.cache, guild.presences.cache, guild.voiceStates.cache, guild.scheduledEvents.cache]) expect(cache).toBe(NOTHING_KEPT);
    const message = h.fake.userMessage({ user: h.fake.users.player, channelId, content: '1d6 again' });
    await h.fake.waitFor(() => h.fake.channelMessages(channelId).some((m) => m.body?.message_reference?.message_id === message.id), 5000);
    await h.bot.idle();
    expect(NOTHING_KEPT.size).toBe(0);
  });
});
