// The words of the sheet templates in the three languages a table writes them in (issue 30 §5).
// The seed's templates are Japanese (seed 001 L1532–1692); Korean tables write the same fields with
// the Sino-Korean readings Korean Fate communities use (근력 내구 민첩 마력 행운 보구, 영주/령주 —
// seed 000 writes 령주, our catalogs 영주), English tables with the usual English names. The first
// word of each language is the template's spelling (`/sheet template`), the others are variants a
// sheet may use. Every word here reads exactly like its Japanese one; nothing else differs.
import type { StatusKey } from './types.js';

export const SHEET_LANGS = ['ja', 'ko', 'en'] as const;
export type SheetLang = (typeof SHEET_LANGS)[number];
export type Words = Readonly<Record<SheetLang, readonly string[]>>;

export type FieldKey =
  | 'origin' | 'className' | 'master' | 'trueName' | 'name' | 'sex' | 'heightWeight' | 'height' | 'weight'
  | 'alignment' | 'servants' | 'seals' | 'rank' | 'status';
export type SectionKey = 'classSkills' | 'personalSkills' | 'skills' | 'noblePhantasms' | 'gear' | 'combos' | 'background' | 'extra';
export type BlockFieldKey = 'npRank' | 'mcRank' | 'type' | 'activation' | 'target' | 'mp' | 'dice' | 'fixed' | 'points' | 'effect';
export type ProfileKey = 'birthday' | 'bloodType' | 'imageColor' | 'talent' | 'likes' | 'dislikes' | 'reasonForWar';
export type BackgroundKey = 'original' | 'warAdditions';
export type SheetKind = 'servant' | 'master' | 'troop';

/** 【…】 one-line fields (L1533–1546, L1598–1611, L1649–1658). */
export const FIELD_WORDS: Readonly<Record<FieldKey, Words>> = {
  origin: { ja: ['原典', '出典'], ko: ['원전', '출전'], en: ['Origin', 'Source'] },
  className: { ja: ['クラス'], ko: ['클래스'], en: ['Class'] },
  master: { ja: ['マスター'], ko: ['마스터'], en: ['Master'] },
  trueName: { ja: ['真名'], ko: ['진명'], en: ['True name'] },
  name: { ja: ['名前', '氏名', 'キャラクター名', 'PC名'], ko: ['이름', '캐릭터명', '캐릭터 이름', 'PC명'], en: ['Name', 'Character name', 'PC name'] },
  sex: { ja: ['性別'], ko: ['성별'], en: ['Sex', 'Gender'] },
  heightWeight: { ja: ['身長・体重', '身長/体重', '身長体重'], ko: ['신장・체중', '신장/체중', '키・몸무게', '키/몸무게'], en: ['Height・Weight', 'Height/Weight'] },
  height: { ja: ['身長'], ko: ['신장', '키'], en: ['Height'] },
  weight: { ja: ['体重'], ko: ['체중', '몸무게'], en: ['Weight'] },
  alignment: { ja: ['属性'], ko: ['속성', '성향'], en: ['Alignment'] },
  servants: { ja: ['サーヴァント', 'サーバント'], ko: ['서번트'], en: ['Servant', 'Servants'] },
  seals: { ja: ['令呪数', '令呪', '令呪画数'], ko: ['영주 수', '령주 수', '영주', '령주', '영주 획수'], en: ['Command Seals', 'Command Seal', 'Seals'] },
  rank: { ja: ['ランクレベル', 'ランク'], ko: ['랭크 레벨', '랭크'], en: ['Rank level', 'Rank'] },
  status: { ja: ['ステータス'], ko: ['스테이터스', '능력치'], en: ['Statuses', 'Status', 'Stats'] },
};

/** 【…】 section headings. */
export const SECTION_WORDS: Readonly<Record<SectionKey, Words>> = {
  classSkills: { ja: ['クラス別スキル', 'クラススキル'], ko: ['클래스별 스킬', '클래스 스킬'], en: ['Class skills'] },
  personalSkills: { ja: ['固有スキル', '保有スキル'], ko: ['고유 스킬', '보유 스킬'], en: ['Personal skills'] },
  skills: { ja: ['スキル'], ko: ['스킬'], en: ['Skills'] },
  noblePhantasms: { ja: ['宝具'], ko: ['보구'], en: ['Noble Phantasms', 'Noble Phantasm'] },
  gear: { ja: ['装備・アイテム', '装備', 'アイテム', '装備/アイテム', '礼装'], ko: ['장비・아이템', '장비/아이템', '장비', '아이템', '예장'], en: ['Equipment・Items', 'Equipment/Items', 'Equipment', 'Items', 'Gear'] },
  combos: { ja: ['スキルコンボ'], ko: ['스킬 콤보'], en: ['Skill combos'] },
  background: { ja: ['設定'], ko: ['설정'], en: ['Background'] },
  extra: { ja: ['未解析'], ko: ['미해석'], en: ['Not understood'] },
};

