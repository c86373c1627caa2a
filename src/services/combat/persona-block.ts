// A combatant's stat block, pasted once (text or JSON) and kept in the fight's JSON state: a PC's or
// shadow's stats (DEX, 速, 運, CON/POW or 耐/魔, db, defense, armor, resistances, HP/SP) and its
// Persona's skills. Text form, one item per line, words in en/ja/ko:
//
//   アキ pc HP40 SP30 DEX12 速10 運8 CON12 POW14 耐6 魔9 db1D6+1D4 mdb1D6 防御2 装甲1 ペルソナ70
//   耐性 火炎:弱点 氷結:耐性
//   スキル アギ 魔法 火炎 1db SP4 命中90
//   スキル 一文字斬り 物理 斬撃 2db HP8 命中85 悩殺30
//
// JSON form: the StatBlock fields below, e.g. {"name":"Aki","hp":40,"skills":[{"name":"Agi",...}]}.
import { DEFAULT_BAD_STATUSES, type BadStatusDef } from '../../core/persona/status-table.js';
import type { CombatantInit, Resistance } from '../../core/persona/types.js';
import { expandDb } from '../../core/persona/damage.js';
import { evaluateDice } from '../../core/dice/index.js';
import { seededRandom } from '../../core/random.js';
import { UserError } from '../errors.js';
import { findStatusPrefix, isElement, normalizeDice, parseElement, parseResistance, parseResistances, parseStatus } from './persona-input.js';

export type SkillKind = 'physical' | 'magic' | 'heal' | 'ailment' | 'death' | 'suku+' | 'suku-' | 'raku+' | 'raku-' | 'taru+' | 'taru-' | 'maka+' | 'maka-';

export interface PersonaSkill {
  name: string;
  kind: SkillKind;
  elements: string[];
  /** power N db */
  power?: number;
  /** the skill's own expression instead of N db */
  dice?: string;
  sp?: number;
  hp?: number;
  /** success rate %, or auto-success */
  hit?: number | 'auto';
  /** every enemy (attacks, statuses) or every ally (heals, buffs) */
  all?: boolean;
  hits?: number;
  /** an added (or, for 'ailment', the) bad status: base rate, or 'fuyo' (only on a critical) */
  status?: { id: string; rate: number | 'fuyo' };
  /** a heal that also clears the bad status */
  cure?: boolean;
  /** a heal whose text revives the incapacitated (JA L366; others cannot target them, JA L1164) */
  revive?: boolean;
}

export interface StatBlock {
  name: string;
  side?: 'pc' | 'npc';
  hp: number;
  sp?: number;
  dex?: number;
  agi?: number;
  luck?: number;
  con?: number;
  pow?: number;
  end?: number;
  mag?: number;
  db?: string;
  mdb?: string;
  defense?: number;
  armor?: number;
  siz?: number;
  downResistance?: number;
  /** other damage-taken ±% effects on it; with Defend's −50 the sum floors at −75 (JA L156–157) */
  damagePct?: number;
  /** <ペルソナ> skill % */
  personaSkill?: number;
  persona?: string;
  wild?: boolean;
  /** enemy level, or a PC's original highest Persona level (Wild Talk, JA L1040–1057) */
  level?: number;
  /** boss rank (Wild Talk needs 0, JA L1037) */
  bossRank?: number;
  resist?: Partial<Record<string, Resistance>>;
  skills?: PersonaSkill[];
}

const MAX_SKILLS = 24;
const NAME_MAX = 60;
const NUM_MAX = 9999;

