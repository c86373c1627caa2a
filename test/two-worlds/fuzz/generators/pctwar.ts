// The percentage Grail War (seed 000), played at random: turns of hidden declarations (/act), their
// resolution, battles with and without the seal window, retreats, /war advance. What differs between
// the worlds is faction A's own: its master's MAG (so its mana), its status allocation, its
// declarations' text and sometimes their action (seed 000 L33, L38: mana private; the declaration is
// the faction's). A is entitled; the table, B and C are compared — B and C with what the seed gives
// the two sides of a battle (exceptions.ts), and the table with who won.
import { eq } from 'drizzle-orm';
import { rows } from '../../../helpers/db.js';
import type { FactionState } from '../../../../src/services/war/state.js';
import { EXCEPTIONS } from '../../exceptions.js';
import type { Generator, Session } from '../session.js';
import { buttonsFor, cmd, complete, opt, opts, press, sub } from '../steps.js';
import { perWorld, type Opt, type Step, type StepOutcome, type Who } from '../world.js';
import type { Prng } from '../prng.js';

type Play = AsyncGenerator<Step, void, readonly [StepOutcome, StepOutcome]>;

const FACTIONS: Record<'a' | 'b' | 'c', { name: string; cls: string; mag: number; statuses: string }> = {
  a: { name: '遠坂', cls: 'saber', mag: 30, statuses: '27 27 27 27 26 26' },
  b: { name: '間桐', cls: 'rider', mag: 20, statuses: '27 27 27 27 26 26' },
  c: { name: '教会', cls: 'lancer', mag: 25, statuses: '30 25 30 25 25 25' },
};
const STATUSES = ['str', 'end', 'agi', 'mag', 'luk', 'np'] as const;

interface Hidden {
  mag: readonly [number, number];
  statuses: readonly [string, string];
  /** A's declarations: the same action in both worlds unless `action` differs */
  actions: readonly [boolean, boolean];
}

function hidden(rng: Prng): Hidden {
  return {
    mag: rng.pick([[20, 45], [30, 35], [15, 50]] as const),
    // Pairs that compare alike with B's and C's allocations most of the time: the battles' course stays equal.
    statuses: rng.pick([['31 31 31 23 22 22', '33 32 32 21 21 21'], ['28 28 28 26 25 25', '34 31 31 22 21 21'], ['40 30 30 20 20 20', '20 20 20 40 30 30']] as const),
    actions: rng.chance(0.3) ? [false, true] : [false, false],
  };
}

async function factions(s: Session): Promise<Map<string, FactionState & { eliminated: boolean }>> {
  const w = s.worlds[0];
  const war = (await rows(w.h.store, 'wars', (t) => eq(t.channelId, w.channels.main), 'newest'))[0];
  if (!war) return new Map();
  const found = await rows(w.h.store, 'factions', (t) => eq(t.warId, war.id));
  return new Map(found.map((f) => [f.name, { ...(f.state as FactionState), eliminated: f.eliminated }]));
}

/** One declaration of a faction this turn; A's text (and sometimes its action) differs between the worlds. */
function declare(rng: Prng, who: 'a' | 'b' | 'c', others: string[], h: Hidden): Step {
  const gather = (text: string): Opt[] => {
    const mode = others.length ? rng.pick(['locate', 'shallow', 'deep']) : 'locate';
    return opts({ action: 'infoGathering', mode, targets: mode === 'locate' ? undefined : rng.pick(others), text });
  };
  const other = (text: string): Opt[] =>
    rng.weighted<Opt[]>([
      [opts({ action: 'mysticCode', item: rng.pick(['charmStrength', 'familiar', 'manaJewel']), creator: 'master', text }), 4],
      [opts({ action: 'rest', text }), 3],
      [opts({ action: 'other', text }), 1],
      ...(others.length ? ([[opts({ action: 'contact', targets: rng.pick(others), text }), 1]] as const) : []),
    ]);
  if (who !== 'a') return cmd(who, 'act', rng.chance(0.3) ? gather(`${who}の調査`) : other(`${who}の準備`));
  if (h.actions[0] !== h.actions[1]) {
    // Two different actions that draw the same dice (one d100 each), so the other factions' rolls of the
    // same resolution stay aligned: a charm in one world, a gathering in the other.
    const charm = opts({ action: 'mysticCode', item: 'charmStrength', creator: 'master', text: '宝石を磨く XQ-A1' });
    const look = others.length ? opts({ action: 'infoGathering', mode: 'shallow', targets: rng.pick(others), text: '地脈を読む XQ-B2' }) : opts({ action: 'infoGathering', mode: 'locate', text: '地脈を読む XQ-B2' });
    return cmd('a', 'act', perWorld(charm, look));
  }
  const x = rng.chance(0.3) ? gather('宝石を磨く XQ-A1') : other('宝石を磨く XQ-A1');
  return cmd('a', 'act', perWorld(x, x.map((o) => (o.name === 'text' ? opt('text', '地脈を読む XQ-B2') : o))));
}

