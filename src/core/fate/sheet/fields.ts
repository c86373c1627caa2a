// Readers for single field values of the text templates (seed 001 L1532–1692). Each returns the
// structure and whether something was left over (`partial`) so the caller can keep the line as text.
import type {
  AddedEffect, Alignment, FixedValues, GearSubtype, GearType, SpecialGear,
} from './types.js';
import { type Slice, sub, trim } from './slice.js';
import { HEIGHT_INSTRUCTION, PROFILE_SPELLINGS, type ProfileKey, isPlaceholder } from './labels.js';
import { NONE_WORDS, VALUE_WORDS, alternation } from './words.js';
import { looseKey, widthNorm } from './normalize.js';
import { SHEET_BOUNDS, SHEET_LIMITS, boundedInt } from './limits.js';

export interface Read<T> {
  value: T;
  partial: boolean;
}

const NONE_SET = new Set(['なし', '無し', '無', '-', '−', '―', 'ー', '(なし)', '(無し)', ...NONE_WORDS.ko, ...NONE_WORDS.en].map((w) => widthNorm(w).toLowerCase()));
export function isNoneWord(n: string): boolean {
  return NONE_SET.has(n.replace(/\s+/g, '').toLowerCase());
}

// Korean and English value words (words.ts) read as the Japanese word that is stored.
const CANONICAL = new Map<string, string>();
for (const [ja, words] of Object.entries(VALUE_WORDS)) {
  CANONICAL.set(looseKey(ja), ja);
  for (const w of [...words.ko, ...words.en]) CANONICAL.set(looseKey(w), ja);
}
/** 무기, Weapon, 武器 → 武器; a word with no entry comes back as written (spaces removed). */
export function canonicalValue(word: string): string {
  return CANONICAL.get(looseKey(word)) ?? word.replace(/\s+/g, '');
}
const valueAlternation = (ja: readonly string[]) => alternation(ja.flatMap((w) => [w, ...(VALUE_WORDS[w]?.ko ?? []), ...(VALUE_WORDS[w]?.en ?? [])]));

// ── alignment 【属性】 (L850–856, L1540) ───────────────────────────────────────────────
const PURPOSES = ['秩序', '中立', '混沌'] as const;
const CONDUCTS = ['善', '中庸', '悪', '狂'] as const;
const ALIGN_RE = new RegExp(
  `^(${valueAlternation(PURPOSES)})\\s*[・/,、]?\\s*(${valueAlternation(CONDUCTS)})(?:\\s*\\((${valueAlternation(['善', '中庸', '悪'])})\\))?$`,
  'i',
);

export function canonicalAlignment(a: Alignment): string {
  return `${a.purpose}・${a.conduct}${a.preMadness ? `(${a.preMadness})` : ''}`;
}

/** undefined = blank ("・" in the template); null = not understood. */
export function readAlignment(v: Slice): Alignment | undefined | null {
  const n = v.n.trim();
  if (n === '' || n === '・') return undefined;
  const m = ALIGN_RE.exec(n);
  if (!m) return null;
  const purpose = PURPOSES.find((p) => p === canonicalValue(m[1] ?? ''));
  const conduct = CONDUCTS.find((c) => c === canonicalValue(m[2] ?? ''));
  if (!purpose || !conduct) return null;
  const preWord = m[3] === undefined ? undefined : canonicalValue(m[3]);
  const pre = preWord === '善' || preWord === '中庸' || preWord === '悪' ? preWord : undefined;
  if (pre && conduct !== '狂') return null; // "(善)" only after 狂
  const a: Alignment = { purpose, conduct };
  if (pre) a.preMadness = pre;
  const written = v.o.trim();
  if (written !== canonicalAlignment(a)) a.written = written;
  return a;
}

// ── height / weight 【身長・体重】cm・kg ──────────────────────────────────────────────
export type Measure = { value?: number; text?: string };

function readMeasure(part: Slice, unit: 'cm' | 'kg'): Measure | undefined {
  const p = trim(part);
  const units = unit === 'cm' ? '(?:cm|㎝|センチ)' : '(?:kg|㎏|キロ)';
  if (new RegExp(`^[〜~]?\\s*${units}?$`, 'i').test(p.n)) return undefined; // blank template
  const m = new RegExp(`^(\\d+(?:\\.\\d+)?)\\s*${units}?$`, 'i').exec(p.n);
  const value = m ? Number(m[1]) : undefined;
  if (value !== undefined && value <= SHEET_BOUNDS.measure) return { value };
  return { text: p.o };
}

