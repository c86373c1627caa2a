// The fake Discord checks request bodies against Discord's own OpenAPI description (issue 28, must
// show): what the bot really sends conforms; a wrong type, an unknown enum value or a missing field is
// refused where Discord would refuse it, with the error at the field's path.
import { describe, expect, it } from 'vitest';
import { startFakeDiscord } from './fake-discord/index.js';
import { specErrors } from './fake-discord/spec-check.js';

describe('the fake checks bodies against Discord’s OpenAPI description', () => {
  it('a message as the bot sends it conforms', () => {
    expect(specErrors('POST', '/channels/1/messages', { content: 'hi', embeds: [{ title: 't', description: 'd', color: 1, fields: [{ name: 'a', value: 'b', inline: false }] }], components: [], allowed_mentions: { parse: [] }, nonce: 'abc', enforce_nonce: true })).toBeNull();
    expect(specErrors('POST', '/interactions/1/tok/callback', { type: 4, data: { content: 'x', flags: 64 } })).toBeNull();
  });

  it('refuses a wrong type, at its path', () => {
    const errors = specErrors('POST', '/channels/1/messages', { content: 5 });
    expect(errors?.tree).toMatchObject({ content: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_BAD_TYPE' })] } });
  });

  it('refuses an interaction callback of no known type, and a button without its style', () => {
    expect(specErrors('POST', '/interactions/1/tok/callback', { type: 42 })).not.toBeNull();
    expect(specErrors('POST', '/channels/1/messages', { components: [{ type: 1, components: [{ type: 2, custom_id: 'x', label: 'y' }] }] })).not.toBeNull();
  });

  it('says nothing of a route with no JSON body in the description', () => {
    expect(specErrors('PUT', '/channels/1/messages/pins/2', {})).toBeNull();
  });
});

describe('a request the limits let through but the description refuses', () => {
  it('is recorded as a rejection, which fails the test file that made it (test/e2e/harness.ts close)', async () => {
    const fake = await startFakeDiscord();
    try {
      const send = (body: unknown) =>
        fetch(`${fake.apiBase}/v10/channels/${fake.channelId}/messages`, { method: 'POST', headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await send({ content: 'fine' })).status).toBe(200);
      expect(fake.rejections()).toEqual([]);
      await send({ content: 'tts must be a boolean', tts: 'yes' });
      expect(fake.rejections().map((r) => r.reasons.join('; '))).toEqual([expect.stringMatching(/^tts\[BASE_TYPE_BAD_TYPE\]/)]);
    } finally {
      await fake.close();
    }
  });
});
