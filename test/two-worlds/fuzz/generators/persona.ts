// Persona fights (seeds 002 JA / 003 KO) with a hidden shadow, played at random. The shadow's numbers
// are the GM's: per session one or two of its 運, db/mdb (on the Taru/Maka ladder, one die each), HP,
// CON/POW and Down resistance differ between the worlds; its 速 differs without changing anyone's
// place in the order (the PCs are faster in both). Every player and the table are compared. The
// steps: attacks and skills of every kind (physical, magic, heals, bad statuses, instant death,
// Kaja/Nda), Analyze, Defend, Wait, items, Cover, escape, the GM's status and Kaja adjustments (so
// recovery rolls and badges come up), the Hold-up's All-out attack, and autocomplete as the players.
import type { PersonaCombatState } from '../../../../src/services/combat/persona.js';
import type { Combatant } from '../../../../src/core/persona/types.js';
import { EXCEPTIONS } from '../../exceptions.js';
import type { Generator, Session } from '../session.js';
import { buttonsFor, cmd, combatRow, complete, opt, opts, sub, user } from '../steps.js';
import { perWorld, type FuzzWorld, type Opt, type Step, type StepOutcome, type Who } from '../world.js';
import type { Prng } from '../prng.js';

type Play = AsyncGenerator<Step, void, readonly [StepOutcome, StepOutcome]>;

interface PcDef {
  who: 'a' | 'b' | 'c';
  name: string;
  block: string;
  skills: { name: string; use: 'enemy' | 'ally' | 'self' }[];
}

const PCS: PcDef[] = [
  {
    who: 'a',
    name: 'アキ',
    block: ['アキ pc HP60 SP60 DEX14 速12 運6 CON12 POW12 db1D6+1D4 mdb1D6 防御1', 'スキル アギ 魔法 火炎 1db SP4 自動', 'スキル ブフ 魔法 氷結 1db SP4 命中90', 'スキル 一文字斬り 物理 斬撃 2db HP6 自動', 'スキル ムド 即死30 SP5', 'スキル ディア 回復 1db SP3 自動', 'スキル タルカジャ タルカジャ SP6 自動', 'スキル マリンカリン バステ 悩殺40 SP4'].join('\n'),
    skills: [{ name: 'アギ', use: 'enemy' }, { name: 'ブフ', use: 'enemy' }, { name: '一文字斬り', use: 'enemy' }, { name: 'ムド', use: 'enemy' }, { name: 'ディア', use: 'ally' }, { name: 'タルカジャ', use: 'ally' }, { name: 'マリンカリン', use: 'enemy' }],
  },
  {
    who: 'b',
    name: 'ベン',
    block: ['ベン pc HP55 SP50 DEX12 速11 運5 CON10 POW10 db1D6 mdb1D4 防御1 ペルソナ100', 'スキル ジオ 魔法 電撃 1db SP4 自動', 'スキル メディア 回復 1db 全体 SP8 自動', 'スキル ラクカジャ ラクカジャ SP4 自動', 'スキル スクンダ スクンダ SP4 自動', 'スキル ハマ 即死40 SP6', 'スキル マカカジャ マカカジャ SP6 自動'].join('\n'),
    skills: [{ name: 'ジオ', use: 'enemy' }, { name: 'メディア', use: 'ally' }, { name: 'ラクカジャ', use: 'ally' }, { name: 'スクンダ', use: 'enemy' }, { name: 'ハマ', use: 'enemy' }, { name: 'マカカジャ', use: 'ally' }],
  },
  {
    who: 'c',
    name: 'チエ',
    block: ['チエ pc HP50 SP40 DEX10 速10 運7 CON14 POW8 db2D6 mdb1D4 防御2', 'スキル 空間殺法 物理 打撃 1db 全体 SP6 自動', 'スキル ガル 魔法 疾風 1db SP4 命中85', 'スキル ディア 回復 1db SP3 自動'].join('\n'),
    skills: [{ name: '空間殺法', use: 'enemy' }, { name: 'ガル', use: 'enemy' }, { name: 'ディア', use: 'ally' }],
  },
];

const SHADOW = 'ジャアクフロスト';
const SHADOW_SKILLS = ['マハブフ', 'ブフーラ', 'ムド', 'ディア', 'タルカジャ', 'マカカジャ', '悩殺ダンス', 'ラクンダ'] as const;

interface ShadowValues {
  hp: number;
  agi: number;
  luck: number;
  con: number;
  pow: number;
  db: string;
  downResistance: number;
}

function shadowBlock(v: ShadowValues): string {
  return [
    `${SHADOW} npc HP${v.hp} SP99 速${v.agi} 運${v.luck} CON${v.con} POW${v.pow} db${v.db} mdb${v.db} 防御2 ダウン耐性${v.downResistance}`,
    '耐性 火炎:弱点 氷結:無効',
    'スキル マハブフ 魔法 氷結 1db 全体 自動',
    'スキル ブフーラ 魔法 氷結 2db 命中85',
    'スキル ムド 即死40',
    'スキル ディア 回復 1db 自動',
    'スキル タルカジャ タルカジャ 自動',
    'スキル マカカジャ マカカジャ 自動',
    'スキル 悩殺ダンス バステ 悩殺60 自動',
    'スキル ラクンダ ラクンダ 自動',
  ].join('\n');
}

