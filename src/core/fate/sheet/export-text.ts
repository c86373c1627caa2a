// Writes a sheet back in the seed's template layout (seed 001 L1532–1692) with the values filled in.
// parseSheetText(exportSheetText(s)).sheet deep-equals s for every sheet the text importer produced
// (the round-trip tests run it on every fixture). Fields the templates have no place for (ids, FP
// ledger, mark modes other than a shared condition, added-effect details…) are JSON-only.
import type { CharacterSheet, Graded, NormalGear, SkillEntry, SpecialGear, StatusKey } from './types.js';
import { displayGrade, sharedCondition } from './grades.js';
import { BACKGROUND_LABELS, FIELD_LABEL, PROFILE_LABELS, SECTION_LABEL, STATUS_LABELS, TYPE_HEADER } from './labels.js';
import { canonicalAlignment, formatGearType, formatMeasure, readAlignment } from './fields.js';
import { sliceOf } from './slice.js';
import { NAMELESS } from './id.js';

const EMPTY = '(なし)';

export function exportSheetText(sheet: CharacterSheet): string {
  const out: string[] = [TYPE_HEADER[sheet.type]];
  // A value that itself starts with a colon gets one more: the importer drops one after 【…】.
  const field = (label: string, value: string) => out.push(`【${label}】${/^\s*[:：]/.test(value) ? ':' : ''}${value}`);

  if (sheet.servant) {
    field(FIELD_LABEL.origin, sheet.servant.origin);
    field(FIELD_LABEL.className, sheet.servant.className);
    field(FIELD_LABEL.master, sheet.servant.masterName ?? '');
    field(FIELD_LABEL.trueName, sheet.servant.trueName);
    const fallback = sheet.servant.className !== '' ? sheet.servant.className : NAMELESS;
    if (sheet.name !== fallback) field(FIELD_LABEL.name, sheet.name);
  } else {
    field(FIELD_LABEL.name, sheet.name);
  }
  field(FIELD_LABEL.sex, sheet.sex ?? '');
  field(FIELD_LABEL.heightWeight, `${formatMeasure(sheet.height, 'cm')}・${formatMeasure(sheet.weight, 'kg')}`);
  field(FIELD_LABEL.alignment, alignmentText(sheet));
  if (sheet.type === 'master') {
    field(FIELD_LABEL.servants, (sheet.master?.servantNames ?? []).join('、'));
    field(FIELD_LABEL.seals, `${sheet.master?.commandSealsWritten ?? ''}回`);
  }
  out.push(`【${FIELD_LABEL.rank}】${rankText(sheet)}`);
  field(FIELD_LABEL.status, statusText(sheet));
  const d = sheet.derivedWritten ?? {};
  out.push(`・HP:${d.hp ?? ''}`, `・MP:${d.mp ?? ''}`, `・IV:${d.iv ?? ''}`, '');

  out.push(...skillsText(sheet));

  if (sheet.type === 'servant') {
    out.push(`【${SECTION_LABEL.noblePhantasms}】`);
    if (!sheet.noblePhantasms.length) out.push(EMPTY, '');
    for (const np of sheet.noblePhantasms) out.push(...blockText(np, np.name), '');
  }
  out.push(`【${SECTION_LABEL.gear}】`);
  const npsInGear = sheet.type === 'servant' ? [] : sheet.noblePhantasms;
  if (!sheet.gear.length && !npsInGear.length) out.push(EMPTY, '');
  for (const g of sheet.gear) out.push(...blockText(g, g.name), '');
  for (const np of npsInGear) out.push(...blockText(np, `宝具・${np.name}`), '');

  out.push(`【${SECTION_LABEL.combos}】`);
  if (!sheet.combos.length) out.push(EMPTY);
  for (const c of sheet.combos) out.push(`(${c.name}):(${c.components.join('+')}):${c.details}`, '');
  out.push('');

  if (sheet.type !== 'troop' || sheet.profile) {
    const p = sheet.profile ?? {};
    out.push(`【${PROFILE_LABELS.map(([key, label]) => `${label}:${p[key] ?? ''}`).join('/')}】`, '');
  }

  // Free text starts on the heading's own line, so a first line that would read as a heading
  // itself ("【属性】…" written right after 「・原典設定」) stays text on the way back in.
  const bg = sheet.background;
  out.push(`【${SECTION_LABEL.background}】${bg.text === undefined ? '' : ` ${bg.text}`}`);
  for (const [key, label] of BACKGROUND_LABELS) {
    const value = bg[key];
    if (value === undefined && sheet.type !== 'servant') continue;
    out.push('', `・${label}${inline(value)}`);
  }

  if (sheet.extraText?.length) out.push('', `【${SECTION_LABEL.extra}】`, ...sheet.extraText);
  return out.join('\n') + '\n';
}

/** " text" after a heading; ":" instead of the space when the text itself starts with a colon. */
function inline(text: string | undefined): string {
  if (text === undefined || text === '') return '';
  return (/^\s*[:：]/.test(text) ? ':' : ' ') + text;
}