// stat words (folded) → field
const STAT_WORDS: Record<string, keyof StatBlock> = {
  hp: 'hp', sp: 'sp', mp: 'sp', dex: 'dex', 速: 'agi', agi: 'agi', 속도: 'agi', 속: 'agi', 運: 'luck', luck: 'luck', luk: 'luck', 운: 'luck',
  con: 'con', pow: 'pow', 耐: 'end', end: 'end', 내구: 'end', 魔: 'mag', mag: 'mag', 마력: 'mag', db: 'db', 物理db: 'db', 물리db: 'db', pdb: 'db',
  mdb: 'mdb', 魔法db: 'mdb', 마법db: 'mdb', 防御: 'defense', 防御力: 'defense', def: 'defense', defense: 'defense', 방어: 'defense', 방어력: 'defense',
  装甲: 'armor', armor: 'armor', 장갑: 'armor', siz: 'siz', ダウン耐性: 'downResistance', down: 'downResistance', 다운내성: 'downResistance', 被ダメ: 'damagePct', 'dmg%': 'damagePct', 피해: 'damagePct',
  ペルソナ: 'personaSkill', persona: 'personaSkill', 페르소나: 'personaSkill', name: 'name', 名前: 'name', 이름: 'name',
  lv: 'level', level: 'level', レベル: 'level', 레벨: 'level', boss: 'bossRank', ボスランク: 'bossRank', 보스랭크: 'bossRank',
};
const STRING_FIELDS = new Set<keyof StatBlock>(['db', 'mdb', 'name']);
const RESIST_HEAD = new Set(['耐性', 'resist', 'resistances', '내성', '相性']);
const SKILL_HEAD = new Set(['スキル', 'skill', '스킬']);
const KIND_WORDS: Record<string, SkillKind> = {
  物理: 'physical', physical: 'physical', phys: 'physical', 물리: 'physical', 魔法: 'magic', magic: 'magic', 마법: 'magic',
  回復: 'heal', heal: 'heal', 회복: 'heal', バステ: 'ailment', ailment: 'ailment', 배드: 'ailment', 即死: 'death', death: 'death', 즉사: 'death',
  スクカジャ: 'suku+', スクンダ: 'suku-', ラクカジャ: 'raku+', ラクンダ: 'raku-', 'suku+': 'suku+', 'suku-': 'suku-', 'raku+': 'raku+', 'raku-': 'raku-',
  스쿠카쟈: 'suku+', 스쿤다: 'suku-', 라쿠카쟈: 'raku+', 라쿤다: 'raku-', sukukaja: 'suku+', sukunda: 'suku-', rakukaja: 'raku+', rakunda: 'raku-',
  タルカジャ: 'taru+', タルンダ: 'taru-', マカカジャ: 'maka+', マカンダ: 'maka-', 'taru+': 'taru+', 'taru-': 'taru-', 'maka+': 'maka+', 'maka-': 'maka-',
  타루카쟈: 'taru+', 타룬다: 'taru-', 마카카쟈: 'maka+', 마칸다: 'maka-', tarukaja: 'taru+', tarunda: 'taru-', makakaja: 'maka+', makanda: 'maka-',
};

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();

function bad(line: string, word: string): never {
  throw new UserError('persona.cmd.badBlock', { line: line.slice(0, 80), word: word.slice(0, 40) });
}

function num(value: unknown, field: string, min = 0, max = NUM_MAX): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw new UserError('persona.cmd.badBlockField', { field, value: String(value).slice(0, 40) });
  return n;
}

function checkDice(expr: string, field: string): string {
  try {
    const e = normalizeDice(expr);
    evaluateDice(e, seededRandom('check'));
    return e;
  } catch {
    throw new UserError('persona.cmd.badBlockField', { field, value: expr.slice(0, 40) });
  }
}

function checkDb(expr: string, field: string): string {
  try {
    expandDb(expr, 1);
    return expr.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  } catch {
    throw new UserError('persona.cmd.badBlockField', { field, value: expr.slice(0, 40) });
  }
}

/** Parses a pasted stat block: JSON when it starts with `{`, the text form otherwise. */
export function parseStatBlock(input: string, table: readonly BadStatusDef[] = DEFAULT_BAD_STATUSES): StatBlock {
  const text = input.trim();
  if (text.length === 0) throw new UserError('persona.cmd.badBlock', { line: '', word: '' });
  return validateBlock(text.startsWith('{') ? parseJson(text) : parseText(text, table), table);
}

function parseJson(text: string): StatBlock {
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
    return v as StatBlock;
  } catch {
    throw new UserError('persona.cmd.badJson');
  }
}

function parseText(text: string, table: readonly BadStatusDef[]): StatBlock {
  const block: Partial<StatBlock> & { skills: PersonaSkill[] } = { skills: [] };
  const lines = text.split(/\r?\n/).flatMap(itemsOf).filter(Boolean);
  for (const line of lines) {
    const tokens = line.split(/[\s,、，|｜/]+/).filter(Boolean);
    const head = fold(tokens[0]!.replace(/[:：]$/, ''));
    if (RESIST_HEAD.has(head)) {
      block.resist = { ...(block.resist ?? {}), ...parseResistances(tokens.slice(1).join(',')) };
      continue;
    }
    if (SKILL_HEAD.has(head)) {
      block.skills.push(parseSkillTokens(line, tokens.slice(1), table));
      continue;
    }
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i]!;
      const f = fold(tok);
      if (f === 'pc' || f === 'npc') { block.side = f; continue; }
      if (f === 'wild' || f === 'ワイルド' || f === '와일드') { block.wild = true; continue; }
      // "HP40", "HP:40", "HP 40", "db1D6+1D4", "物理db:1D6+1D4"
      const m = /^(.+?)[:：=]?(-?[0-9][0-9dD+\-()*×]*)$/.exec(f);
      const key = STAT_WORDS[f.replace(/[:：=]$/, '')];
      if (key !== undefined && i + 1 < tokens.length) {
        set(block, key, tokens[++i]!, line);
        continue;
      }
      if (m && STAT_WORDS[m[1]!.replace(/[:：=]$/, '')] !== undefined) {
        set(block, STAT_WORDS[m[1]!.replace(/[:：=]$/, '')]!, m[2]!, line);
        continue;
      }
      if (block.name === undefined) { block.name = tok; continue; }
      bad(line, tok);
    }
  }
  return block as StatBlock;
}

