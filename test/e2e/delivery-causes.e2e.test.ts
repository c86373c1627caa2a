// What reaches Discord when Discord is not as kind as usual (issue 28 §3): a server this process has no
// cache of (its owner still deletes its data, its tracker is still pinned), a user who is not a member
// (cannot be made GM), and every failure told to the actor with its cause — the permission the bot
// lacks in that channel (from the interaction's app_permissions), closed DMs, Discord's own error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionFlagsBits as P } from 'discord.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';
import { PERMISSIONS } from './fake-discord/payloads.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('delivery-causes');
});
afterAll(async () => {
  await h?.close();
});

const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const said = (ex: InteractionExchange) => [embedText(answerOf(ex)), answerOf(ex)?.content ?? '', ...ex.followUps.map((f) => f.content ?? embedText(f))].join('\n');
const withNotice = (ex: InteractionExchange) => ex.followUps.some((f) => (f.flags & EPHEMERAL) === EPHEMERAL && typeof f.content === 'string');
const without = (bits: bigint) => (BigInt(PERMISSIONS.bot) & ~bits).toString();

describe('a server this process has no cache of', () => {
  it('its owner may delete its data: the owner is read from Discord when the cache has no server', async () => {
    const cold = h.fake.createGuild({ announce: false });
    const asked = await h.fake.command({ name: 'data', guildId: cold.guildId, channelId: cold.channelId, user: cold.owner, options: sub('delete') });
    expect(answerOf(asked).components?.[0]?.components?.map((c: { custom_id: string }) => c.custom_id)).toContain('data:delete');
    // anyone else is still refused
    const other = await h.fake.command({ name: 'data', guildId: cold.guildId, channelId: cold.channelId, user: h.fake.users.player, options: sub('delete') });
    expect(answerOf(other).components ?? []).toEqual([]);
  });

  it('its fight tracker is posted and pinned', async () => {
    const cold = h.fake.createGuild({ announce: false });
    await h.fake.command({ name: 'gm', guildId: cold.guildId, channelId: cold.channelId, user: cold.owner, options: sub('claim') });
    await h.fake.command({ name: 'combat', guildId: cold.guildId, channelId: cold.channelId, user: cold.owner, options: sub('start', [{ name: 'ruleset', value: 'fate' }]) });
    const tracker = await h.fake.waitFor(() => h.fake.channelMessages(cold.channelId).find((m) => m.source === 'channel' && m.pinned), 5000);
    expect(tracker.pinned).toBe(true);
  });
});

describe('who may be GM', () => {
  it('a user who is not a member of the server is refused, and the seat stays as it was', async () => {
    const channelId = h.fake.createTextChannel({ name: 'gm-seat' });
    const stranger = h.fake.createUser({ username: 'left_long_ago', outsider: true });
    const refused = await h.fake.command({ name: 'gm', channelId, user: h.fake.users.moderator, options: sub('set', [{ name: 'user', value: stranger.id }]) });
    expect((answerOf(refused).flags & EPHEMERAL) === EPHEMERAL, said(refused)).toBe(true);
    expect(said(refused)).toMatch(/not a member of this server/);
    const shown = await h.fake.command({ name: 'gm', channelId, user: h.fake.users.player, options: sub('show') });
    expect(said(shown)).not.toContain(stranger.id);
    // a member is appointed as before
    const ok = await h.fake.command({ name: 'gm', channelId, user: h.fake.users.moderator, options: sub('set', [{ name: 'user', value: h.fake.users.gm.id }]) });
    expect(said(ok)).toContain(h.fake.users.gm.id);
  });
});

describe('failures are told with their cause', () => {
  it('a tracker the bot cannot post: the GM reads which permission is missing in that channel', async () => {
    const channelId = h.fake.createTextChannel({ name: 'no-send' });
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
    h.fake.failNext('POST', new RegExp(`/channels/${channelId}/messages$`), 403, { code: 50013, message: 'Missing Permissions' });
    const ex = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.gm, appPermissions: without(P.SendMessages | P.AttachFiles), options: sub('start', [{ name: 'ruleset', value: 'fate' }]), until: withNotice });
    expect(said(ex)).toMatch(/Could not update the board in <#\d+>: the bot lacks Send Messages, Attach Files there/);
  });

  it('a tracker posted but not pinned: the GM reads that Pin Messages is missing', async () => {
    const channelId = h.fake.createTextChannel({ name: 'no-pin' });
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
    h.fake.failNext('PUT', /\/pins\//, 403, { code: 50013, message: 'Missing Permissions' });
    const ex = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.gm, locale: 'ja', appPermissions: without(P.PinMessages), options: sub('start', [{ name: 'ruleset', value: 'fate' }]), until: withNotice });
    expect(said(ex)).toMatch(/トラッカーをピン留めできませんでした：ボットにそのチャンネルの「メッセージをピン留め」権限がありません/);
  });

  it('a DM to closed DMs says so; a DM Discord fails with a 5xx says that instead', async () => {
    const channelId = h.fake.createTextChannel({ name: 'secret-dm' });
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
    h.fake.setDmsClosed(h.fake.users.gm.id);
    const closed = await h.fake.command({ name: 'roll', channelId, options: [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }], until: withNotice });
    expect(said(closed)).toMatch(/Could not send a DM to <@\d+>: their DMs are closed to this server/);
    h.fake.setDmsClosed(h.fake.users.gm.id, false);
    // the GM's DM channel only: the command's other effects go out at the same time (issue 32 §1)
    h.fake.failNext('POST', `/channels/${h.fake.dmChannelId(h.fake.users.gm.id)}/messages`, 502, { message: 'Bad Gateway', code: 0 }, 4);
    const down = await h.fake.command({ name: 'roll', channelId, locale: 'ko', options: [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }], until: withNotice });
    // a 5xx is passing trouble: the DM waits in the outbox and is sent again (test/e2e/outbox.e2e.test.ts)
    expect(said(down)).toMatch(/아직 DM을 보내지 못했습니다: Discord가 오류를 돌려주었습니다 \(502\)\. 잠시 후 다시 보냅니다/);
    h.fake.clearFailures();
  });
});
