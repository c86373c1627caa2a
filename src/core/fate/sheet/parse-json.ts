// Reads a sheet in the JSON shape of digest §9 (types.ts) and validates it. Unusable input (wrong
// types, unknown enum values, bad grades, empty names, strings or lists over the limits) throws a
// SheetError naming the path; rule-level issues (marks over the maximum, rank level out of range,
// irregular class…) are warnings. Unknown keys are dropped with a warning.
import type {
  AddedEffect, Alignment, CharacterSheet, FixedValues, GearSubtype, GearType, Graded, Mark, NormalGear, Profile,
  SkillCombo, SkillEntry, SpecialGear, Statuses,
} from './types.js';
import type { SheetParseResult, SheetWarning } from './result.js';
import { SheetError } from './errors.js';
import { SHEET_BOUNDS, SHEET_LIMITS } from './limits.js';
import { charCount, utf8Bytes } from './normalize.js';
import { parseGrade, sameGrade } from './grades.js';
import { MAX_SKILL_MARKS, MAX_STATUS_MARKS, gradeWarnings, sheetWarnings } from './checks.js';
import { STATUS_LABELS } from './labels.js';

export const SHEET_SCHEMA = 'fate-roll-dice/sheet@1';

const GRADES = ['-', 'E', 'D', 'C', 'B', 'A', 'EX', '??'] as const;
const GEAR_TYPES: readonly GearType[] = ['武器', '防具', '乗騎', '結界', '能力', '道具', 'アイテム'];
const GEAR_SUBTYPES: readonly GearSubtype[] = [
  '白兵', '射撃', '両用', '魔術', '対物', '対魔', '両用防具', '白兵乗騎', '射撃乗騎', '両用乗騎', '魔術乗騎', '機動乗騎',
  '装甲白兵乗騎', '装甲射撃乗騎', '装甲両用乗騎', '装甲魔術乗騎', '装甲機動乗騎',
];
const NUMBER_BOUND = 1_000_000;

type Obj = Record<string, unknown>;
type Kind = 'name' | 'field' | 'free';

class Reader {
  readonly warnings: SheetWarning[] = [];

  fail(key: string, params: Record<string, string | number>): never {
    throw new SheetError(key, params);
  }

  obj(v: unknown, path: string, allowed: readonly string[]): Obj {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail('sheet.error.wrongType', { path, expected: 'object' });
    const o = v as Obj;
    for (const key of Object.keys(o)) {
      if (!allowed.includes(key)) this.warnings.push({ key: 'sheet.warn.unknownKey', params: { path: join(path, key) } });
    }
    return o;
  }

  req(o: Obj, key: string, path: string): unknown {
    if (o[key] === undefined) this.fail('sheet.error.missingField', { path: join(path, key) });
    return o[key];
  }

  str(v: unknown, path: string, kind: Kind, nonEmpty = false): string {
    if (typeof v !== 'string') this.fail('sheet.error.wrongType', { path, expected: 'string' });
    const max = kind === 'name' ? SHEET_LIMITS.maxNameLength : kind === 'field' ? SHEET_LIMITS.maxFieldLength : SHEET_LIMITS.maxFileBytes;
    if (charCount(v) > max) this.fail('sheet.error.stringTooLong', { path, max });
    if (nonEmpty && v.trim() === '') this.fail('sheet.error.emptyName', { path });
    return v;
  }

  num(v: unknown, path: string, opts: { int?: boolean; min?: number; max?: number } = {}): number {
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail('sheet.error.wrongType', { path, expected: opts.int ? 'integer' : 'number' });
    if (opts.int && !Number.isInteger(v)) this.fail('sheet.error.wrongType', { path, expected: 'integer' });
    const min = opts.min ?? -NUMBER_BOUND;
    const max = opts.max ?? NUMBER_BOUND;
    if (v < min || v > max) this.fail('sheet.error.outOfRange', { path, value: v, min, max });
    return v;
  }

  bool(v: unknown, path: string): boolean {
    if (typeof v !== 'boolean') this.fail('sheet.error.wrongType', { path, expected: 'boolean' });
    return v;
  }

