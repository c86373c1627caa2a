// Two worlds, one percentage-war round (issue 18; seed 000): faction A's master MAG (so its mana), its
// status allocation and its declaration differ between the worlds. The table and the uninvolved
// faction C must read the same round; B, A's opponent in the battle, must read the same but for what
// the seed gives the two sides of a battle (exceptions.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEPTIONS } from './exceptions.js';
import { closeWorlds, compare, openWorld, transcript, type World } from './worlds.js';

const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const opts = (o: Record<string, unknown>) => Object.entries(o).map(([name, value]) => ({ name, value })) as never;

interface Hidden {
  mag: number;
  statuses: string;
  text: string;
  /** A's action this turn: a charm, or information gathering on B (one d100 each, so the seeded stream stays aligned). */
  gathers: boolean;
}

async function play(hidden: Hidden): Promise<World> {
  const w = await openWorld('two-worlds-percent', 'ko');
  const { gm, a, b, c } = w.users;
  await w.run(gm, 'gm', sub('claim'));
  await w.run(gm, 'war', sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: '후유키' }]));
  await w.run(a, 'war', sub('join', [{ name: 'faction', value: '토오사카' }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: hidden.statuses }, { name: 'mag', value: hidden.mag }]));
  await w.run(b, 'war', sub('join', [{ name: 'faction', value: '마키리' }, { name: 'class', value: 'rider' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]), 'ja');
  await w.run(c, 'war', sub('join', [{ name: 'faction', value: '교회' }, { name: 'class', value: 'lancer' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 25 }]));
  await w.run(gm, 'war', sub('advance'));
  // Declarations: A rests (its text differs), B and C make charms.
  await w.run(a, 'act', hidden.gathers ? opts({ action: 'infoGathering', mode: 'shallow', targets: '마키리', text: hidden.text }) : opts({ action: 'mysticCode', item: 'charmStrength', creator: 'master', text: hidden.text }));
  await w.run(b, 'act', opts({ action: 'mysticCode', item: 'charmStrength', creator: 'master', text: '蟲の準備' }), 'ja');
  await w.run(c, 'act', opts({ action: 'mysticCode', item: 'charmStrength', creator: 'master', text: '교회의 준비' }));
  await w.run(gm, 'war', sub('resolve'));
  // A battle whose rate the GM's modifier fixes at 100 %: A wins in both worlds whatever its statuses.
  await w.run(gm, 'battle', opts({ ours: '토오사카', theirs: '마키리', our_status: 'str', their_status: 'agi', other: 100 }));
  await w.run(b, 'war', sub('retreat', [{ name: 'choice', value: 'seals' }]), 'ja');
  // The same battle held for seals (seed 000 L43): B adds one, both are ready, A's press rolls it. Each
  // side reads its own rate (A 70 %, B 30 % with its seal as +30 %) whatever A's statuses.
  await w.run(gm, 'battle', opts({ ours: '토오사카', theirs: '마키리', our_status: 'str', their_status: 'agi', other: 100, seal_window: true }));
  const window = w.h.fake.dms(b.id).findLast((m) => m.components.length > 0)!;
  const [seal, ready] = ['battle:seal:', 'battle:ready:'].map((p) => window.components.flatMap((r: any) => r.components.map((c: any) => c.custom_id as string)).find((id) => id.startsWith(p))!);
  await w.press(b, seal!, true);
  await w.press(b, ready!, true);
  await w.press(a, ready!.replace(/:1$/, ':0'), true);
  for (const faction of ['토오사카', '마키리']) await w.run(gm, 'war', sub('retreat', [{ name: 'choice', value: 'seals' }, { name: 'faction', value: faction }]));
  await w.run(gm, 'war', sub('advance'));
  return w;
}

let x: World | undefined;
let y: World | undefined;
beforeAll(async () => {
  x = await play({ mag: 20, statuses: '40 30 30 20 20 20', text: '보석을 닦는다 XQ-A1', gathers: false });
  y = await play({ mag: 45, statuses: '20 20 20 40 30 30', text: '지맥을 읽는다 XQ-B2', gathers: true });
}, 90_000);
afterAll(async () => {
  await closeWorlds(x, y);
});

describe('a percentage-war round played in two worlds', () => {
  it('the table and the uninvolved faction read the same round (only the battle’s winner is public)', async () => {
    const diffs = await compare(x!, y!, ['table', 'c'], [EXCEPTIONS.battleWinner]);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ table: [], c: [] });
  });

  it('A’s opponent reads none of A’s mana (seed 000 L33, L38) — only what a battle shows both sides', async () => {
    const diffs = await compare(x!, y!, ['b'], [EXCEPTIONS.battleWinner, EXCEPTIONS.battleNumbersToBothSides]);
    expect(diffs, JSON.stringify(diffs, null, 1)).toEqual({ b: [] });
  });

  it('B reads the battle from its own side: its own seal as a plus, its own rate, A’s war power as "?" (seed 000 L28, L43)', async () => {
    for (const w of [x!, y!]) {
      const own = (await transcript(w, 'b')).join('\n');
      // B pressed its buttons in the table's language (Korean): the rolled battle's DM is Korean, the held one Japanese.
      expect(own).toMatch(/(令呪|령주) \+30%/);
      expect(own).not.toMatch(/(令呪|령주) -30%/);
      expect(own).toMatch(/(最終勝率|최종 승률) 30%/);
      expect(own).not.toMatch(/(最終勝率|최종 승률) 70%/);
      expect(own).toMatch(/筋力: \d+ 対 \?、/);
      expect(own).toMatch(/【근】: \d+ 대 \?, /);
      expect(own).not.toMatch(/(筋力|【근】): \d+ (対|대) \d+/);
      const a = (await transcript(w, 'a')).join('\n');
      expect(a).toContain('최종 승률 70%');
      expect(a).not.toContain('최종 승률 30%');
    }
  });

  it('A reads its own numbers; the GM reads everything', async () => {
    const own = (await transcript(x!, 'a')).join('\n');
    expect(own).toMatch(/토오사카/);
    const gm = (await transcript(x!, 'gm')).join('\n');
    expect(gm).toContain('XQ-A1');
  });

  it('no public view was built in another language than the table’s', () => {
    expect([...x!.h.violations, ...y!.h.violations]).toEqual([]);
  });
});
