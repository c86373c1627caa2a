// Two worlds, the session's log (issue 30 §4): the same session played twice — rolls, the players'
// messages typed in the channel, a character's post through /say's events (test/helpers/character-posts.ts)
// — with a secret roll whose expression, comment and faces differ between the worlds. /log export,
// which now merges the posts and reads the players' messages back from Discord, must give a reader
// who is not the secret's owner the same files in both worlds (ids, hashes and times aside), and the
// table the same channel. The secret's owner and the GM read it (the JSON and HTML do not: they are
// the table's record); the reveal makes it public (exceptions.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import { insertCharacterPost } from '../helpers/character-posts.js';
import { EXCEPTIONS } from './exceptions.js';
import { closeWorlds, compare, openWorld, transcript, type World } from './worlds.js';

const opt = (name: string, value: unknown) => ({ name, value });
const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const step = () => new Promise((r) => setTimeout(r, 5));

async function play(secretExpression: string, comment: string): Promise<{ w: World; secretId: number }> {
  const w = await openWorld('two-worlds-log-session');
  const { gm, a, b, c } = w.users;
  const channelId = w.channelId;
  await w.run(gm, 'gm', sub('claim'));
  await w.run(b, 'roll', [opt('expression', '8d6<=4'), opt('comment', '公開の判定')] as never);
  await step();
  w.h.fake.userMessage({ channelId, user: a, content: '行くぞ！' });
  await step();
  const webhook = w.h.fake.userMessage({ channelId, content: '我が剣を見よ', webhook: { name: 'セイバー' } });
  await insertCharacterPost(w.h.store, { guildId: w.h.fake.guildId, channelId, actorId: a.id, messageId: webhook.id, characterId: 1, name: 'セイバー', text: '我が剣を見よ' });
  await step();
  await w.run(a, 'roll', [opt('expression', secretExpression), opt('comment', comment), opt('secret', true)] as never, 'ko');
  await step();
  w.h.fake.userMessage({ channelId, user: b, content: '何を振った？' });
  await step();
  await w.run(b, 'roll', [opt('expression', '2d6'), opt('comment', 'あとの判定')] as never);
  await w.run(c, 'log', sub('export'));
  await w.run(b, 'log', sub('export'), 'ko');
  const commitment = await row(w.h.store, 'secrets', (t) => eq(t.ownerId, a.id));
  return { w, secretId: commitment.id };
}

let x: { w: World; secretId: number } | undefined;
let y: { w: World; secretId: number } | undefined;
beforeAll(async () => {
  // One die each, as test/two-worlds/secrets.test.ts: the shared seeded stream stays aligned.
  x = await play('1d100', '正体を探る XQ-L1');
  y = await play('1d6', '罠を仕掛ける XQ-L2');
}, 60_000);
afterAll(async () => {
  await closeWorlds(x?.w, y?.w);
});

describe('the session log played in two worlds', () => {
  it('the export holds the players’ messages and the post, and for every non-owner it is the same whatever the secret', async () => {
    const exported = (await transcript(x!.w, 'c')).join('\n');
    expect(exported).toContain('行くぞ！');
    expect(exported).toContain('何を振った？');
    expect(exported).toContain('我が剣を見よ');
    expect(exported).toContain('<title>ccfolia - logs</title>');
    const diffs = await compare(x!.w, y!.w, ['table', 'b', 'c'], []);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], b: [], c: [] });
  });

  it('the reveal is public: the next export shows it, and nothing else differs', async () => {
    for (const { w, secretId } of [x!, y!]) {
      await w.run(w.users.a, 'reveal', [opt('id', secretId)] as never);
      await w.run(w.users.c, 'log', sub('export'));
    }
    expect((await transcript(x!.w, 'c')).join('\n')).toContain('XQ-L1');
    const diffs = await compare(x!.w, y!.w, ['table', 'b', 'c'], [EXCEPTIONS.revealedSecretLogEntry, EXCEPTIONS.revealedSecret]);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], b: [], c: [] });
  });
});