export function pctwarGenerator(seed: string, rng: Prng): Generator {
  const h = hidden(rng);
  const language = rng.pick(['ja', 'ko']);
  return {
    area: 'pctwar',
    entitled: ['a'],
    locales: { table: language, gm: language, a: rng.pick(['ja', 'ko']), b: rng.pick(['ja', 'ko']), c: rng.pick(['ja', 'ko']) },
    exceptions: [EXCEPTIONS.battleWinner, EXCEPTIONS.battleOddsToBothSides, EXCEPTIONS.battleLost, EXCEPTIONS.infoGathered, EXCEPTIONS.factionOut, EXCEPTIONS.soulEatingSensed],
    budget: 90,
    async *play(s: Session): Play {
      yield cmd('gm', 'gm', sub('claim'));
      yield cmd('gm', 'war', sub('start', [opt('ruleset', 'percent'), opt('name', '冬木')]));
      const join = (who: 'a' | 'b' | 'c', mag: number, statuses: string): Opt[] => sub('join', [opt('faction', FACTIONS[who].name), opt('class', FACTIONS[who].cls), opt('level', 50), opt('statuses', statuses), opt('mag', mag)]);
      yield cmd('a', 'war', perWorld(join('a', h.mag[0], h.statuses[0]), join('a', h.mag[1], h.statuses[1])));
      yield cmd('b', 'war', join('b', FACTIONS.b.mag, FACTIONS.b.statuses));
      yield cmd('c', 'war', join('c', FACTIONS.c.mag, FACTIONS.c.statuses));
      yield cmd('gm', 'war', sub('advance'));
      const names = Object.values(FACTIONS).map((f) => f.name);
      for (let turn = 0; turn < 8 && s.steps < 85; turn++) {
        // Declarations, in a random order, with a look or two between them.
        for (const who of rng.some(['a', 'b', 'c'] as const, 3)) {
          const living = [...(await factions(s)).entries()].filter(([, f]) => !f.eliminated).map(([n]) => n);
          if (living.includes(FACTIONS[who].name) && rng.chance(0.85)) yield declare(rng, who, living.filter((n) => n !== FACTIONS[who].name), h);
          if (rng.chance(0.25)) yield sideStep(rng, names);
        }
        if (rng.chance(0.3)) yield cmd('gm', 'war', sub('declarations'));
        yield cmd('gm', 'war', sub('resolve'));
        // Familiars offered after a failed gathering: the declarer decides in their DM.
        for (const who of ['b', 'c'] as const) if (rng.chance(0.5) && buttonsFor(s, who, 'dm').some((b) => b.customId.startsWith('act:familiars:'))) yield press(who, 'act:familiars:', 'dm');
        const battles = rng.weighted([[0, 2], [1, 4], [2, 2]] as const);
        for (let i = 0; i < battles; i++) yield* battle(s, rng, names);
        if (rng.chance(0.3)) yield sideStep(rng, names);
        // force: a familiars offer left open (faction a's differ between worlds) lapses instead of holding the turn in one world only.
        yield cmd('gm', 'war', sub('advance', [...(rng.chance(0.2) ? [opt('pending', 'discard')] : []), opt('force', true)]));
      }
      void seed;
    },
  };
}

