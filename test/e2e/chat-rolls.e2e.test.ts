// Rolls typed in chat (issue 30 §2), through the real discord.js client against the fake Discord,
// which dispatches a user's message only to a session with GUILD_MESSAGES and gives its content only
// with the granted MESSAGE_CONTENT intent. The GM switches chat rolls on per channel (/gm chatrolls);
// then a message that begins with a roll is answered as /roll answers it (the same reading, stored,
// counted by /stats), as a reply; a secret one privately, the typed line deleted; anything else,
// and any channel left off, gets no answer at all.
import type { TextChannel } from 'discord.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import { storedResult } from '../../src/services/rolls.js';
import { chatRollsOn } from '../../src/store/chat-rolls.js';
import { pruneBefore } from '../../src/store/retention.js';
import { PERMISSION_BITS } from './fake-discord/index.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
let channelId: string;
const bot = () => h.fake.allMessages().filter((m) => m.source !== 'user');

beforeAll(async () => {
  h = await startHarness('chat-rolls');
  channelId = h.fake.createTextChannel({ name: 'chat-rolls' });
  await h.fake.command({ name: 'gm', user: h.fake.users.gm, channelId, options: [{ name: 'claim', type: 1 }] });
});
afterAll(async () => {
  await h?.close();
});

const rollsOf = (userId: string) => rows(h.store, 'rolls', (t) => and(eq(t.userId, userId), eq(t.channelId, channelId)));
const switchChat = (on: boolean, where = channelId) => h.fake.command({ name: 'gm', user: h.fake.users.gm, channelId: where, options: [{ name: 'chatrolls', type: 1, options: [{ name: 'on', value: on }] }] });