/** One or two of the shadow's numbers differ; the rest are the same in both worlds. */
function shadowPair(rng: Prng): readonly [ShadowValues, ShadowValues] {
  const base: ShadowValues = { hp: 400, agi: rng.int(3, 6), luck: rng.int(3, 6), con: 10, pow: 10, db: rng.pick(['1D4', '1D6']), downResistance: 30 };
  const x = { ...base };
  const y = { ...base };
  for (const field of rng.some(['luck', 'db', 'hp', 'conpow', 'down', 'agi'] as const, rng.int(1, 2))) {
    if (field === 'luck') [x.luck, y.luck] = rng.pick([[3, 6], [2, 5], [4, 8]] as const);
    if (field === 'db') [x.db, y.db] = ['1D4', '1D6'];
    if (field === 'hp') [x.hp, y.hp] = rng.pick([[300, 480], [360, 500]] as const);
    if (field === 'conpow') [x.con, x.pow, y.con, y.pow] = [8, 9, 14, 13];
    if (field === 'down') [x.downResistance, y.downResistance] = rng.pick([[20, 50], [10, 40]] as const);
    if (field === 'agi') [x.agi, y.agi] = [3, 7];
  }
  return [x, y];
}

async function personaState(w: FuzzWorld): Promise<PersonaCombatState | undefined> {
  const found = await combatRow(w, 'main');
  if (!found || found.status === 'ended' || found.ruleset !== 'persona') return undefined;
  return found.state as PersonaCombatState;
}

const standing = (c: Combatant) => !c.incapacitated && !c.dead && !c.fled;

export function personaGenerator(seed: string, rng: Prng): Generator {
  const [x, y] = shadowPair(rng);
  const people = rng.chance(0.5) ? PCS : PCS.slice(0, 2);
  return {
    area: 'persona',
    entitled: [],
    // The damage a hidden shadow deals to a PC is public (exceptions.ts); its pattern is in Japanese.
    locales: { table: 'ja', gm: 'ja', a: 'ja', b: 'ja', c: 'ja' },
    exceptions: [EXCEPTIONS.personaDamageToPcs, EXCEPTIONS.personaHiddenOutcome, EXCEPTIONS.personaAnalysisToAnalyst],
    budget: 90,
    async *play(s: Session): Play {
      yield cmd('gm', 'gm', sub('claim'));
      for (let fight = 0; fight < 3 && s.steps < 85; fight++) {
        yield* startFight(rng, people, x, y);
        for (let i = 0; i < 80 && s.steps < 88; i++) {
          const step = await personaStep(s, rng, people);
          if (!step) break;
          yield step;
          // A skill used without targets: offers a select menu of whom it reaches; the actor picks one.
          if (step.note === 'picker') {
            const menu = buttonsFor(s, step.who).find((c) => c.customId.startsWith('persona:targets:'));
            if (menu?.options.length) yield { kind: 'select', who: step.who, customId: menu.customId, values: [rng.pick(menu.options)] };
          }
        }
        if (await personaState(s.worlds[0]) || (await combatRow(s.worlds[0], 'main'))?.status !== 'ended') yield cmd('gm', 'combat', sub('end'));
      }
      void seed;
    },
  };
}

/** The GM sets up a fight: the PCs (Ben with Analyze where the bot reads it), the hidden shadow, maybe a visible one. */
async function* startFight(rng: Prng, people: PcDef[], x: ShadowValues, y: ShadowValues): Play {
  yield cmd('gm', 'combat', sub('start', [opt('ruleset', 'persona')]));
  for (const pc of people) {
    // Ben's Persona holds Analyze (JA L421), where the bot reads an Analyze skill; else Ben comes without it.
    if (pc.who === 'b') {
      const [tried] = yield cmd('gm', 'persona', sub('add', [opt('block', `${pc.block}\nスキル アナライズ SP3`), opt('player', user(pc.who))]));
      if (!tried.refused) continue;
    }
    yield cmd('gm', 'persona', sub('add', [opt('block', pc.block), opt('player', user(pc.who))]));
  }
  yield cmd('gm', 'persona', perWorld(sub('add', [opt('block', shadowBlock(x)), opt('hidden', true)]), sub('add', [opt('block', shadowBlock(y)), opt('hidden', true)])));
  if (rng.chance(0.4)) yield cmd('gm', 'persona', sub('add', [opt('block', 'スライム npc HP60 速2 運3 db1D4 mdb1D4 防御1\n耐性 電撃:弱点\nスキル 体当たり 物理 打撃 1db 自動')]));
  yield cmd('gm', 'combat', sub('next'));
}

