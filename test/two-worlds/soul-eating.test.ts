// Two worlds, soul eating (issue 18; seed 000 L6–7): in one world faction A eats souls, in the other
// it makes a charm. The table reads the same; the other factions read the same except where the seed
// lets them sense the eater (a 50 % chance: then they learn where it is and may intervene).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEPTIONS } from './exceptions.js';
import { closeWorlds, compare, openWorld, type World } from './worlds.js';

const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const opts = (o: Record<string, unknown>) => Object.entries(o).map(([name, value]) => ({ name, value })) as never;

async function play(eats: boolean): Promise<World> {
  const w = await openWorld('two-worlds-soul', 'ko');
  const { gm, a, b, c } = w.users;
  await w.run(gm, 'gm', sub('claim'));
  await w.run(gm, 'war', sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: '후유키' }]));
  await w.run(a, 'war', sub('join', [{ name: 'faction', value: '교회' }, { name: 'class', value: 'assassin' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 25 }]));
  await w.run(b, 'war', sub('join', [{ name: 'faction', value: '마키리' }, { name: 'class', value: 'rider' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]), 'ja');
  await w.run(c, 'war', sub('join', [{ name: 'faction', value: '토오사카' }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }]));
  await w.run(gm, 'war', sub('set', [{ name: 'faction', value: '교회' }, { name: 'field', value: 'territory' }, { name: 'value', value: 'large' }]));
  await w.run(gm, 'war', sub('advance'));
  await w.run(a, 'act', eats ? opts({ action: 'soulEating' }) : opts({ action: 'mysticCode', item: 'charmStrength', creator: 'master' }));
  await w.run(b, 'act', opts({ action: 'rest' }), 'ja');
  await w.run(c, 'act', opts({ action: 'rest' }));
  await w.run(gm, 'war', sub('resolve'));
  await w.run(gm, 'war', sub('advance'));
  return w;
}

let x: World | undefined;
let y: World | undefined;
beforeAll(async () => {
  x = await play(true);
  y = await play(false);
}, 90_000);
afterAll(async () => {
  await closeWorlds(x, y);
});

describe('soul eating in two worlds', () => {
  it('the table reads the same whether or not a faction ate souls', async () => {
    const diffs = await compare(x!, y!, ['table'], []);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [] });
  });

  it('the other factions read the same but for the sensing the seed allows (L6)', async () => {
    const diffs = await compare(x!, y!, ['b', 'c'], [EXCEPTIONS.soulEatingSensed]);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ b: [], c: [] });
  });

  it('no public view was built in another language than the table’s', () => {
    expect([...x!.h.violations, ...y!.h.violations]).toEqual([]);
  });
});