describe('rolls typed in chat', () => {
  it('a channel with chat rolls off answers nothing: the roll is read by no one and stored nowhere', async () => {
    const before = bot().length;
    const { outcome } = await h.chat({ content: '2d6', channelId });
    expect(outcome).toBe('ignored');
    expect(bot().length).toBe(before);
    expect(await rollsOf(h.fake.users.player.id)).toHaveLength(0);
  });

  it('on: the seed’s status + skill pools `8d6<=4+3d6<=3 attack` (seed 001 L33–35) are answered as /roll, as a reply, stored, and counted by /stats', async () => {
    const on = await switchChat(true);
    expect((answerOf(on).flags ?? 0) & EPHEMERAL).toBe(0);
    expect(embedText(answerOf(on))).toMatch(/begins with a roll/);
    // the bot has the intent and Manage Messages here: nothing for the GM to fix
    expect(on.followUps).toHaveLength(0);

    const { message, outcome } = await h.chat({ content: '8d6<=4+3d6<=3 attack', channelId });
    expect(outcome).toBe('answered');
    const answer = bot().find((m) => m.body?.message_reference?.message_id === message.id);
    expect(answer).toBeDefined();
    expect(answer!.channelId).toBe(channelId);
    const [stored] = await rollsOf(h.fake.users.player.id);
    expect(stored).toMatchObject({ normalized: '8d6<=4+3d6<=3', kind: 'count', comment: 'attack', secret: false });
    const dice = storedResult(stored!).dice;
    expect(dice).toHaveLength(11);
    const shown = embedText(answer!.body);
    expect(shown).toContain('attack');
    expect(shown).toContain('8d6<=4+3d6<=3');
    expect(shown).toContain(`#${stored!.id}`);

    // full-width, as a Japanese keyboard types it
    const wide = await h.chat({ content: '２ｄ６＋１', channelId });
    expect(wide.outcome).toBe('answered');
    expect((await rollsOf(h.fake.users.player.id)).map((r) => r.normalized)).toEqual(['8d6<=4+3d6<=3', '2d6+1']);

    const stats = embedText(answerOf((await h.fake.command({ name: 'stats', user: h.fake.users.player, channelId }))));
    expect(stats).toContain('2 rolls');
    expect(stats).toContain('d6: 13 dice');
  });

  it('in a channel with a BCDice system, its commands typed in full-width are answered the same way (`ＣＣ<=50 目星`)', async () => {
    const coc = h.fake.createTextChannel({ name: 'coc' });
    await h.fake.command({ name: 'gm', user: h.fake.users.gm, channelId: coc, options: [{ name: 'claim', type: 1 }] });
    await h.fake.command({ name: 'system', user: h.fake.users.gm, channelId: coc, options: [{ name: 'set', type: 1, options: [{ name: 'system', value: 'Cthulhu7th' }] }] });
    await switchChat(true, coc);
    const { message, outcome } = await h.chat({ content: 'ＣＣ<=50 目星', channelId: coc });
    expect(outcome).toBe('answered');
    const stored = (await rows(h.store, 'rolls', (t) => eq(t.channelId, coc))).at(-1)!;
    expect(stored).toMatchObject({ comment: '目星', secret: false });
    const answer = bot().find((m) => m.body?.message_reference?.message_id === message.id)!;
    expect(embedText(answer.body)).toMatch(/Cthulhu7th/);
    // a word the system does not read is talk there too
    expect((await h.chat({ content: 'CCは明日ね', channelId: coc })).outcome).toBe('ignored');
  });

  it('a label of the author’s active character’s palette (`目星`) rolls that line, filled from the character; others’ labels and other words stay talk', async () => {
    const { player, player2 } = h.fake.users;
    const ccfolia = JSON.stringify({
      kind: 'character',
      data: { name: '探索者A', status: [{ label: 'SAN', value: 60, max: 99 }], params: [], commands: '1d100<={SAN} 【正気度ロール】\n//目星=75\n1d100<={目星} 目星\n【RP】よろしく' },
    });
    await h.fake.command({ name: 'palette', user: player, channelId, options: [{ name: 'import', type: 1, options: [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'a.json', content: ccfolia, channelId }) }] }] });
    const character = (await rows(h.store, 'characters')).find((c) => c.name === '探索者A')!;
    const { message, outcome } = await h.chat({ content: '目星', channelId });
    expect(outcome).toBe('answered');
    const stored = (await rollsOf(player.id)).at(-1)!;
    expect(stored).toMatchObject({ normalized: '1d100<=75', comment: '目星', characterId: character.id });
    expect(embedText(bot().find((m) => m.body?.message_reference?.message_id === message.id)!.body)).toMatch(/探索者A/);
    expect((await h.chat({ content: '【正気度ロール】', channelId })).outcome).toBe('answered');
    expect((await rollsOf(player.id)).at(-1)).toMatchObject({ normalized: '1d100<=60', comment: '【正気度ロール】' });
    // an RP line's label is no roll; another player has no such palette; a word no line carries is talk
    const before = bot().length;
    expect((await h.chat({ content: 'RP', channelId })).outcome).toBe('ignored');
    expect((await h.chat({ content: '目星', channelId, user: player2 })).outcome).toBe('ignored');
    expect((await h.chat({ content: '図書館', channelId })).outcome).toBe('ignored');
    expect(bot().length).toBe(before);
  });

  it('plain talk gets no answer, no refusal: words, numbers, a smiley, a link, a mention', async () => {
    const before = bot().length;
    for (const content of ['hello everyone', '3 people are coming', '100', '1+1', ':)', 'www', '草', 'Sure thing', 'https://example.com/2d6', `<@${h.fake.botUser.id}> 2d6`, 'd', '2d6で判定するね', 'x'.repeat(1999)]) {
      const { outcome } = await h.chat({ content, channelId });
      expect(outcome, content).toBe('ignored');
    }
    expect(bot().length).toBe(before);
  });

  it('one answer per message: the same MESSAGE_CREATE delivered twice is answered once', async () => {
    const { player } = h.fake.users;
    const { message, outcome } = await h.chat({ content: '1d20', channelId });
    expect(outcome).toBe('answered');
    const stored = (await rollsOf(player.id)).length;
    // discord.js drops a repeat of a message it still holds in cache; one evicted comes through again
    (h.bot.client.channels.cache.get(channelId) as TextChannel).messages.cache.clear();
    h.chatOutcomes.delete(message.id);
    h.fake.dispatch('MESSAGE_CREATE', {
      id: message.id,
      channel_id: channelId,
      guild_id: h.fake.guildId,
      author: { id: player.id, username: player.username, global_name: player.globalName, discriminator: '0', avatar: null },
      content: '1d20',
      timestamp: new Date(message.createdAt).toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
    });
    await h.fake.waitFor(() => h.chatOutcomes.get(message.id) === 'ignored');
    await h.bot.idle();
    expect(bot().filter((m) => m.body?.message_reference?.message_id === message.id)).toHaveLength(1);
    expect(await rollsOf(player.id)).toHaveLength(stored);
  });

  it('another channel, and this one switched off again, stay silent', async () => {
    const before = bot().length;
    expect((await h.chat({ content: '2d6', channelId: h.fake.channelId })).outcome).toBe('ignored');
    await switchChat(false);
    expect((await h.chat({ content: '2d6', channelId })).outcome).toBe('ignored');
    expect(bot().length).toBe(before + 1); // the switch's own announcement
    await switchChat(true);
  });

  it('bots, webhooks and other bots never trigger it', async () => {
    const before = bot().length;
    const otherBot = h.fake.createUser({ username: 'dicebot', bot: true });
    expect((await h.chat({ content: '2d6', channelId, user: otherBot })).outcome).toBe('ignored');
    expect((await h.chat({ content: '2d6', channelId, webhook: { name: 'Saber' } })).outcome).toBe('ignored');
    expect(bot().length).toBe(before);
  });

  it('`S2D6` is answered privately: a DM to the roller, the typed line deleted, the GM’s copy; no result in the channel', async () => {
    const { player, gm } = h.fake.users;
    const dmsBefore = h.fake.dms(player.id).length;
    const { message, outcome } = await h.chat({ content: 'S2D6 hide', channelId });
    expect(outcome).toBe('secret');
    expect(h.fake.message(message.id)!.deleted).toBe(true);
    const stored = (await rollsOf(player.id)).at(-1)!;
    expect(stored).toMatchObject({ normalized: '2d6', secret: true, comment: 'hide' });
    const faces = storedResult(stored).dice.map((d) => d.face);
    const dm = h.fake.dms(player.id).slice(dmsBefore);
    expect(dm).toHaveLength(1);
    const mine = embedText(dm[0]!.body);
    expect(mine).toContain('S2D6 hide');
    expect(mine).toContain(`#${stored.id}`);
    expect(embedText(h.fake.dms(gm.id).at(-1)!.body)).toContain(`#${stored.id}`);
    // the table sees neither the dice nor a reply to the (deleted) line
    const inChannel = h.fake.channelMessages(channelId).filter((m) => m.createdAt >= message.createdAt);
    expect(inChannel.some((m) => m.body?.message_reference)).toBe(false);
    for (const m of inChannel) expect(embedText(m.body)).not.toContain(`${faces.join(', ')}`);
  });

  it('a secret roll the bot may not delete (no Manage Messages): still answered privately, and the GM is told it stayed visible', async () => {
    const { player, gm } = h.fake.users;
    h.fake.setBotChannelPermissions(channelId, { deny: PERMISSION_BITS.ManageMessages.toString() });
    // …and the GM, switching chat rolls on here, is told the same beforehand
    const on = await switchChat(true);
    expect(on.followUps.map((f) => embedText(f)).join('\n')).toMatch(/cannot be hidden: the bot lacks \*\*Manage Messages\*\*/);
    const gmBefore = h.fake.dms(gm.id).length;
    const dmsBefore = h.fake.dms(player.id).length;
    const { message, outcome } = await h.chat({ content: 'S1d100', channelId });
    expect(outcome).toBe('secret');
    expect(h.fake.message(message.id)!.deleted).toBe(false);
    expect(h.fake.dms(player.id).length).toBe(dmsBefore + 1);
    const toGm = h.fake.dms(gm.id).slice(gmBefore).map((m) => embedText(m.body));
    expect(toGm.some((t) => /could not delete the typed line: it lacks \*\*Manage Messages\*\*/.test(t) && t.includes(`<@${player.id}>`))).toBe(true);
    h.fake.setBotChannelPermissions(channelId, {});
  });

  it('a secret roll whose DM cannot be delivered waits in the roller’s /inbox, with the nudge in the channel', async () => {
    const { player } = h.fake.users;
    h.fake.setDmsClosed(player.id);
    const { message, outcome } = await h.chat({ content: 'S3d6', channelId });
    expect(outcome).toBe('secret');
    // the nudge goes out with the undeliverable DM's row, whichever sweep takes it first
    const nudge = await h.fake.waitFor(() => h.fake.channelMessages(channelId).find((m) => m.createdAt >= message.createdAt && JSON.stringify(m.body.components ?? []).includes('inbox:show')));
    expect(embedText(nudge.body)).toContain(`<@${player.id}>`);
    const box = embedText(answerOf((await h.fake.command({ name: 'inbox', channelId, user: player }))));
    const stored = (await rollsOf(player.id)).at(-1)!;
    expect(box).toContain('Your secret roll typed in');
    expect(box).toContain(`3d6 [${storedResult(stored).dice.map((d) => d.face).join(', ')}]`);
    h.fake.setDmsClosed(player.id, false);
  });

  it('retention keeps the switch: the channel’s other old events go, its table.chatRolls events stay and it still reads on', async () => {
    const later = new Date(Date.now() + 86_400_000);
    await h.store.transaction((tx) => pruneBefore(tx, later));
    const left = await rows(h.store, 'events', (t) => eq(t.channelId, channelId));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((e) => e.type === 'table.chatRolls')).toBe(true);
    expect(await h.store.transaction((tx) => chatRollsOn(tx, channelId))).toBe(true);
  });
});