/** Status words (L862): the same seven statuses; English also by their three-letter keys. */
export const STATUS_WORDS: Readonly<Record<StatusKey, Words>> = {
  str: { ja: ['筋力'], ko: ['근력'], en: ['STR', 'Strength'] },
  end: { ja: ['耐久'], ko: ['내구'], en: ['END', 'Endurance'] },
  agi: { ja: ['敏捷'], ko: ['민첩'], en: ['AGI', 'Agility'] },
  mag: { ja: ['魔力'], ko: ['마력'], en: ['MAG', 'Magic', 'Mana'] },
  luk: { ja: ['幸運'], ko: ['행운'], en: ['LUK', 'Luck'] },
  np: { ja: ['宝具'], ko: ['보구'], en: ['NP', 'Noble Phantasm'] },
  soc: { ja: ['社会'], ko: ['사회'], en: ['SOC', 'Social'] },
};

/** NP / mystic code / gear block fields (L1567, L1574–1589). */
export const BLOCK_WORDS: Readonly<Record<BlockFieldKey, Words>> = {
  npRank: { ja: ['宝具ランク'], ko: ['보구 랭크'], en: ['NP rank'] },
  mcRank: { ja: ['礼装ランク'], ko: ['예장 랭크'], en: ['Mystic Code rank', 'MC rank'] },
  type: { ja: ['種類区分'], ko: ['종류 구분', '종류'], en: ['Type'] },
  activation: { ja: ['発動区分'], ko: ['발동 구분', '발동'], en: ['Activation'] },
  target: { ja: ['対象区分'], ko: ['대상 구분', '대상'], en: ['Target'] },
  mp: { ja: ['MP消費'], ko: ['MP 소비'], en: ['MP cost'] },
  dice: { ja: ['ダイス判定プラス'], ko: ['주사위 판정 플러스'], en: ['Dice plus'] },
  fixed: { ja: ['固定値'], ko: ['고정값', '고정치'], en: ['Fixed value', 'Fixed'] },
  points: { ja: ['装備ポイント'], ko: ['장비 포인트'], en: ['Equipment points'] },
  effect: { ja: ['効果'], ko: ['효과'], en: ['Effect'] },
};

/** The profile line 【誕生日:/血液型:/…】 (L1592). */
export const PROFILE_WORDS: Readonly<Record<ProfileKey, Words>> = {
  birthday: { ja: ['誕生日'], ko: ['생일'], en: ['Birthday'] },
  bloodType: { ja: ['血液型'], ko: ['혈액형'], en: ['Blood type'] },
  imageColor: { ja: ['イメージカラー'], ko: ['이미지 컬러'], en: ['Image color', 'Image colour'] },
  talent: { ja: ['特技'], ko: ['특기'], en: ['Talent'] },
  likes: { ja: ['好きなもの'], ko: ['좋아하는 것'], en: ['Likes'] },
  dislikes: { ja: ['嫌いなもの'], ko: ['싫어하는 것'], en: ['Dislikes'] },
  reasonForWar: { ja: ['聖杯戦争への参加理由'], ko: ['성배전쟁 참가 이유'], en: ['Reason for joining the war'] },
};

/** Background sub-headings (L1594–1596). */
export const BACKGROUND_WORDS: Readonly<Record<BackgroundKey, Words>> = {
  original: { ja: ['原典設定'], ko: ['원전 설정'], en: ['Original lore'] },
  warAdditions: { ja: ['聖杯戦争追加設定'], ko: ['성배전쟁 추가 설정'], en: ['Grail War additions'] },
};

/** Template header lines "--サーヴァント用キャラクターシート--" (L1532, L1597, L1648). */
export const KIND_HEADER_WORDS: Readonly<Record<SheetKind, Words>> = {
  servant: { ja: ['サーヴァント用キャラクターシート'], ko: ['서번트용 캐릭터 시트'], en: ['Servant character sheet'] },
  master: { ja: ['マスター用キャラクターシート'], ko: ['마스터용 캐릭터 시트'], en: ['Master character sheet'] },
  troop: { ja: ['トループ用キャラクターシート'], ko: ['트룹용 캐릭터 시트'], en: ['Troop character sheet'] },
};

