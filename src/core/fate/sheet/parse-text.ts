// Reads the community 【field】 text sheets (seed 001 L1527–1694: servant, master and troop templates)
// into a CharacterSheet. Nothing is dropped silently: a line (or part of a line) that is not understood
// is reported in `unparsed` with its 1-based line number and kept verbatim in `sheet.extraText`, which
// the exporter writes back under 【未解析】 so export → import keeps it.
import type {
  CharacterSheet, Graded, NormalGear, Profile, SkillCombo, SkillEntry, SpecialGear, StatusKey, Statuses,
} from './types.js';
import type { SheetParseResult, SheetWarning, UnparsedLine } from './result.js';
import { SheetError } from './errors.js';
import { SHEET_BOUNDS, SHEET_LIMITS, boundedInt } from './limits.js';
import { charCount, utf8Bytes, widthNorm } from './normalize.js';
import { type Slice, dropBullet, dropColon, joinBlock, sliceOf, sub, trim } from './slice.js';
import { GRADE_TOKEN, gradeFromParts, formatGrade, withCondition } from './grades.js';
import {
  BACKGROUND_SPELLINGS, BLOCK_ALTERNATION, type BlockFieldKey, type FieldKey, HEADER_RE, MAIN_STATUS_KEYS,
  type ProfileKey, type SectionKey, STATUS_ALTERNATION, STATUS_LABELS, blockFieldKey, fieldKey, headerKind, isEmptyMarker,
  isPlaceholder, sectionKey, statusKeyOf,
} from './labels.js';
import { looseKey } from './normalize.js';
import { SHEET_LANGS, STATUS_WORDS, type SheetLang, alternation } from './words.js';
import {
  ACTIVATIONS, type Measure, TARGETS, canonicalValue, readAddedEffects, readAlignment, readDicePlus, readFixedNumbers,
  readGearType, readHeightWeight, readMpCost, readNameList, readProfile, readRank, readSeals,
} from './fields.js';
import { MAX_SKILL_MARKS, MAX_STATUS_MARKS, gradeWarnings, rankFromNames, sheetWarnings } from './checks.js';
import { fpTotalFor } from './derive.js';
import { NAMELESS, defaultSheetId } from './id.js';

type SheetType = CharacterSheet['type'];

export interface ParseTextOptions {
  /** Sheet id; default: a hash of type and name (stable across export → import). */
  id?: string;
  /** "text" (a modal, ≤ maxTextLength characters) or "file" (≤ maxFileBytes bytes). Default "text". */
  source?: 'text' | 'file';
  /**
   * Lines to pass over, compared loosely (looseKey): the notes `/sheet template` writes above each
   * field, in every language. Only these exact lines are skipped; anything a player wrote is read.
   */
  notes?: ReadonlySet<string>;
}

const BRACKET_RE = /^\s*【([^】]*)】(.*)$/;
const SEPARATOR_RE = /^\s*[-─━―=_~〜ー]{10,}\s*$/;
// Status words of the three languages (words.ts); English ones in any case. The troop template's
// sixth status "社会or宝具" / "사회or보구" / "SOC or NP" is a label, not a grade.
const NP_WORDS = alternation([...STATUS_WORDS.np.ja, ...STATUS_WORDS.np.ko, ...STATUS_WORDS.np.en]);
const STATUS_TOKEN_SOURCE =
  `(${STATUS_ALTERNATION})(\\s*or\\s*(?:${NP_WORDS}))?\\s*:?\\s*(?:${GRADE_TOKEN}(?:\\(([^()]*)\\))?)?(?=$|[\\s/・,、|]|${STATUS_ALTERNATION}|HP|MP|IV)`;
const STATUS_TOKEN_RE = new RegExp(STATUS_TOKEN_SOURCE, 'dgi');
const STATUS_START_RE = new RegExp(`^(?:${STATUS_TOKEN_SOURCE})`, 'i');
const DERIVED_TOKEN_SOURCE = '(HP|MP|IV)\\s*(?::\\s*(\\d*)|(\\d+))(?=$|[\\s/・,、|(]|HP|MP|IV)';
const DERIVED_TOKEN_RE = new RegExp(DERIVED_TOKEN_SOURCE, 'g');
const DERIVED_START_RE = new RegExp(`^(?:${DERIVED_TOKEN_SOURCE})`);
const SKILL_COLON_RE = new RegExp(`^([^:\\s][^:]*?)\\s*:\\s*${GRADE_TOKEN}\\s*(?:\\(([^()]*)\\))?\\s*$`, 'd');
const SKILL_SPACE_RE = new RegExp(`^([^:\\s。、]{1,30})\\s+${GRADE_TOKEN}\\s*$`, 'd');
const COMBO_RE = /^\s*([^:]+?)\s*:\s*([^:]*?)\s*:(.*)$/;

interface SkillDraft { entry: SkillEntry; details: string[]; started: boolean }
interface BlockDraft {
  name: Slice;
  line: number;
  lines: number[];
  fields: Map<BlockFieldKey, { v: Slice; line: number }>;
  details: string[];
  started: boolean;
  section: 'noblePhantasms' | 'gear';
}
interface ComboDraft { combo: SkillCombo; details: string[] }
type BackgroundPart = 'text' | 'original' | 'warAdditions';