/** Discord's client cannot type a newline (a pasted block arrives with spaces), so a resistance or
 *  skill head word inside a line starts a new item: "Aki HP40 skill Agi … skill Bufu …" reads as three lines.
 *  Resistances are always element:value, so a bare head word cannot be a value. */
function itemsOf(line: string): string[] {
  const items: string[][] = [[]];
  for (const word of line.trim().split(/\s+/).filter(Boolean)) {
    const head = fold(word.replace(/[:：]$/, ''));
    if ((RESIST_HEAD.has(head) || SKILL_HEAD.has(head)) && items.at(-1)!.length > 0) items.push([]);
    items.at(-1)!.push(word);
  }
  return items.map((words) => words.join(' '));
}

function set(block: Partial<StatBlock>, key: keyof StatBlock, value: string, line: string): void {
  if (STRING_FIELDS.has(key)) (block as Record<string, unknown>)[key] = value;
  else if (/^-?\d+$/.test(value)) (block as Record<string, unknown>)[key] = Number(value);
  else bad(line, value);
}

function parseSkillTokens(line: string, tokens: string[], table: readonly BadStatusDef[]): PersonaSkill {
  if (tokens.length === 0) bad(line, '');
  const skill: PersonaSkill = { name: tokens[0]!, kind: 'physical', elements: [] };
  let kindSet = false;
  for (const tok of tokens.slice(1)) {
    const f = fold(tok);
    let m: RegExpExecArray | null;
    if (KIND_WORDS[f] !== undefined) { skill.kind = KIND_WORDS[f]!; kindSet = true; continue; }
    if (isElement(f)) { skill.elements.push(parseElement(f)); continue; }
    if ((m = /^(\d{1,2})db$/.exec(f))) { skill.power = Number(m[1]); continue; }
    if ((m = /^(sp|mp|hp)[:：]?(\d{1,4})$/.exec(f))) { if (m[1] === 'hp') skill.hp = Number(m[2]); else skill.sp = Number(m[2]); continue; }
    if ((m = /^(?:命中|hit|명중)[:：]?(\d{1,3})%?$/.exec(f))) { skill.hit = Number(m[1]); continue; }
    if (['自動', '自動成功', 'auto', '자동', '자동성공'].includes(f)) { skill.hit = 'auto'; continue; }
    if (['全体', 'all', '전체', '敵全体', '味方全体'].includes(f)) { skill.all = true; continue; }
    if (['単体', 'one', '단일', '単'].includes(f)) continue;
    if (['治療', 'cure', '치료'].includes(f)) { skill.cure = true; continue; }
    if (['蘇生', 'revive', '소생', '부활'].includes(f)) { skill.revive = true; continue; }
    if ((m = /^(?:[x×](\d{1,2})|(\d{1,2})(?:回|hits?|회))$/.exec(f))) { skill.hits = Number(m[1] ?? m[2]); continue; }
    if (/d\d/.test(f)) { skill.dice = f; continue; }
    const st = findStatusPrefix(f, table);
    if (st !== null) {
      if (st.rest === '' || ['付与', 'fuyo', '부여'].includes(st.rest)) { skill.status = { id: st.id, rate: 'fuyo' }; continue; }
      if (/^\d{1,3}%?$/.test(st.rest)) { skill.status = { id: st.id, rate: parseInt(st.rest, 10) }; continue; }
    }
    bad(line, tok);
  }
  if (!kindSet && skill.status !== undefined && skill.power === undefined && skill.dice === undefined && skill.elements.length === 0) skill.kind = 'ailment';
  return skill;
}