export function readHeightWeight(v: Slice): { height?: Measure; weight?: Measure } {
  let s = v;
  const at = widthNorm(s.n).indexOf(widthNorm(HEIGHT_INSTRUCTION));
  if (at >= 0) s = { o: s.o.slice(0, at) + s.o.slice(at + HEIGHT_INSTRUCTION.length), n: s.n.slice(0, at) + s.n.slice(at + HEIGHT_INSTRUCTION.length) };
  s = trim(s);
  // Separator: the "・" after a cm unit if any, else the first "・", else "/", else a space before a kg value.
  let cut = -1;
  let width = 1;
  const afterCm = /(cm|㎝|センチ)\s*・/i.exec(s.n);
  if (afterCm) cut = afterCm.index + afterCm[0].length - 1;
  else if (s.n.includes('・')) cut = s.n.indexOf('・');
  else if (s.n.includes('/')) cut = s.n.indexOf('/');
  else {
    const sp = /\s+(?=\S*(kg|㎏|キロ)\s*$)/i.exec(s.n);
    if (sp) { cut = sp.index; width = sp[0].length; }
  }
  const out: { height?: Measure; weight?: Measure } = {};
  if (cut < 0) {
    if (/(kg|㎏|キロ)\s*$/i.test(s.n)) { const w = readMeasure(s, 'kg'); if (w) out.weight = w; }
    else { const h = readMeasure(s, 'cm'); if (h) out.height = h; }
    return out;
  }
  const h = readMeasure(sub(s, 0, cut), 'cm');
  const w = readMeasure(sub(s, cut + width), 'kg');
  if (h) out.height = h;
  if (w) out.weight = w;
  return out;
}

export function formatMeasure(m: Measure | undefined, unit: 'cm' | 'kg'): string {
  if (!m) return unit;
  if (m.value !== undefined) return `${m.value}${unit}`;
  return m.text ?? unit;
}

// ── rank level 【ランクレベル】:「」「」… (L747–751, L1542) ────────────────────────────────
export function readRank(v: Slice): Read<{ names: string[]; number?: number }> {
  const names: string[] = [];
  let rest = '';
  let last = 0;
  const re = /「([^」]*)」/g;
  for (let m = re.exec(v.n); m; m = re.exec(v.n)) {
    rest += v.n.slice(last, m.index);
    const name = v.o.slice(m.index + 1, m.index + m[0].length - 1).trim();
    if (name !== '') names.push(name);
    last = m.index + m[0].length;
  }
  rest += v.n.slice(last);
  rest = rest.replace(/\s+/g, '');
  if (isPlaceholder(rest)) rest = ''; // the troop template's instruction, in any language
  const num = /^:?(?:R|Lv\.?|LV|ランク|랭크|Rank)?(\d+)(?:レベル|Lv|레벨|level)?:?$/i.exec(rest);
  const number = num ? boundedInt(num[1] ?? '', SHEET_BOUNDS.rankLevel) : undefined;
  if (number !== undefined) return { value: { names, number }, partial: false };
  return { value: { names }, partial: !/^:?$/.test(rest) };
}

// ── 【令呪数】3回 ──────────────────────────────────────────────────────────────────
export function readSeals(v: Slice): Read<number | undefined> {
  const n = v.n.replace(/\s+/g, '');
  if (n === '' || n === '回' || n === '画' || n === '회' || n === '획') return { value: undefined, partial: false };
  const m = /^(\d+)(回|画|つ|個|회|획|개)?$/.exec(n);
  const value = m ? boundedInt(m[1] ?? '', SHEET_BOUNDS.seals) : undefined;
  if (value !== undefined) return { value, partial: false };
  const lead = /^(\d+)/.exec(n);
  return { value: lead ? boundedInt(lead[1] ?? '', SHEET_BOUNDS.seals) : undefined, partial: true };
}

// ── 【サーヴァント】names ────────────────────────────────────────────────────────────
export function readNameList(v: Slice): string[] {
  const out: string[] = [];
  let last = 0;
  const re = /[、,/]/g;
  const push = (end: number) => {
    const piece = v.o.slice(last, end).trim();
    if (piece !== '') out.push(piece);
  };
  for (let m = re.exec(v.n); m; m = re.exec(v.n)) {
    push(m.index);
    last = m.index + 1;
  }
  push(v.n.length);
  return out;
}

