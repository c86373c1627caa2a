// Discord's faults the bot must ride out: a 429 rate limit on a channel post (waited out, then
// posted), and a gateway close in the middle of a session (resumed, state intact, still answering).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness } from '../e2e/harness.js';

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
    expect(started.callback.type).toBe(4);
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
    expect(next.callback.type).toBe(4);
    expect(embedText(next.callback.data)).not.toMatch(/no war/i);
  });
});