  /** Lists are bounded by the file size; `max` only where the rules make more meaningless (marks). */
  arr(v: unknown, path: string, max?: number): unknown[] {
    if (!Array.isArray(v)) this.fail('sheet.error.wrongType', { path, expected: 'array' });
    if (max !== undefined && v.length > max) this.fail('sheet.error.tooManyItems', { path, max });
    return v;
  }

  oneOf<T extends string>(v: unknown, path: string, allowed: readonly T[]): T {
    const found = allowed.find((a) => a === v);
    if (found === undefined) this.fail('sheet.error.badEnum', { path, value: String(v), allowed: allowed.join(', ') });
    return found;
  }

  strings(v: unknown, path: string, kind: Kind, nonEmpty = false): string[] {
    return this.arr(v, path).map((item, i) => this.str(item, `${path}[${i}]`, kind, nonEmpty));
  }

  /** Copy an optional property when present (undefined stays absent, so deep equality holds). */
  opt<T>(o: Obj, key: string, read: (v: unknown, path: string) => T, path: string, into: Record<string, unknown>): void {
    if (o[key] !== undefined) into[key] = read(o[key], join(path, key));
  }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function parseSheetJson(json: string): SheetParseResult {
  const bytes = utf8Bytes(json);
  if (bytes > SHEET_LIMITS.maxFileBytes) throw new SheetError('sheet.error.fileTooLarge', { bytes, max: SHEET_LIMITS.maxFileBytes });
  const body = json.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new SheetError('sheet.error.empty');
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new SheetError('sheet.error.badJson');
  }
  const r = new Reader();
  const sheet = readSheet(r, data);
  for (const w of sheetWarnings(sheet)) r.warnings.push(w);
  return { sheet, unparsed: [], warnings: r.warnings };
}

const SHEET_KEYS = [
  'schema', 'id', 'type', 'name', 'servant', 'master', 'troop', 'sex', 'height', 'weight', 'alignment', 'rank', 'fp',
  'statuses', 'derivedWritten', 'skills', 'noblePhantasms', 'gear', 'combos', 'profile', 'background',
  'markConditionsNote', 'extraText',
] as const;

function readSheet(r: Reader, data: unknown): CharacterSheet {
  const o = r.obj(data, '', SHEET_KEYS);
  if (o.schema !== SHEET_SCHEMA) r.fail('sheet.error.badSchema', { value: String(o.schema), expected: SHEET_SCHEMA });
  const type = r.oneOf(r.req(o, 'type', ''), 'type', ['servant', 'master', 'troop'] as const);
  const sheet: CharacterSheet = {
    schema: SHEET_SCHEMA,
    id: r.str(r.req(o, 'id', ''), 'id', 'name', true),
    type,
    name: r.str(r.req(o, 'name', ''), 'name', 'name', true),
    rank: readRankLevel(r, r.req(o, 'rank', '')),
    fp: readFp(r, r.req(o, 'fp', '')),
    statuses: readStatuses(r, r.req(o, 'statuses', '')),
    skills: r.arr(r.req(o, 'skills', ''), 'skills').map((s, i) => readSkill(r, s, `skills[${i}]`)),
    noblePhantasms: r.arr(r.req(o, 'noblePhantasms', ''), 'noblePhantasms').map((g, i) => {
      const path = `noblePhantasms[${i}]`;
      const gear = readSpecial(r, g, path, true);
      if (gear.kind !== 'noblePhantasm') r.fail('sheet.error.badEnum', { path: `${path}.kind`, value: gear.kind, allowed: 'noblePhantasm' });
      return gear;
    }),
    gear: r.arr(r.req(o, 'gear', ''), 'gear').map((g, i) => readGear(r, g, `gear[${i}]`)),
    combos: r.arr(r.req(o, 'combos', ''), 'combos').map((c, i) => readCombo(r, c, `combos[${i}]`)),
    background: readBackground(r, r.req(o, 'background', '')),
  };
  const into = sheet as unknown as Record<string, unknown>;
  r.opt(o, 'servant', (v, p) => readServant(r, v, p), '', into);
  r.opt(o, 'master', (v, p) => readMaster(r, v, p), '', into);
  r.opt(o, 'troop', (v, p) => readTroop(r, v, p), '', into);
  if (type === 'servant' && !sheet.servant) r.fail('sheet.error.missingField', { path: 'servant' });
  if (type === 'master' && !sheet.master) r.fail('sheet.error.missingField', { path: 'master' });
  if (type === 'troop' && !sheet.troop) r.fail('sheet.error.missingField', { path: 'troop' });
  r.opt(o, 'sex', (v, p) => r.str(v, p, 'field'), '', into);
  r.opt(o, 'height', (v, p) => readMeasure(r, v, p), '', into);
  r.opt(o, 'weight', (v, p) => readMeasure(r, v, p), '', into);
  r.opt(o, 'alignment', (v, p) => readAlignmentJson(r, v, p), '', into);
  r.opt(o, 'derivedWritten', (v, p) => readDerivedWritten(r, v, p), '', into);
  r.opt(o, 'profile', (v, p) => readProfileJson(r, v, p), '', into);
  r.opt(o, 'markConditionsNote', (v, p) => r.str(v, p, 'free'), '', into);
  r.opt(o, 'extraText', (v, p) => r.strings(v, p, 'free'), '', into);
  // Status checks: marks ≤ 2, no "+" on EX, "??" only on skills (L868, L914).
  for (const key of ['str', 'end', 'agi', 'mag', 'luk', 'np', 'soc'] as const) {
    const g = sheet.statuses[key];
    if (g) for (const w of gradeWarnings(STATUS_LABELS[key], g, MAX_STATUS_MARKS, undefined, true)) r.warnings.push(w);
  }
  for (const s of sheet.skills) for (const w of gradeWarnings(s.name, s.level, MAX_SKILL_MARKS)) r.warnings.push(w);
  return sheet;
}

