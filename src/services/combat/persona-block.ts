// A combatant's stat block, pasted once (text or JSON) and kept in the fight's JSON state: a PC's or
// shadow's stats (DEX, 速, 運, CON/POW or 耐/魔, db, defense, armor, resistances, HP/SP) and its
// Persona's skills. Text form, one item per line, words in en/ja/ko:
//
//   アキ pc HP40 SP30 DEX12 速10 運8 CON12 POW14 耐6 魔9 db1D6+1D4 mdb1D6 防御2 装甲1 ペルソナ70
//   耐性 火炎:弱点 氷結:耐性
//   スキル アギ 魔法 火炎 1db SP4 命中90
//   スキル 一文字斬り 物理 斬撃 2db HP8 命中85 悩殺30
//
// A Wild (ワイルド) holds several Personas (JA L787, KO L320): each `ペルソナ <name>` line opens that
// Persona's section, with its own 速/運/耐/魔/db/防御, 耐性 and スキル lines:
//
//   アキ pc HP40 SP30 DEX12 ワイルド ペルソナ70
//   ペルソナ オルフェウス 速10 運8
//   耐性 火炎:耐性
//   スキル アギ 魔法 火炎 1db SP4 命中90
//   ペルソナ ピクシー 速12 運9
//   スキル ジオ 魔法 電撃 1db SP4 命中90
//
// Discord cannot put a newline in a string option (it sends a space), so `;` also ends a line, and a
// section word (耐性 / スキル / ペルソナ <name>) met inside a line starts a new one: the block pasted
// on one line reads the same.
// JSON form: the StatBlock fields below, e.g. {"name":"Aki","hp":40,"skills":[{"name":"Agi",...}]},
// with "personas":[{"name":"Orpheus","agi":10,"resist":{...},"skills":[...]}, …] for a Wild.
import { DEFAULT_BAD_STATUSES, type BadStatusDef } from '../../core/persona/status-table.js';
import type { CombatantInit, Resistance } from '../../core/persona/types.js';
import { MAX_ANALYZE_ROUNDS } from '../../core/persona/analyze.js';
import { expandDb } from '../../core/persona/damage.js';
import { evaluateDice } from '../../core/dice/index.js';
import { seededRandom } from '../../core/random.js';
import { foldForSearch } from '../../core/text/fold.js';
import { UserError } from '../errors.js';
import { findStatusPrefix, isElement, normalizeDice, parseElement, parseResistance, parseResistances, parseStatus } from './persona-input.js';

export type SkillKind = 'physical' | 'magic' | 'heal' | 'ailment' | 'death' | 'analyze' | 'suku+' | 'suku-' | 'raku+' | 'raku-' | 'taru+' | 'taru-' | 'maka+' | 'maka-';

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
  /** Analyze: the rounds the analysis takes (JA L427; 「ハイ・アナライズ」 1, JA L429): `1R`, `1ラウンド`, `1라운드` */
  rounds?: number;
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
  /** a Wild's Personas, the first one summoned at the start; the block's own resist/skills then stay empty */
  personas?: PersonaEntry[];
}

/** One Persona of a block: the Persona stats a change brings (JA L797), its resistances and its skills. */
export interface PersonaEntry {
  name: string;
  agi?: number;
  luck?: number;
  end?: number;
  mag?: number;
  db?: string;
  mdb?: string;
  defense?: number;
  downResistance?: number;
  resist?: Partial<Record<string, Resistance>>;
  skills?: PersonaSkill[];
}

