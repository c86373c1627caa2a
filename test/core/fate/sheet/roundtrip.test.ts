import { describe, expect, it } from 'vitest';
import {
  SheetError, exportSheetJson, exportSheetText, parseSheetJson, parseSheetText, type CharacterSheet,
} from '../../../../src/core/fate/sheet/index.js';
import { fixture, fixtureNames } from './helpers.js';

const texts = fixtureNames('.txt');

describe('text → sheet → text → sheet (brief: round trip on every fixture)', () => {
  it('there are text fixtures to run', () => {
    expect(texts.length).toBeGreaterThanOrEqual(9);
  });

  it.each(texts)('%s', (file) => {
    const first = parseSheetText(fixture(file), { source: 'file' });
    const text = exportSheetText(first.sheet);
    const second = parseSheetText(text, { source: 'file' });
    expect(second.sheet).toStrictEqual(first.sheet); // same id too: it is derived from type and name
    expect(exportSheetText(second.sheet)).toBe(text); // and the text is a fixed point
  });

  it.each(texts)('%s: unparsed lines survive two round trips under 【未解析】', (file) => {
    const first = parseSheetText(fixture(file), { source: 'file' });
    const text = exportSheetText(first.sheet);
    if (first.unparsed.length) {
      expect(text).toContain('\n【未解析】\n' + first.unparsed.map((u) => u.text).join('\n') + '\n');
    } else {
      expect(text).not.toContain('【未解析】');
    }
    const third = parseSheetText(exportSheetText(parseSheetText(text, { source: 'file' }).sheet), { source: 'file' });
    expect(third.sheet.extraText).toEqual(first.sheet.extraText);
  });
});

describe('sheet → JSON → sheet', () => {
  it.each(texts)('%s (parsed from text)', (file) => {
    const { sheet } = parseSheetText(fixture(file), { source: 'file' });
    const back = parseSheetJson(exportSheetJson(sheet));
    expect(back.sheet).toStrictEqual(sheet);
    expect(back.unparsed).toEqual([]);
    expect(back.warnings.filter((w) => w.key === 'sheet.warn.unknownKey')).toEqual([]);
  });

  it('the digest §9.2 JSON fixture round-trips and reads without warnings', () => {
    const first = parseSheetJson(fixture('digest-saber.json'));
    expect(first.warnings).toEqual([]);
    expect(first.sheet).toStrictEqual(JSON.parse(fixture('digest-saber.json')) as CharacterSheet);
    expect(parseSheetJson(exportSheetJson(first.sheet)).sheet).toStrictEqual(first.sheet);
  });

  it('exportSheetJson is pretty-printed', () => {
    const json = exportSheetJson(parseSheetJson(fixture('digest-saber.json')).sheet);
    expect(json.split('\n').length).toBeGreaterThan(50);
    expect(json).toContain('\n  "schema": "fate-roll-dice/sheet@1",');
  });
});