// ── profile 【誕生日:/血液型:/…/聖杯戦争への参加理由:】 (L1592) ───────────────────────────────
/** Reads "誕生日:x/血液型:y/…"; values run to the next known label. Returns null if no label starts it. */
export function readProfile(v: Slice): Read<Partial<Record<ProfileKey, string>>> | null {
  const hits: { key: ProfileKey; start: number; valueStart: number }[] = [];
  for (const [key, labels] of PROFILE_SPELLINGS) {
    const re = new RegExp(`(^|/)\\s*(?:${alternation(labels)})\\s*:`, 'gi');
    for (let m = re.exec(v.n); m; m = re.exec(v.n)) hits.push({ key, start: m.index, valueStart: m.index + m[0].length });
  }
  hits.sort((a, b) => a.start - b.start);
  const first = hits[0];
  if (!first || v.n.slice(0, first.start).trim() !== '') return null;
  const value: Partial<Record<ProfileKey, string>> = {};
  let partial = false;
  hits.forEach((hit, i) => {
    const end = hits[i + 1]?.start ?? v.n.length;
    const text = v.o.slice(hit.valueStart, end).trim();
    if (value[hit.key] !== undefined) partial = true;
    else if (text !== '') value[hit.key] = text;
  });
  return { value, partial };
}

// ── NP / MC / gear block values (L1567, L1574–1589; §5.6–5.7) ──────────────────────────────
const GEAR_TYPES: readonly GearType[] = ['武器', '防具', '乗騎', '結界', '能力', '道具', 'アイテム'];
const MOUNT_KINDS = ['白兵', '射撃', '両用', '魔術', '機動', '装甲白兵', '装甲射撃', '装甲両用', '装甲魔術', '装甲機動'];

export function readGearType(v: Slice): Read<{ type?: GearType; subtype?: GearSubtype }> | null {
  const n = v.n.replace(/\s+/g, '');
  const m = /^([^()]+?)(?:\(([^()]*)\))?$/.exec(n);
  const type = GEAR_TYPES.find((t) => t === canonicalValue(m?.[1] ?? ''));
  if (!m || !type) return null;
  const sub = m[2] === undefined ? undefined : canonicalSubtype(m[2]);
  if (sub === undefined || sub === '') return { value: { type }, partial: false };
  const subtype = gearSubtype(type, sub);
  return subtype ? { value: { type, subtype }, partial: false } : { value: { type }, partial: true };
}

/** 백병 → 白兵, 장갑백병 / Armored melee → 装甲白兵, 승기 / mount suffixes kept as the Japanese reads them. */
function canonicalSubtype(sub: string): string {
  const whole = canonicalValue(sub);
  if (whole !== sub.replace(/\s+/g, '')) return whole;
  const armored = /^(装甲|장갑|armou?red)\s*(.+)$/i.exec(sub);
  if (armored) return `装甲${canonicalValue(armored[2] ?? '')}`;
  return sub;
}

function gearSubtype(type: GearType, sub: string): GearSubtype | undefined {
  if (type === '武器') return sub === '白兵' || sub === '射撃' || sub === '両用' || sub === '魔術' ? sub : undefined;
  if (type === '防具') {
    if (sub === '対物' || sub === '対魔') return sub;
    return sub === '両用' || sub === '両用防具' ? '両用防具' : undefined;
  }
  if (type === '乗騎') {
    const kind = sub.endsWith('乗騎') ? sub.slice(0, -2) : sub;
    if (!MOUNT_KINDS.includes(kind)) return undefined;
    return `${kind}乗騎` as GearSubtype; // one of the mount subtypes: checked against MOUNT_KINDS
  }
  return undefined;
}

export function formatGearType(type: GearType, subtype: GearSubtype | undefined): string {
  if (!subtype) return type;
  if (subtype === '両用防具') return `${type}(両用)`;
  if (subtype.endsWith('乗騎')) return `${type}(${subtype.slice(0, -2)})`;
  return `${type}(${subtype})`;
}

export const ACTIVATIONS = ['常時', '継続', '単発'] as const;
export const TARGETS = ['対人', '対軍', '対城', '対界', '特殊'] as const;

