// Fate/roll dice (seed 001): a war between factions and fights with hidden NPCs, played at random.
// What differs between the worlds, per session, is one of:
// - faction A's own numbers (seed 001 L50: a war faction's MP, luck, support are its own): the MP its
//   servant spent, the luck it used and the support its master granted, all done in A's own room;
//   then A is entitled and the table, B and C are compared;
// - a hidden NPC's numbers (`/combat add … hidden:true`: its HP, armor, pool): the GM's; then every
//   player and the table are compared.
// Two generators share this: fate-fight (fights in the war's channel, against the NPC and between the
// factions) and fate-war (a war's day: MP, checks, opposed checks, /hp, /mp, /sheet show, luck, and a
// fight in another channel of the server with the war's servants).
import { eq } from 'drizzle-orm';
import { rows } from '../../../helpers/db.js';
import { fixture } from '../../../e2e/fate-driver.js';
import type { FateCombatant, FateCombatState } from '../../../../src/services/combat/state.js';
import type { CharacterRuntime } from '../../../../src/core/fate/character.js';
import { EXCEPTIONS } from '../../exceptions.js';
import type { Generator, Session } from '../session.js';
import { cmd, combatRow, complete, file, opt, opts, press, sub } from '../steps.js';
import { perWorld, type FuzzWorld, type Opt, type Place, type Step, type Who } from '../world.js';
import type { Prng } from '../prng.js';
import type { StepOutcome } from '../world.js';

type Play = AsyncGenerator<Step, void, readonly [StepOutcome, StepOutcome]>;

interface Pair {
  servant: string;
  master: string;
  faction: string;
  servantStatuses: string;
  masterStatuses: string;
}

const SERVANT_STATUSES = '筋力A 耐久B 敏捷B 魔力C 幸運C 宝具A';
const MASTER_STATUSES = '筋力E 耐久E 敏捷D 魔力B 幸運E 社会D';
export const PAIRS: Record<'a' | 'b' | 'c', Pair> = {
  a: { servant: 'セイバー', master: '例・魔術師', faction: '遠坂', servantStatuses: '筋力A+ 耐久B 敏捷B 魔力C 幸運C 宝具A', masterStatuses: MASTER_STATUSES },
  b: { servant: 'ランサー', master: '例・神父', faction: '教会', servantStatuses: '筋力B 耐久A 敏捷A+ 魔力D 幸運B 宝具B', masterStatuses: '筋力D 耐久D 敏捷D 魔力C 幸運D 社会C' },
  c: { servant: 'ライダー', master: '例・騎手', faction: '間桐', servantStatuses: '筋力C 耐久C 敏捷A 魔力B 幸運A 宝具A+', masterStatuses: '筋力E 耐久D 敏捷C 魔力C 幸運C 社会E' },
};
const NP = '(例)約束の剣';

function sheets(p: Pair): { servant: string; master: string } {
  const servant = fixture('saber.txt').replaceAll('セイバー', p.servant).replace('【マスター】例・魔術師', `【マスター】${p.master}`).replace(SERVANT_STATUSES, p.servantStatuses);
  const master = fixture('master.txt').replaceAll('例・魔術師', p.master).replace('【サーヴァント】セイバー', `【サーヴァント】${p.servant}`).replace(MASTER_STATUSES, p.masterStatuses);
  return { servant, master };
}

/** What differs between the worlds in one session. */
export interface FateHidden {
  /** faction A's own numbers differ (A is entitled), or the hidden NPC's (only the GM is) */
  owner: 'faction' | 'npc';
  mp: readonly [number, number];
  luckRerolls: readonly [number, number];
  reaction: readonly [number, number];
  npc: { hp: readonly [number, number]; armor: readonly [number, number]; pool: readonly [string, string]; iv: number };
}

export function fateHidden(rng: Prng): FateHidden {
  const owner = rng.pick(['faction', 'npc'] as const);
  const same = <T>(v: T): readonly [T, T] => [v, v];
  const npcPool = rng.pick(['6d6<=3', '5d6<=4', '8d6<=2']);
  const npc = {
    hp: owner === 'npc' ? rng.pick([[400, 520], [300, 460]] as const) : same(400),
    // Armor shows in every blow's damage, which is public: it differs in a few sessions only.
    armor: owner === 'npc' && rng.chance(0.25) ? rng.pick([[1, 3], [0, 2]] as const) : same(1),
    // A pool of the same dice count and threshold most of the time: the course stays public-equal.
    pool: owner === 'npc' && rng.chance(0.3) ? ([npcPool, npcPool.replace(/<=(\d)/, (_, t) => `<=${Number(t) + 1}`)] as const) : same(npcPool),
    iv: rng.int(3, 12),
  };
  return {
    owner,
    mp: owner === 'faction' ? rng.pick([[2, 14], [0, 9], [5, 20]] as const) : same(3),
    luckRerolls: owner === 'faction' ? rng.pick([[0, 2], [1, 0], [2, 1]] as const) : same(0),
    reaction: owner === 'faction' ? rng.pick([[1, 4], [3, 0], [2, 5]] as const) : same(2),
    npc,
  };
}