function alignmentText(sheet: CharacterSheet): string {
  const a = sheet.alignment;
  if (!a) return '・';
  if (a.written !== undefined) {
    const reread = readAlignment(sliceOf(a.written));
    if (reread && reread.purpose === a.purpose && reread.conduct === a.conduct && reread.preMadness === a.preMadness) return a.written;
  }
  return canonicalAlignment(a);
}

function rankText(sheet: CharacterSheet): string {
  const { names, level, bonus } = sheet.rank;
  if (sheet.type === 'troop') return `:${level}`;
  const written = bonus ? String(level + bonus) : '';
  const list = names.length ? names.map((n) => `「${n}」`).join('') : '「」「」「」「」「」「」';
  return `${written}:${list}`;
}

function gradeText(g: Graded): string {
  const condition = sharedCondition(g);
  return displayGrade(g) + (condition === undefined ? '' : `(${condition})`);
}

function statusText(sheet: CharacterSheet): string {
  const keys: StatusKey[] = ['str', 'end', 'agi', 'mag', 'luk', 'np', 'soc'];
  return keys
    .flatMap((key) => {
      const g = sheet.statuses[key];
      return g ? [`${STATUS_LABELS[key]}${gradeText(g)}`] : [];
    })
    .join(' ');
}

const SECTION_OF: Record<SkillEntry['section'], string> = {
  class: SECTION_LABEL.classSkills,
  personal: SECTION_LABEL.personalSkills,
  general: SECTION_LABEL.skills,
};

/** Skills in their stored order; a header whenever the section changes; empty template sections as "(なし)". */
function skillsText(sheet: CharacterSheet): string[] {
  const out: string[] = [];
  const required: SkillEntry['section'][] = sheet.type === 'servant' ? ['class', 'personal'] : ['general'];
  const present = new Set(sheet.skills.map((s) => s.section));
  const first = required[0];
  if (first && !present.has(first)) out.push(`【${SECTION_OF[first]}】`, EMPTY, '');
  let current: SkillEntry['section'] | undefined;
  for (const skill of sheet.skills) {
    if (skill.section !== current) {
      current = skill.section;
      out.push(`【${SECTION_OF[current]}】`);
    }
    out.push(`${skill.name}:${gradeText(skill.level)}`);
    if (skill.details !== '') out.push(`:${skill.details}`);
    out.push('');
  }
  for (const section of required.slice(1)) if (!present.has(section)) out.push(`【${SECTION_OF[section]}】`, EMPTY, '');
  return out;
}

function blockText(g: NormalGear | SpecialGear, title: string): string[] {
  const out = [`『${title}』`];
  if (isSpecial(g)) {
    const fields = [
      `${g.kind === 'noblePhantasm' ? '宝具ランク' : '礼装ランク'}:${displayGrade(g.rank)}`,
      `種類区分:${g.type ? formatGearType(g.type, g.subtype) : ''}`,
      `発動区分:${g.activation ?? ''}`,
      `対象区分:${g.target ?? ''}`,
      `MP消費:${g.mpCost ? (g.mpCost.written ?? (g.mpCost.value === null ? '' : String(g.mpCost.value))) : ''}`,
      `ダイス判定プラス:${diceText(g.dicePlus)}`,
      `固定値:${fixedText(g.fixed)}`,
    ];
    if (g.equipmentPoints !== undefined) fields.push(`装備ポイント:${g.equipmentPoints}`);
    out.push(fields.join(' '));
    if (g.details !== '') out.push(`:${g.details}`);
  } else {
    out.push(`装備ポイント:${g.pointsWritten ?? g.equipmentPoints} 種類区分:${g.type ? formatGearType(g.type, g.subtype) : ''} 効果:${g.effect}`);
    if (g.details !== undefined && g.details !== '') out.push(`:${g.details}`);
  }
  return out;
}

function isSpecial(g: NormalGear | SpecialGear): g is SpecialGear {
  return g.kind === 'noblePhantasm' || g.kind === 'mysticCode';
}

function diceText(d: SpecialGear['dicePlus']): string {
  if (!d) return '';
  if (d.written !== undefined) return d.written;
  return `${d.dice}d6(${d.threshold}以下)${d.altDice === undefined ? '' : `(単体攻撃時${d.altDice}d6)`}`;
}

function fixedText(f: SpecialGear['fixed']): string {
  if (!f) return '';
  if (f.written !== undefined) return f.written;
  const parts: string[] = [];
  if (f.attack !== undefined) parts.push(`攻撃力+${f.attack}`);
  if (f.defense !== undefined) parts.push(`防御力+${f.defense}`);
  if (f.iv !== undefined) parts.push(`IV+${f.iv}`);
  if (f.meleeDefensePenalty !== undefined) parts.push(`白兵防御−${f.meleeDefensePenalty}`);
  return parts.join(' ');
}
