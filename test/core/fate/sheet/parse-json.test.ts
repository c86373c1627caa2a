import { describe, expect, it } from 'vitest';
import { SHEET_LIMITS, SheetError, parseSheetJson } from '../../../../src/core/fate/sheet/index.js';
import { fixture } from './helpers.js';

type Json = Record<string, unknown>;
const saber = (): Json => JSON.parse(fixture('digest-saber.json')) as Json;
const at = (o: Json, key: string): Json => o[key] as Json;
const skill = (o: Json, i: number): Json => (o.skills as Json[])[i] as Json;

function refused(json: string): SheetError {
  try {
    parseSheetJson(json);
  } catch (error) {
    if (error instanceof SheetError) return error;
    throw error;
  }
  throw new Error('expected a SheetError');
}
function refusedWith(edit: (o: Json) => void): SheetError {
  const o = saber();
  edit(o);
  return refused(JSON.stringify(o));
}
function warnings(edit: (o: Json) => void): { key: string; params: Record<string, string | number> }[] {
  const o = saber();
  edit(o);
  return parseSheetJson(JSON.stringify(o)).warnings;
}

describe('parseSheetJson: unusable input throws', () => {
  it('empty, not JSON, too large', () => {
    expect(refused('').key).toBe('sheet.error.empty');
    expect(refused('{"schema": ').key).toBe('sheet.error.badJson');
    expect(refused(' '.repeat(SHEET_LIMITS.maxFileBytes) + '{}').key).toBe('sheet.error.fileTooLarge');
  });

  it('not an object, unknown schema', () => {
    expect(refused('[]').params).toEqual({ path: '', expected: 'object' });
    expect(refusedWith((o) => { o.schema = 'other@2'; }).key).toBe('sheet.error.badSchema');
  });

  it('missing fields name their path', () => {
    expect(refusedWith((o) => { delete o.name; }).params).toEqual({ path: 'name' });
    expect(refusedWith((o) => { delete at(o, 'statuses').luk; }).params).toEqual({ path: 'statuses.luk' });
    expect(refusedWith((o) => { delete o.servant; }).params).toEqual({ path: 'servant' });
  });

  it('wrong types', () => {
    expect(refusedWith((o) => { at(o, 'rank').level = '10'; }).params).toEqual({ path: 'rank.level', expected: 'integer' });
    expect(refusedWith((o) => { at(o, 'rank').level = 10.5; }).params).toEqual({ path: 'rank.level', expected: 'integer' });
    expect(refusedWith((o) => { o.skills = {}; }).params).toEqual({ path: 'skills', expected: 'array' });
    expect(refusedWith((o) => { skill(o, 0).details = 7; }).params).toEqual({ path: 'skills[0].details', expected: 'string' });
  });

  it('grades must be − E D C B A EX or ?? (L862–866)', () => {
    const e = refusedWith((o) => { at(at(o, 'statuses'), 'str').grade = 'S'; });
    expect(e.key).toBe('sheet.error.badEnum');
    expect(e.params.path).toBe('statuses.str.grade');
    expect(refusedWith((o) => { at(at(o, 'statuses'), 'str').marks = [{ sign: '*', mode: 'pay' }]; }).params.path).toBe('statuses.str.marks[0].sign');
  });

  it('names non-empty and bounded; strings bounded', () => {
    expect(refusedWith((o) => { o.name = '  '; }).key).toBe('sheet.error.emptyName');
    expect(refusedWith((o) => { o.name = 'x'.repeat(SHEET_LIMITS.maxNameLength + 1); }).key).toBe('sheet.error.stringTooLong');
    expect(refusedWith((o) => { skill(o, 0).name = ''; }).params).toEqual({ path: 'skills[0].name' });
    expect(refusedWith((o) => { o.sex = 'x'.repeat(SHEET_LIMITS.maxFieldLength + 1); }).params).toEqual({ path: 'sex', max: SHEET_LIMITS.maxFieldLength });
  });

  it('ranges: rank level 0–99, seals 0–99, dice threshold ≤ 6', () => {
    expect(refusedWith((o) => { at(o, 'rank').level = -1; }).key).toBe('sheet.error.outOfRange');
    expect(refusedWith((o) => { at(o, 'rank').level = 100; }).params).toMatchObject({ path: 'rank.level', value: 100, max: 99 });
    const np = (o: Json) => (o.noblePhantasms as Json[])[0] as Json;
    expect(refusedWith((o) => { at(np(o), 'dicePlus').threshold = 7; }).params.path).toBe('noblePhantasms[0].dicePlus.threshold');
  });

  it('too many marks to be usable, unknown enum values', () => {
    expect(refusedWith((o) => { at(at(o, 'statuses'), 'str').marks = Array.from({ length: 11 }, () => ({ sign: '+', mode: 'pay' })); }).key).toBe('sheet.error.tooManyItems');
    expect(refusedWith((o) => { o.type = 'npc'; }).params).toMatchObject({ path: 'type', value: 'npc' });
    expect(refusedWith((o) => { ((o.gear as Json[])[0] as Json).kind = 'weapon'; }).params.path).toBe('gear[0].kind');
  });
});

