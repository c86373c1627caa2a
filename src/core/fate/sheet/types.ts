// The character sheet as data: what is written (kept verbatim for round trips) and structured
// values the rules use. Shape from ../shared/rules/fate-roll-dice-sheets.md §9.1 (seed 001 L1527–1694).
// Refinements over the digest (all optional additions or loosened requirements, field names kept):
//  - CharacterSheet.alignment is optional (a sheet may leave 【属性】 blank), extraText added.
//  - troop.ownerId / troop.acquiredVia are optional (the troop template does not print them).
//  - SpecialGear.type/activation/target/mpCost/dicePlus are optional (blank template fields).
//  - NormalGear.type is optional; NormalGear.details and NormalGear.pointsWritten added.
//  - `written` strings are kept only when they differ from the canonical spelling (formatGrade etc.).

export type Grade = "-" | "E" | "D" | "C" | "B" | "A" | "EX";          // "-" = none (level 0)
export const LEVEL: Record<Grade, number> = { "-":0, E:1, D:2, C:3, B:4, A:5, EX:6 };

export interface Mark {                       // one "+" or "−"
  sign: "+" | "-";
  mode: "pay" | "condition";           // pay = HP/MP payment (§2); condition = preset condition
  condition?: string;                  // required when mode = "condition"
}
export interface Graded {
  grade: Grade | "??";                 // "??" only for the ?? skill
  marks: Mark[];                       // status ≤2, skill ≤3, NP/MC ≤ same as its +max
  written?: string;                    // as on sheet: "A++", "B−", "EX"
}

export interface Alignment {
  purpose: "秩序" | "中立" | "混沌";
  conduct: "善" | "中庸" | "悪" | "狂";
  preMadness?: "善" | "中庸" | "悪";   // for "狂(善)"; absent = innate madness
  written?: string;                    // "混沌・狂(善)"
}

export interface Statuses {                   // 筋力 耐久 敏捷 魔力 幸運 + 宝具|社会
  str: Graded; end: Graded; agi: Graded; mag: Graded; luk: Graded;
  np?: Graded;                         // 宝具 (servants, NP-type troops)
  soc?: Graded;                        // 社会 (masters, social troops)
}

export interface SkillEntry {
  id?: string;                         // catalogue key, e.g. "magecraft", "charisma"; absent for custom skills
  name: string;                        // as written: "魔術・宝石", "悪癖・短気"
  specifier?: string;                  // the ○○ part: "宝石", "竜", "短気"
  section: "class" | "personal" | "general";   // 【クラス別スキル】|【固有スキル】|【スキル】
  level: Graded;
  fpPerLevel: number | null;           // may be ≤0; null for ??/"equivalent"
  fpSpent: number;                     // negative for minus skills
  options?: string[];                  // chosen sub-effects: magic branches, 魔眼/武術 effects, ○殺 options, ホムンクルス picks, 聖人 mode…
  restriction?: string;                // 使用制限
  risk?: string;                       // 使用リスク
  details: string;                     // the ":(…)" line, verbatim
  gmApproved?: boolean;
}

export type GearType = "武器" | "防具" | "乗騎" | "結界" | "能力" | "道具" | "アイテム";
export type GearSubtype =
  | "白兵" | "射撃" | "両用" | "魔術"                  // weapons
  | "対物" | "対魔" | "両用防具"                        // armor
  | "白兵乗騎" | "射撃乗騎" | "両用乗騎" | "魔術乗騎" | "機動乗騎"
  | `装甲${"白兵"|"射撃"|"両用"|"魔術"|"機動"}乗騎`;

export interface FixedValues { attack?: number; defense?: number; defenseVs?: "物理" | "魔術" | "両方";
                        iv?: number; meleeDefensePenalty?: number; written?: string; }

export interface NormalGear {                 // 『』装備ポイント: 種類区分: 効果:
  kind: "normal" | "heroic" | "item";  // heroic = 英霊通常装備 (paid by MP drain)
  name: string;
  equipmentPoints: number;             // heroic: MP drained
  pointsWritten?: string;              // 装備ポイント as printed when not just the number: "4(英霊通常装備・MP4常時消費)"
  type?: GearType; subtype?: GearSubtype;   // absent = 種類区分 left blank
  effect: string;                      // 効果 verbatim
  details?: string;                    // a ":(…)" line under the block, verbatim (not in the template, but people write it)
  fixed?: FixedValues;
  source?: "常備化P" | "財産P" | "MP" | "道具作成" | "動物使役" | "other";
  pointsSpent?: number;                // 常備化P/財産P/MP spent on it
  daily?: boolean;                     // once-per-day item (常備化P uses 2–5)
  consumable?: boolean;                // one-shot item (財産P uses 3–4)
}

export interface AddedEffect {
  name: string;                        // "必中", "使用時真名判明", "特殊追加効果:…"
  polarity: "plus" | "minus" | "zero" | "special";
  spec?: string;                       // ○○ content, condition, chosen option (HP/MP, BS type…)
  copies?: number;                     // stack count (default 1)
}

