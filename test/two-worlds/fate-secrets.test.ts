// Two worlds, one Fate/roll dice war fight (issue 27): the worlds differ in faction A's luck used today,
// in the MP A's servant has spent and in the HP of a hidden NPC. Seed 001 L50: a war faction's MP and
// luck uses are its own; a hidden NPC's numbers are the GM's. The table and the other players must read
// the same session — the luck buttons' labels, the marks' price, the resolve step against the hidden
// NPC, the tracker — while A reads its own numbers aside and the GM the NPC's in DM copies.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, SERVANT_STATUSES } from '../e2e/fate-driver.js';
import { closeWorlds, compare, openWorld, transcript, type World } from './worlds.js';

const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const opt = (name: string, value: unknown) => ({ name, value });

interface Hidden {
  luckUsed: number;
  mpSpent: number;
  shadeHp: number;
}

async function setLuckUsed(w: World, name: string, used: number): Promise<void> {
  await w.h.store.transaction(async (tx) => {
    const { characters } = tx.t;
    const [c] = await tx.db.select().from(characters).where(eq(characters.name, name));
    await tx.db.update(characters).set({ state: { ...(c!.state as object), luckUsedToday: used } }).where(eq(characters.id, c!.id));
  });
}

/**
 * Waits until the bot has sent everything (the tracker's edits included): how many intermediate edits
 * a live tracker gets depends on whether the next command lands before its edit, by timing alone.
 */
async function idle(w: World): Promise<void> {
  let last = -1;
  for (let i = 0; i < 60; i++) {
    const count = w.h.fake.requests.length;
    if (count === last) return;
    last = count;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function play(hidden: Hidden): Promise<World> {
  const w = await openWorld('two-worlds-fate-secrets');
  const { gm, a, b, c } = w.users;
  // Every step of the fight is played once the previous one is fully shown.
  const step = async (done: Promise<unknown>) => {
    await done;
    await idle(w);
  };
  await w.run(gm, 'gm', sub('claim'));
  await w.run(gm, 'war', sub('start', [opt('ruleset', 'fate'), opt('name', '冬木')]));
  // A's servant has a paid "+" on 筋力 (L897–901).
  const saber = fixture('saber.txt').replace(SERVANT_STATUSES, '筋力A+ 耐久B 敏捷B 魔力C 幸運C 宝具A');
  const lancer = fixture('saber.txt').replaceAll('セイバー', 'ランサー');
  const priest = fixture('master.txt').replaceAll('例・魔術師', '例・神父').replace('【サーヴァント】セイバー', '【サーヴァント】ランサー');
  for (const [user, file, content] of [
    [a, 'saber.txt', saber],
    [a, 'master.txt', fixture('master.txt')],
    [b, 'lancer.txt', lancer],
    [b, 'priest.txt', priest],
  ] as const) {
    await w.run(user, 'sheet', sub('import', [opt('file', w.h.fake.uploadAttachment({ filename: file, content }))]));
  }
  await w.run(a, 'war', sub('join', [opt('master', '例・魔術師'), opt('servant', 'セイバー'), opt('faction', '遠坂')]));
  await w.run(b, 'war', sub('join', [opt('master', '例・神父'), opt('servant', 'ランサー'), opt('faction', '教会')]));
  await w.run(gm, 'war', sub('advance'));
  // The hidden values: A's luck used today, the MP its servant spent.
  await setLuckUsed(w, 'セイバー', hidden.luckUsed);
  await w.run(a, 'mp', sub('spend', [opt('amount', hidden.mpSpent), opt('character', 'セイバー')]));
  // A check with the "+": the price is paid, the table reads only that.
  await w.run(a, 'check', [opt('status', 'str'), opt('character', 'セイバー'), opt('marks', true)] as never);
  // A fight with a hidden servant of the GM's: its HP is the third hidden value.
  await step(w.run(gm, 'combat', sub('start', [opt('ruleset', 'fate'), opt('name', '港')])));
  await step(w.run(gm, 'combat', sub('add', [opt('who', 'セイバー'), opt('side', '遠坂')])));
  await step(w.run(gm, 'combat', sub('add', [opt('who', 'ランサー'), opt('side', '教会')])));
  await step(w.run(gm, 'combat', sub('add', [opt('who', 'シェイド'), opt('side', '影'), opt('hp', hidden.shadeHp), opt('iv', 1), opt('pool', '8d6<=4'), opt('armor', 3), opt('hidden', true), opt('servant', true)])));
  await step(w.run(gm, 'combat', sub('next')));
  // A's servant attacks the hidden NPC with its "+": a luck button, the price, then the GM defends and resolves.
  await step(w.run(gm, 'attack', [opt('attacker', 'セイバー'), opt('target', 'シェイド'), opt('weapon', 5), opt('marks', true)] as never));
  await step(w.press(gm, 'attack:defend:agi'));
  await step(w.press(gm, 'attack:resolve'));
  // B's servant attacks A's: A defends (its luck button) and resolves.
  await step(w.run(gm, 'attack', [opt('attacker', 'ランサー'), opt('target', 'セイバー'), opt('weapon', 10)] as never));
  await step(w.press(a, 'attack:defend:end'));
  await step(w.press(a, 'attack:resolve'));
  // The session's record, as a player not in the fight exports it.
  await w.run(c, 'log', sub('export'));
  return w;
}

let x: World | undefined;
let y: World | undefined;
beforeAll(async () => {
  x = await play({ luckUsed: 0, mpSpent: 3, shadeHp: 60 });
  y = await play({ luckUsed: 2, mpSpent: 11, shadeHp: 70 });
}, 120_000);
afterAll(async () => {
  await closeWorlds(x, y);
});

describe('a Fate war fight with a hidden NPC, played in two worlds (issue 27)', () => {
  it('the table and the other players read the same session: no luck count, no MP, no hidden HP (seed 001 L50)', async () => {
    const diffs = await compare(x!, y!, ['table', 'b', 'c'], []);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], b: [], c: [] });
  });

  it('A reads its own MP and what the marks cost; the GM reads the hidden NPC’s HP', async () => {
    const own = (await transcript(x!, 'a')).join('\n');
    expect(own).toMatch(/MP \d+\/\d+/);
    expect(own).toContain('HP 0、MP 10を支払いました');
    const table = (await transcript(x!, 'table')).join('\n');
    expect(table).toContain('補正の代償を支払いました');
    expect(table).not.toContain('MP 10を支払いました');
    // the GM's copies differ between the worlds: they carry the hidden HP
    const gmX = (await transcript(x!, 'gm')).join('\n');
    const gmY = (await transcript(y!, 'gm')).join('\n');
    expect(gmX).not.toBe(gmY);
  });

  it('no public view was built in another language than the table’s', () => {
    expect([...x!.h.violations, ...y!.h.violations]).toEqual([]);
  });
});