type State =
  | { kind: 'top' }
  | { kind: 'status' }
  | { kind: 'skills'; section: SkillEntry['section'] }
  | { kind: 'blocks'; section: 'noblePhantasms' | 'gear' }
  | { kind: 'combos' }
  | { kind: 'background'; part: BackgroundPart }
  | { kind: 'extra' };

export function parseSheetText(text: string, opts: ParseTextOptions = {}): SheetParseResult {
  if ((opts.source ?? 'text') === 'file') {
    const bytes = utf8Bytes(text);
    if (bytes > SHEET_LIMITS.maxFileBytes) throw new SheetError('sheet.error.fileTooLarge', { bytes, max: SHEET_LIMITS.maxFileBytes });
  } else {
    const length = charCount(text);
    if (length > SHEET_LIMITS.maxTextLength) throw new SheetError('sheet.error.tooLong', { length, max: SHEET_LIMITS.maxTextLength });
  }
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new SheetError('sheet.error.empty');
  return new TextParser(body.split(/\r\n|\r|\n/), opts).run();
}

class TextParser {
  private readonly lines: Slice[];
  private type: SheetType = 'master';
  private state: State = { kind: 'top' };
  private recognized = 0;
  private readonly unparsed = new Map<number, UnparsedLine>();
  private readonly warnings: SheetWarning[] = [];
  private readonly seen = new Set<string>();
  private pending: { field: FieldKey; line: number } | null = null;

  // collected values
  private readonly text: Partial<Record<'origin' | 'className' | 'master' | 'trueName' | 'name' | 'sex', string>> = {};
  private height: Measure | undefined;
  private weight: Measure | undefined;
  private alignment: CharacterSheet['alignment'];
  private servantNames: string[] = [];
  private seals: number | undefined;
  private rank: { names: string[]; number?: number; line: number } | undefined;
  private readonly statuses: Partial<Record<StatusKey, Graded>> = {};
  private statusLine: number | undefined;
  private readonly graded = new Set<StatusKey>();
  /** The language of the sheet's status words: a missing status is named in it. */
  private statusLang: SheetLang = 'ja';
  private readonly derivedWritten: NonNullable<CharacterSheet['derivedWritten']> = {};
  private readonly skills: SkillEntry[] = [];
  private readonly noblePhantasms: SpecialGear[] = [];
  private readonly gear: (NormalGear | SpecialGear)[] = [];
  private readonly combos: SkillCombo[] = [];
  private readonly profile: Profile = {};
  private readonly background: Record<BackgroundPart, string[] | undefined> = { text: undefined, original: undefined, warAdditions: undefined };
  private skill: SkillDraft | null = null;
  private block: BlockDraft | null = null;
  private combo: ComboDraft | null = null;

  constructor(raw: string[], private readonly opts: ParseTextOptions) {
    this.lines = raw.map((l) => sliceOf(l));
  }

  run(): SheetParseResult {
    this.type = this.detectType();
    this.lines.forEach((line, i) => this.line(line, i + 1));
    this.finishEntries();
    if (this.recognized === 0) throw new SheetError('sheet.error.notASheet');
    return this.assemble();
  }

  // ── type detection (first pass) ───────────────────────────────────────────────────────
  private detectType(): SheetType {
    let servant = false;
    let master = false;
    let numericRank = false;
    let header: SheetType | undefined;
    let sixth: StatusKey | undefined;
    for (const line of this.lines) {
      const h = HEADER_RE.exec(line.n);
      if (h) header ??= headerKind(h[1] ?? '');
      const b = BRACKET_RE.exec(line.n);
      if (b) {
        const key = b[1] ?? '';
        const field = fieldKey(key);
        const section = sectionKey(key);
        if (field === 'className' || field === 'trueName' || field === 'origin') servant = true;
        if (section === 'classSkills' || section === 'personalSkills') servant = true;
        if (field === 'servants' || field === 'seals') master = true;
        if (field === 'rank') {
          const r = readRank(dropColon(sub(line, line.n.indexOf('】') + 1)));
          if (r.value.names.length === 0 && r.value.number !== undefined) numericRank = true;
        }
      }
      for (const m of line.n.matchAll(STATUS_TOKEN_RE)) {
        const key = statusKeyOf(m[1] ?? '');
        if ((key === 'np' || key === 'soc') && m[2] === undefined && m[3] !== undefined) sixth ??= key;
      }
    }
    let type: SheetType;
    let guessed = false;
    if (servant) type = 'servant';
    else if (master) type = 'master';
    else if (header) type = header;
    else if (numericRank) type = 'troop';
    else if (sixth === 'np') { type = 'servant'; guessed = true; }
    else { type = 'master'; guessed = true; }
    if (servant && master) this.warn('sheet.warn.typeConflict', { });
    if (guessed) this.warn(`sheet.warn.typeGuessed.${type}`, {});
    return type;
  }

  // ── bookkeeping ──────────────────────────────────────────────────────────────────────
  private warn(key: string, params: Record<string, string | number>, line?: number): void {
    this.warnings.push(line === undefined ? { key, params } : { line, key, params });
  }

  private keep(no: number, reason: string): void {
    if (this.unparsed.has(no)) return;
    const text = (this.lines[no - 1]?.o ?? '').trimEnd();
    this.unparsed.set(no, { line: no, text, reason });
  }