function readServant(r: Reader, v: unknown, path: string): NonNullable<CharacterSheet['servant']> {
  const o = r.obj(v, path, ['origin', 'className', 'masterId', 'masterName', 'trueName']);
  const out: NonNullable<CharacterSheet['servant']> = {
    origin: r.str(r.req(o, 'origin', path), join(path, 'origin'), 'field'),
    className: r.str(r.req(o, 'className', path), join(path, 'className'), 'name'),
    trueName: r.str(r.req(o, 'trueName', path), join(path, 'trueName'), 'name'),
  };
  const into = out as unknown as Record<string, unknown>;
  r.opt(o, 'masterId', (x, p) => r.str(x, p, 'name'), path, into);
  r.opt(o, 'masterName', (x, p) => r.str(x, p, 'field'), path, into);
  return out;
}

function readMaster(r: Reader, v: unknown, path: string): NonNullable<CharacterSheet['master']> {
  const o = r.obj(v, path, ['servantIds', 'servantNames', 'commandSealsWritten']);
  const out: NonNullable<CharacterSheet['master']> = {
    servantIds: r.strings(r.req(o, 'servantIds', path), join(path, 'servantIds'), 'name', true),
    servantNames: r.strings(r.req(o, 'servantNames', path), join(path, 'servantNames'), 'name', true),
  };
  r.opt(o, 'commandSealsWritten', (x, p) => r.num(x, p, { int: true, min: 0, max: SHEET_BOUNDS.seals }), path, out as unknown as Record<string, unknown>);
  return out;
}

function readTroop(r: Reader, v: unknown, path: string): NonNullable<CharacterSheet['troop']> {
  const o = r.obj(v, path, ['ownerId', 'acquiredVia', 'sourceGearId', 'sixthStatus']);
  const out: NonNullable<CharacterSheet['troop']> = {
    sixthStatus: r.oneOf(r.req(o, 'sixthStatus', path), join(path, 'sixthStatus'), ['soc', 'np'] as const),
  };
  const into = out as unknown as Record<string, unknown>;
  r.opt(o, 'ownerId', (x, p) => r.str(x, p, 'name', true), path, into);
  r.opt(o, 'acquiredVia', (x, p) => r.oneOf(x, p, ['財産P', '常備化P', '魔術', '礼装', '宝具'] as const), path, into);
  r.opt(o, 'sourceGearId', (x, p) => r.str(x, p, 'name', true), path, into);
  return out;
}