const MAX_SKILLS = 24;
const MAX_PERSONAS = 12;
/** the stats a Persona section may set; the others (HP, DEX, CON, …) are the user's own */
const PERSONA_FIELDS = new Set<keyof PersonaEntry>(['agi', 'luck', 'end', 'mag', 'db', 'mdb', 'defense', 'downResistance']);
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
const PERSONA_HEAD = new Set(['ペルソナ', 'persona', '페르소나']);
const KIND_WORDS: Record<string, SkillKind> = {
  物理: 'physical', physical: 'physical', phys: 'physical', 물리: 'physical', 魔法: 'magic', magic: 'magic', 마법: 'magic',
  回復: 'heal', heal: 'heal', 회복: 'heal', バステ: 'ailment', ailment: 'ailment', 배드: 'ailment', 即死: 'death', death: 'death', 즉사: 'death',
  アナライズ: 'analyze', analyze: 'analyze', analyse: 'analyze', 애널라이즈: 'analyze', 아날라이즈: 'analyze',
  スクカジャ: 'suku+', スクンダ: 'suku-', ラクカジャ: 'raku+', ラクンダ: 'raku-', 'suku+': 'suku+', 'suku-': 'suku-', 'raku+': 'raku+', 'raku-': 'raku-',
  스쿠카쟈: 'suku+', 스쿤다: 'suku-', 라쿠카쟈: 'raku+', 라쿤다: 'raku-', sukukaja: 'suku+', sukunda: 'suku-', rakukaja: 'raku+', rakunda: 'raku-',
  タルカジャ: 'taru+', タルンダ: 'taru-', マカカジャ: 'maka+', マカンダ: 'maka-', 'taru+': 'taru+', 'taru-': 'taru-', 'maka+': 'maka+', 'maka-': 'maka-',
  타루카쟈: 'taru+', 타룬다: 'taru-', 마카카쟈: 'maka+', 마칸다: 'maka-', tarukaja: 'taru+', tarunda: 'taru-', makakaja: 'maka+', makanda: 'maka-',
};

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();
const ANALYZE_NAME = /アナライズ|analy[sz]e|애널라이즈|아날라이즈/;

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

/** A line's tokens, and the line as the GM wrote it (for error messages). */
interface Segment {
  line: string;
  tokens: string[];
}

const headOf = (tok: string) => fold(tok.replace(/[:：]$/, ''));

/**
 * Lines of the text form: newlines, `;` and a typed `\\n` end a line; inside a line, 耐性 / スキル / ペルソナ <name>
 * start a new one (a multi-line block pasted into Discord's one-line option arrives with spaces).
 * `ペルソナ70` / `ペルソナ 70` stays the <ペルソナ> skill %.
 */
export function blockLines(text: string): Segment[] {
  const out: Segment[] = [];
  // a typed `\n` (the console, an old example) ends a line too; JSON never comes here
  for (const raw of text.split(/\r?\n|\\n|[;；]/)) {
    const tokens = raw
      .trim()
      .split(/[\s,、，|｜/]+/)
      .filter(Boolean)
      // `ペルソナ:オルフェウス` → `ペルソナ` `オルフェウス`
      .flatMap((t) => {
        const m = /^(.+?)[:：](\D.*)$/.exec(t);
        return m && PERSONA_HEAD.has(fold(m[1]!)) ? [m[1]!, m[2]!] : [t];
      });
    let current: string[] = [];
    tokens.forEach((tok, i) => {
      const head = headOf(tok);
      const opens = RESIST_HEAD.has(head) || SKILL_HEAD.has(head) || (PERSONA_HEAD.has(head) && i + 1 < tokens.length && !/^[0-9０-９]/.test(tokens[i + 1]!));
      if (opens && current.length > 0) {
        out.push({ line: current.join(' '), tokens: current });
        current = [];
      }
      current.push(tok);
    });
    if (current.length > 0) out.push({ line: current.join(' '), tokens: current });
  }
  return out;
}