  private once(key: string, no: number): boolean {
    if (this.seen.has(key)) {
      this.keep(no, 'sheet.unparsed.duplicate');
      return false;
    }
    this.seen.add(key);
    return true;
  }

  /** A short value within the limits, or undefined (line kept) when too long. */
  private fit(value: string, no: number, max: number = SHEET_LIMITS.maxFieldLength): string | undefined {
    if (charCount(value) > max) {
      this.keep(no, 'sheet.unparsed.tooLong');
      return undefined;
    }
    return value;
  }

  // ── line dispatch ────────────────────────────────────────────────────────────────────
  private line(line: Slice, no: number): void {
    if (this.opts.notes?.has(looseKey(line.n))) return;
    if (this.state.kind === 'extra') {
      if (line.n.trim() !== '') this.keep(no, 'sheet.unparsed.kept');
      return;
    }
    const pending = this.pending;
    this.pending = null;
    if (line.n.trim() === '') {
      this.blank();
      return;
    }
    if (HEADER_RE.test(line.n) || SEPARATOR_RE.test(line.n)) {
      this.recognized++;
      this.finishEntries();
      this.state = { kind: 'top' };
      return;
    }
    const bracket = BRACKET_RE.exec(line.n);
    if (bracket) {
      this.bracketLine(line, no, bracket[1] ?? '', sub(line, line.n.length - (bracket[2] ?? '').length));
      return;
    }
    this.plainLine(line, no, pending);
  }

  private blank(): void {
    if (this.skill?.started) this.skill.details.push('');
    else if (this.block?.started) this.block.details.push('');
    else if (this.combo) this.combo.details.push('');
    else if (this.state.kind === 'background') this.background[this.state.part]?.push('');
  }

  private bracketLine(line: Slice, no: number, key: string, rest: Slice): void {
    // 【誕生日:…/…】: the whole line up to its LAST 】 (values may hold brackets of their own).
    const close = line.n.lastIndexOf('】');
    const profile = key.includes(':') ? readProfile(sub(line, line.n.indexOf('【') + 1, close)) : null;
    if (profile) {
      this.finishEntries();
      this.state = { kind: 'top' };
      this.recognized++;
      this.takeProfile(profile.value, profile.partial || line.n.slice(close + 1).trim() !== '', no);
      return;
    }
    const section = sectionKey(key);
    if (section) {
      this.recognized++;
      this.finishEntries();
      this.enter(section);
      const inline = trim(rest);
      if (inline.n !== '' && this.state.kind !== 'extra') this.plainLine(inline, no, null);
      return;
    }
    const field = fieldKey(key);
    if (field) {
      this.recognized++;
      this.finishEntries();
      this.state = { kind: 'top' };
      this.field(field, dropColon(rest), no);
      return;
    }
    if (this.state.kind === 'background') {
      this.background[this.state.part] ??= [];
      this.background[this.state.part]?.push(line.o);
      return;
    }
    this.finishEntries();
    this.state = { kind: 'top' };
    this.keep(no, 'sheet.unparsed.unknownField');
  }

  private enter(section: SectionKey): void {
    switch (section) {
      case 'classSkills': this.state = { kind: 'skills', section: 'class' }; break;
      case 'personalSkills': this.state = { kind: 'skills', section: 'personal' }; break;
      case 'skills': this.state = { kind: 'skills', section: 'general' }; break;
      case 'noblePhantasms': this.state = { kind: 'blocks', section: 'noblePhantasms' }; break;
      case 'gear': this.state = { kind: 'blocks', section: 'gear' }; break;
      case 'combos': this.state = { kind: 'combos' }; break;
      case 'background': this.state = { kind: 'background', part: 'text' }; break;
      case 'extra': this.state = { kind: 'extra' }; break;
    }
  }

  private plainLine(line: Slice, no: number, pending: { field: FieldKey; line: number } | null): void {
    switch (this.state.kind) {
      case 'skills': return this.skillLine(line, no, this.state.section);
      case 'blocks': return this.blockLine(line, no, this.state.section);
      case 'combos': return this.comboLine(line, no);
      case 'background': return this.backgroundLine(line, this.state.part);
      case 'status':
        if (this.statusOrDerived(line, no)) return;
        this.state = { kind: 'top' };
        break;
      default:
        break;
    }
    // top level
    if (this.statusOrDerived(line, no)) return;
    if (pending && pending.line === no - 1) {
      this.recognized++;
      this.field(pending.field, trim(line), no, true);
      return;
    }
    const profile = readProfile(dropBullet(line));
    if (profile) {
      this.recognized++;
      this.takeProfile(profile.value, profile.partial, no);
      return;
    }
    this.keep(no, 'sheet.unparsed.unknownLine');
  }

