// Secret rolls, /reveal, chat palettes, /stats and /log export (issue 18 §2, issue 27 §2). The hidden
// values are A's: what A's secret rolls roll and say, and A's palette (its lines but the first, which
// A rolls in public, and its variables). B and C roll in public and in secret (the same in both
// worlds), look at A's numbers (/stats), try A's secrets (/reveal), ask for palettes by autocomplete,
// and export the log. A's own /reveal makes a secret public (exceptions.ts: revealed secret): the
// worlds part there.
import { eq } from 'drizzle-orm';
import { rows } from '../../../helpers/db.js';
import { EXCEPTIONS } from '../../exceptions.js';
import type { Generator, Session } from '../session.js';
import { cmd, complete, opt, opts, press, sub, user } from '../steps.js';
import { perWorld, type Who } from '../world.js';
import type { Prng } from '../prng.js';

const PUBLIC_ROLLS = ['2d6', '8d6<=4', '1d100<=50 目星', '3d6+2', 'choice[北,南,東]', 'x2 2d6', 'd66', '2D6>=7 先制', '4d6kh3', '1D100'];
/** A's secret rolls: one per world, each marked so a leak names itself. */
const SECRET_PAIRS: readonly (readonly [string, string])[] = [
  ['1d100<=30 XQ-S1 罠の位置', '3d6 XQ-S2 奥の手'],
  ['8d6<=4 XQ-S3 奇襲', '2d6+5 XQ-S4 援軍'],
  ['1d6 XQ-S5 逃走経路', '1d20 XQ-S6 交渉'],
  ['choice[北,南] XQ-S7', '2D6>=9 XQ-S8 看破'],
];

export function secretsGenerator(seed: string, rng: Prng): Generator {
  const language = rng.pick(['ja', 'ko', 'en']);
  return {
    area: 'secrets',
    entitled: ['a'],
    locales: { table: language, gm: rng.pick(['ja', 'ko', 'en']), a: rng.pick(['ja', 'ko', 'en']), b: rng.pick(['ja', 'ko', 'en']), c: rng.pick(['ja', 'ko', 'en']) },
    exceptions: [EXCEPTIONS.revealedSecret],
    budget: 40,
    async *play(s: Session) {
      yield cmd('gm', 'gm', sub('claim'));
      let palette = false;
      for (let i = 0; i < 36; i++) {
        const other: Who = rng.pick(['b', 'c']);
        const action = rng.weighted([
          ['publicRoll', 6],
          ['aSecret', 5],
          ['otherSecret', 2],
          ['log', 3],
          ['stats', 2],
          ['revealOther', 2],
          ['revealOwn', 1],
          ['palette', palette ? 1 : 3],
          ['paletteRoll', palette ? 3 : 0],
          ['paletteAsk', 2],
          ['revealByOwner', 1],
        ] as const);
        switch (action) {
          case 'publicRoll':
            yield cmd(rng.pick(['a', 'b', 'c'] as const), rng.pick(['roll', 'r']), [opt('expression', rng.pick(PUBLIC_ROLLS))]);
            break;
          case 'aSecret': {
            const [x, y] = rng.pick(SECRET_PAIRS);
            const [ex, cx] = split(x);
            const [ey, cy] = split(y);
            yield rng.chance(0.5)
              ? cmd('a', 'roll', perWorld([opt('expression', ex), opt('comment', cx), opt('secret', true)], [opt('expression', ey), opt('comment', cy), opt('secret', true)]))
              : cmd('a', 'r', perWorld([opt('expression', `S${ex} ${cx}`)], [opt('expression', `S${ey} ${cy}`)]));
            break;
          }
          case 'otherSecret':
            yield cmd(other, 'roll', [opt('expression', rng.pick(PUBLIC_ROLLS)), opt('secret', true)]);
            break;
          case 'log':
            yield cmd(other, 'log', sub('export'));
            break;
          case 'stats':
            yield cmd(other, 'stats', rng.chance(0.7) ? [opt('user', user('a'))] : []);
            break;
          case 'revealOther': {
            // B or C tries A's secret: refused, and the refusal must not depend on what it holds.
            const id = await secretOf(s, 'a');
            if (id !== undefined) yield cmd(other, 'reveal', [opt('id', id)]);
            break;
          }
          case 'revealOwn': {
            const id = await secretOf(s, other);
            if (id !== undefined) yield cmd(other, 'reveal', [opt('id', id)]);
            break;
          }
          case 'revealByOwner': {
            // A publishes a secret: public from then on (the worlds part), so only late in a session.
            if (i < 28) break;
            const id = await secretOf(s, 'a');
            if (id !== undefined) yield cmd('a', 'reveal', [opt('id', id)]);
            break;
          }
          case 'palette': {
            // The first line is the one A rolls in public (the same in both worlds); the rest are A's.
            yield cmd('a', 'palette', sub('edit', [opt('name', 'Aの手札')]));
            yield {
              kind: 'modal',
              who: 'a',
              customId: 'palette:edit',
              fields: perWorld(
                { name: 'Aの手札', character: '', lines: '2d6 攻撃\n1d100<={罠} 罠の位置 XQ-P1\n{奥}d6 奥の手', variables: '罠=30\n奥=3' },
                { name: 'Aの手札', character: '', lines: '2d6 攻撃\n3d6 本命 XQ-P2', variables: '罠=80' },
              ),
            };
            palette = true;
            break;
          }
          case 'paletteRoll':
            yield press('a', 'palette:roll:');
            break;
          case 'paletteAsk':
            yield rng.chance(0.5) ? complete(other, 'palette', 'show', 'name', rng.pick(['', 'A', '手'])) : cmd(other, 'palette', sub('list'));
            break;
        }
      }
      void opts;
    },
  };
}

function split(line: string): [string, string] {
  const at = line.indexOf(' ');
  return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
}

/** A secret of this person in the main channel of world X, not yet revealed (the ids are the same in both worlds). */
async function secretOf(s: Session, who: Who): Promise<number | undefined> {
  const w = s.worlds[0];
  const found = await rows(w.h.store, 'secrets', (t) => eq(t.ownerId, w.users[who].id));
  const open = found.filter((r) => !r.revealedAt);
  return open.length ? s.rng.pick(open).id : undefined;
}
