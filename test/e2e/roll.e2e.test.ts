// /roll and /gm through the real discord.js client against the fake Discord on 127.0.0.1.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, rows } from '../helpers/db.js';
import { storedResult } from '../../src/services/rolls.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answered, answerOf } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const lastRollRow = async () => (await row(h.store, 'rolls', undefined, 'newest'));

describe('/roll', () => {
  it('answers a success-counting check in the channel with every die, the successes and the expression', async () => {
    const ex = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '8d6<=4' }, { name: 'comment', value: 'Attack' }] });
    expect(answered(ex)).toBe(true);
    expect((answerOf(ex).flags ?? 0) & EPHEMERAL).toBe(0);
    const row = await lastRollRow();
    expect(row).toMatchObject({ userId: h.fake.users.player.id, channelId: h.fake.channelId, normalized: '8d6<=4', kind: 'count', comment: 'Attack' });
    // Stored once, compactly: the expression and the faces, from which the result is rebuilt.
    expect(row.result).toBeNull();
    const dice = storedResult(row).dice;
    expect(row.faces).toBe(dice.map((d) => d.face).join(','));
    expect(dice).toHaveLength(8);
    expect(row.value).toBe(dice.filter((d) => d.face <= 4).length);
    const shown = embedText(answerOf(ex));
    expect(shown).toContain('Attack');
    expect(shown).toContain('8d6<=4');
    for (const d of dice) expect(shown).toContain(String(d.face));
    expect(shown).toContain(String(row.value));
    expect(answerOf(ex).allowed_mentions).toEqual({ parse: [] });
  });

  it('sums 2d6+3, and understands full-width input', async () => {
    const ex = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '２ｄ６＋３' }] });
    const row = await lastRollRow();
    expect(row).toMatchObject({ kind: 'sum', normalized: '2d6+3', expression: '２ｄ６＋３' });
    const faces = row.faces.split(',').map(Number);
    expect(row.value).toBe(faces[0]! + faces[1]! + 3);
    expect(embedText(answerOf(ex))).toContain(String(row.value));
  });

  it('a public roll reads the table’s language (the server’s), an error the user’s own; unknown locales read English', async () => {
    // Issue 18: the table reads the server's language; the person their own (ephemeral replies).
    h.fake.setGuildLocale(h.fake.guildId, 'ja');
    const ja = await h.fake.command({ name: 'roll', locale: 'ko', options: [{ name: 'expression', value: '1d100<=50' }] });
    expect(embedText(answerOf(ja))).toMatch(/成功|失敗/);
    h.fake.setGuildLocale(h.fake.guildId, 'ko');
    const ko = await h.fake.command({ name: 'roll', locale: 'ja', options: [{ name: 'expression', value: '1d100<=50' }] });
    expect(embedText(answerOf(ko))).toMatch(/성공|실패/);
    const badKo = await h.fake.command({ name: 'roll', locale: 'ja', options: [{ name: 'expression', value: '1001d6' }] });
    expect(embedText(answerOf(badKo))).toMatch(/[\u3040-\u30ff]/);
    h.fake.setGuildLocale(h.fake.guildId, 'en-US');
    await h.fake.command({ name: 'roll', locale: 'ko', options: [{ name: 'expression', value: '1d100<=50' }] });
    // Remembered for DMs that others' actions send this user later.
    expect((await row(h.store, 'userLocales', (c) => eq(c.userId, h.fake.users.player.id))).locale).toBe('ko');
    const fr = await h.fake.command({ name: 'roll', locale: 'fr', options: [{ name: 'expression', value: '1d100<=50' }] });
    expect(embedText(answerOf(fr))).toMatch(/success|failure/i);
  });

  it('refuses bad input with an ephemeral, localized error naming the column, and keeps answering', async () => {
    const bad = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '8d6<=' }] });
    expect(answerOf(bad).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(bad))).toMatch(/column 6/i);
    const badJa = await h.fake.command({ name: 'roll', locale: 'ja', options: [{ name: 'expression', value: '1001d6' }] });
    expect(answerOf(badJa).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(badJa))).toMatch(/1,?000/);
    expect(embedText(answerOf(badJa))).toMatch(/[ぁ-んァ-ヶ一-龯]/);
    const good = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '2d6' }] });
    expect(answered(good)).toBe(true);
    expect((answerOf(good).flags ?? 0) & EPHEMERAL).toBe(0);
  });
});