function sideStep(rng: Prng, names: string[]): Step {
  const who: Who = rng.pick(['a', 'b', 'c']);
  const asker: Who = rng.pick(['b', 'c']);
  return rng.weighted<() => Step>([
    [() => cmd(who, 'war', sub('faction_view')), 3],
    [() => cmd(asker, 'war', sub('faction_view', [opt('faction', names[0]!)])), 1],
    [() => complete(asker, 'act', null, 'targets', ''), 1],
    [() => complete(asker, 'war', 'retreat', 'payer', ''), 1],
    [() => cmd(asker, 'war', sub('board')), 1],
    [() => cmd(asker, 'log', sub('export')), 1],
    [() => cmd(asker, 'war', sub('log')), 1],
  ])();
}

/** The seals a faction holds in the poorer of the two worlds. */
async function sealsInBoth(s: Session, name: string): Promise<number> {
  const held = await Promise.all(s.worlds.map(async (w) => {
    const war = (await rows(w.h.store, 'wars', (t) => eq(t.channelId, w.channels.main), 'newest'))[0];
    const f = war ? (await rows(w.h.store, 'factions', (t) => eq(t.warId, war.id))).find((r) => r.name === name) : undefined;
    return (f?.state as FactionState | undefined)?.percent?.sealsLeft ?? 0;
  }));
  return Math.min(...held);
}

/** A battle the GM calls between two factions, with or without the seal window; the loser retreats. */
async function* battle(s: Session, rng: Prng, names: string[]): Play {
  const state = await factions(s);
  const able = names.filter((n) => {
    const p = state.get(n)?.percent;
    return p && !p.pendingRetreat && !state.get(n)?.eliminated;
  });
  if (able.length < 2) return;
  const [ours, theirs] = rng.some(able, 2) as [string, string];
  const window = rng.chance(0.4);
  const base = { ours, theirs, our_status: rng.pick(STATUSES), their_status: rng.pick(STATUSES), seal_window: window || undefined, other: rng.chance(0.2) ? rng.int(-20, 20) : undefined };
  // A's Command Seals are its own (seed 000 L43): when A fights, it spends one up front in one world only.
  const aSide = ours === FACTIONS.a.name ? 'seals' : theirs === FACTIONS.a.name ? 'their_seals' : null;
  const spends = aSide !== null && !window && rng.chance(0.4) && (state.get(FACTIONS.a.name)?.percent?.sealsLeft ?? 0) >= 2;
  yield cmd('gm', 'battle', spends ? perWorld(opts({ ...base, [aSide!]: 1 }), opts(base)) : opts(base));
  if (window) {
    // Each side reads its rate by DM and may add a seal, then says it is ready (or the GM rolls now).
    const sides = (['a', 'b', 'c'] as const).filter((w) => [ours, theirs].includes(FACTIONS[w].name));
    for (const who of rng.some(sides, sides.length)) {
      // A seal only while the faction holds a spare one in both worlds (A's seals may differ: A knows them).
      if (rng.chance(0.3) && (await sealsInBoth(s, FACTIONS[who].name)) >= 2) yield press(who, 'battle:seal:', 'dm');
      if (rng.chance(0.85)) yield press(who, 'battle:ready:', 'dm');
    }
    if (rng.chance(0.5)) yield press('gm', 'battle:roll:');
  }
  // The loser retreats by seals or drops out (seed 000 L47).
  const after = await factions(s);
  for (const who of ['a', 'b', 'c'] as const) {
    const p = after.get(FACTIONS[who].name)?.percent;
    if (p?.pendingRetreat) yield cmd(who, 'war', sub('retreat', [opt('choice', p.sealsLeft >= p.pendingRetreat.seals && rng.chance(0.85) ? 'seals' : 'dropout')]));
  }
}