  // ── one-line fields ──────────────────────────────────────────────────────────────────
  private field(field: FieldKey, raw: Slice, no: number, fromNextLine = false): void {
    const v = trim(raw);
    const empty = v.n === '';
    switch (field) {
      case 'origin': case 'className': case 'master': case 'trueName':
        if (this.type !== 'servant') return this.keep(no, 'sheet.unparsed.notForType');
        return this.textField(field, v, no, fromNextLine);
      case 'name': case 'sex':
        return this.textField(field, v, no, fromNextLine);
      case 'heightWeight': case 'height': case 'weight': {
        if (!this.once('heightWeight:' + field, no)) return;
        const hw = field === 'heightWeight' ? readHeightWeight(v)
          : field === 'height' ? { height: readHeightWeight(sliceOf(`${v.o}・`)).height }
          : { weight: readHeightWeight(sliceOf(`・${v.o}`)).weight };
        for (const [k, m] of [['height', hw.height], ['weight', hw.weight]] as const) {
          if (!m) continue;
          if (m.text !== undefined && this.fit(m.text, no) === undefined) continue;
          if (k === 'height') { if (this.height) this.keep(no, 'sheet.unparsed.duplicate'); else this.height = m; }
          else if (this.weight) this.keep(no, 'sheet.unparsed.duplicate'); else this.weight = m;
        }
        return;
      }
      case 'alignment': {
        if (!this.once(field, no)) return;
        const a = readAlignment(v);
        if (a === null) return this.keep(no, 'sheet.unparsed.badValue');
        if (a?.written !== undefined && this.fit(a.written, no) === undefined) return;
        this.alignment = a;
        return;
      }
      case 'servants':
        if (this.type !== 'master') return this.keep(no, 'sheet.unparsed.notForType');
        if (!this.once(field, no)) return;
        this.servantNames = readNameList(v).filter((n) => this.fit(n, no, SHEET_LIMITS.maxNameLength) !== undefined);
        return;
      case 'seals': {
        if (this.type !== 'master') return this.keep(no, 'sheet.unparsed.notForType');
        if (!this.once(field, no)) return;
        const r = readSeals(v);
        this.seals = r.value;
        if (r.partial) this.keep(no, 'sheet.unparsed.partial');
        return;
      }
      case 'rank': {
        if (!this.once(field, no)) return;
        const r = readRank(v);
        const names = r.value.names.filter((n) => this.fit(n, no, SHEET_LIMITS.maxNameLength) !== undefined);
        this.rank = { names, line: no, ...(r.value.number === undefined ? {} : { number: r.value.number }) };
        if (r.partial) this.keep(no, 'sheet.unparsed.partial');
        if (this.type === 'troop' && names.length) this.keep(no, 'sheet.unparsed.partial');
        return;
      }
      case 'status':
        this.state = { kind: 'status' };
        if (!empty && !this.statusOrDerived(v, no)) this.keep(no, 'sheet.unparsed.badValue');
        return;
    }
  }

  private textField(field: 'origin' | 'className' | 'master' | 'trueName' | 'name' | 'sex', v: Slice, no: number, fromNextLine: boolean): void {
    if (!fromNextLine && !this.once(field, no)) return;
    let value = v.o.trim();
    if (isPlaceholder(value) && field === 'sex' && value.startsWith('(')) value = ''; // troop template instruction
    const max = field === 'sex' || field === 'origin' || field === 'master' ? SHEET_LIMITS.maxFieldLength : SHEET_LIMITS.maxNameLength;
    if (this.fit(value, no, max) === undefined) return;
    this.text[field] = value;
    if (value === '' && !fromNextLine) this.pending = { field, line: no };
  }

  private takeProfile(values: Partial<Record<ProfileKey, string>>, partial: boolean, no: number): void {
    for (const [key, value] of Object.entries(values) as [ProfileKey, string][]) {
      if (this.profile[key] !== undefined) { partial = true; continue; }
      if (this.fit(value, no) !== undefined) this.profile[key] = value;
    }
    if (partial) this.keep(no, 'sheet.unparsed.partial');
  }

  // ── statuses and HP/MP/IV (L862–872, L1543–1546) ───────────────────────────────────────
  /** Reads status tokens and HP/MP/IV on a line; false if the line has neither at its start. */
  private statusOrDerived(line: Slice, no: number): boolean {
    const body = dropBullet(line);
    const offset = line.n.length - body.n.length;
    const startsStatus = STATUS_START_RE.test(body.n);
    const startsDerived = DERIVED_START_RE.test(body.n);
    if (!startsStatus && !startsDerived) return false;
    this.recognized++;
    const covered: boolean[] = new Array<boolean>(line.n.length).fill(false);
    const cover = (start: number, length: number) => { for (let i = start; i < start + length; i++) covered[i] = true; };
    let partial = false;
    for (const m of body.n.matchAll(STATUS_TOKEN_RE)) {
      const at = offset + (m.index ?? 0);
      cover(at, m[0].length);
      if (this.statusToken(m, offset, line, no)) partial = true;
    }
    for (const m of body.n.matchAll(DERIVED_TOKEN_RE)) {
      const at = offset + (m.index ?? 0);
      cover(at, m[0].length);
      const key = m[1] === 'HP' ? 'hp' : m[1] === 'MP' ? 'mp' : 'iv';
      const digits = m[2] || m[3];
      if (!this.once(`derived:${key}`, no)) { partial = true; continue; }
      if (!digits) continue;
      const value = boundedInt(digits, SHEET_BOUNDS.derived);
      if (value === undefined) partial = true;
      else this.derivedWritten[key] = value;
    }
    for (let i = 0; i < line.n.length; i++) {
      if (!covered[i] && !/[\s・/,、|]/.test(line.n[i] ?? '')) partial = true;
    }
    if (partial) this.keep(no, 'sheet.unparsed.partial');
    return true;
  }

