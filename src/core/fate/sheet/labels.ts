// The words of the sheet templates (seed 001 L1532–1692): the Japanese labels the exporter writes, and
// the lookups the importer reads with — Japanese, Korean and English alike (words.ts).
import type { StatusKey } from './types.js';
import { looseKey } from './normalize.js';
import {
  BACKGROUND_WORDS, BLOCK_WORDS, type BlockFieldKey, FIELD_WORDS, type FieldKey, KIND_HEADER_WORDS, NONE_WORDS, PROFILE_WORDS,
  type ProfileKey, SECTION_WORDS, type SectionKey, STATUS_WORDS, TEMPLATE_LINES, type Words, allWords, alternation,
} from './words.js';

/** Status labels in sheet order (L862, L1543, L1607, L1658). */
export const STATUS_LABELS: Record<StatusKey, string> = {
  str: '筋力',
  end: '耐久',
  agi: '敏捷',
  mag: '魔力',
  luk: '幸運',
  np: '宝具',
  soc: '社会',
};
export const MAIN_STATUS_KEYS = ['str', 'end', 'agi', 'mag', 'luk'] as const;

/** The seven standard classes (L660–705); anything else is an irregular class (fine, just noted). */
export const STANDARD_CLASSES = ['セイバー', 'ランサー', 'アーチャー', 'ライダー', 'バーサーカー', 'アサシン', 'キャスター'] as const;
/** The same seven classes as Korean and English sheets write them (issue 30 §5). */
export const STANDARD_CLASS_SPELLINGS: readonly string[] = [
  ...STANDARD_CLASSES,
  '세이버', '랜서', '아처', '라이더', '버서커', '어새신', '어쌔신', '캐스터',
  'Saber', 'Lancer', 'Archer', 'Rider', 'Berserker', 'Assassin', 'Caster',
];

export type { BlockFieldKey, FieldKey, ProfileKey, SectionKey } from './words.js';

// Japanese, Korean and English words read alike (words.ts); keys compared with looseKey (NFKC, no
// spaces, lower case).
const FIELDS = new Map<string, FieldKey>();
for (const [key, words] of Object.entries(FIELD_WORDS) as [FieldKey, Words][]) for (const w of allWords(words)) FIELDS.set(looseKey(w), key);
const SECTIONS = new Map<string, SectionKey>();
for (const [key, words] of Object.entries(SECTION_WORDS) as [SectionKey, Words][]) for (const w of allWords(words)) SECTIONS.set(looseKey(w), key);
const STATUSES = new Map<string, StatusKey>();
for (const [key, words] of Object.entries(STATUS_WORDS) as [StatusKey, Words][]) for (const w of allWords(words)) STATUSES.set(looseKey(w), key);

export function fieldKey(word: string): FieldKey | undefined {
  return FIELDS.get(looseKey(word));
}
export function sectionKey(word: string): SectionKey | undefined {
  return SECTIONS.get(looseKey(word));
}
/** 筋力, 근력, STR, Strength … → str. */
export function statusKeyOf(word: string): StatusKey | undefined {
  return STATUSES.get(looseKey(word));
}
/** Every status word of every language, as a regex alternation. */
export const STATUS_ALTERNATION = alternation(Object.values(STATUS_WORDS).flatMap(allWords));

/** Export header words. */
export const FIELD_LABEL: Record<Exclude<FieldKey, 'height' | 'weight'>, string> = {
  origin: '原典', className: 'クラス', master: 'マスター', trueName: '真名', name: '名前', sex: '性別',
  heightWeight: '身長・体重', alignment: '属性', servants: 'サーヴァント', seals: '令呪数', rank: 'ランクレベル',
  status: 'ステータス',
};
export const SECTION_LABEL: Record<SectionKey, string> = {
  classSkills: 'クラス別スキル', personalSkills: '固有スキル', skills: 'スキル', noblePhantasms: '宝具',
  gear: '装備・アイテム', combos: 'スキルコンボ', background: '設定', extra: '未解析',
};

/** Profile line 【誕生日:/血液型:/…】 (L1592). */
export const PROFILE_LABELS = (Object.entries(PROFILE_WORDS) as [ProfileKey, Words][]).map(([k, w]) => [k, w.ja[0] ?? ''] as const);
/** Every spelling of each profile label (ja, ko, en). */
export const PROFILE_SPELLINGS = (Object.entries(PROFILE_WORDS) as [ProfileKey, Words][]).map(([k, w]) => [k, allWords(w)] as const);

