// Discord's faults the bot must ride out: a 429 rate limit on a channel post (waited out, then
// posted), a global 429, a channel gone (10003, told), and the gateway's faults in the middle of a
// session — a close (4000), a dropped connection (1006), Discord's reconnect request (op 7), an invalid
// session (op 9, identified anew), unanswered heartbeats (a zombie connection) — each ridden out with
// the war intact and the next command answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, EPHEMERAL, startHarness, type Harness, answered, answerOf } from '../e2e/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('faults');
});
afterAll(async () => {
  await h.close();
});

const sub = (name: string, options: { name: string; value: string }[] = []) => [{ name, type: 1, options }];

describe('Discord faults', () => {
  it('a 429 with retry_after on the war board post is waited out: the board still appears once', async () => {
    const { gm } = h.fake.users;
    await h.fake.command({ name: 'gm', user: gm, options: sub('claim') });
    h.fake.failNext('POST', new RegExp(`^/channels/${h.fake.channelId}/messages$`), 429, { message: 'You are being rate limited.', retry_after: 0.3, global: false, code: 0 });
    const started = await h.fake.command({ name: 'war', user: gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Limited' }]) });
    expect(answered(started)).toBe(true);
    const board = await h.fake.waitFor(() => h.fake.channelMessages().find((m) => embedText(m.body).includes('Limited')), 5000);
    expect(board).toBeTruthy();
    const attempts = h.fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${h.fake.channelId}/messages`);
    expect(attempts.map((r) => r.status)).toEqual([429, 200]);
    expect(h.fake.channelMessages().filter((m) => embedText(m.body).includes('Limited'))).toHaveLength(1);
  });

  it('a gateway close mid-session is resumed; the next command sees the same war', async () => {
    const { gm } = h.fake.users;
    const resumesBefore = h.fake.resumes.length;
    h.fake.disconnectClients(4000);
    await h.fake.waitFor(() => h.fake.resumes.length > resumesBefore, 10_000);
    const next = await h.fake.command({ name: 'war', user: gm, options: sub('advance') });
    expect(answered(next)).toBe(true);
    expect(embedText(answerOf(next))).not.toMatch(/no war/i);
  });

  it('a global 429 on a DM is waited out and the DM arrives once', async () => {
    const { gm, player } = h.fake.users;
    const before = h.fake.dms(gm.id).length;
    h.fake.failNext('POST', /^\/channels\/\d+\/messages$/, 429, { message: 'You are being rate limited.', retry_after: 0.3, global: true, code: 0 });
    const rolled = await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }] as never });
    expect(answered(rolled)).toBe(true);
    await h.fake.waitFor(() => h.fake.dms(gm.id).length > before, 5000);
    expect(h.fake.dms(gm.id).length).toBe(before + 1);
  });

  it('a post to a channel that is gone (10003) is told to the actor with its cause', async () => {
    const { gm } = h.fake.users;
    h.fake.failNext('PATCH', /^\/channels\/\d+\/messages\/\d+$/, 404, { message: 'Unknown Channel', code: 10003 });
    const ex = await h.fake.command({ name: 'war', user: gm, options: sub('advance'), until: (x) => x.followUps.length > 0 });
    const notice = ex.followUps.find((f) => (f.flags & EPHEMERAL) === EPHEMERAL);
    expect(notice?.content).toMatch(/Could not update the board in <#\d+>: the channel no longer exists/);
  });

  for (const [fault, make, expectIdentify] of [
    ['Discord’s reconnect request (op 7) is resumed', () => h.fake.requestReconnect(), false],
    ['a dropped connection (1006) is resumed', () => h.fake.dropConnections(), false],
    ['an invalid session (op 9) is identified anew', () => h.fake.invalidateSessions(false), true],
  ] as const) {
    it(`${fault}; the next command sees the same war`, async () => {
      const { gm } = h.fake.users;
      const [resumes, identifies] = [h.fake.resumes.length, h.fake.identifies.length];
      make();
      if (expectIdentify) await h.fake.waitFor(() => h.fake.identifies.length > identifies, 15_000);
      else await h.fake.waitFor(() => h.fake.resumes.length > resumes, 15_000);
      const next = await h.fake.command({ name: 'war', user: gm, options: sub('advance') });
      expect(answered(next)).toBe(true);
      expect(embedText(answerOf(next))).not.toMatch(/no war/i);
    }, 30_000);
  }
});

describe('a zombie connection', () => {
  it('unanswered heartbeats: the client closes and resumes, then answers as before', async () => {
    const z = await startHarness('faults-zombie', { heartbeatIntervalMs: 400 });
    try {
      const resumes = z.fake.resumes.length;
      z.fake.withholdHeartbeatAcks();
      await z.fake.waitFor(() => z.fake.resumes.length > resumes || z.fake.identifies.length > 1, 15_000);
      z.fake.withholdHeartbeatAcks(false);
      const rolled = await z.fake.command({ name: 'roll', options: [{ name: 'expression', value: '2d6' }] as never });
      expect(answered(rolled)).toBe(true);
    } finally {
      await z.close();
    }
  }, 30_000);
});
