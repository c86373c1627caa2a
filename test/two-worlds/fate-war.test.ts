// Two worlds, one Fate/roll dice war day (issue 18; seed 001 L50: PvP information is kept secret): the
// MP faction A's servant has spent differs between the worlds. The table and faction B must read the
// same day — A's public check, B's look at A's sheet, the fight and its tracker — while A reads its own
// pools (ephemeral asides) and the GM everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../e2e/fate-driver.js';
import { closeWorlds, compare, openWorld, transcript, type World } from './worlds.js';

const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const opt = (name: string, value: unknown) => ({ name, value });

async function play(mpSpent: number): Promise<World> {
  const w = await openWorld('two-worlds-fate');
  const { gm, a, b } = w.users;
  await w.run(gm, 'gm', sub('claim'));
  await w.run(gm, 'war', sub('start', [opt('ruleset', 'fate'), opt('name', '冬木')]));
  const lancer = fixture('saber.txt').replaceAll('セイバー', 'ランサー');
  const priest = fixture('master.txt').replaceAll('例・魔術師', '例・神父').replace('【サーヴァント】セイバー', '【サーヴァント】ランサー');
  for (const [user, file, content] of [
    [a, 'saber.txt', fixture('saber.txt')],
    [a, 'master.txt', fixture('master.txt')],
    [b, 'lancer.txt', lancer],
    [b, 'priest.txt', priest],
  ] as const) {
    await w.run(user, 'sheet', sub('import', [opt('file', w.h.fake.uploadAttachment({ filename: file, content }))]));
  }
  await w.run(a, 'war', sub('join', [opt('master', '例・魔術師'), opt('servant', 'セイバー'), opt('faction', '遠坂')]));
  await w.run(b, 'war', sub('join', [opt('master', '例・神父'), opt('servant', 'ランサー'), opt('faction', '教会')]));
  await w.run(gm, 'war', sub('advance'));
  // The hidden value: how much MP Saber has spent.
  await w.run(a, 'mp', sub('spend', [opt('amount', mpSpent), opt('character', 'セイバー')]));
  await w.run(a, 'check', [opt('status', 'str'), opt('character', 'セイバー')] as never);
  await w.run(b, 'sheet', sub('show', [opt('name', 'セイバー')]));
  // A fight between the factions: the tracker is the table's.
  await w.run(gm, 'combat', sub('start', [opt('ruleset', 'fate'), opt('name', '港')]));
  await w.run(gm, 'combat', sub('add', [opt('who', 'セイバー'), opt('side', '遠坂')]));
  await w.run(gm, 'combat', sub('add', [opt('who', 'ランサー'), opt('side', '教会')]));
  await w.run(gm, 'combat', sub('next'));
  await w.run(gm, 'attack', [opt('attacker', 'ランサー'), opt('target', 'セイバー'), opt('weapon', 10)] as never);
  await w.press(a, 'attack:defend:end');
  await w.press(a, 'attack:resolve');
  return w;
}

let x: World | undefined;
let y: World | undefined;
beforeAll(async () => {
  x = await play(3);
  y = await play(17);
}, 90_000);
afterAll(async () => {
  await closeWorlds(x, y);
});

describe('a Fate/roll dice war day played in two worlds', () => {
  it('the table and the other faction read the same day: no MP of A anywhere (seed 001 L50)', async () => {
    const diffs = await compare(x!, y!, ['table', 'b', 'c'], []);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], b: [], c: [] });
  });

  it('A reads its own MP (the spend and the aside of its check); the public check does not carry it', async () => {
    const own = (await transcript(x!, 'a')).join('\n');
    expect(own).toMatch(/MP \d+\/\d+/);
    const table = (await transcript(x!, 'table')).join('\n');
    expect(table).toMatch(/セイバー/);
    expect(table).not.toMatch(/MP \d+\/\d+/);
  });

  it('no public view was built in another language than the table’s', () => {
    expect([...x!.h.violations, ...y!.h.violations]).toEqual([]);
  });
});