describe('parseSheetJson: softer issues are warnings', () => {
  it('the §9.2 fixture has none', () => {
    expect(warnings(() => {})).toEqual([]);
  });

  it('marks over the maximum: status 2, skill 3 (seed 001 L914)', () => {
    expect(warnings((o) => { at(at(o, 'statuses'), 'str').marks = [1, 2, 3].map(() => ({ sign: '+', mode: 'pay' })); }))
      .toContainEqual({ key: 'sheet.warn.marksOverMax', params: { field: '筋力', count: 3, max: 2 } });
    expect(warnings((o) => { at(skill(o, 0), 'level').marks = [1, 2, 3].map(() => ({ sign: '-', mode: 'pay' })); })).toEqual([]);
    expect(warnings((o) => { at(skill(o, 0), 'level').marks = [1, 2, 3, 4].map(() => ({ sign: '-', mode: 'pay' })); }))
      .toContainEqual({ key: 'sheet.warn.marksOverMax', params: { field: '対魔力', count: 4, max: 3 } });
  });

  it('"+" on an EX status (seed 001 L868)', () => {
    expect(warnings((o) => { at(o, 'statuses').np = { grade: 'EX', marks: [{ sign: '+', mode: 'pay' }] }; }).map((w) => w.key)).toEqual(['sheet.warn.exPlus']);
  });

  it('rank count over 6, level out of range, level not matching the names (L747–751)', () => {
    const w = warnings((o) => { at(o, 'rank').names = ['a', 'b', 'c', 'd', 'e', 'f', 'g']; at(o, 'rank').level = 13; });
    expect(w.map((x) => x.key)).toEqual(['sheet.warn.rankCountOver', 'sheet.warn.rankLevelRange']);
    expect(warnings((o) => { at(o, 'rank').level = 9; })).toEqual([{ key: 'sheet.warn.rankLevelMismatch', params: { written: 9, derived: 10 } }]);
  });

  it('unknown keys are dropped with a warning', () => {
    const o = saber();
    o.favouriteFood = 'ramen';
    const r = parseSheetJson(JSON.stringify(o));
    expect(r.warnings).toEqual([{ key: 'sheet.warn.unknownKey', params: { path: 'favouriteFood' } }]);
    expect('favouriteFood' in r.sheet).toBe(false);
  });

  it('irregular class, a condition mark without its condition, a written grade that disagrees', () => {
    expect(warnings((o) => { at(o, 'servant').className = 'シールダー'; })).toEqual([{ key: 'sheet.warn.irregularClass', params: { className: 'シールダー' } }]);
    expect(warnings((o) => { at(at(o, 'statuses'), 'agi').marks = [{ sign: '+', mode: 'condition' }]; }).map((w) => w.key)).toEqual(['sheet.warn.markConditionMissing']);
    expect(warnings((o) => { at(at(o, 'statuses'), 'agi').written = 'A'; }).map((w) => w.key)).toEqual(['sheet.warn.writtenMismatch']);
  });
});