describe('JSON sheet → text → sheet keeps what the template can carry', () => {
  it('the digest §9.2 Saber: same statuses, ranks, skills, NP numbers, gear, profile; nothing unparsed', () => {
    const json = parseSheetJson(fixture('digest-saber.json')).sheet;
    const text = exportSheetText(json);
    const back = parseSheetText(text, { id: json.id });
    expect(back.unparsed).toEqual([]);
    expect(back.warnings).toEqual([]);
    const s = back.sheet;
    expect([s.type, s.name, s.servant, s.rank, s.statuses, s.derivedWritten, s.profile, s.background])
      .toEqual([json.type, json.name, json.servant, json.rank, json.statuses, json.derivedWritten, json.profile, json.background]);
    expect(s.skills.map((k) => [k.name, k.section, k.level, k.details])).toEqual(json.skills.map((k) => [k.name, k.section, k.level, k.details]));
    const [np] = s.noblePhantasms;
    const [jnp] = json.noblePhantasms;
    expect(np).toMatchObject({ name: jnp?.name, rank: jnp?.rank, type: jnp?.type, subtype: jnp?.subtype, activation: jnp?.activation, target: jnp?.target, mpCost: jnp?.mpCost, dicePlus: jnp?.dicePlus, effects: jnp?.effects, details: jnp?.details });
    expect(s.gear[0]).toMatchObject({ kind: 'heroic', name: '(例)白銀の鎧', equipmentPoints: 4, type: '防具', subtype: '対物', fixed: { defense: 4 } });
    expect(s.alignment).toMatchObject({ purpose: '秩序', conduct: '善' });
  });

  it('a master whose noble phantasm is written 『宝具・…』 in the gear section (L1632), plus a 成長性 bonus and condition marks', () => {
    const { sheet } = parseSheetText(fixture('digest-master.txt'));
    const s = structuredClone(sheet);
    s.rank.bonus = 2;
    s.statuses.agi = { grade: 'D', marks: [{ sign: '+', mode: 'condition', condition: '逃げる時' }] };
    s.noblePhantasms.push({ kind: 'noblePhantasm', name: '家宝の剣', rank: { grade: 'C', marks: [] }, type: '武器', subtype: '白兵', activation: '単発', target: '対人', effects: [], details: '伝承保菌者。' });
    const text = exportSheetText(s);
    expect(text).toContain('『宝具・家宝の剣』');
    expect(text).toContain('【ランクレベル】5:「時計塔」');
    expect(text).toContain('敏捷D+(逃げる時)');
    const back = parseSheetText(text).sheet;
    expect(back.rank).toEqual({ names: ['時計塔', 'うっかり', 'ツンデレ'], level: 3, bonus: 2 });
    expect(back.statuses.agi).toEqual(s.statuses.agi);
    expect(back.noblePhantasms[0]).toMatchObject({ name: '家宝の剣', rank: { grade: 'C' }, subtype: '白兵', details: '伝承保菌者。' });
  });

  it('a stale `written` that no longer matches the grade is not printed', () => {
    const { sheet } = parseSheetText(fixture('messy-servant.txt'));
    const s = structuredClone(sheet);
    s.statuses.str = { grade: 'A', marks: [], written: 'Ｂ＋' };
    expect(exportSheetText(s)).toContain('【ステータス】筋力A 耐久B++');
  });
});

describe('round trip holds for damaged sheets too (seeded mutations of every fixture)', () => {
  const pieces = ['【', '】', ':', '：', '『', '』', '「', '」', '・', '-', '−', '+', '(', ')', '　', 'A', 'EX', '??', '筋力', 'HP', '/',
    '【設定】', '【未解析】', '--マスター用キャラクターシート--', '-----------', '・原典設定', '宝具ランク:', '装備ポイント:', '効果:', '(なし)'];
  const lines = texts.map((f) => fixture(f).split('\n'));
  const all = lines.flat();
  let seed = 20240601;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)] as T;

  it('400 variants: parse never throws anything but SheetError, and export → import gives the same sheet', () => {
    let checked = 0;
    for (let n = 0; n < 400; n++) {
      const doc = [...pick(lines)];
      for (let k = 1 + Math.floor(rnd() * 8); k > 0; k--) {
        const i = Math.floor(rnd() * (doc.length + 1));
        const line = doc[i] ?? '';
        const at = Math.floor(rnd() * (line.length + 1));
        const op = rnd();
        if (op < 0.25) doc.splice(i, 1);
        else if (op < 0.5) doc.splice(i, 0, pick(all));
        else if (op < 0.75) doc[i] = line.slice(0, at) + pick(pieces) + line.slice(at);
        else doc[i] = line.slice(0, at);
      }
      let first;
      try {
        first = parseSheetText(doc.join('\n'), { source: 'file' });
      } catch (error) {
        expect(error).toBeInstanceOf(SheetError);
        continue;
      }
      const again = parseSheetText(exportSheetText(first.sheet), { source: 'file' });
      expect(again.sheet, doc.join('\n')).toStrictEqual(first.sheet);
      expect(parseSheetJson(exportSheetJson(first.sheet)).sheet).toStrictEqual(first.sheet);
      checked++;
    }
    expect(checked).toBeGreaterThan(350);
  });
});