async function personaStep(s: Session, rng: Prng, people: PcDef[]): Promise<Step | null> {
  const w = s.worlds[0];
  const st = await personaState(w);
  const combat = st?.combat;
  if (!st || !combat) return null;
  if (combat.phase !== 'ended' && combat.round > 6 && rng.chance(0.1)) return cmd('gm', 'combat', sub('end'));
  if (combat.phase === 'ended') return null;
  const byId = new Map(combat.combatants.map((c) => [c.id, c]));
  const owner = combat.slot ? byId.get(combat.slot.ownerId) : undefined;
  const shadowsUp = combat.combatants.filter((c) => c.side === 'npc' && standing(c));
  const pcsUp = combat.combatants.filter((c) => c.side === 'pc' && standing(c));
  // Beside the fight: the players ask what they may, the GM adjusts the shadow (statuses, Kaja).
  if (rng.chance(0.12)) {
    const asker: Who = rng.pick(people).who;
    return rng.weighted<() => Step>([
      [() => complete(asker, 'persona', 'attack', 'targets', rng.pick(['', 'ジ', 'ア'])), 3],
      [() => complete(asker, 'persona', 'analyze', 'target', ''), 1],
      [() => complete(asker, 'persona', 'attack', 'skill', ''), 2],
      [() => cmd('gm', 'persona', sub('adjust', [opt('who', SHADOW), rng.chance(0.5) ? opt('status', rng.pick(['悩殺', '毒', 'none'])) : opt(rng.pick(['taru', 'maka', 'suku', 'raku']), rng.int(-1, 2))])), 3],
      [() => cmd(asker, 'persona', sub('analyze', [opt('target', SHADOW)])), 1],
      [() => cmd(asker, 'combat', sub('show')), 1],
    ])();
  }
  if (combat.phase === 'roundStart' || combat.phase === 'declaration' || !owner) return cmd('gm', 'persona', sub('go'));
  if (owner.side === 'npc') {
    const targets = pcsUp.length ? pcsUp : combat.combatants;
    if (!owner.name.startsWith(SHADOW)) return cmd('gm', 'persona', rng.chance(0.5) ? sub('pass') : sub('attack', [opt('skill', '体当たり'), opt('targets', rng.pick(targets).name)]));
    const skill = rng.pick(SHADOW_SKILLS);
    const self = ['ディア', 'タルカジャ', 'マカカジャ'].includes(skill);
    return rng.weighted<() => Step>([
      [() => cmd('gm', 'persona', sub('attack', [opt('skill', skill), opt('targets', self ? SHADOW : rng.pick(targets).name)])), 8],
      [() => cmd('gm', 'persona', sub('defend')), 1],
      [() => cmd('gm', 'persona', sub('pass')), 1],
    ])();
  }
  const pc = people.find((p) => p.name === owner.name);
  const who: Who = pc?.who ?? 'gm';
  const enemies = shadowsUp.length ? shadowsUp : combat.combatants.filter((c) => c.side === 'npc');
  if (combat.slot?.holdUp && rng.chance(0.6)) return cmd(who, 'persona', sub('allout', rng.chance(0.3) ? [opt('kind', 'showtime'), opt('target', rng.pick(enemies).name)] : []));
  if (owner.released) return cmd(who, 'persona', sub('summon'));
  if (owner.badStatus && rng.chance(0.6)) return cmd(who, 'persona', sub(rng.pick(['random', 'defend'])));
  const skill = pc ? rng.pick(pc.skills) : undefined;
  return rng.weighted<() => Step>([
    [() => {
      if (!skill) return cmd(who, 'persona', sub('pass'));
      const target = skill.use === 'enemy' ? rng.pick(enemies).name : skill.use === 'self' ? owner.name : rng.pick(pcsUp.length ? pcsUp : [owner]).name;
      return cmd(who, 'persona', sub('attack', [opt('skill', skill.name), opt('targets', target)]));
    }, 12],
    [() => (skill ? { ...cmd(who, 'persona', sub('attack', [opt('skill', skill.name)])), note: 'picker' } : cmd(who, 'persona', sub('pass'))), 2],
    [() => cmd(who, 'persona', sub('attack', opts({ targets: rng.pick(enemies).name, kind: 'physical', element: rng.pick(['slash', 'strike', 'fire']), dice: rng.pick(['1d6+2', '2d4']), hit: rng.pick([70, 90]) }))), 2],
    [() => cmd(who, 'persona', sub('analyze', [opt('target', rng.pick(enemies).name)])), 2],
    [() => cmd(who, 'persona', sub('defend')), 1],
    [() => cmd(who, 'persona', sub('pass')), 1],
    [() => cmd(who, 'combat', sub('delay', [opt('amount', 1)])), 1],
    [() => cmd(who, 'persona', sub('item', [opt('name', '傷薬'), opt('amount', '2d4'), opt('targets', rng.pick(pcsUp.length ? pcsUp : [owner]).name)])), 1],
    [() => {
      const mate = pcsUp.find((c) => c.id !== owner.id);
      return mate ? cmd(who, 'persona', sub('cover', [opt('target', mate.name)])) : cmd(who, 'persona', sub('pass'));
    }, 1],
    [() => cmd(who, 'persona', sub('dodge', [opt('on', rng.chance(0.5))])), 1],
    [() => cmd(who, 'persona', sub('escape')), 1],
  ])();
}

export type { Opt };