  /** One "筋力A+" token (indices relative to the line after `offset`); true when part of it was not understood. */
  private statusToken(m: RegExpMatchArray, offset: number, line: Slice, no: number): boolean {
    const label = m[1] ?? '';
    if (m[2] !== undefined) return false; // the troop template's "社会or宝具"
    const key = statusKeyOf(label);
    if (!key) return true;
    if (this.statusLine === undefined) this.statusLang = SHEET_LANGS.find((lang) => STATUS_WORDS[key][lang].some((w) => looseKey(w) === looseKey(label))) ?? 'ja';
    this.statusLine ??= no;
    if (this.statuses[key]) { this.keep(no, 'sheet.unparsed.duplicate'); return false; }
    const gradeAt = m.indices?.[3];
    const marksAt = m.indices?.[4];
    const condAt = m.indices?.[5];
    if (m[3] === undefined || !gradeAt || !marksAt) {
      this.statuses[key] = { grade: '-', marks: [] };
      this.warn('sheet.warn.statusMissing', { status: label }, no);
      return false;
    }
    let graded = gradeFromParts(m[3], m[4] ?? '');
    if (!graded) {
      this.statuses[key] = { grade: '-', marks: [] };
      this.warn('sheet.warn.statusMissing', { status: label }, no);
      return true;
    }
    let written = line.o.slice(offset + gradeAt[0], offset + marksAt[1]);
    let partial = false;
    if (m[5] !== undefined && condAt) {
      const condText = line.o.slice(offset + condAt[0], offset + condAt[1]).trim();
      if (graded.marks.length > 0 && condText !== '' && charCount(condText) <= SHEET_LIMITS.maxFieldLength) graded = withCondition(graded, condText);
      else if (graded.grade === '-' && /^(なし|無し)$/.test(m[5])) written = line.o.slice(offset + gradeAt[0], offset + condAt[1] + 1);
      else partial = true;
    }
    if (written !== formatGrade(graded)) graded.written = written;
    this.statuses[key] = graded;
    this.graded.add(key);
    for (const w of gradeWarnings(label, graded, MAX_STATUS_MARKS, no, true)) this.warnings.push(w);
    return partial;
  }

  // ── skills (L917–951, L1548–1562) ──────────────────────────────────────────────────────
  private skillLine(line: Slice, no: number, section: SkillEntry['section']): void {
    const body = dropBullet(line);
    const entry = this.skillEntry(body, line, no, section);
    if (entry) {
      this.finishSkill();
      this.recognized++;
      this.skill = { entry, details: [], started: false };
      this.skills.push(entry);
      return;
    }
    if (isPlaceholder(line.o)) return; // untouched template lines ("スキル名:ランク", ":(効果詳細・…)")
    if (isEmptyMarker(line.o) && !this.skill) return; // "(なし)": an empty section
    if (this.skill) {
      this.appendDetails(this.skill, line);
      return;
    }
    this.keep(no, 'sheet.unparsed.unknownLine');
  }

  private skillEntry(body: Slice, line: Slice, no: number, section: SkillEntry['section']): SkillEntry | null {
    const m = SKILL_COLON_RE.exec(body.n) ?? SKILL_SPACE_RE.exec(body.n);
    const nameAt = m?.indices?.[1];
    const gradeAt = m?.indices?.[2];
    const marksAt = m?.indices?.[3];
    if (!m || !nameAt || !gradeAt || !marksAt) return null;
    const offset = line.n.length - body.n.length;
    const nameText = line.o.slice(offset + nameAt[0], offset + nameAt[1]).trim();
    if (nameText === '' || charCount(nameText) > SHEET_LIMITS.maxNameLength) return null;
    let graded = gradeFromParts(m[2] ?? '', m[3] ?? '');
    if (!graded || graded.grade === '-') return null;
    const written = line.o.slice(offset + gradeAt[0], offset + marksAt[1]);
    const condAt = m.indices?.[4];
    if (m[4] !== undefined && condAt) {
      const condText = line.o.slice(offset + condAt[0], offset + condAt[1]).trim();
      if (graded.marks.length > 0 && condText !== '' && charCount(condText) <= SHEET_LIMITS.maxFieldLength) graded = withCondition(graded, condText);
      else this.keep(no, 'sheet.unparsed.partial');
    }
    if (written !== formatGrade(graded)) graded.written = written;
    const entry: SkillEntry = { name: nameText, section, level: graded, fpPerLevel: null, fpSpent: 0, details: '' };
    const dot = nameText.indexOf('・');
    if (dot > 0 && dot < nameText.length - 1) entry.specifier = nameText.slice(dot + 1);
    for (const w of gradeWarnings(nameText, graded, MAX_SKILL_MARKS, no)) this.warnings.push(w);
    return entry;
  }

  private appendDetails(draft: { details: string[]; started: boolean }, line: Slice): void {
    if (!draft.started) {
      draft.started = true;
      draft.details.push(dropColon(line).o);
    } else {
      draft.details.push(line.o);
    }
  }

  private finishSkill(): void {
    if (this.skill) this.skill.entry.details = joinBlock(this.skill.details);
    this.skill = null;
  }

