// A public summary: what anyone at the table may see. No true name (seed 001 L297–314: the true name
// is secret until identified) and no free text (details, background, profile, unparsed lines).
import type { CharacterSheet, StatusKey } from './types.js';
import { displayGrade } from './grades.js';
import { STATUS_LABELS } from './labels.js';
import { NAMELESS } from './id.js';

export interface SheetSummary {
  name: string;
  type: CharacterSheet['type'];
  className?: string;
  /** "筋力A 耐久B 敏捷B 魔力C 幸運C 宝具A" */
  statuses: string;
  /** "対魔力 B", "魔力放出 D" … */
  skills: string[];
}

export function summarizeSheet(sheet: CharacterSheet): SheetSummary {
  const trueName = sheet.servant?.trueName ?? '';
  const className = sheet.servant?.className;
  // A servant whose display name is its true name is shown by class instead.
  let name = sheet.name;
  if (trueName !== '' && name.includes(trueName)) name = className && className !== '' ? className : NAMELESS;
  const keys: StatusKey[] = ['str', 'end', 'agi', 'mag', 'luk', 'np', 'soc'];
  const statuses = keys
    .flatMap((key) => {
      const g = sheet.statuses[key];
      return g ? [`${STATUS_LABELS[key]}${displayGrade(g)}`] : [];
    })
    .join(' ');
  const summary: SheetSummary = {
    name,
    type: sheet.type,
    statuses,
    skills: sheet.skills.map((s) => `${s.name} ${displayGrade(s.level)}`),
  };
  if (className !== undefined && className !== '') summary.className = className;
  return summary;
}
