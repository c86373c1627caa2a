// The Japanese words of the sheet templates (seed 001 L1532–1692) and the variants people write.
import type { StatusKey } from './types.js';
import { looseKey } from './normalize.js';

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
export const STATUS_BY_LABEL: Record<string, StatusKey> = Object.fromEntries(
  (Object.entries(STATUS_LABELS) as [StatusKey, string][]).map(([k, v]) => [v, k]),
);
export const MAIN_STATUS_KEYS = ['str', 'end', 'agi', 'mag', 'luk'] as const;

/** The seven standard classes (L660–705); anything else is an irregular class (fine, just noted). */
export const STANDARD_CLASSES = ['セイバー', 'ランサー', 'アーチャー', 'ライダー', 'バーサーカー', 'アサシン', 'キャスター'] as const;

export type FieldKey =
  | 'origin' | 'className' | 'master' | 'trueName' | 'name' | 'sex' | 'heightWeight' | 'height' | 'weight'
  | 'alignment' | 'servants' | 'seals' | 'rank' | 'status';
export type SectionKey = 'classSkills' | 'personalSkills' | 'skills' | 'noblePhantasms' | 'gear' | 'combos' | 'background' | 'extra';

/** 【…】 one-line fields. Keys compared with looseKey (NFKC, no spaces). */
const FIELD_WORDS: [FieldKey, string[]][] = [
  ['origin', ['原典', '出典']],
  ['className', ['クラス']],
  ['master', ['マスター']],
  ['trueName', ['真名']],
  ['name', ['名前', '氏名', 'キャラクター名', 'PC名']],
  ['sex', ['性別']],
  ['heightWeight', ['身長・体重', '身長/体重', '身長体重']],
  ['height', ['身長']],
  ['weight', ['体重']],
  ['alignment', ['属性']],
  ['servants', ['サーヴァント', 'サーバント']],
  ['seals', ['令呪数', '令呪', '令呪画数']],
  ['rank', ['ランクレベル', 'ランク']],
  ['status', ['ステータス']],
];
const SECTION_WORDS: [SectionKey, string[]][] = [
  ['classSkills', ['クラス別スキル', 'クラススキル']],
  ['personalSkills', ['固有スキル', '保有スキル']],
  ['skills', ['スキル']],
  ['noblePhantasms', ['宝具']],
  ['gear', ['装備・アイテム', '装備', 'アイテム', '装備/アイテム', '礼装']],
  ['combos', ['スキルコンボ']],
  ['background', ['設定']],
  ['extra', ['未解析']],
];
const FIELDS = new Map<string, FieldKey>();
for (const [key, words] of FIELD_WORDS) for (const w of words) FIELDS.set(looseKey(w), key);
const SECTIONS = new Map<string, SectionKey>();
for (const [key, words] of SECTION_WORDS) for (const w of words) SECTIONS.set(looseKey(w), key);

export function fieldKey(word: string): FieldKey | undefined {
  return FIELDS.get(looseKey(word));
}
export function sectionKey(word: string): SectionKey | undefined {
  return SECTIONS.get(looseKey(word));
}

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
export const PROFILE_LABELS = [
  ['birthday', '誕生日'],
  ['bloodType', '血液型'],
  ['imageColor', 'イメージカラー'],
  ['talent', '特技'],
  ['likes', '好きなもの'],
  ['dislikes', '嫌いなもの'],
  ['reasonForWar', '聖杯戦争への参加理由'],
] as const;
export type ProfileKey = (typeof PROFILE_LABELS)[number][0];

/** Background sub-headings (L1594–1596). */
export const BACKGROUND_LABELS = [
  ['original', '原典設定'],
  ['warAdditions', '聖杯戦争追加設定'],
] as const;

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
].map(looseKey);
const PLACEHOLDER_SET = new Set(PLACEHOLDERS);
const EMPTY_MARKERS = new Set(['(なし)', 'なし', '(無し)', '無し', '-', '−'].map(looseKey));

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
export type BlockFieldKey = 'npRank' | 'mcRank' | 'type' | 'activation' | 'target' | 'mp' | 'dice' | 'fixed' | 'points' | 'effect';
export const BLOCK_FIELDS: [BlockFieldKey, string][] = [
  ['npRank', '宝具ランク'],
  ['mcRank', '礼装ランク'],
  ['type', '種類区分'],
  ['activation', '発動区分'],
  ['target', '対象区分'],
  ['mp', 'MP消費'],
  ['dice', 'ダイス判定プラス'],
  ['fixed', '固定値'],
  ['points', '装備ポイント'],
  ['effect', '効果'],
];