function readMeasure(r: Reader, v: unknown, path: string): { value?: number; text?: string } {
  const o = r.obj(v, path, ['value', 'text']);
  const out: { value?: number; text?: string } = {};
  if (o.value !== undefined) out.value = r.num(o.value, join(path, 'value'), { min: 0, max: SHEET_BOUNDS.measure });
  if (o.text !== undefined) out.text = r.str(o.text, join(path, 'text'), 'field');
  return out;
}

function readAlignmentJson(r: Reader, v: unknown, path: string): Alignment {
  const o = r.obj(v, path, ['purpose', 'conduct', 'preMadness', 'written']);
  const out: Alignment = {
    purpose: r.oneOf(r.req(o, 'purpose', path), join(path, 'purpose'), ['秩序', '中立', '混沌'] as const),
    conduct: r.oneOf(r.req(o, 'conduct', path), join(path, 'conduct'), ['善', '中庸', '悪', '狂'] as const),
  };
  if (o.preMadness !== undefined) out.preMadness = r.oneOf(o.preMadness, join(path, 'preMadness'), ['善', '中庸', '悪'] as const);
  if (o.written !== undefined) out.written = r.str(o.written, join(path, 'written'), 'field');
  return out;
}

function readRankLevel(r: Reader, v: unknown): CharacterSheet['rank'] {
  const o = r.obj(v, 'rank', ['names', 'level', 'bonus']);
  const out: CharacterSheet['rank'] = {
    names: r.strings(r.req(o, 'names', 'rank'), 'rank.names', 'name', true),
    level: r.num(r.req(o, 'level', 'rank'), 'rank.level', { int: true, min: 0, max: SHEET_BOUNDS.rankLevel }),
  };
  if (o.bonus !== undefined) out.bonus = r.num(o.bonus, 'rank.bonus', { int: true, min: 0, max: SHEET_BOUNDS.rankLevel });
  return out;
}

function readFp(r: Reader, v: unknown): CharacterSheet['fp'] {
  const o = r.obj(v, 'fp', ['total', 'spent', 'remaining', 'ledger']);
  const int = { int: true };
  const out: CharacterSheet['fp'] = {
    total: r.num(r.req(o, 'total', 'fp'), 'fp.total', int),
    spent: r.num(r.req(o, 'spent', 'fp'), 'fp.spent', int),
    remaining: r.num(r.req(o, 'remaining', 'fp'), 'fp.remaining', int),
  };
  if (o.ledger !== undefined) {
    out.ledger = r.arr(o.ledger, 'fp.ledger').map((e, i) => {
      const path = `fp.ledger[${i}]`;
      const x = r.obj(e, path, ['item', 'fp']);
      return { item: r.str(r.req(x, 'item', path), join(path, 'item'), 'field'), fp: r.num(r.req(x, 'fp', path), join(path, 'fp'), int) };
    });
  }
  return out;
}

function readGraded(r: Reader, v: unknown, path: string): Graded {
  const o = r.obj(v, path, ['grade', 'marks', 'written']);
  const grade = r.oneOf(r.req(o, 'grade', path), join(path, 'grade'), GRADES);
  const marks = r.arr(r.req(o, 'marks', path), join(path, 'marks'), SHEET_LIMITS.maxMarksHard).map((m, i) => readMark(r, m, `${path}.marks[${i}]`));
  const out: Graded = { grade, marks };
  if (o.written !== undefined) {
    out.written = r.str(o.written, join(path, 'written'), 'name');
    const reread = parseGrade(out.written);
    if (!reread || !sameGrade(reread, out)) r.warnings.push({ key: 'sheet.warn.writtenMismatch', params: { path: join(path, 'written'), written: out.written } });
  }
  return out;
}

function readMark(r: Reader, v: unknown, path: string): Mark {
  const o = r.obj(v, path, ['sign', 'mode', 'condition']);
  const out: Mark = {
    sign: r.oneOf(r.req(o, 'sign', path), join(path, 'sign'), ['+', '-'] as const),
    mode: r.oneOf(r.req(o, 'mode', path), join(path, 'mode'), ['pay', 'condition'] as const),
  };
  if (o.condition !== undefined) out.condition = r.str(o.condition, join(path, 'condition'), 'field');
  if (out.mode === 'condition' && (out.condition ?? '').trim() === '') r.warnings.push({ key: 'sheet.warn.markConditionMissing', params: { path } });
  return out;
}