  // ── NP / MC / gear blocks (L1564–1589, L1620–1634) ──────────────────────────────────────
  private blockLine(line: Slice, no: number, section: 'noblePhantasms' | 'gear'): void {
    const body = dropBullet(line);
    if (body.n.startsWith('『') && body.n.includes('』')) {
      this.finishBlock();
      this.recognized++;
      const close = body.n.indexOf('』');
      const offset = line.n.length - body.n.length;
      this.block = {
        name: trim(sub(line, offset + 1, offset + close)),
        line: no, lines: [no], fields: new Map(), details: [], started: false, section,
      };
      const rest = trim(sub(line, offset + close + 1));
      if (rest.n !== '') {
        if (!this.blockFields(rest, no)) this.keep(no, 'sheet.unparsed.partial');
      }
      return;
    }
    if (!this.block) {
      if (!isPlaceholder(line.o) && !isEmptyMarker(line.o)) this.keep(no, 'sheet.unparsed.unknownLine');
      return;
    }
    this.block.lines.push(no);
    if (!this.block.started && this.blockFields(body, no)) return;
    if (isPlaceholder(line.o)) return;
    this.appendDetails(this.block, line);
  }

  /** Reads "宝具ランク:A 種類区分:武器(白兵) …" into the current block; false if the line has no field first. */
  private blockFields(body: Slice, no: number): boolean {
    const block = this.block;
    if (!block) return false;
    const re = new RegExp(`(^|[\\s・/])(${BLOCK_ALTERNATION})\\s*:`, 'gi');
    const hits: { key: BlockFieldKey; start: number; end: number; valueStart: number }[] = [];
    for (let m = re.exec(body.n); m; m = re.exec(body.n)) {
      const key = blockFieldKey(m[2] ?? '');
      if (!key) continue;
      hits.push({ key, start: m.index + (m[1]?.length ?? 0), end: m.index, valueStart: m.index + m[0].length });
      if (key === 'effect') break; // 効果 runs to the end of the line
    }
    const first = hits[0];
    if (!first || body.n.slice(0, first.start).trim() !== '') return false;
    this.recognized++;
    hits.forEach((hit, i) => {
      const end = hits[i + 1]?.end ?? body.n.length;
      const v = trim(sub(body, hit.valueStart, end));
      if (block.fields.has(hit.key)) { this.keep(no, 'sheet.unparsed.duplicate'); return; }
      if (v.n === '') return;
      if (charCount(v.o) > SHEET_LIMITS.maxFieldLength && hit.key !== 'effect') { this.keep(no, 'sheet.unparsed.tooLong'); return; }
      block.fields.set(hit.key, { v, line: no });
    });
    return true;
  }

  private finishBlock(): void {
    const b = this.block;
    this.block = null;
    if (!b) return;
    const name = b.name.o.trim();
    const details = joinBlock(b.details);
    const blankName = name === '' || isPlaceholder(`『${name}』`);
    if (blankName) {
      if (b.fields.size === 0 && details === '') return; // an untouched template block
      for (const l of b.lines) this.keep(l, 'sheet.unparsed.noName');
      return;
    }
    if (charCount(name) > SHEET_LIMITS.maxNameLength) {
      for (const l of b.lines) this.keep(l, 'sheet.unparsed.tooLong');
      return;
    }
    const f = b.fields;
    const isNp = f.has('npRank') || (!f.has('mcRank') && !f.has('points') && !f.has('effect') &&
      (b.section === 'noblePhantasms' || /^(宝具|보구|NP)・/i.test(widthNorm(name))));
    if (isNp || f.has('mcRank')) this.specialGear(b, isNp ? 'noblePhantasm' : 'mysticCode', name, details);
    else this.normalGear(b, name, details);
  }

  private specialGear(b: BlockDraft, kind: SpecialGear['kind'], rawName: string, details: string): void {
    const f = b.fields;
    const stripped = kind === 'noblePhantasm' ? rawName.replace(/^(宝具|보구|NP)[・･]\s*/i, '') : rawName;
    const name = stripped === '' ? rawName : stripped;
    const rankField = f.get(kind === 'noblePhantasm' ? 'npRank' : 'mcRank');
    let rank: Graded = { grade: '-', marks: [] };
    if (rankField) {
      const m = new RegExp(`^${GRADE_TOKEN}(.*)$`).exec(rankField.v.n);
      const g = m ? gradeFromParts(m[1] ?? '', m[2] ?? '') : null;
      if (g && m) {
        const written = rankField.v.o.slice(0, (m[1] ?? '').length + (m[2] ?? '').length);
        if (written !== formatGrade(g)) g.written = written;
        rank = g;
        if ((m[3] ?? '').trim() !== '') this.keep(rankField.line, 'sheet.unparsed.partial');
      } else this.keep(rankField.line, 'sheet.unparsed.badValue');
    } else {
      this.warn('sheet.warn.npRankMissing', { name }, b.line);
    }
    const gear: SpecialGear = { kind, name, rank, effects: readAddedEffects(details), details };
    this.gearType(gear, f.get('type'));
    const act = f.get('activation');
    if (act) {
      const value = ACTIVATIONS.find((a) => a === canonicalValue(act.v.n));
      if (value) gear.activation = value; else this.keep(act.line, 'sheet.unparsed.badValue');
    }
    const target = f.get('target');
    if (target) {
      const value = TARGETS.find((t) => t === canonicalValue(target.v.n));
      if (value) gear.target = value; else this.keep(target.line, 'sheet.unparsed.badValue');
    }
    const mp = f.get('mp');
    if (mp) gear.mpCost = readMpCost(mp.v, gear.activation);
    const dice = f.get('dice');
    if (dice) {
      const d = readDicePlus(dice.v);
      if (d === null) this.keep(dice.line, 'sheet.unparsed.badValue');
      else if (d !== 'none') gear.dicePlus = d;
    }
    const fixed = f.get('fixed');
    if (fixed) gear.fixed = { ...readFixedNumbers(fixed.v.n), written: fixed.v.o };
    const points = f.get('points');
    if (points) {
      const n = /^(\d+)/.exec(points.v.n.trim());
      const ep = n ? boundedInt(n[1] ?? '', SHEET_BOUNDS.points) : undefined;
      if (ep !== undefined) gear.equipmentPoints = ep;
      if (ep === undefined || points.v.n.trim() !== n?.[1]) this.keep(points.line, 'sheet.unparsed.partial');
    }
    const effect = f.get('effect');
    if (effect) this.keep(effect.line, 'sheet.unparsed.partial');
    if (kind === 'noblePhantasm') this.noblePhantasms.push(gear);
    else this.gear.push(gear);
  }