export interface SpecialGear {                // 宝具 / 礼装 block
  kind: "noblePhantasm" | "mysticCode";
  name: string;
  rank: Graded;                        // 宝具ランク / 礼装ランク ("-" with a warning when left blank)
  type?: GearType; subtype?: GearSubtype;   // absent = 種類区分 left blank
  activation?: "常時" | "継続" | "単発";    // absent = 発動区分 left blank
  target?: "対人" | "対軍" | "対城" | "対界" | "特殊"; // absent = 対象区分 left blank
  mpCost?: { value: number | null; timing: "drain" | "onActivate" | "afterUse"; written?: string };
  dicePlus?: { dice: number; threshold: number; altDice?: number; written?: string }; // altDice: e.g. 対城 single-target ×2
  fixed?: FixedValues;
  effects: AddedEffect[];
  details: string;                     // ":(…)" line verbatim
  acquiredVia?: "宝具ステータス" | "伝承保菌者" | "真性悪魔" | "常備化P" | "道具作成" | "家伝触媒" | "皇帝特権" | "other";
  equipmentPoints?: number;            // MC: EP spent
  modes?: Omit<SpecialGear, "modes">[];// 特性切替 alternative data sets
  troopId?: string;                    // troop granted by トループ effect
  usesMax?: number;                    // 使用回数限定
}

export interface SkillCombo { name: string; components: string[]; fpCost: number; mpCost: number; details: string; }

export interface Profile { birthday?: string; bloodType?: string; imageColor?: string; talent?: string;
                    likes?: string; dislikes?: string; reasonForWar?: string; }

export interface CharacterSheet {
  schema: "fate-roll-dice/sheet@1";
  id: string;
  type: "servant" | "master" | "troop";
  name: string;                        // 【名前】; servants: display name (class or alias)
  servant?: { origin: string;          // 【原典】
              className: string;       // 【クラス】 e.g. "セイバー", "フェイク・アサシン"
              masterId?: string; masterName?: string;  // 【マスター】
              trueName: string; };     // 【真名】 (secret; see visibility)
  master?: { servantIds: string[]; servantNames: string[]; // 【サーヴァント】
             commandSealsWritten?: number; };              // 【令呪数】as printed
  troop?: { ownerId?: string; acquiredVia?: "財産P" | "常備化P" | "魔術" | "礼装" | "宝具";
            sourceGearId?: string; sixthStatus: "soc" | "np"; };
  sex?: string;
  height?: { value?: number; text?: string };     // cm; troop ranges as text "160〜180"
  weight?: { value?: number; text?: string };     // kg
  alignment?: Alignment;               // absent = 【属性】 left blank
  rank: { names: string[];             // 「」×6 (servant/master); empty for troops
          level: number;               // R (servant 7–12, master 1–6+, troop 1–6)
          bonus?: number; };           // e.g. +1 per 6 FP from 成長性
  fp: { total: number;                 // 6R + gains (成長性, 黒化, 自己封印, impairment…)
        spent: number; remaining: number;
        ledger?: { item: string; fp: number }[]; };
  statuses: Statuses;
  derivedWritten?: { hp?: number; mp?: number; iv?: number };   // as printed on the sheet
  skills: SkillEntry[];
  noblePhantasms: SpecialGear[];       // 【宝具】 / 『宝具・…』
  gear: (NormalGear | SpecialGear)[];  // 【装備・アイテム】 normal, heroic, items, MCs
  combos: SkillCombo[];                // 【スキルコンボ】
  profile?: Profile;                   // servant/master only
  background: { original?: string;     // ・原典設定 (servant)
                warAdditions?: string; // ・聖杯戦争追加設定 (servant)
                text?: string; };      // 【設定】 (master/troop)
  markConditionsNote?: string;         // +/− conditions if written in 設定
  extraText?: string[];                // lines the text importer did not understand, verbatim, in order;
                                       // exported under 【未解析】 so export → import keeps them
  origin?: "ccfolia";                  // made by a Ccfolia import (issue 21 §2): no Fate statuses of its own,
                                       // its numbers are the runtime's HP/MP and Ccfolia status bars
}

export interface CharacterState {             // runtime, per war/session
  sheetId: string;
  hp: { current: number; tempShield?: number /* 達成値HP防具 */; surplus?: number /* 魂食らい over max */ };
  mp: { current: number; drains: { source: string; amount: number }[]; surplus?: number };
  luckRerolls: { perDay: number; usedToday: number; poolWith?: string /* partner id, by consent */ };
  commandSeals?: { remaining: number; used: { when: string; effect: string }[] };
  wealth?: { max: number; current: number };                 // 財産P
  stock?: { max: number; allocation: { gearId: string; points: number }[] }; // 常備化P
  dailyUsed: Record<string, boolean>;   // once-per-day items/effects → reset at day end
  consumables: { name: string; effect: string; count: number }[];
  counters: Record<string, number>;     // see §10 keys
  badStatuses: { kind: "継続ダメージ" | "行動阻害" | "other"; strength: number; nature: "物理" | "魔術" | "精神";
                 targets?: "HP" | "MP" | "physical" | "magical" | "luck"; source: string; stacking?: "separate" | "sum" }[];
  activeEffects: { source: string; until: "sceneEnd" | "combatEnd" | "turnN" | "dayEnd" | "released"; turnsLeft?: number }[];
  supportPool?: number;                 // master 支援 bonus not yet spent
  longChantCarry?: number;              // 長期詠唱 carried achievement
  flags: { masterless?: boolean; unconscious?: boolean; incapacitated?: boolean; allNighter?: number;
           mad?: boolean; disguised?: boolean; hidden?: boolean; flying?: boolean; trueNameKnownBy?: string[] };
  reactions?: Record<string, number>;   // reaction modifier toward other character ids (−6…+6)
  lostGear?: { gearId: string; reacquireAt?: string /* day index */; permanent?: boolean }[];
}

/** Status keys in sheet order; `np` for servants (and NP troops), `soc` for masters (and social troops). */
export type StatusKey = keyof Statuses;
export const STATUS_KEYS: readonly StatusKey[] = ['str', 'end', 'agi', 'mag', 'luk', 'np', 'soc'];