function readStatuses(r: Reader, v: unknown): Statuses {
  const o = r.obj(v, 'statuses', ['str', 'end', 'agi', 'mag', 'luk', 'np', 'soc']);
  const g = (key: string) => readGraded(r, r.req(o, key, 'statuses'), `statuses.${key}`);
  const out: Statuses = { str: g('str'), end: g('end'), agi: g('agi'), mag: g('mag'), luk: g('luk') };
  if (o.np !== undefined) out.np = readGraded(r, o.np, 'statuses.np');
  if (o.soc !== undefined) out.soc = readGraded(r, o.soc, 'statuses.soc');
  return out;
}

function readDerivedWritten(r: Reader, v: unknown, path: string): NonNullable<CharacterSheet['derivedWritten']> {
  const o = r.obj(v, path, ['hp', 'mp', 'iv']);
  const out: NonNullable<CharacterSheet['derivedWritten']> = {};
  for (const key of ['hp', 'mp', 'iv'] as const) {
    if (o[key] !== undefined) out[key] = r.num(o[key], join(path, key), { int: true, min: -SHEET_BOUNDS.derived, max: SHEET_BOUNDS.derived });
  }
  return out;
}

function readSkill(r: Reader, v: unknown, path: string): SkillEntry {
  const o = r.obj(v, path, ['id', 'name', 'specifier', 'section', 'level', 'fpPerLevel', 'fpSpent', 'options', 'restriction', 'risk', 'details', 'gmApproved']);
  const fpPerLevel = r.req(o, 'fpPerLevel', path);
  const out: SkillEntry = {
    name: r.str(r.req(o, 'name', path), join(path, 'name'), 'name', true),
    section: r.oneOf(r.req(o, 'section', path), join(path, 'section'), ['class', 'personal', 'general'] as const),
    level: readGraded(r, r.req(o, 'level', path), join(path, 'level')),
    fpPerLevel: fpPerLevel === null ? null : r.num(fpPerLevel, join(path, 'fpPerLevel'), { min: -100, max: 100 }),
    fpSpent: r.num(r.req(o, 'fpSpent', path), join(path, 'fpSpent'), { min: -10_000, max: 10_000 }),
    details: r.str(r.req(o, 'details', path), join(path, 'details'), 'free'),
  };
  const into = out as unknown as Record<string, unknown>;
  r.opt(o, 'id', (x, p) => r.str(x, p, 'name', true), path, into);
  r.opt(o, 'specifier', (x, p) => r.str(x, p, 'name'), path, into);
  r.opt(o, 'options', (x, p) => r.strings(x, p, 'field'), path, into);
  r.opt(o, 'restriction', (x, p) => r.str(x, p, 'free'), path, into);
  r.opt(o, 'risk', (x, p) => r.str(x, p, 'free'), path, into);
  r.opt(o, 'gmApproved', (x, p) => r.bool(x, p), path, into);
  return out;
}

function readFixed(r: Reader, v: unknown, path: string): FixedValues {
  const o = r.obj(v, path, ['attack', 'defense', 'defenseVs', 'iv', 'meleeDefensePenalty', 'written']);
  const out: FixedValues = {};
  for (const key of ['attack', 'defense', 'iv', 'meleeDefensePenalty'] as const) {
    if (o[key] !== undefined) out[key] = r.num(o[key], join(path, key), { min: -SHEET_BOUNDS.fixed, max: SHEET_BOUNDS.fixed });
  }
  if (o.defenseVs !== undefined) out.defenseVs = r.oneOf(o.defenseVs, join(path, 'defenseVs'), ['物理', '魔術', '両方'] as const);
  if (o.written !== undefined) out.written = r.str(o.written, join(path, 'written'), 'field');
  return out;
}

function readGear(r: Reader, v: unknown, path: string): NormalGear | SpecialGear {
  const kind = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj).kind : undefined;
  if (kind === 'noblePhantasm' || kind === 'mysticCode') return readSpecial(r, v, path, true);
  return readNormal(r, v, path);
}