  private normalGear(b: BlockDraft, name: string, details: string): void {
    const f = b.fields;
    const points = f.get('points');
    const pointsText = points?.v.o.trim() ?? '';
    const ep = /^(\d+)/.exec(points?.v.n.trim() ?? '');
    const equipmentPoints = (ep ? boundedInt(ep[1] ?? '', SHEET_BOUNDS.points) : undefined) ?? 0; // the text stays in pointsWritten
    const effect = f.get('effect')?.v.o.trim() ?? '';
    const gear: NormalGear = { kind: 'normal', name, equipmentPoints, effect };
    if (pointsText !== '' && pointsText !== String(equipmentPoints)) gear.pointsWritten = pointsText;
    this.gearType(gear, f.get('type'));
    const heroic = this.type === 'servant' || widthNorm(pointsText).includes('英霊通常装備');
    if (gear.type === 'アイテム') gear.kind = 'item';
    else if (heroic) gear.kind = 'heroic';
    if (gear.kind === 'heroic') { gear.source = 'MP'; gear.pointsSpent = equipmentPoints; }
    else if (pointsText.includes('常備化')) gear.source = '常備化P';
    else if (pointsText.includes('財産')) gear.source = '財産P';
    const fixed = readFixedNumbers(widthNorm(effect));
    if (Object.keys(fixed).length) gear.fixed = fixed;
    if (details !== '') gear.details = details;
    for (const key of ['npRank', 'mcRank', 'activation', 'target', 'mp', 'dice', 'fixed'] as const) {
      const extra = f.get(key);
      if (extra) this.keep(extra.line, 'sheet.unparsed.partial');
    }
    this.gear.push(gear);
  }

  private gearType(gear: { type?: NormalGear['type']; subtype?: NormalGear['subtype'] }, field: { v: Slice; line: number } | undefined): void {
    if (!field) return;
    const t = readGearType(field.v);
    if (!t) { this.keep(field.line, 'sheet.unparsed.badValue'); return; }
    if (t.value.type) gear.type = t.value.type;
    if (t.value.subtype) gear.subtype = t.value.subtype;
    if (t.partial) this.keep(field.line, 'sheet.unparsed.partial');
  }

  // ── skill combos (L940–947, L1589) ─────────────────────────────────────────────────────
  private comboLine(line: Slice, no: number): void {
    if (isPlaceholder(line.o) || (isEmptyMarker(line.o) && !this.combo)) return;
    const m = COMBO_RE.exec(line.n);
    if (m) {
      const nameEnd = line.n.indexOf(':');
      const compEnd = line.n.indexOf(':', nameEnd + 1);
      const name = unparen(line.o.slice(0, nameEnd).trim());
      const comps = unparen(line.o.slice(nameEnd + 1, compEnd).trim());
      const components = comps.split(/[+＋]/).map((c) => c.trim()).filter((c) => c !== '');
      const fits = charCount(name) <= SHEET_LIMITS.maxNameLength && components.every((c) => charCount(c) <= SHEET_LIMITS.maxNameLength);
      if (name !== '' && fits && !isPlaceholder(line.o)) {
        this.finishCombo();
        this.recognized++;
        const combo: SkillCombo = { name, components, fpCost: components.length, mpCost: components.length, details: '' };
        this.combo = { combo, details: [line.o.slice(compEnd + 1)] };
        this.combos.push(combo);
        return;
      }
    }
    if (this.combo) { this.combo.details.push(line.o); return; }
    this.keep(no, 'sheet.unparsed.unknownLine');
  }

  private finishCombo(): void {
    if (this.combo) this.combo.combo.details = joinBlock(this.combo.details);
    this.combo = null;
  }

  // ── 【設定】 (L1594–1596, L1645, L1692) ───────────────────────────────────────────────
  private backgroundLine(line: Slice, part: BackgroundPart): void {
    const body = dropBullet(line);
    for (const [key, labels] of BACKGROUND_SPELLINGS) for (const label of labels) {
      const bullet = line.n.trimStart().startsWith('・');
      if (body.n.toLowerCase().startsWith(label.toLowerCase()) && (bullet || /^\s*(:|$)/.test(body.n.slice(label.length)))) {
        this.recognized++;
        this.state = { kind: 'background', part: key };
        this.background[key] ??= [];
        const rest = dropColon(sub(body, label.length));
        if (rest.n.trim() !== '') this.background[key]?.push(rest.o);
        return;
      }
    }
    this.background[part] ??= [];
    this.background[part]?.push(line.o);
  }