export async function runtimeOf(w: FuzzWorld, name: string): Promise<CharacterRuntime | undefined> {
  return (await rows(w.h.store, 'characters', (c) => eq(c.name, name)))[0]?.state as CharacterRuntime | undefined;
}

/** A number of a character in both worlds (its owner may read both: a step must be legal in both). */
async function both(s: Session, name: string, f: (r: CharacterRuntime) => number): Promise<number> {
  const [x, y] = await Promise.all(s.worlds.map((w) => runtimeOf(w, name)));
  return Math.min(x ? f(x) : 0, y ? f(y) : 0);
}

/** The claim, the sheets, the war and its factions, and A's private numbers (in A's room). */
export async function* setupWar(s: Session, rng: Prng, hidden: FateHidden, withC: boolean): Play {
  for (const place of ['main', 'arena'] as const) yield cmd('gm', 'gm', sub('claim'), place);
  yield cmd('gm', 'war', sub('start', [opt('ruleset', 'fate'), opt('name', '冬木')]));
  const players = withC ? (['a', 'b', 'c'] as const) : (['a', 'b'] as const);
  for (const who of players) {
    const p = PAIRS[who];
    const { servant, master } = sheets(p);
    yield cmd(who, 'sheet', sub('import', [opt('file', file(`${who}-servant.txt`, servant))]));
    yield cmd(who, 'sheet', sub('import', [opt('file', file(`${who}-master.txt`, master))]));
  }
  for (const who of players) yield cmd(who, 'war', sub('join', [opt('master', PAIRS[who].master), opt('servant', PAIRS[who].servant), opt('faction', PAIRS[who].faction)]));
  yield cmd('gm', 'war', sub('advance'));
  yield* privateNumbers(s, rng, hidden);
}

/** A's own numbers, made in A's room (only A and the GM read it): they differ between the worlds. */
export async function* privateNumbers(_s: Session, _rng: Prng, hidden: FateHidden): Play {
  const a = PAIRS.a;
  yield cmd('a', 'mp', perWorld(sub('spend', [opt('amount', hidden.mp[0]), opt('character', a.servant)]), sub('spend', [opt('amount', hidden.mp[1]), opt('character', a.servant)])), 'room');
  // Luck used on a check in the room: rerolls in one world only.
  yield cmd('a', 'check', [opt('status', 'str'), opt('character', a.servant)], 'room');
  for (let i = 0; i < Math.max(...hidden.luckRerolls); i++) {
    for (const w of [0, 1] as const) {
      if (i < hidden.luckRerolls[w]) yield { ...cmd('a', 'luck', sub('reroll'), 'room'), only: w } as Step;
    }
  }
  // The master's support: its check in the room, then a grant whose size differs.
  yield cmd('a', 'sheet', sub('use', [opt('name', a.master)]), 'room');
  yield cmd('a', 'check', [opt('status', 'mag'), opt('skills', '魔術・宝石')], 'room');
  yield cmd('a', 'mp', perWorld(sub('support', [opt('servant', a.servant), opt('reaction', hidden.reaction[0])]), sub('support', [opt('servant', a.servant), opt('reaction', hidden.reaction[1])])), 'room');
}

export async function fightOf(w: FuzzWorld, place: Place): Promise<FateCombatState | undefined> {
  const found = await combatRow(w, place);
  if (!found || found.status === 'ended' || found.ruleset !== 'fate') return undefined;
  return found.state as FateCombatState;
}

const activeC = (c: FateCombatant) => !c.incapacitated && !c.dead && !c.escaped;

/** Who plays a combatant: its sheet's owner, else the GM. */
function controller(w: FuzzWorld, c: FateCombatant | undefined): Who {
  if (!c?.ownerId) return 'gm';
  return (Object.keys(w.users) as Who[]).find((k) => w.users[k].id === c.ownerId) ?? 'gm';
}

