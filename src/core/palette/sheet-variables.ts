// {変数} a Fate/roll dice sheet provides to a palette: statuses by their ja/en/ko names and keys
// (level; `{筋力ダイス}` the check's dice), skills by name (level), HP/MP now and at most, IV.
import type { Grade } from '../fate/sheet/types.js';

export interface SheetFacts {
  statuses: Partial<Record<string, { level: number; dice: number }>>;
  skills: { name: string; grade: Grade | '??' }[];
  hp: number;
  mp: number;
  maxHp: number;
  maxMp: number;
  iv: number;
}

const STATUS_NAMES: Readonly<Record<string, string[]>> = {
  str: ['筋力', 'STR', '근력'],
  end: ['耐久', 'END', '내구'],
  agi: ['敏捷', 'AGI', '민첩'],
  mag: ['魔力', 'MAG', '마력'],
  luk: ['幸運', 'LUK', '행운'],
  np: ['宝具', 'NP', '보구'],
  soc: ['社会', 'SOC', '사회'],
};

const GRADE_LEVEL: Readonly<Record<string, number>> = { '-': 0, E: 1, D: 2, C: 3, B: 4, A: 5, EX: 6 };

export function sheetVariables(facts: SheetFacts): Record<string, string> {
  const vars: Record<string, string> = {
    HP: String(facts.hp),
    MP: String(facts.mp),
    最大HP: String(facts.maxHp),
    最大MP: String(facts.maxMp),
    maxHP: String(facts.maxHp),
    maxMP: String(facts.maxMp),
    IV: String(facts.iv),
  };
  for (const [key, names] of Object.entries(STATUS_NAMES)) {
    const s = facts.statuses[key];
    if (!s) continue;
    for (const n of names) {
      vars[n] = String(s.level);
      vars[`${n}ダイス`] = String(s.dice);
    }
  }
  for (const skill of facts.skills) vars[skill.name] = String(GRADE_LEVEL[skill.grade] ?? 0);
  return vars;
}