function parseText(text: string, table: readonly BadStatusDef[]): StatBlock {
  const block: Partial<StatBlock> & { skills: PersonaSkill[] } = { skills: [] };
  const personas: (PersonaEntry & { skills: PersonaSkill[] })[] = [];
  for (const { line, tokens } of blockLines(text)) {
    const head = headOf(tokens[0]!);
    // the section the resist/skill lines belong to: the last Persona opened, else the character
    const section = personas.at(-1) ?? block;
    if (RESIST_HEAD.has(head)) {
      section.resist = { ...(section.resist ?? {}), ...parseResistances(tokens.slice(1).join(',')) };
      continue;
    }
    if (SKILL_HEAD.has(head)) {
      section.skills.push(parseSkillTokens(line, tokens.slice(1), table));
      continue;
    }
    if (PERSONA_HEAD.has(head) && tokens.length > 1 && !/^[0-9０-９]/.test(tokens[1]!)) {
      const persona: PersonaEntry & { skills: PersonaSkill[] } = { name: tokens[1]!, skills: [] };
      readStats(persona as Partial<StatBlock>, line, tokens.slice(2), PERSONA_FIELDS as Set<keyof StatBlock>);
      personas.push(persona);
      continue;
    }
    if (personas.length > 0) bad(line, tokens[0]!); // the character's own stats come before its Personas
    readStats(block, line, tokens, null);
  }
  return personas.length > 0 ? ({ ...block, personas } as StatBlock) : (block as StatBlock);
}

/** Stat tokens ("HP40", "HP:40", "HP 40", "db1D6+1D4"); `only` limits them to a Persona's. */
function readStats(block: Partial<StatBlock>, line: string, tokens: string[], only: Set<keyof StatBlock> | null): void {
  const allowed = (key: keyof StatBlock | undefined): key is keyof StatBlock => key !== undefined && (only === null || only.has(key));
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    const f = fold(tok);
    if (only === null) {
      if (f === 'pc' || f === 'npc') { block.side = f; continue; }
      if (f === 'wild' || f === 'ワイルド' || f === '와일드') { block.wild = true; continue; }
    }
    const m = /^(.+?)[:：=]?(-?[0-9][0-9dD+\-()*×]*)$/.exec(f);
    const key = STAT_WORDS[f.replace(/[:：=]$/, '')];
    if (allowed(key) && i + 1 < tokens.length) {
      set(block, key, tokens[++i]!, line);
      continue;
    }
    const glued = m ? STAT_WORDS[m[1]!.replace(/[:：=]$/, '')] : undefined;
    if (m && allowed(glued)) {
      set(block, glued, m[2]!, line);
      continue;
    }
    if (only === null && block.name === undefined) { block.name = tok; continue; }
    bad(line, tok);
  }
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
    if ((m = /^(\d)(?:r|rounds?|ラウンド|라운드)$/.exec(f))) { skill.rounds = Number(m[1]); continue; }
    // `即死30` / `즉사30` / `death30`: an instant-death skill and its base rate, written like `悩殺40` (JA L172, KO L142)
    if ((m = /^(?:即死|즉사|death)[:：]?(\d{1,3})%?$/.exec(f))) { skill.kind = 'death'; skill.hit = Number(m[1]); kindSet = true; continue; }
    if (/d\d/.test(f)) { skill.dice = f; continue; }
    const st = findStatusPrefix(f, table);
    if (st !== null) {
      if (st.rest === '' || ['付与', 'fuyo', '부여'].includes(st.rest)) { skill.status = { id: st.id, rate: 'fuyo' }; continue; }
      if (/^\d{1,3}%?$/.test(st.rest)) { skill.status = { id: st.id, rate: parseInt(st.rest, 10) }; continue; }
    }
    bad(line, tok);
  }
  if (!kindSet && skill.status !== undefined && skill.power === undefined && skill.dice === undefined && skill.elements.length === 0) skill.kind = 'ailment';
  // 「アナライズ」「ハイ・アナライズ」「フル・アナライズ」 need no kind word (JA L422)
  if (!kindSet && ANALYZE_NAME.test(fold(skill.name))) skill.kind = 'analyze';
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
  if (raw.resist !== undefined) out.resist = validateResist(raw.resist);
  out.skills = validateSkills(raw.skills, table);
  if (raw.personas !== undefined) {
    if (!Array.isArray(raw.personas) || raw.personas.length === 0 || raw.personas.length > MAX_PERSONAS) throw new UserError('persona.cmd.badBlockField', { field: 'personas', value: String(Array.isArray(raw.personas) ? raw.personas.length : '?') });
    // Only a Wild holds several Personas (JA L787, KO L320).
    if (raw.personas.length > 1 && !out.wild) throw new UserError('persona.cmd.manyNeedWild', { name: out.name });
    // With Personas, resistances and skills are each Persona's (resistances apply while it is out, JA L956).
    if (Object.keys(out.resist ?? {}).length > 0 || out.skills.length > 0) throw new UserError('persona.cmd.outsidePersona', { name: out.name });
    delete out.resist;
    out.personas = raw.personas.map((p) => validatePersona(p, table));
    const folded = out.personas.map((p) => fold(p.name));
    const twice = out.personas.find((_, i) => folded.indexOf(folded[i]!) !== i);
    if (twice) throw new UserError('persona.cmd.duplicatePersona', { persona: twice.name });
    out.persona = out.personas[0]!.name;
  }
  return out;
}