  private finishEntries(): void {
    this.finishSkill();
    this.finishBlock();
    this.finishCombo();
  }

  // ── assembly ─────────────────────────────────────────────────────────────────────────
  private assemble(): SheetParseResult {
    const type = this.type;
    const className = this.text.className ?? '';
    let name = this.text.name ?? '';
    if (name === '' && type === 'servant') name = className;
    const named = name !== '';
    if (name === '') {
      name = NAMELESS;
      this.warn('sheet.warn.noName', {});
    }
    const statuses = this.buildStatuses();
    const names = type === 'troop' ? [] : this.rank?.names ?? []; // troop names: line kept as partial
    let level: number;
    let bonus: number | undefined;
    if (type === 'troop') {
      level = this.rank?.number ?? 0;
    } else {
      level = rankFromNames(type, names.length);
      const written = this.rank?.number;
      if (written !== undefined && this.rank) {
        if (written > level) bonus = written - level;
        else if (written < level) {
          this.keep(this.rank.line, 'sheet.unparsed.partial');
          this.warn('sheet.warn.rankLevelMismatch', { written, derived: level }, this.rank.line);
        }
      }
    }
    const total = fpTotalFor(type, level + (bonus ?? 0));
    const sheet: CharacterSheet = {
      schema: 'fate-roll-dice/sheet@1',
      id: this.opts.id ?? defaultSheetId(type, name),
      type,
      name,
      rank: { names, level, ...(bonus === undefined ? {} : { bonus }) },
      fp: { total, spent: 0, remaining: total },
      statuses,
      skills: this.skills,
      noblePhantasms: this.noblePhantasms,
      gear: this.gear,
      combos: this.combos,
      background: {},
    };
    if (type === 'servant') {
      sheet.servant = { origin: this.text.origin ?? '', className, trueName: this.text.trueName ?? '' };
      if (this.text.master) sheet.servant.masterName = this.text.master;
    } else if (type === 'master') {
      sheet.master = { servantIds: [], servantNames: this.servantNames };
      if (this.seals !== undefined) sheet.master.commandSealsWritten = this.seals;
    } else {
      sheet.troop = { sixthStatus: statuses.np && !statuses.soc ? 'np' : 'soc' };
    }
    if (this.text.sex) sheet.sex = this.text.sex;
    if (this.height) sheet.height = this.height;
    if (this.weight) sheet.weight = this.weight;
    if (this.alignment) sheet.alignment = this.alignment;
    if (Object.keys(this.derivedWritten).length) sheet.derivedWritten = this.derivedWritten;
    if (Object.keys(this.profile).length) sheet.profile = this.profile;
    for (const key of ['text', 'original', 'warAdditions'] as const) {
      const lines = this.background[key];
      const value = lines ? joinBlock(lines) : '';
      if (value !== '') sheet.background[key] = value;
    }
    for (const w of sheetWarnings(sheet)) {
      if (w.key === 'sheet.warn.rankLevelRange' || w.key === 'sheet.warn.rankCountOver') this.warn(w.key, w.params, this.rank?.line);
      else if (w.key !== 'sheet.warn.rankLevelMismatch') this.warnings.push(w);
    }
    const unparsed = [...this.unparsed.values()].sort((a, b) => a.line - b.line);
    if (unparsed.length) sheet.extraText = unparsed.map((u) => u.text);
    return { sheet, unparsed, warnings: this.warnings, written: { name: named, statuses: [...this.graded] } };
  }

  private statusWord(key: StatusKey): string {
    return STATUS_WORDS[key][this.statusLang][0] ?? STATUS_LABELS[key];
  }

  private buildStatuses(): Statuses {
    const get = (key: (typeof MAIN_STATUS_KEYS)[number]): Graded => {
      const g = this.statuses[key];
      if (g) return g;
      this.warn('sheet.warn.statusMissing', { status: this.statusWord(key) }, this.statusLine);
      return { grade: '-', marks: [] };
    };
    const statuses: Statuses = { str: get('str'), end: get('end'), agi: get('agi'), mag: get('mag'), luk: get('luk') };
    const { np, soc } = this.statuses;
    if (np) statuses.np = np;
    if (soc) statuses.soc = soc;
    const expected: StatusKey | undefined = this.type === 'servant' ? 'np' : this.type === 'master' ? 'soc' : undefined;
    if (expected && !this.statuses[expected]) {
      this.warn('sheet.warn.statusMissing', { status: this.statusWord(expected) }, this.statusLine);
    }
    const unexpected: StatusKey | undefined = this.type === 'servant' ? 'soc' : this.type === 'master' ? 'np' : undefined;
    if (unexpected && this.statuses[unexpected] && expected) {
      this.warn('sheet.warn.sixthStatus', { status: this.statusWord(unexpected), expected: this.statusWord(expected) }, this.statusLine);
    }
    return statuses;
  }
}

function unparen(text: string): string {
  const t = text.trim();
  if ((t.startsWith('(') && t.endsWith(')')) || (t.startsWith('（') && t.endsWith('）'))) return t.slice(1, -1).trim();
  return t;
}
