// Two worlds, a chat palette (issue 18): the palette's lines and variables are its owner's; they
// differ between the worlds. A line the owner rolls is public — the same line in both worlds here — so
// the table and the other players must read the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorlds, compare, openWorld, transcript, type World } from './worlds.js';
import { answerOf } from '../e2e/harness.js';

const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;

async function play(secretLine: string, variables: string): Promise<World> {
  const w = await openWorld('two-worlds-palette');
  const { a, b } = w.users;
  await w.run(b, 'roll', [{ name: 'expression', value: '2d6' }] as never);
  await w.run(a, 'palette', sub('edit', [{ name: 'name', value: 'Aの手札' }]));
  const saved = w.record(a, await w.h.fake.modalSubmit({ customId: 'palette:edit', user: a, channelId: w.channelId, locale: 'ja', fields: { name: 'Aの手札', character: '', lines: `2d6 攻撃\n${secretLine}`, variables } }));
  const first = (answerOf(saved)?.components ?? []).flatMap((r: { components: { custom_id: string }[] }) => r.components)[0]!.custom_id;
  w.record(a, await w.h.fake.component({ customId: first, message: saved.original!, user: a, channelId: w.channelId, locale: 'ja' }));
  await w.run(b, 'roll', [{ name: 'expression', value: '1d100' }] as never);
  return w;
}

let x: World | undefined;
let y: World | undefined;
beforeAll(async () => {
  x = await play('1d100<={罠} 罠の位置 XQ-P1', '罠=30');
  y = await play('3d6 本命の奥の手 XQ-P2', '罠=80');
}, 60_000);
afterAll(async () => {
  await closeWorlds(x, y);
});

describe('a chat palette in two worlds', () => {
  it('the table and the other players read the same: the palette is its owner’s, the rolled line public', async () => {
    const diffs = await compare(x!, y!, ['table', 'b', 'c'], []);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], b: [], c: [] });
    expect((await transcript(x!, 'table')).join('\n')).toContain('攻撃');
  });

  it('the owner reads their palette', async () => {
    expect((await transcript(x!, 'a')).join('\n')).toContain('XQ-P1');
    expect((await transcript(y!, 'a')).join('\n')).toContain('XQ-P2');
  });
});