/** The GM starts a fight in a place with some of the war's characters, the hidden NPC and a visible one. */
export async function* startFight(s: Session, rng: Prng, hidden: FateHidden, place: Place, people: readonly ('a' | 'b' | 'c')[]): Play {
  yield cmd('gm', 'combat', sub('start', [opt('ruleset', 'fate'), opt('name', rng.pick(['港', '橋', '校庭']))]), place);
  for (const who of people) {
    yield cmd('gm', 'combat', sub('add', [opt('who', PAIRS[who].servant), opt('side', PAIRS[who].faction)]), place);
    if (rng.chance(0.3)) yield cmd('gm', 'combat', sub('add', [opt('who', PAIRS[who].master), opt('side', PAIRS[who].faction), opt('row', 'back')]), place);
  }
  const n = hidden.npc;
  const npc = (i: 0 | 1): Opt[] => [opt('who', '影'), opt('side', '敵'), opt('hp', n.hp[i]), opt('iv', n.iv), opt('pool', n.pool[i]), opt('armor', n.armor[i]), opt('servant', true), opt('hidden', true)];
  yield cmd('gm', 'combat', perWorld(sub('add', npc(0)), sub('add', npc(1))), place);
  if (rng.chance(0.5)) yield cmd('gm', 'combat', sub('add', [opt('who', '使い魔'), opt('side', '敵'), opt('hp', 20), opt('iv', 2), opt('pool', '3d6<=3')]), place);
  yield cmd('gm', 'combat', sub('next'), place);
}

/** One step of the fight in a place, chosen from its public state (and the actor's own numbers). */
export async function fightStep(s: Session, rng: Prng, place: Place, attackedAt: Map<Place, string>): Promise<Step | null> {
  const w = s.worlds[0];
  const st = await fightOf(w, place);
  if (!st) return null;
  const byKey = new Map(st.combatants.map((c) => [c.key, c]));
  if (st.round === 0) return cmd('gm', 'combat', sub('next'), place);
  const p = st.pending;
  if (p) {
    const attacker = byKey.get(p.attacker);
    const target = byKey.get(p.target);
    const defender = controller(w, target);
    if (p.defenseRollId === undefined && !p.defenseless) {
      return rng.weighted<() => Step>([
        [() => press(controller(w, attacker), 'luck:reroll:', place), 1],
        [() => press(defender, `attack:defend:${rng.weighted([['end', 3], ['agi', 2], ['mag', 1]] as const)}`, place), 6],
        [() => cmd(defender, 'combat', sub('defend', defenseOptions(rng, target)), place), target?.characterId ? 2 : 0],
      ])();
    }
    const mates = st.combatants.filter((c) => activeC(c) && c.side === target?.side && c.key !== target?.key);
    return rng.weighted<() => Step>([
      [() => press(rng.pick([defender, controller(w, attacker)]), 'luck:reroll:', place), 2],
      [() => {
        const coverer = rng.pick(mates);
        return cmd(controller(w, coverer), 'combat', sub('cover', [opt('who', coverer.name), opt('status', rng.pick(['end', 'agi', 'str'])), ...(rng.chance(0.3) ? [opt('take_damage', true)] : [])]), place);
      }, mates.length ? 1 : 0],
      [() => press(rng.pick([defender, 'gm'] as const), 'attack:resolve', place), 6],
      [() => cmd('gm', 'combat', sub('resolve'), place), 1],
    ])();
  }
  const current = byKey.get(st.order[st.turn] ?? '');
  if (!current || !activeC(current)) return cmd('gm', 'combat', sub('next'), place);
  const who = controller(w, current);
  const enemies = st.combatants.filter((c) => activeC(c) && c.side !== current.side);
  if (!enemies.length) return cmd('gm', 'combat', sub('end'), place);
  const turn = `${st.round}:${st.turn}`;
  const attacked = attackedAt.get(place) === turn;
  return rng.weighted<() => Promise<Step> | Step>([
    [() => {
      attackedAt.set(place, turn);
      return attackStep(s, rng, place, who, current, rng.pick(enemies));
    }, attacked ? 10 : 80],
    [() => cmd('gm', 'combat', sub('next'), place), attacked ? 80 : 10],
    [() => cmd(who, 'combat', sub('priority', [opt('mode', rng.pick(['attack', 'defense'])), opt('dice', rng.int(1, 4)), opt('status', rng.pick(['agi', 'mag'])), opt('fighter', current.name)]), place), current.characterId ? 10 : 0],
    [() => cmd(who, 'combat', sub('delay', [opt('amount', rng.int(1, 5))]), place), 5],
    [() => cmd(who, 'combat', sub('escape', [opt('side', current.side), ...(rng.chance(0.5) ? [opt('opposed', true)] : [])]), place), 4],
    [() => cmd('gm', 'combat', sub('inflict', [opt('fighter', rng.pick(st.combatants).name), opt('kind', rng.pick(['continuous', 'impediment'])), opt('strength', rng.int(1, 4)), opt('source', '毒霧')]), place), 6],
    [() => cmd('gm', 'combat', sub('fly', [opt('fighter', current.name), opt('level', rng.int(1, 4))]), place), 3],
    [() => cmd('gm', 'combat', sub('show'), place), 3],
  ])();
}