function readNormal(r: Reader, v: unknown, path: string): NormalGear {
  const o = r.obj(v, path, ['kind', 'name', 'equipmentPoints', 'pointsWritten', 'type', 'subtype', 'effect', 'details', 'fixed', 'source', 'pointsSpent', 'daily', 'consumable']);
  const out: NormalGear = {
    kind: r.oneOf(r.req(o, 'kind', path), join(path, 'kind'), ['normal', 'heroic', 'item'] as const),
    name: r.str(r.req(o, 'name', path), join(path, 'name'), 'name', true),
    equipmentPoints: r.num(r.req(o, 'equipmentPoints', path), join(path, 'equipmentPoints'), { min: 0, max: SHEET_BOUNDS.points }),
    effect: r.str(r.req(o, 'effect', path), join(path, 'effect'), 'free'),
  };
  const into = out as unknown as Record<string, unknown>;
  r.opt(o, 'pointsWritten', (x, p) => r.str(x, p, 'field'), path, into);
  r.opt(o, 'type', (x, p) => r.oneOf(x, p, GEAR_TYPES), path, into);
  r.opt(o, 'subtype', (x, p) => r.oneOf(x, p, GEAR_SUBTYPES), path, into);
  r.opt(o, 'details', (x, p) => r.str(x, p, 'free'), path, into);
  r.opt(o, 'fixed', (x, p) => readFixed(r, x, p), path, into);
  r.opt(o, 'source', (x, p) => r.oneOf(x, p, ['常備化P', '財産P', 'MP', '道具作成', '動物使役', 'other'] as const), path, into);
  r.opt(o, 'pointsSpent', (x, p) => r.num(x, p, { min: 0, max: SHEET_BOUNDS.points }), path, into);
  r.opt(o, 'daily', (x, p) => r.bool(x, p), path, into);
  r.opt(o, 'consumable', (x, p) => r.bool(x, p), path, into);
  return out;
}

function readSpecial(r: Reader, v: unknown, path: string, allowModes: boolean): SpecialGear {
  const keys = ['kind', 'name', 'rank', 'type', 'subtype', 'activation', 'target', 'mpCost', 'dicePlus', 'fixed', 'effects', 'details',
    'acquiredVia', 'equipmentPoints', 'troopId', 'usesMax', ...(allowModes ? ['modes'] : [])];
  const o = r.obj(v, path, keys);
  const out: SpecialGear = {
    kind: r.oneOf(r.req(o, 'kind', path), join(path, 'kind'), ['noblePhantasm', 'mysticCode'] as const),
    name: r.str(r.req(o, 'name', path), join(path, 'name'), 'name', true),
    rank: readGraded(r, r.req(o, 'rank', path), join(path, 'rank')),
    effects: r.arr(r.req(o, 'effects', path), join(path, 'effects')).map((e, i) => readEffect(r, e, `${path}.effects[${i}]`)),
    details: r.str(r.req(o, 'details', path), join(path, 'details'), 'free'),
  };
  const into = out as unknown as Record<string, unknown>;
  r.opt(o, 'type', (x, p) => r.oneOf(x, p, GEAR_TYPES), path, into);
  r.opt(o, 'subtype', (x, p) => r.oneOf(x, p, GEAR_SUBTYPES), path, into);
  r.opt(o, 'activation', (x, p) => r.oneOf(x, p, ['常時', '継続', '単発'] as const), path, into);
  r.opt(o, 'target', (x, p) => r.oneOf(x, p, ['対人', '対軍', '対城', '対界', '特殊'] as const), path, into);
  r.opt(o, 'mpCost', (x, p) => {
    const m = r.obj(x, p, ['value', 'timing', 'written']);
    const value = r.req(m, 'value', p);
    const cost: NonNullable<SpecialGear['mpCost']> = {
      value: value === null ? null : r.num(value, join(p, 'value'), { min: 0, max: SHEET_BOUNDS.mp }),
      timing: r.oneOf(r.req(m, 'timing', p), join(p, 'timing'), ['drain', 'onActivate', 'afterUse'] as const),
    };
    if (m.written !== undefined) cost.written = r.str(m.written, join(p, 'written'), 'field');
    return cost;
  }, path, into);
  r.opt(o, 'dicePlus', (x, p) => {
    const d = r.obj(x, p, ['dice', 'threshold', 'altDice', 'written']);
    const plus: NonNullable<SpecialGear['dicePlus']> = {
      dice: r.num(r.req(d, 'dice', p), join(p, 'dice'), { int: true, min: 0, max: SHEET_BOUNDS.dice }),
      threshold: r.num(r.req(d, 'threshold', p), join(p, 'threshold'), { int: true, min: 0, max: SHEET_BOUNDS.threshold }),
    };
    if (d.altDice !== undefined) plus.altDice = r.num(d.altDice, join(p, 'altDice'), { int: true, min: 0, max: SHEET_BOUNDS.dice });
    if (d.written !== undefined) plus.written = r.str(d.written, join(p, 'written'), 'field');
    return plus;
  }, path, into);
  r.opt(o, 'fixed', (x, p) => readFixed(r, x, p), path, into);
  r.opt(o, 'acquiredVia', (x, p) => r.oneOf(x, p, ['宝具ステータス', '伝承保菌者', '真性悪魔', '常備化P', '道具作成', '家伝触媒', '皇帝特権', 'other'] as const), path, into);
  r.opt(o, 'equipmentPoints', (x, p) => r.num(x, p, { min: 0, max: SHEET_BOUNDS.points }), path, into);
  r.opt(o, 'troopId', (x, p) => r.str(x, p, 'name', true), path, into);
  r.opt(o, 'usesMax', (x, p) => r.num(x, p, { int: true, min: 0, max: 10_000 }), path, into);
  if (allowModes) {
    r.opt(o, 'modes', (x, p) => r.arr(x, p, 20).map((m, i) => readSpecial(r, m, `${p}[${i}]`, false)), path, into);
  }
  return out;
}

