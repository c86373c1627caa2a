// Two worlds, secret rolls and the log (issue 18): a player's secret roll differs between the worlds
// (what was rolled and its faces). Until it is revealed, the table and the other players read the
// same channel, and the same /log export; the reveal makes it public (exceptions.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import { EXCEPTIONS } from './exceptions.js';
import { closeWorlds, compare, openWorld, transcript, type World } from './worlds.js';

const opt = (name: string, value: unknown) => ({ name, value });
const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;

async function play(secretExpression: string, comment: string): Promise<{ w: World; secretId: number }> {
  const w = await openWorld('two-worlds-secrets');
  const { gm, a, b, c } = w.users;
  await w.run(gm, 'gm', sub('claim'));
  await w.run(b, 'roll', [opt('expression', '8d6<=4'), opt('comment', '公開の判定')] as never);
  const secret = await w.run(a, 'roll', [opt('expression', secretExpression), opt('comment', comment), opt('secret', true)] as never, 'ko');
  await w.run(b, 'roll', [opt('expression', '2d6'), opt('comment', 'あとの判定')] as never);
  await w.run(c, 'log', sub('export'));
  void secret;
  const commitment = await row(w.h.store, 'secrets', (t) => eq(t.ownerId, a.id));
  return { w, secretId: commitment.id };
}

let x: { w: World; secretId: number } | undefined;
let y: { w: World; secretId: number } | undefined;
beforeAll(async () => {
  // One die each: the shared seeded stream stays aligned for the rolls after it.
  x = await play('1d100', '正体を探る XQ-S1');
  y = await play('1d6', '罠を仕掛ける XQ-S2');
}, 60_000);
afterAll(async () => {
  await closeWorlds(x?.w, y?.w);
});

describe('a secret roll played in two worlds', () => {
  it('before the reveal, the table and the other players read the same (the commitment’s hash aside)', async () => {
    const diffs = await compare(x!.w, y!.w, ['table', 'b', 'c'], []);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], b: [], c: [] });
  });

  it('the roller and the GM read it, the roller in their own language', async () => {
    expect((await transcript(x!.w, 'a')).join('\n')).toContain('XQ-S1');
    expect((await transcript(x!.w, 'gm')).join('\n')).toContain('XQ-S1');
  });

  it('the reveal is public: the table reads it, and nothing else differs', async () => {
    for (const { w, secretId } of [x!, y!]) await w.run(w.users.a, 'reveal', [opt('id', secretId)] as never);
    const table = (await transcript(x!.w, 'table')).join('\n');
    expect(table).toContain('XQ-S1');
    const diffs = await compare(x!.w, y!.w, ['table', 'b', 'c'], [EXCEPTIONS.revealedSecret]);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], b: [], c: [] });
  });

  it('no public view was built in another language than the table’s', () => {
    expect([...x!.w.h.violations, ...y!.w.h.violations]).toEqual([]);
  });
});