export function readDicePlus(v: Slice): NonNullable<SpecialGear['dicePlus']> | 'none' | null {
  const n = v.n.replace(/\s+/g, '');
  if (isNoneWord(n) || n === '0') return 'none';
  const first = /(\d+)[dD]6?/.exec(n);
  if (!first || first.index !== 0) return null;
  const after = n.slice(first[0].length);
  const th = /^\(?(\d+)(?:以下|이하)\)?|^(?:<=|≦|≤|・)(\d+)(?:以下|이하)?|^・?\(?(\d+)(?:以下|이하)/.exec(after);
  if (!th) return null;
  const threshold = boundedInt(th[1] ?? th[2] ?? th[3] ?? '', SHEET_BOUNDS.threshold);
  const dice = boundedInt(first[1] ?? '', SHEET_BOUNDS.dice);
  if (threshold === undefined || dice === undefined) return null;
  const out: NonNullable<SpecialGear['dicePlus']> = { dice, threshold, written: v.o.trim() };
  const alt = /(\d+)[dD]6/.exec(after.slice(th[0].length));
  const altDice = alt ? boundedInt(alt[1] ?? '', SHEET_BOUNDS.dice) : undefined;
  if (altDice !== undefined) out.altDice = altDice;
  return out;
}

export function readMpCost(v: Slice, activation: SpecialGear['activation']): NonNullable<SpecialGear['mpCost']> {
  const n = v.n.replace(/\s+/g, '');
  const num = /(\d+)/.exec(n);
  const value = num ? (boundedInt(num[1] ?? '', SHEET_BOUNDS.mp) ?? null) : isNoneWord(n) ? 0 : null;
  const timing = n.includes('常時') || n.includes('상시') || /constant/i.test(n) || activation === '常時' ? 'drain' : activation === '単発' ? 'afterUse' : 'onActivate';
  return { value, timing, written: v.o.trim() };
}

/** Numbers out of a fixed-value text: 攻撃力+10, 防御力+4 / ダメージ減少4, IV+2, 白兵防御−3. */
export function readFixedNumbers(n: string): Omit<FixedValues, 'written' | 'defenseVs'> {
  const out: Omit<FixedValues, 'written' | 'defenseVs'> = {};
  const read = (re: RegExp): number | undefined => {
    const m = re.exec(n);
    return m ? boundedInt(m[1] ?? '', SHEET_BOUNDS.fixed) : undefined;
  };
  const attack = read(/(?:攻撃力?|공격력?|attack)\s*\+?\s*(\d+)/i);
  if (attack !== undefined) out.attack = attack;
  const defense = read(/(?:防御力|ダメージ減少|ダメージ軽減|装甲|방어력|대미지\s*감소|defen[cs]e|damage\s*reduction)\s*\+?\s*(\d+)/i);
  if (defense !== undefined) out.defense = defense;
  const iv = read(/IV\s*\+\s*(\d+)/i);
  if (iv !== undefined) out.iv = iv;
  const penalty = read(/白兵防御\s*[-−]\s*(\d+)/);
  if (penalty !== undefined) out.meleeDefensePenalty = penalty;
  return out;
}

/** 「…」 names after プラス追加効果 / マイナス追加効果 / ゼロ追加効果 / 特殊追加効果 in a details text. */
export function readAddedEffects(details: string): AddedEffect[] {
  const out: AddedEffect[] = [];
  const n = widthNorm(details);
  const re = /(プラス|マイナス|ゼロ|プラマイゼロ|特殊)追加効果\s*:?\s*((?:「[^」]*」[、,・\s]*)+)/g;
  for (let m = re.exec(n); m; m = re.exec(n)) {
    const polarity: AddedEffect['polarity'] =
      m[1] === 'プラス' ? 'plus' : m[1] === 'マイナス' ? 'minus' : m[1] === '特殊' ? 'special' : 'zero';
    const groupStart = m.index + m[0].length - (m[2]?.length ?? 0);
    const inner = /「([^」]*)」/g;
    const group = m[2] ?? '';
    for (let e = inner.exec(group); e; e = inner.exec(group)) {
      const name = details.slice(groupStart + e.index + 1, groupStart + e.index + e[0].length - 1).trim();
      // Names too long for an effect stay in the details text only.
      if (name !== '' && [...name].length <= SHEET_LIMITS.maxNameLength) out.push({ name, polarity });
    }
  }
  return out;
}