function defenseOptions(rng: Prng, target: FateCombatant | undefined): Opt[] {
  const out = [opt('status', rng.pick(['end', 'agi', 'mag']))];
  if (target?.isServant && rng.chance(0.2)) out.push(opt('marks', true));
  if (rng.chance(0.25)) out.push(opt('support', 1));
  return out;
}

async function attackStep(s: Session, rng: Prng, place: Place, who: Who, attacker: FateCombatant, target: FateCombatant): Promise<Step> {
  const o: Record<string, Opt['value'] | undefined> = { target: target.name, attacker: attacker.name };
  const sheet = attacker.characterId !== null;
  const mp = sheet ? await both(s, attacker.name, (r) => r.mp) : 0;
  const useNp = sheet && attacker.isServant && mp >= 15 && rng.chance(0.2);
  // Short of MP, the NP may take the rest from HP (L872): its owner chooses it knowing both.
  const fromHp = !useNp && sheet && attacker.isServant && (await both(s, attacker.name, (r) => r.hp)) > 20 && rng.chance(0.1);
  if (useNp || fromHp) o.np = NP;
  if (fromHp) o.allow_hp = true;
  if (!o.np) o.status = rng.weighted([['str', 6], ['agi', 2], ['mag', 1]] as const);
  if (!sheet) o.weapon = rng.int(0, 8);
  if (rng.chance(0.3) || target.row === 'back') o.ranged = true;
  if (sheet && attacker.isServant && !o.np && mp >= 10 && rng.chance(0.2)) o.marks = true;
  if (sheet && (await both(s, attacker.name, (r) => r.supportPool ?? 0)) >= 1 && rng.chance(0.5)) o.support = 1;
  if (rng.chance(0.1)) o.intent = 'kill';
  return cmd(who, 'attack', opts(o), place);
}

/** Things anyone does beside the fight: look, ask, check. `asker` is a non-entitled reader. */
export function sideStep(rng: Prng, place: Place, fighters: string[]): Step {
  const asker: Who = rng.pick(['b', 'c']);
  return rng.weighted<() => Step>([
    [() => complete(asker, 'attack', null, 'target', rng.pick(['', '影', 'セ'])), 3],
    [() => complete(asker, 'combat', 'cover', 'who', ''), 1],
    [() => complete(asker, 'check', null, 'character', rng.pick(['', 'セイ', '例'])), 1],
    [() => cmd(asker, 'sheet', sub('show', [opt('name', rng.pick(fighters))]), place), 2],
    [() => cmd(asker, 'combat', sub('show'), place), 1],
    [() => cmd(asker, 'log', sub('export'), place), 1],
  ])();
}

export function fateLocales(rng: Prng) {
  const l = () => rng.pick(['ja', 'ja', 'ko', 'en']);
  return { table: l(), gm: l(), a: l(), b: l(), c: l() };
}

export function fateFightGenerator(seed: string, rng: Prng): Generator {
  const hidden = fateHidden(rng);
  return {
    area: 'fate-fight',
    entitled: hidden.owner === 'faction' ? ['a'] : [],
    locales: fateLocales(rng),
    exceptions: [EXCEPTIONS.fateHiddenNpcOutcome],
    budget: 90,
    async *play(s) {
      const withC = rng.chance(0.4);
      yield* setupWar(s, rng, hidden, withC);
      const people = withC ? (['a', 'b', 'c'] as const) : (['a', 'b'] as const);
      yield* startFight(s, rng, hidden, 'main', people);
      const attackedAt = new Map<Place, string>();
      for (let i = 0; i < 70; i++) {
        if (rng.chance(0.12)) {
          yield sideStep(rng, 'main', [PAIRS.a.servant, PAIRS.b.servant]);
          continue;
        }
        const step = await fightStep(s, rng, 'main', attackedAt);
        if (!step) {
          if (rng.chance(0.5)) yield* startFight(s, rng, hidden, 'main', people);
          else return;
          continue;
        }
        yield step;
      }
      void seed;
    },
  };
}