/** Background sub-headings (L1594–1596). */
export const BACKGROUND_LABELS = [
  ['original', '原典設定'],
  ['warAdditions', '聖杯戦争追加設定'],
] as const;
/** Every spelling of each background sub-heading (ja, ko, en). */
export const BACKGROUND_SPELLINGS = (Object.entries(BACKGROUND_WORDS) as [keyof typeof BACKGROUND_WORDS, Words][]).map(([k, w]) => [k, allWords(w)] as const);

/** The kind a header line "--서번트용 캐릭터 시트--" names, in any of the three languages. */
export const HEADER_RE = new RegExp(`^\\s*-{2,}\\s*(${alternation(Object.values(KIND_HEADER_WORDS).flatMap(allWords))})`, 'i');
const HEADER_KINDS = new Map<string, 'servant' | 'master' | 'troop'>();
for (const [key, words] of Object.entries(KIND_HEADER_WORDS) as ['servant' | 'master' | 'troop', Words][]) for (const w of allWords(words)) HEADER_KINDS.set(looseKey(w), key);
export function headerKind(word: string): 'servant' | 'master' | 'troop' | undefined {
  return HEADER_KINDS.get(looseKey(word));
}

/** Template header lines "--サーヴァント用キャラクターシート---…" (L1532, L1597, L1648). */
export const TYPE_HEADER: Record<'servant' | 'master' | 'troop', string> = {
  servant: '--サーヴァント用キャラクターシート--',
  master: '--マスター用キャラクターシート--',
  troop: '--トループ用キャラクターシート--',
};

/** Instructions printed inside the blank templates; a value equal to one of them is blank. */
const PLACEHOLDERS = [
  'スキル名:ランク',
  ':(効果詳細・使用制限・使用リスク・+or−条件等)',
  '(効果詳細・使用制限・使用リスク・+or−条件等)',
  '『』',
  '『(宝具名)』',
  '『宝具・(宝具名、伝承保菌者等で取得した時のみ記載)』',
  '(スキルコンボ名):(+++):効果詳細',
  '(サーヴァント・マスターと異なり数字で表記)',
  ':(サーヴァント・マスターと異なり数字で表記)',
  '(男女混合も可。その場合、性別等によって効果を受けるかどうかが決まるスキルの場合、スキルの内容次第でGM裁定)',
  ...Object.values(TEMPLATE_LINES).flatMap((t) => [...Object.values(t), t.details.slice(1), t.troopRank.slice(1)]),
].map(looseKey);
const PLACEHOLDER_SET = new Set(PLACEHOLDERS);
const EMPTY_MARKERS = new Set(['(なし)', 'なし', '(無し)', '無し', '-', '−', ...NONE_WORDS.ko, ...NONE_WORDS.en].map(looseKey));

/** A line of the blank template's instructions ("スキル名:ランク", ":(効果詳細・…)", "『』" …). */
export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER_SET.has(looseKey(text));
}

/** "(なし)" / "なし" written where a list is empty. */
export function isEmptyMarker(text: string): boolean {
  return EMPTY_MARKERS.has(looseKey(text));
}

/** The troop template's height/weight instruction, stripped before reading the values. */
export const HEIGHT_INSTRUCTION = '(平均身長等で表記しても可。身長や体重等によって効果を受けるかどうかが決まるスキルの場合、スキル内容次第でGM裁定)';

/** NP / MC / gear block field words (L1567, L1574–1589). */
const BLOCK_KEYS = new Map<string, BlockFieldKey>();
for (const [key, words] of Object.entries(BLOCK_WORDS) as [BlockFieldKey, Words][]) for (const w of allWords(words)) BLOCK_KEYS.set(looseKey(w), key);
/** Every block field word of every language, as a regex alternation. */
export const BLOCK_ALTERNATION = alternation(Object.values(BLOCK_WORDS).flatMap(allWords));
export function blockFieldKey(word: string): BlockFieldKey | undefined {
  return BLOCK_KEYS.get(looseKey(word));
}
