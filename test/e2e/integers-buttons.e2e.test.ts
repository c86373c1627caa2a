// Issue 19 §4 (on both backends: this file runs in the SQLite and the PostgreSQL projects): an integer
// option past what the store holds is refused in the user's language, never "something went wrong";
// a forged or stale button id reads as a stale button, never as an internal error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('integers-buttons');
});
afterAll(async () => {
  await h?.close();
});

const isEphemeral = (ex: InteractionExchange) => ((answerOf(ex)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

describe('inputs Discord can send but the store cannot hold', () => {
  it.each([
    ['reveal', [{ name: 'id', value: 2147483648 }]],
    ['reveal', [{ name: 'id', value: 9007199254740991 }]],
    ['luck', [{ name: 'reroll', type: 1, options: [{ name: 'roll', value: 2147483648 }] }]],
  ])('/%s with an integer past 2³¹ is refused, localized', async (name, options) => {
    const ex = await h.fake.command({ name, locale: 'ja', options: options as never });
    expect(isEphemeral(ex)).toBe(true);
    expect(embedText(answerOf(ex))).toMatch(/2147483647までの整数/);
  });

  it('/check target registers 0..max, so Discord’s client cannot send −2147483649 at all (the strict fake refuses it)', () => {
    expect(() => h.fake.command({ name: 'check', options: [{ name: 'status', value: 'str' }, { name: 'target', value: -2147483649 }] })).toThrow(/below the registered min_value 0/);
  });

  it.each(['seal:approve:abc', 'luck:reroll:NaN', 'palette:roll:x:y', 'attack:defend:nowhere'])('a forged button %s reads as stale, in the user’s language', async (customId) => {
    // Pressed on a message the bot posted (Discord only sends ids of components it showed: a forged
    // client or an old message is how such an id arrives).
    const posted = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '1d6' }] });
    const ex = await h.fake.component({ customId, locale: 'ko', message: posted.original! });
    expect(isEphemeral(ex)).toBe(true);
    const shown = embedText(answerOf(ex));
    expect(shown).not.toMatch(/오류가 발생|went wrong/);
    expect(shown).toMatch(/[\uac00-\ud7a3]/);
  });

  it.each(['palette:pick:abc', 'palette:pick:', 'nosuchcommand:pick'])('a forged select menu %s reads as stale too', async (customId) => {
    const posted = await h.fake.command({ name: 'roll', options: [{ name: 'expression', value: '1d6' }] });
    const ex = await h.fake.select({ customId, values: ['0'], locale: 'ja', message: posted.original! });
    expect(isEphemeral(ex)).toBe(true);
    const shown = embedText(answerOf(ex));
    expect(shown).not.toMatch(/エラーが発生|went wrong/);
    expect(shown).toMatch(/このボタンはもう使えません|ボタン/);
  });
});