function readEffect(r: Reader, v: unknown, path: string): AddedEffect {
  const o = r.obj(v, path, ['name', 'polarity', 'spec', 'copies']);
  const out: AddedEffect = {
    name: r.str(r.req(o, 'name', path), join(path, 'name'), 'name', true),
    polarity: r.oneOf(r.req(o, 'polarity', path), join(path, 'polarity'), ['plus', 'minus', 'zero', 'special'] as const),
  };
  if (o.spec !== undefined) out.spec = r.str(o.spec, join(path, 'spec'), 'field');
  if (o.copies !== undefined) out.copies = r.num(o.copies, join(path, 'copies'), { int: true, min: 1, max: 100 });
  return out;
}

function readCombo(r: Reader, v: unknown, path: string): SkillCombo {
  const o = r.obj(v, path, ['name', 'components', 'fpCost', 'mpCost', 'details']);
  return {
    name: r.str(r.req(o, 'name', path), join(path, 'name'), 'name', true),
    components: r.strings(r.req(o, 'components', path), join(path, 'components'), 'name', true),
    fpCost: r.num(r.req(o, 'fpCost', path), join(path, 'fpCost'), { min: -1000, max: 1000 }),
    mpCost: r.num(r.req(o, 'mpCost', path), join(path, 'mpCost'), { min: -1000, max: 1000 }),
    details: r.str(r.req(o, 'details', path), join(path, 'details'), 'free'),
  };
}

function readProfileJson(r: Reader, v: unknown, path: string): Profile {
  const keys = ['birthday', 'bloodType', 'imageColor', 'talent', 'likes', 'dislikes', 'reasonForWar'] as const;
  const o = r.obj(v, path, keys);
  const out: Profile = {};
  for (const key of keys) if (o[key] !== undefined) out[key] = r.str(o[key], join(path, key), 'field');
  return out;
}

function readBackground(r: Reader, v: unknown): CharacterSheet['background'] {
  const keys = ['original', 'warAdditions', 'text'] as const;
  const o = r.obj(v, 'background', keys);
  const out: CharacterSheet['background'] = {};
  for (const key of keys) if (o[key] !== undefined) out[key] = r.str(o[key], `background.${key}`, 'free');
  return out;
}

/** Pretty JSON in the §9 shape; parseSheetJson(exportSheetJson(s)).sheet deep-equals s. */
export function exportSheetJson(sheet: CharacterSheet): string {
  return JSON.stringify(sheet, null, 2) + '\n';
}