/**
 * Values with a fixed vocabulary, by their Japanese word (the stored value): alignment (L850–856),
 * gear types and kinds (L1000–1010, §5.6), activation and target (L1567), seal counters.
 */
export const VALUE_WORDS: Readonly<Record<string, Omit<Words, 'ja'>>> = {
  秩序: { ko: ['질서'], en: ['Lawful'] },
  中立: { ko: ['중립'], en: ['Neutral'] },
  混沌: { ko: ['혼돈'], en: ['Chaotic'] },
  善: { ko: ['선'], en: ['Good'] },
  中庸: { ko: ['중용'], en: ['Balanced'] },
  悪: { ko: ['악'], en: ['Evil'] },
  狂: { ko: ['광'], en: ['Mad', 'Madness'] },
  武器: { ko: ['무기'], en: ['Weapon'] },
  防具: { ko: ['방어구', '방구'], en: ['Armor', 'Armour'] },
  乗騎: { ko: ['탈것', '승기'], en: ['Mount'] },
  結界: { ko: ['결계'], en: ['Barrier', 'Bounded field'] },
  能力: { ko: ['능력'], en: ['Ability'] },
  道具: { ko: ['도구'], en: ['Tool'] },
  アイテム: { ko: ['아이템'], en: ['Item'] },
  白兵: { ko: ['백병'], en: ['Melee'] },
  射撃: { ko: ['사격'], en: ['Ranged'] },
  両用: { ko: ['양용'], en: ['Dual', 'Both'] },
  魔術: { ko: ['마술'], en: ['Magecraft', 'Magic'] },
  機動: { ko: ['기동'], en: ['Mobile'] },
  対物: { ko: ['대물'], en: ['Physical'] },
  対魔: { ko: ['대마'], en: ['Magical'] },
  常時: { ko: ['상시'], en: ['Constant', 'Always'] },
  継続: { ko: ['계속', '지속'], en: ['Continuous'] },
  単発: { ko: ['단발'], en: ['Single', 'Once'] },
  対人: { ko: ['대인'], en: ['Anti-Personnel'] },
  対軍: { ko: ['대군'], en: ['Anti-Army'] },
  対城: { ko: ['대성'], en: ['Anti-Fortress'] },
  対界: { ko: ['대계'], en: ['Anti-World'] },
  特殊: { ko: ['특수'], en: ['Special'] },
};

/** Words written for "none" where a list or a value is empty. */
export const NONE_WORDS: Readonly<Omit<Words, 'ja'>> = { ko: ['없음', '(없음)'], en: ['none', '(none)'] };

/** Every spelling of one entry, all languages. */
export function allWords(w: Words): string[] {
  return [...w.ja, ...w.ko, ...w.en];
}

/** The template's spelling in one language. */
export function templateWord(w: Words, lang: SheetLang): string {
  return w[lang][0] ?? w.ja[0] ?? '';
}

/** A regex alternation of the given words, longest first (so 보구 랭크 wins over 보구), regex-escaped. */
export function alternation(words: readonly string[]): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s*'))
    .join('|');
}

/** The blank template's instruction lines; an untouched one reads as blank (L1548–1589, L1652–1653). */
export interface TemplateLines {
  skill: string;
  details: string;
  npName: string;
  ownedNpName: string;
  combo: string;
  troopRank: string;
}
export const TEMPLATE_LINES: Readonly<Record<SheetLang, TemplateLines>> = {
  ja: {
    skill: 'スキル名:ランク',
    details: ':(効果詳細・使用制限・使用リスク・+or−条件等)',
    npName: '『(宝具名)』',
    ownedNpName: '『宝具・(宝具名、伝承保菌者等で取得した時のみ記載)』',
    combo: '(スキルコンボ名):(+++):効果詳細',
    troopRank: ':(サーヴァント・マスターと異なり数字で表記)',
  },
  ko: {
    skill: '스킬명:랭크',
    details: ':(효과 상세・사용 제한・사용 리스크・+or− 조건 등)',
    npName: '『(보구명)』',
    ownedNpName: '『보구・(보구명, 전승보균자 등으로 얻었을 때만 기재)』',
    combo: '(스킬 콤보명):(+++):효과 상세',
    troopRank: ':(서번트・마스터와 달리 숫자로 표기)',
  },
  en: {
    skill: 'Skill name:Rank',
    details: ':(effect details・limits・risks・+/− conditions)',
    npName: '『(NP name)』',
    ownedNpName: '『NP・(NP name, only when gained as an inheritor of legend or the like)』',
    combo: '(combo name):(+++):effect details',
    troopRank: ':(a number, unlike servants and masters)',
  },
};
