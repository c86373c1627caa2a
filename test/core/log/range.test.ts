// The session log's points (issue 30 §4): a message link or id, or a wall-clock time in the table's zone.
import { describe, expect, it } from 'vitest';
import { afterBound, beforeBound, parsePoint, pointTime, snowflakeAt, snowflakeTime } from '../../../src/core/log/range.js';
import { characterPosts, postMessageIds } from '../../../src/core/log/character-posts.js';

const channel = '1300000000000000001';

describe('parsePoint', () => {
  it('reads Discord’s message links (ptb/canary/discordapp too) of this channel, and bare ids', () => {
    for (const host of ['discord.com', 'ptb.discord.com', 'canary.discord.com', 'discordapp.com']) {
      expect(parsePoint(`https://${host}/channels/1200000000000000000/${channel}/1310000000000000005`, channel, 'UTC')).toEqual({ kind: 'message', id: '1310000000000000005' });
    }
    const wide = [...'1310000000000000005'].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('');
    expect(parsePoint(wide, channel, 'UTC')).toEqual({ kind: 'message', id: '1310000000000000005' });
    expect(parsePoint(`https://discord.com/channels/1200000000000000000/1300000000000000002/1310000000000000005`, channel, 'UTC')).toEqual({ error: 'otherChannel' });
  });

  it('reads a time in the table’s zone, full-width as typed on a Japanese keyboard', () => {
    expect(pointTime(parsePoint('2026-11-27 20:00', channel, 'Asia/Tokyo') as never).toISOString()).toBe('2026-11-27T11:00:00.000Z');
    expect(pointTime(parsePoint('２０２６／１１／２７　２０：００：３０', channel, 'Asia/Seoul') as never).toISOString()).toBe('2026-11-27T11:00:30.000Z');
    expect(pointTime(parsePoint('2026-07-01 12:00', channel, 'America/New_York') as never).toISOString()).toBe('2026-07-01T16:00:00.000Z'); // summer time
    expect(pointTime(parsePoint('2026-12-01', channel, 'UTC') as never).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('refuses what is neither, and a day the calendar does not have', () => {
    for (const bad of ['昨日', '2026-02-31 10:00', '2026-13-01', '2026-11-27 25:00', '12345']) expect(parsePoint(bad, channel, 'UTC')).toEqual({ error: 'format' });
  });

  it('bounds include the points themselves', () => {
    const id = '1310000000000000005';
    expect(BigInt(afterBound({ kind: 'message', id }))).toBeLessThan(BigInt(id));
    expect(BigInt(beforeBound({ kind: 'message', id }))).toBeGreaterThan(BigInt(id));
    const at = new Date('2026-11-27T11:00:00.000Z');
    expect(snowflakeTime(snowflakeAt(at)).toISOString()).toBe(at.toISOString());
    expect(BigInt(afterBound({ kind: 'time', at }))).toBeLessThan(BigInt(snowflakeAt(at)));
  });
});

describe('characterPosts', () => {
  const post = (id: string, text: string, s: number) => ({ type: 'character.post', at: new Date(s * 1000), subject: `message:${id}`, before: null, after: { messageId: id, channelId: channel, characterId: 3, name: 'セイバー', avatarUrl: null, text } });
  it('keeps each post as it stands: edits give the latest text, a deletion removes it; every post id is known', () => {
    const events = [
      post('1310000000000000010', 'a', 1),
      post('1310000000000000011', 'b', 2),
      { type: 'character.postEdited', at: new Date(3000), subject: 'message:1310000000000000010', before: { text: 'a' }, after: { text: 'a2' } },
      { type: 'character.postDeleted', at: new Date(4000), subject: 'message:1310000000000000011', before: null, after: null },
      // an edit of a post outside the events read: nothing to edit
      { type: 'character.postEdited', at: new Date(5000), subject: 'x', before: null, after: { messageId: '1310000000000000099', text: 'z' } },
    ];
    expect(characterPosts(events).map((p) => [p.messageId, p.text, p.edited])).toEqual([['1310000000000000010', 'a2', true]]);
    expect([...postMessageIds(events)]).toEqual(['1310000000000000010', '1310000000000000011', '1310000000000000099']);
  });
});
