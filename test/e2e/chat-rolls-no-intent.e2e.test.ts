// A bot whose Discord application lacks the privileged Message Content intent (issue 30 §2): Discord
// closes a session asking for it with 4014 "Disallowed intent(s)" (the fake does the same). The bot
// starts without it all the same, says so in its log, answers slash commands, and a GM switching
// chat rolls on is told how to enable the intent; typed rolls stay unanswered meanwhile.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answered, answerOf } from './harness.js';

let h: Harness;
const logged: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  h = await startHarness('chat-no-intent', { privilegedIntents: {}, log: pino({ level: 'info' }, sink) });
});
afterAll(async () => {
  await h?.close();
});

describe('a start without the Message Content intent', () => {
  it('Discord refuses the intent with 4014; the bot connects again without it and logs how to enable it', async () => {
    expect(h.fake.refusedIdentifies).toHaveLength(1);
    expect(h.fake.refusedIdentifies[0].intents & (1 << 15)).not.toBe(0);
    expect(h.fake.identifies).toHaveLength(1);
    expect(h.fake.identifies[0].intents).toBe(1); // Guilds only
    expect(h.bot.messageContent).toBe(false);
    const warning = logged.find((l) => l.level === 40 && /Message Content intent \(4014 Disallowed intents\)/.test(l.msg));
    expect(warning?.msg).toMatch(/Privileged Gateway Intents → Message Content Intent/);
  });

  it('slash commands work: /roll answers and stores', async () => {
    const ex = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '2d6' }] });
    expect(answered(ex)).toBe(true);
    expect(embedText(answerOf(ex))).toContain('2d6');
    expect(await rows(h.store, 'rolls')).toHaveLength(1);
  });

  it('/gm chatrolls on: the switch is kept, and the GM alone is told how to enable the intent', async () => {
    const { gm } = h.fake.users;
    await h.fake.command({ name: 'gm', user: gm, options: [{ name: 'claim', type: 1 }] });
    const on = await h.fake.command({ name: 'gm', user: gm, locale: 'ja', options: [{ name: 'chatrolls', type: 1, options: [{ name: 'on', value: true }] }] });
    expect((answerOf(on).flags ?? 0) & EPHEMERAL).toBe(0);
    const aside = on.followUps.find((f) => (f.flags & EPHEMERAL) !== 0);
    expect(embedText(aside)).toMatch(/Message Content Intent.*をオンにして保存し、ボットを再起動/s);
    // a typed roll reaches no one: the session has no Guild Messages, so Discord sends nothing
    const { outcome } = await h.chat({ content: '2d6' });
    expect(outcome).toBe('ignored');
    expect(h.chatOutcomes.size).toBe(0);
    expect(await rows(h.store, 'rolls')).toHaveLength(1);
    expect((await rows(h.store, 'events')).filter((e) => e.type === 'table.chatRolls').map((e) => e.after)).toEqual([{ on: true }]);
  });

  it('once the intent is switched on and the bot restarted, the channel answers typed rolls without asking the GM again', async () => {
    h.fake.setPrivilegedIntents({ messageContent: true });
    await h.restart();
    expect(h.bot.messageContent).toBe(true);
    const { outcome } = await h.chat({ content: '2d6' });
    expect(outcome).toBe('answered');
    expect(await rows(h.store, 'rolls')).toHaveLength(2);
  });
});
