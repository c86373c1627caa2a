// The blank character sheet `/sheet template` hands a player (issue 30 §5): the seed's templates
// (seed 001 L1532–1692: servant, master, troop), in the reader's language, with a one-line note above
// each field. The labels are the importer's own words (words.ts), so the text, filled in, imports
// as it is; the notes are passed over by the importer (ParseTextOptions.notes) and nothing else is.
import {
  BACKGROUND_WORDS, BLOCK_WORDS, type BlockFieldKey, FIELD_WORDS, type FieldKey, KIND_HEADER_WORDS, PROFILE_WORDS,
  type ProfileKey, SECTION_WORDS, type SectionKey, STATUS_WORDS, type SheetKind, type SheetLang, TEMPLATE_LINES, templateWord,
} from './words.js';

/** Where a note goes; its words are the catalog's `sheet.template.note.<key>`. */
export const TEMPLATE_NOTE_KEYS = [
  'origin', 'className', 'master', 'trueName', 'name', 'sex', 'heightWeight', 'alignment', 'servants', 'seals',
  'rank', 'rankTroop', 'statusServant', 'statusMaster', 'statusTroop', 'derived', 'classSkills', 'personalSkills',
  'skills', 'noblePhantasms', 'gear', 'ownedNp', 'combos', 'profile', 'background',
] as const;
export type TemplateNoteKey = (typeof TEMPLATE_NOTE_KEYS)[number];

/** A note line as the template writes it. */
export function noteLine(text: string): string {
  return `// ${text}`;
}

const RULE = '-'.repeat(40);

export function sheetTemplate(kind: SheetKind, lang: SheetLang, note: (key: TemplateNoteKey) => string): string {
  const f = (key: FieldKey) => templateWord(FIELD_WORDS[key], lang);
  const s = (key: SectionKey) => `【${templateWord(SECTION_WORDS[key], lang)}】`;
  const b = (key: BlockFieldKey) => `${templateWord(BLOCK_WORDS[key], lang)}:`;
  const lines = TEMPLATE_LINES[lang];
  const out: string[] = [`--${templateWord(KIND_HEADER_WORDS[kind], lang)}${RULE}`];
  const noted = (key: TemplateNoteKey, ...text: string[]) => out.push(noteLine(note(key)), ...text);
  const field = (key: FieldKey, value = '', noteKey: TemplateNoteKey = key as TemplateNoteKey) => noted(noteKey, `【${f(key)}】${value}`);

  if (kind === 'servant') {
    field('origin');
    field('className');
    field('master');
    field('trueName');
  } else {
    field('name');
  }
  field('sex');
  field('heightWeight', 'cm・kg');
  field('alignment', '・');
  if (kind === 'master') {
    field('servants');
    field('seals', lang === 'ja' ? '回' : lang === 'ko' ? '회' : '');
  }
  if (kind === 'troop') field('rank', lines.troopRank, 'rankTroop');
  else field('rank', ':「」「」「」「」「」「」');
  const st = (key: keyof typeof STATUS_WORDS) => templateWord(STATUS_WORDS[key], lang);
  const main = (['str', 'end', 'agi', 'mag', 'luk'] as const).map(st).join(' ');
  const sixth = kind === 'servant' ? st('np') : kind === 'master' ? st('soc') : `${st('soc')}${lang === 'en' ? ' or ' : 'or'}${st('np')}`;
  noted(kind === 'servant' ? 'statusServant' : kind === 'master' ? 'statusMaster' : 'statusTroop', `【${f('status')}】${main} ${sixth}`);
  noted('derived', '・HP:', '・MP:', '・IV:', '');

  const skill = [lines.skill, lines.details, '', lines.skill, lines.details, ''];
  if (kind === 'servant') {
    noted('classSkills', s('classSkills'), ...skill);
    noted('personalSkills', s('personalSkills'), ...skill);
    noted('noblePhantasms', s('noblePhantasms'), lines.npName, specialFields(b, 'npRank'), lines.details, '');
  } else {
    noted('skills', s('skills'), ...skill);
  }
  const normalGear = ['『』', `${b('points')} ${b('type')} ${b('effect')}`, ''];
  const mysticCode = ['『』', specialFields(b, 'mcRank'), lines.details, ''];
  noted('gear', s('gear'), ...normalGear, ...mysticCode);
  if (kind !== 'servant') noted('ownedNp', lines.ownedNpName, specialFields(b, 'npRank'), lines.details, '');
  noted('combos', s('combos'), lines.combo, '');
  if (kind !== 'troop') {
    const profile = (Object.keys(PROFILE_WORDS) as ProfileKey[]).map((k) => `${templateWord(PROFILE_WORDS[k], lang)}:`).join('/');
    noted('profile', `【${profile}】`, '');
  }
  noted('background', s('background'));
  if (kind === 'servant') out.push('', `・${templateWord(BACKGROUND_WORDS.original, lang)}`, '', `・${templateWord(BACKGROUND_WORDS.warAdditions, lang)}`);
  out.push('', RULE);
  return out.join('\n');
}

function specialFields(b: (key: BlockFieldKey) => string, rank: 'npRank' | 'mcRank'): string {
  return ([rank, 'type', 'activation', 'target', 'mp', 'dice', 'fixed'] as const).map(b).join(' ');
}