/** Bounds every field (JSON input is as untrusted as text). */
function validateBlock(raw: StatBlock, table: readonly BadStatusDef[]): StatBlock {
  if (typeof raw.name !== 'string' || raw.name.trim().length === 0 || raw.name.length > NAME_MAX) throw new UserError('persona.cmd.badBlockField', { field: 'name', value: String(raw.name ?? '').slice(0, 40) });
  const out: StatBlock = { name: raw.name.trim(), hp: num(raw.hp, 'hp', 1) };
  if (raw.side !== undefined) {
    if (raw.side !== 'pc' && raw.side !== 'npc') throw new UserError('persona.cmd.side');
    out.side = raw.side;
  }
  for (const k of ['sp', 'dex', 'agi', 'luck', 'con', 'pow', 'end', 'mag', 'defense', 'armor', 'siz', 'downResistance', 'personaSkill', 'level', 'bossRank'] as const) {
    if (raw[k] !== undefined) out[k] = num(raw[k], k);
  }
  if (raw.damagePct !== undefined) out.damagePct = num(raw.damagePct, 'damagePct', -100, 100);
  if (raw.db !== undefined) out.db = checkDb(String(raw.db), 'db');
  if (raw.mdb !== undefined) out.mdb = checkDb(String(raw.mdb), 'mdb');
  if (raw.wild !== undefined) out.wild = raw.wild === true;
  if (raw.persona !== undefined) out.persona = String(raw.persona).slice(0, NAME_MAX);
  if (raw.resist !== undefined) {
    if (typeof raw.resist !== 'object' || raw.resist === null) throw new UserError('persona.cmd.badBlockField', { field: 'resist', value: '?' });
    out.resist = {};
    for (const [e, r] of Object.entries(raw.resist)) out.resist[parseElement(e)] = parseResistance(String(r));
  }
  const skills = raw.skills ?? [];
  if (!Array.isArray(skills) || skills.length > MAX_SKILLS) throw new UserError('persona.cmd.badBlockField', { field: 'skills', value: String(Array.isArray(skills) ? skills.length : '?') });
  out.skills = skills.map((s) => validateSkill(s, table));
  return out;
}

function validateSkill(s: PersonaSkill, table: readonly BadStatusDef[]): PersonaSkill {
  if (typeof s !== 'object' || s === null || typeof s.name !== 'string' || s.name.trim() === '' || s.name.length > NAME_MAX) throw new UserError('persona.cmd.badBlockField', { field: 'skill', value: String((s as { name?: unknown } | null)?.name ?? '') });
  const kind = KIND_WORDS[fold(String(s.kind ?? 'physical'))];
  if (kind === undefined) throw new UserError('persona.cmd.badBlockField', { field: `${s.name}.kind`, value: String(s.kind) });
  const out: PersonaSkill = { name: s.name.trim(), kind, elements: (Array.isArray(s.elements) ? s.elements : []).map((e) => parseElement(String(e))) };
  if (s.power !== undefined) out.power = num(s.power, `${s.name}.power`, 1, 20);
  if (s.dice !== undefined) out.dice = checkDice(String(s.dice), `${s.name}.dice`);
  if (s.sp !== undefined) out.sp = num(s.sp, `${s.name}.sp`);
  if (s.hp !== undefined) out.hp = num(s.hp, `${s.name}.hp`);
  if (s.hit !== undefined) out.hit = s.hit === 'auto' ? 'auto' : num(s.hit, `${s.name}.hit`, 0, 200);
  if (s.all !== undefined) out.all = s.all === true;
  if (s.cure !== undefined) out.cure = s.cure === true;
  if (s.revive !== undefined) out.revive = s.revive === true;
  if (s.hits !== undefined) out.hits = num(s.hits, `${s.name}.hits`, 1, 10);
  if (s.status !== undefined) {
    const rate = s.status.rate === 'fuyo' ? 'fuyo' : num(s.status.rate, `${s.name}.status`, 0, 200);
    out.status = { id: parseStatus(String(s.status.id), table), rate };
  }
  if ((kind === 'physical' || kind === 'magic') && out.elements.length === 0) throw new UserError('persona.cmd.badBlockField', { field: `${s.name}.element`, value: '-' });
  return out;
}

/** The core's view of a block (the skills stay in the command layer). */
export function blockInit(block: StatBlock, id: string, side: 'pc' | 'npc'): CombatantInit {
  return {
    id,
    name: block.name,
    side,
    ...(block.dex !== undefined ? { dex: block.dex } : {}),
    agi: block.agi ?? block.dex ?? 0,
    luck: block.luck ?? 0,
    hp: block.hp,
    sp: block.sp ?? 0,
    defense: block.defense ?? 0,
    armor: block.armor ?? 0,
    siz: block.siz ?? 0,
    con: block.con ?? 0,
    pow: block.pow ?? 0,
    personaEnd: block.end ?? 0,
    personaMag: block.mag ?? 0,
    resistances: { ...(block.resist ?? {}) },
    physDb: block.db ?? '0',
    magDb: block.mdb ?? '0',
    downResistance: block.downResistance ?? 0,
    damageTakenPct: block.damagePct ?? 0,
    ...(block.wild ? { wild: true } : {}),
    ...(block.level !== undefined ? { level: block.level } : {}),
    ...(block.bossRank !== undefined ? { bossRank: block.bossRank } : {}),
    // Without a <Persona> % a PC's Persona is out from the start (no start-of-combat roll).
    ...(block.personaSkill === undefined ? { summoned: side === 'pc' } : { personaSkill: block.personaSkill }),
  };
}