function validateResist(resist: unknown): Partial<Record<string, Resistance>> {
  if (typeof resist !== 'object' || resist === null || Array.isArray(resist)) throw new UserError('persona.cmd.badBlockField', { field: 'resist', value: '?' });
  const out: Partial<Record<string, Resistance>> = {};
  for (const [e, r] of Object.entries(resist)) out[parseElement(e)] = parseResistance(String(r));
  return out;
}

function validateSkills(raw: unknown, table: readonly BadStatusDef[]): PersonaSkill[] {
  const skills = raw ?? [];
  if (!Array.isArray(skills) || skills.length > MAX_SKILLS) throw new UserError('persona.cmd.badBlockField', { field: 'skills', value: String(Array.isArray(skills) ? skills.length : '?') });
  return skills.map((s: PersonaSkill) => validateSkill(s, table));
}

function validatePersona(raw: PersonaEntry, table: readonly BadStatusDef[]): PersonaEntry {
  if (typeof raw !== 'object' || raw === null || typeof raw.name !== 'string' || raw.name.trim() === '' || raw.name.length > NAME_MAX) throw new UserError('persona.cmd.badBlockField', { field: 'persona', value: String((raw as { name?: unknown } | null)?.name ?? '').slice(0, 40) });
  const out: PersonaEntry = { name: raw.name.trim() };
  for (const k of ['agi', 'luck', 'end', 'mag', 'defense', 'downResistance'] as const) if (raw[k] !== undefined) out[k] = num(raw[k], `${out.name}.${k}`);
  if (raw.db !== undefined) out.db = checkDb(String(raw.db), `${out.name}.db`);
  if (raw.mdb !== undefined) out.mdb = checkDb(String(raw.mdb), `${out.name}.mdb`);
  if (raw.resist !== undefined) out.resist = validateResist(raw.resist);
  out.skills = validateSkills(raw.skills, table);
  return out;
}

/** The block as its Persona `name` makes it (folded for case, width and kana): stats, resistances, skills. */
export function findPersona(block: StatBlock | undefined, name: string): PersonaEntry | undefined {
  const key = foldForSearch(name.trim());
  return block?.personas?.find((p) => foldForSearch(p.name) === key);
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
  if (s.rounds !== undefined) out.rounds = num(s.rounds, `${s.name}.rounds`, 0, MAX_ANALYZE_ROUNDS);
  if (s.status !== undefined) {
    const rate = s.status.rate === 'fuyo' ? 'fuyo' : num(s.status.rate, `${s.name}.status`, 0, 200);
    out.status = { id: parseStatus(String(s.status.id), table), rate };
  }
  if ((kind === 'physical' || kind === 'magic') && out.elements.length === 0) throw new UserError('persona.cmd.badBlockField', { field: `${s.name}.element`, value: '-' });
  return out;
}

/** The core's view of a block (the skills stay in the command layer). */
export function blockInit(raw: StatBlock, id: string, side: 'pc' | 'npc'): CombatantInit {
  // A Wild starts with its first Persona out: that Persona's stats over the block's own.
  const first = raw.personas?.[0];
  const block: StatBlock = first ? { ...raw, ...first, name: raw.name, resist: first.resist ?? {}, skills: first.skills ?? [] } : raw;
  return {
    id,
    name: block.name,
    side,
    ...(first ? { persona: first.name } : {}),
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