/** A war's day outside and inside fights: checks, opposed checks, MP and HP, sheets, luck, the turn. */
async function dayStep(s: Session, rng: Prng, players: readonly ('a' | 'b' | 'c')[]): Promise<Step> {
  const who = rng.pick(players);
  const mine = PAIRS[who];
  const own = rng.pick([mine.servant, mine.master]);
  const other = PAIRS[rng.pick(players.filter((p) => p !== who).length ? players.filter((p) => p !== who) : players)];
  const status = () => rng.weighted([['str', 3], ['end', 2], ['agi', 3], ['mag', 2], ['luk', 2], ['np', 1]] as const);
  return rng.weighted<() => Step | Promise<Step>>([
    [() => {
      const o: Record<string, Opt['value'] | undefined> = { status: status(), character: own };
      if (own === mine.servant && rng.chance(0.2)) o.marks = true;
      if (rng.chance(0.15)) o.plus = rng.int(1, 3);
      return cmd(who, 'check', opts(o));
    }, 8],
    [async () => {
      const o: Record<string, Opt['value'] | undefined> = { status: status(), character: mine.servant, support: 1 };
      return (await both(s, mine.servant, (r) => r.supportPool ?? 0)) >= 1 ? cmd(who, 'check', opts(o)) : cmd(who, 'check', opts({ status: 'agi', character: mine.servant }));
    }, 2],
    [() => cmd(who, 'check', opts({ status: status(), character: own, against: rng.pick([other.servant, other.master]), against_status: rng.chance(0.5) ? status() : undefined })), 4],
    [() => press(rng.pick(players), 'luck:reroll:'), 3],
    [() => cmd(who, 'luck', sub('reroll')), 2],
    [() => cmd(who, 'mp', sub(rng.pick(['spend', 'gain']), [opt('amount', rng.int(1, 4)), opt('character', own)])), 3],
    [() => cmd(who, 'hp', sub(rng.pick(['damage', 'heal']), [opt('amount', rng.int(1, 3)), opt('character', own)])), 2],
    [() => cmd(who, 'sheet', sub('show', [opt('name', rng.pick([other.servant, other.master, own])), ...(rng.chance(0.2) ? [opt('private', true)] : [])])), 4],
    [() => cmd(who, 'sheet', sub('list')), 1],
    [() => complete(who, 'check', null, 'against', ''), 2],
    [() => complete(who, 'mp', 'support', 'servant', ''), 1],
    [() => complete(who, 'luck', 'share', 'partner', ''), 1],
    [() => cmd('gm', 'war', sub('advance')), 2],
    [() => cmd(who, 'war', sub('sleep')), 1],
    [() => cmd(rng.pick(['b', 'c'] as const), 'log', sub('export'), rng.pick(['main', 'arena'] as const)), 1],
    [() => cmd(rng.pick(['b', 'c'] as const), 'war', sub('board')), 1],
  ])();
}

export function fateWarGenerator(seed: string, rng: Prng): Generator {
  const hidden = fateHidden(rng);
  return {
    area: 'fate-war',
    entitled: hidden.owner === 'faction' ? ['a'] : [],
    locales: fateLocales(rng),
    exceptions: [EXCEPTIONS.fateHiddenNpcOutcome],
    budget: 90,
    async *play(s) {
      const withC = rng.chance(0.5);
      yield* setupWar(s, rng, hidden, withC);
      const players = withC ? (['a', 'b', 'c'] as const) : (['a', 'b'] as const);
      const attackedAt = new Map<Place, string>();
      let fighting = false;
      for (let i = 0; i < 70; i++) {
        // A fight in another channel of the server, with the war's servants (not the war's channel).
        if (!fighting && rng.chance(0.06)) {
          yield* startFight(s, rng, hidden, 'arena', players);
          fighting = true;
          continue;
        }
        if (fighting && rng.chance(0.5)) {
          const step = await fightStep(s, rng, 'arena', attackedAt);
          if (step) {
            yield step;
            continue;
          }
          fighting = false;
        }
        if (rng.chance(0.04)) {
          // A's own MP spent where the table reads: in the arena (no war there).
          yield cmd('a', 'mp', sub('spend', [opt('amount', 1), opt('character', PAIRS.a.servant)]), 'arena');
          continue;
        }
        yield await dayStep(s, rng, players);
      }
      void seed;
    },
  };
}