describe('/gm and secret rolls', () => {
  it('a secret roll with no GM answers only the roller and says nobody else got it', async () => {
    const channelId = h.fake.createTextChannel({ name: 'no-gm' });
    const before = h.fake.requests.length;
    const ex = await h.fake.command({ name: 'roll', channelId, options: [{ name: 'expression', value: '8d6<=4' }, { name: 'secret', value: true }] });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(ex))).toMatch(/no GM/);
    // Only the commitment reaches the channel: a hash, no dice, no DM to anyone.
    // The commitment is posted after the reply: wait for it rather than race it.
    const others = () => h.fake.requests.slice(before).filter((r) => r.method === 'POST' && r.path !== `/interactions/${ex.interactionId}/${ex.token}/callback`);
    const sent = await h.fake.waitFor(() => (others().length ? others() : null));
    expect(sent.map((r) => r.path)).toEqual([`/channels/${channelId}/messages`]);
    const posted = embedText(sent[0]!.body);
    expect(posted).toMatch(/sha256:[0-9a-f]{64}/);
    // The hash itself may spell "8d6" by chance (hex): look at the rest of the post.
    expect(posted.replace(/sha256:[0-9a-f]{64}/, '')).not.toContain('8d6');
  });

  it('/gm claim, then a secret roll goes ephemerally to the roller and by DM to the GM, nothing to the channel', async () => {
    const { gm, player } = h.fake.users;
    const claim = await h.fake.command({ name: 'gm', user: gm, options: [{ name: 'claim', type: 1 }] });
    expect(embedText(answerOf(claim))).toContain(`<@${gm.id}>`);

    const secretComment = 'ambush the lancer at the docks';
    const ex = await h.fake.command({
      name: 'roll',
      user: player,
      options: [{ name: 'expression', value: '10d6<=5+4d6<=4' }, { name: 'comment', value: secretComment }, { name: 'secret', value: true }],
    });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    const row = await lastRollRow();
    expect(row.secret).toBe(true);
    const dm = await h.fake.waitFor(() => h.fake.dms(gm.id)[0]);
    const dmText = embedText(dm.body);
    expect(dmText).toContain(secretComment);
    expect(dmText).toContain(String(row.value));
    expect(h.fake.dms(player.id)).toEqual([]);
    // The channel gets the commitment only: no comment, no dice, no result.
    const channelTexts = h.fake.channelMessages().map((m) => `${m.content}${embedText(m.body)}`);
    expect(channelTexts).toHaveLength(1);
    expect(channelTexts[0]).toMatch(/sha256:([0-9a-f]{64})/);
    expect(channelTexts.join('\n')).not.toContain(secretComment);
    expect(channelTexts.join('\n')).not.toContain('10d6');

    // Later the roller reveals it; the bot shows the text hashing to the posted commitment.
    const secretId = Number(/Secret #(\d+)/.exec(channelTexts[0]!)![1]);
    const stranger = await h.fake.command({ name: 'reveal', user: h.fake.users.player2, options: [{ name: 'id', value: secretId }] });
    expect(answerOf(stranger).flags & EPHEMERAL).toBe(EPHEMERAL);
    const revealed = await h.fake.command({ name: 'reveal', user: player, options: [{ name: 'id', value: secretId }] });
    const shownReveal = embedText(answerOf(revealed));
    expect(shownReveal).toContain(secretComment);
    expect(shownReveal).toMatch(/✅/);
    const json = /```json\n(.+)\n```/.exec(shownReveal)![1]!;
    const { createHash } = await import('node:crypto');
    expect(channelTexts[0]).toContain(createHash('sha256').update(json).digest('hex'));
    expect(JSON.parse(json).result.value).toBe(row.value);
  });

  it('the GM seat: a player cannot take it over; a member with Manage Channels can; /gm show tells', async () => {
    const { player2, moderator, gm } = h.fake.users;
    const refused = await h.fake.command({ name: 'gm', user: player2, options: [{ name: 'claim', type: 1 }] });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(refused))).toContain(`<@${gm.id}>`);

    const takeover = await h.fake.command({ name: 'gm', user: moderator, options: [{ name: 'set', type: 1, options: [{ name: 'user', value: player2 }] }] });
    expect(answered(takeover)).toBe(true);
    const show = await h.fake.command({ name: 'gm', locale: 'ko', options: [{ name: 'show', type: 1 }] });
    expect(embedText(answerOf(show))).toContain(`<@${player2.id}>`);
    expect(embedText(answerOf(show))).toMatch(/GM은/);

    const log = (await rows(h.store, 'events')).filter((e) => e.type.startsWith('gm.'));
    expect(log.map((e) => e.type)).toEqual(['gm.claimed', 'gm.appointed']);
    expect(log[1]).toMatchObject({ actorId: moderator.id, before: expect.objectContaining({ userId: gm.id }), after: expect.objectContaining({ userId: player2.id }) });
  });

  it('tells the roller when the GM’s DMs are closed', async () => {
    const { player2, player } = h.fake.users; // player2 is GM now
    h.fake.setDmsClosed(player2.id);
    const ex = await h.fake.command({
      name: 'roll',
      user: player,
      options: [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }],
      until: (e) => e.followUps.length > 0,
    });
    expect(ex.followUps[0].flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(ex.followUps[0].content).toMatch(/Could not send a DM/);
    h.fake.setDmsClosed(player2.id, false);
  });
});

describe('restart', () => {
  it('keeps the GM and the rolls across a restart on the same database file', async () => {
    const rollsBefore = (await rows(h.store, 'rolls')).length;
    await h.restart();
    expect((await rows(h.store, 'rolls'))).toHaveLength(rollsBefore);
    const show = await h.fake.command({ name: 'gm', options: [{ name: 'show', type: 1 }] });
    expect(embedText(answerOf(show))).toContain(`<@${h.fake.users.player2.id}>`);
    const ex = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '4d6kh3' }] });
    expect(answered(ex)).toBe(true);
  });
});
