import { describe, expect, it } from 'vitest';
import {
  SHEET_LIMITS, SheetError, exportSheetText, parseSheetJson, parseSheetText, type Graded, type SheetParseResult,
} from '../../../../src/core/fate/sheet/index.js';
import { fixture } from './helpers.js';

function refused(run: () => unknown): SheetError {
  try {
    run();
  } catch (error) {
    if (error instanceof SheetError) return error;
    throw error;
  }
  throw new Error('expected a SheetError');
}

const keys = (r: SheetParseResult) => r.warnings.map((w) => w.key);

describe('the digest §8 Saber (servant template, seed 001 L1532–1595)', () => {
  const r = parseSheetText(fixture('digest-saber.txt'), { id: 'srv-example-saber' });
  const json = parseSheetJson(fixture('digest-saber.json')).sheet;
  const s = r.sheet;

  it('reads every line: nothing unparsed, no warnings', () => {
    expect(r.unparsed).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(s.extraText).toBeUndefined();
  });

  it('matches the digest §9.2 JSON on every field the template carries', () => {
    expect(s.type).toBe('servant');
    expect(s.name).toBe(json.name);
    expect(s.servant).toEqual(json.servant);
    expect([s.sex, s.height, s.weight]).toEqual([json.sex, json.height, json.weight]);
    expect(s.alignment).toEqual({ purpose: '秩序', conduct: '善' });
    expect(s.rank).toEqual(json.rank);
    expect(s.fp.total).toBe(json.fp.total);
    expect(s.statuses).toEqual(json.statuses);
    expect(s.derivedWritten).toEqual(json.derivedWritten);
    expect(s.skills.map((k) => [k.name, k.section, k.level])).toEqual(json.skills.map((k) => [k.name, k.section, k.level]));
    expect(s.profile).toEqual(json.profile);
    expect(s.background).toEqual(json.background);
    expect(s.combos).toEqual([]);
  });

  it('reads the NP block fields (L1564–1568, digest §5.7): 対城 20d6 single-target alternative, added effects', () => {
    const [np] = s.noblePhantasms;
    const [expected] = json.noblePhantasms;
    expect(np).toMatchObject({
      kind: 'noblePhantasm', name: expected?.name, rank: expected?.rank, type: '武器', subtype: '白兵',
      activation: '単発', target: '対城', mpCost: expected?.mpCost, dicePlus: expected?.dicePlus,
      fixed: expected?.fixed, effects: expected?.effects, details: expected?.details,
    });
  });

  it('reads the gear block (L1571–1575): heroic armor, 4 EP drained as MP (L1105–1113)', () => {
    expect(s.gear).toEqual([{
      kind: 'heroic', name: '(例)白銀の鎧', equipmentPoints: 4, pointsWritten: '4(英霊通常装備・MP4常時消費)',
      type: '防具', subtype: '対物', effect: 'ダメージ減少4(英霊通常装備につき魔術ダメージにも有効)',
      source: 'MP', pointsSpent: 4, fixed: { defense: 4 },
    }]);
  });

  it('skill details are the ":" line verbatim (L1549)', () => {
    expect(s.skills[0]?.details).toBe('対魔術攻撃の防御力+4。魔力・魔術的効果への受動的対抗判定にダイス判定プラス(4d6・4以下)。');
  });
});

describe('the digest §8.3 master (master template, seed 001 L1597–1646)', () => {
  const r = parseSheetText(fixture('digest-master.txt'));
  const s = r.sheet;

  it('is a master with R = number of ranks (L747–751) and 3 seals as printed', () => {
    expect(r.unparsed).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(s.type).toBe('master');
    expect(s.name).toBe('例・魔術師');
    expect(s.rank).toEqual({ names: ['時計塔', 'うっかり', 'ツンデレ'], level: 3 });
    expect(s.master).toEqual({ servantIds: [], servantNames: ['セイバー'], commandSealsWritten: 3 });
    expect(s.statuses.soc).toEqual({ grade: 'D', marks: [] });
    expect(s.statuses.np).toBeUndefined();
  });

  it('reads a mystic code and an item (L1620–1631)', () => {
    expect(s.gear).toHaveLength(2);
    expect(s.gear[0]).toMatchObject({ kind: 'mysticCode', name: '宝石', rank: { grade: 'D' }, subtype: '魔術', dicePlus: { dice: 4, threshold: 2 }, fixed: { attack: 1 }, details: '常備化P2点で取得。' });
    expect(s.gear[1]).toMatchObject({ kind: 'item', name: '魔力回復の宝石', equipmentPoints: 2, pointsWritten: '2(常備化P・1日1回)', source: '常備化P', type: 'アイテム' });
  });

  it('keeps the 【設定】 text with its line breaks', () => {
    expect(s.background).toEqual({ text: '魔術師の名家の当主。\nうっかりが多い。' });
  });
});

describe('a filled-in servant template (seed 001 L1532–1595 as printed)', () => {
  const r = parseSheetText(fixture('servant-template-filled.txt'));
  const s = r.sheet;

  it('ignores the untouched template lines and empty 「」, reads the rest', () => {
    expect(r.unparsed).toEqual([]);
    expect(s.rank).toEqual({ names: ['知名度', '神性', '魔術', '裏切り'], level: 10 });
    expect(s.derivedWritten).toBeUndefined();
    expect(s.skills.map((k) => `${k.section}:${k.name}`)).toEqual(['class:陣地作成', 'class:道具作成', 'personal:高速神言', 'personal:金羊の皮']);
    expect(s.skills[3]?.level.grade).toBe('EX');
    expect(s.statuses.mag).toEqual({ grade: 'A', marks: [{ sign: '+', mode: 'pay' }] });
  });

  it('two normal gear blocks and one mystic code; the blank 『』 block is dropped as template', () => {
    expect(s.gear.map((x) => `${x.kind}:${x.name}`)).toEqual(['heroic:ローブ', 'heroic:杖', 'mysticCode:竜牙兵の触媒']);
    expect(s.noblePhantasms.map((x) => x.name)).toEqual(['破戒すべき全ての符']);
    expect(s.noblePhantasms[0]?.type).toBe('能力');
    expect(s.noblePhantasms[0]?.fixed).toBeUndefined();
  });

  it('one skill combo (L940–947); the "(スキルコンボ名):(+++)" template line is not part of it', () => {
    expect(s.combos).toEqual([{ name: '神殿魔術', components: ['魔力', '陣地作成', '高速神言'], fpCost: 3, mpCost: 3, details: '神殿内での大魔術。' }]);
  });

  it('background: ・原典設定 and ・聖杯戦争追加設定 (L1594–1596)', () => {
    expect(s.background).toEqual({ original: 'コルキスの王女。裏切りの魔女と呼ばれる。', warAdditions: '(なし)' });
  });
});

describe('a troop (troop template, seed 001 L1648–1692)', () => {
  const r = parseSheetText(fixture('troop-filled.txt'));
  const s = r.sheet;

  it('numeric 【ランクレベル】 is the troop level; no rank names (L1657)', () => {
    expect(r.unparsed).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(s.type).toBe('troop');
    expect(s.rank).toEqual({ names: [], level: 3 });
    expect(s.troop).toEqual({ sixthStatus: 'soc' });
    expect(s.fp.total).toBe(0);
  });

  it('troop gear is normal gear (L386), heights as written', () => {
    expect(s.gear[0]).toMatchObject({ kind: 'normal', name: '石の拳', equipmentPoints: 2, subtype: '白兵', fixed: { attack: 1 } });
    expect(s.height).toEqual({ text: '〜200cm' });
    expect(s.weight).toEqual({ text: '〜300kg' });
    expect(s.sex).toBe('なし');
    expect(s.profile).toBeUndefined();
  });
});

describe('the blank seed templates', () => {
  it.each([
    ['seed-servant-blank.txt', 'servant', '宝具'],
    ['seed-master-blank.txt', 'master', '社会'],
    ['seed-troop-blank.txt', 'troop', undefined],
  ] as const)('%s: type %s, nothing unparsed, statuses treated as − with warnings', (file, type, sixth) => {
    const r = parseSheetText(fixture(file), { source: 'file' });
    expect(r.sheet.type).toBe(type);
    expect(r.unparsed).toEqual([]);
    const missing = r.warnings.filter((w) => w.key === 'sheet.warn.statusMissing').map((w) => w.params.status);
    expect(missing).toEqual(['筋力', '耐久', '敏捷', '魔力', '幸運', ...(sixth ? [sixth] : [])]);
    expect(keys(r)).toContain('sheet.warn.noName');
    expect(r.sheet.name).toBe('名無し');
    expect([r.sheet.skills, r.sheet.noblePhantasms, r.sheet.gear, r.sheet.combos]).toEqual([[], [], [], []]);
    expect(r.sheet.profile).toBeUndefined();
    expect(r.sheet.alignment).toBeUndefined();
    expect(r.sheet.height).toBeUndefined();
  });
});

describe('a messy servant: full-width colons, split statuses, marks, unknown lines', () => {
  const r = parseSheetText(fixture('messy-servant.txt'));
  const s = r.sheet;

  it('reports each unknown line with its 1-based line number and keeps it as text', () => {
    expect(r.unparsed).toEqual([
      { line: 1, text: 'ランサーのキャラシ(仮)', reason: 'sheet.unparsed.unknownLine' },
      { line: 7, text: '【スリーサイズ】不明', reason: 'sheet.unparsed.unknownField' },
      { line: 24, text: '※以下はGM承認済み', reason: 'sheet.unparsed.unknownLine' },
    ]);
    expect(s.extraText).toEqual(['ランサーのキャラシ(仮)', '【スリーサイズ】不明', '※以下はGM承認済み']);
  });

  it('full-width "：" and half-width ":" both separate a field from its value', () => {
    expect(s.servant).toEqual({ origin: 'ケルト神話', className: 'ランサー', masterName: 'なし', trueName: 'クー・フーリン' });
    expect(s.name).toBe('ランサー');
    expect(s.rank.level).toBe(11);
  });

  it('statuses split over lines with marks in every spelling (L893–915)', () => {
    expect(s.statuses).toEqual({
      str: { grade: 'B', marks: [{ sign: '+', mode: 'pay' }], written: 'Ｂ＋' },
      end: { grade: 'B', marks: [{ sign: '+', mode: 'pay' }, { sign: '+', mode: 'pay' }] },
      agi: { grade: 'A', marks: [] },
      mag: { grade: 'C', marks: [] },
      luk: { grade: 'D', marks: [{ sign: '-', mode: 'pay' }], written: 'D－' },
      np: { grade: 'EX', marks: [] },
    });
    expect(s.derivedWritten).toEqual({ hp: 44, mp: 29, iv: 17 });
  });

  it('skills: multi-line details, a condition mark "B−(飛び道具限定)", a ?? skill, one without details', () => {
    expect(s.skills.map((k) => k.name)).toEqual(['対魔力', '戦闘続行', '矢避けの加護', '??', '仕切り直し', 'ルーン魔術']);
    expect(s.skills[1]?.details).toBe('(HP0でも1回だけ行動できる。\n使用リスク:戦闘後HP-5)');
    expect(s.skills[2]?.level).toEqual({ grade: 'B', marks: [{ sign: '-', mode: 'condition', condition: '飛び道具限定' }] });
    expect(s.skills[3]?.level).toEqual({ grade: '??', marks: [] });
    expect(s.skills[4]?.details).toBe('');
    expect(s.skills[0]?.details).toBe('(魔術への受動的対抗判定にダイス判定プラス)');
  });

  it('NP fields on separate lines, separated by full-width spaces; details running on', () => {
    const [first, second] = s.noblePhantasms;
    expect(first).toMatchObject({ rank: { grade: 'B' }, type: '武器', subtype: '白兵', activation: '単発', target: '対人', mpCost: { value: 8, timing: 'afterUse' }, dicePlus: { dice: 8, threshold: 4 }, fixed: { attack: 8 } });
    expect(first?.effects).toEqual([
      { name: '必中', polarity: 'plus' }, { name: '必殺', polarity: 'plus' }, { name: '使用時真名判明', polarity: 'minus' },
    ]);
    expect(second?.rank).toEqual({ grade: 'A', marks: [{ sign: '+', mode: 'pay' }] });
    expect(second?.details).toBe('(投擲で放つ。)\nこの槍は一度放つと戻るまで使えない。');
  });

  it('profile with full-width separators, background with an inner blank line', () => {
    expect(s.profile?.reasonForWar).toBe('強敵との戦い');
    expect(s.background).toEqual({ original: 'アルスターの英雄。\n\n光の御子。', warAdditions: '今回は槍一本で戦う。' });
  });
});

describe('a messy master', () => {
  const r = parseSheetText(fixture('messy-master.txt'));
  const s = r.sheet;

  it('unknown field and unknown line reported at lines 36 and 37 and kept', () => {
    expect(r.unparsed.map((u) => [u.line, u.text, u.reason])).toEqual([
      [36, '【好物】ラーメン', 'sheet.unparsed.unknownField'],
      [37, 'GMメモ:要確認', 'sheet.unparsed.unknownLine'],
    ]);
  });

  it('keeps Japanese verbatim (the full-width space inside the name), normalizes digits', () => {
    expect(s.name).toBe('遠坂　凛子');
    expect(s.master).toEqual({ servantIds: [], servantNames: ['ランサー', 'フェイク・アサシン'], commandSealsWritten: 3 });
    expect(s.height).toEqual({ value: 159 });
    expect(s.weight).toEqual({ value: 47 });
  });

  it('alignment with pre-madness conduct "混沌・狂(善)" (L850–856)', () => {
    expect(s.alignment).toEqual({ purpose: '混沌', conduct: '狂', preMadness: '善' });
  });

  it('statuses with no spaces and HP/MP/IV on one line', () => {
    expect(Object.fromEntries((Object.entries(s.statuses) as [string, Graded][]).map(([k, v]) => [k, v.grade + v.marks.map((m) => m.sign).join('')]))).toEqual({
      str: 'E', end: 'E', agi: 'D', mag: 'A+', luk: 'E', soc: 'C',
    });
    expect(s.derivedWritten).toEqual({ hp: 11, mp: 36, iv: 7 });
  });

  it('warns: 7 ranks (max 6, L747), rank level outside 1–6, 4 marks on a skill (max 3, L914)', () => {
    expect(r.warnings).toEqual([
      { line: 15, key: 'sheet.warn.marksOverMax', params: { field: '高速詠唱', count: 4, max: 3 } },
      { line: 9, key: 'sheet.warn.rankCountOver', params: { count: 7, max: 6 } },
      { line: 9, key: 'sheet.warn.rankLevelRange', params: { level: 7, min: 1, max: 6 } },
    ]);
  });

  it('skills with B−− (U+2212) and D- (ASCII)', () => {
    expect(s.skills.map((k) => [k.name, k.specifier, k.level.grade, k.level.marks.length, k.level.written])).toEqual([
      ['魔術・宝石', '宝石', 'B', 2, undefined],
      ['高速詠唱', undefined, 'A', 4, undefined],
      ['悪癖・短気', '短気', 'D', 1, 'D-'],
      ['??', undefined, '??', 0, undefined],
    ]);
  });

  it('MC fields one per line; 『宝具・天の鎖』 in the gear section is a noble phantasm (L1632)', () => {
    expect(s.gear).toHaveLength(1);
    expect(s.gear[0]).toMatchObject({ kind: 'mysticCode', name: 'アゾット剣', rank: { grade: 'C' }, activation: '継続', mpCost: { value: 3, timing: 'onActivate' }, details: '(父の形見。)' });
    expect(s.noblePhantasms.map((n) => n.name)).toEqual(['天の鎖']);
    expect(s.noblePhantasms[0]?.subtype).toBe('両用');
  });

  it('an unknown 【…】 line inside 【設定】 stays in the background; a long rule line ends it', () => {
    expect(s.background.text).toBe('冬木の管理者。\n【過去】\n幼い頃に父を亡くす。');
    expect(s.profile?.reasonForWar).toBeUndefined();
  });
});

describe('type detection (brief: 【クラス】/【真名】 → servant, 【令呪数】/【サーヴァント】 → master, numeric rank → troop)', () => {
  it.each([
    ['【クラス】セイバー', 'servant'],
    ['【真名】X', 'servant'],
    ['【令呪数】3回', 'master'],
    ['【サーヴァント】セイバー', 'master'],
    ['【ランクレベル】:4', 'troop'],
    ['--トループ用キャラクターシート--\n【名前】兵', 'troop'],
    ['--サーヴァント用キャラクターシート--\n【名前】兵', 'servant'],
  ] as const)('%j → %s', (text, type) => {
    const r = parseSheetText(`${text}\n【ステータス】筋力C 耐久C 敏捷C 魔力C 幸運C`);
    expect(r.sheet.type).toBe(type);
    expect(keys(r).some((k) => k.startsWith('sheet.warn.typeGuessed'))).toBe(false);
  });

  it('nothing decisive: guessed, with a warning', () => {
    expect(keys(parseSheetText('【名前】誰か'))).toContain('sheet.warn.typeGuessed.master');
    expect(keys(parseSheetText('【名前】誰か\n【ステータス】筋力C 耐久C 敏捷C 魔力C 幸運C 宝具C'))).toContain('sheet.warn.typeGuessed.servant');
  });

  it('servant and master fields together: servant, a warning, the master-only lines kept', () => {
    const r = parseSheetText('【クラス】セイバー\n【令呪数】3回');
    expect(r.sheet.type).toBe('servant');
    expect(keys(r)).toContain('sheet.warn.typeConflict');
    expect(r.unparsed).toEqual([{ line: 2, text: '【令呪数】3回', reason: 'sheet.unparsed.notForType' }]);
  });
});

describe('statuses (seed 001 L862–869, L893–915)', () => {
  const statuses = (line: string) => parseSheetText(`【クラス】セイバー\n${line}`);

  it.each([
    '【ステータス】筋力A 耐久B 敏捷B 魔力C 幸運C 宝具A',
    '【ステータス】筋力A耐久B敏捷B魔力C幸運C宝具A',
    '【ステータス】筋力:A 耐久:B 敏捷:B 魔力:C 幸運:C 宝具:A',
    '【ステータス】筋力：Ａ　耐久：Ｂ　敏捷：Ｂ　魔力：Ｃ　幸運：Ｃ　宝具：Ａ',
    '【ステータス】\n筋力A\n耐久B\n敏捷B\n魔力C\n幸運C\n宝具A',
    '【ステータス】筋力A 耐久B / 敏捷B 魔力C / 幸運C 宝具A',
  ])('one line or several, with or without spaces and colons: %j', (line) => {
    const r = statuses(line);
    expect(r.unparsed).toEqual([]);
    expect(Object.values(r.sheet.statuses).map((v) => v.grade).join('')).toBe('ABBCCA');
  });

  it('a mark with its condition in parentheses becomes a condition mark (L903, L915)', () => {
    const r = statuses('【ステータス】筋力A 耐久B 敏捷B+(直線距離を駆ける時) 魔力C 幸運C 宝具A');
    expect(r.sheet.statuses.agi).toEqual({ grade: 'B', marks: [{ sign: '+', mode: 'condition', condition: '直線距離を駆ける時' }] });
  });

  it('"宝具-" and "宝具−(無し)" are the none grade (L668, L885)', () => {
    expect(statuses('【ステータス】筋力A 耐久B 敏捷B 魔力C 幸運D 宝具-').sheet.statuses.np).toEqual({ grade: '-', marks: [] });
    expect(statuses('【ステータス】筋力A 耐久B 敏捷B 魔力C 幸運D 宝具−(無し)').sheet.statuses.np).toEqual({ grade: '-', marks: [], written: '−(無し)' });
  });

  it('a missing grade counts as − with a warning', () => {
    const r = statuses('【ステータス】筋力A 耐久 敏捷B 魔力C 幸運C 宝具A');
    expect(r.sheet.statuses.end).toEqual({ grade: '-', marks: [] });
    expect(r.warnings).toContainEqual({ line: 2, key: 'sheet.warn.statusMissing', params: { status: '耐久' } });
  });

  it('more than 2 marks on a status warns (L914); "+" on EX warns (L868); "??" on a status warns', () => {
    const r = statuses('【ステータス】筋力A+++ 耐久EX+ 敏捷?? 魔力C 幸運C 宝具A');
    expect(keys(r)).toEqual(expect.arrayContaining(['sheet.warn.marksOverMax', 'sheet.warn.exPlus', 'sheet.warn.unknownGrade']));
    expect(r.sheet.statuses.str.marks).toHaveLength(3);
  });

  it('text after the grades is kept: the line goes to unparsed (partial) and the grades are still read', () => {
    const r = statuses('【ステータス】筋力A 耐久B 敏捷B 魔力C 幸運C 宝具A ※狂化込み');
    expect(r.sheet.statuses.np?.grade).toBe('A');
    expect(r.unparsed).toEqual([{ line: 2, text: '【ステータス】筋力A 耐久B 敏捷B 魔力C 幸運C 宝具A ※狂化込み', reason: 'sheet.unparsed.partial' }]);
  });

  it('a servant with 社会 instead of 宝具 warns', () => {
    expect(keys(statuses('【ステータス】筋力A 耐久B 敏捷B 魔力C 幸運C 社会A'))).toEqual(expect.arrayContaining(['sheet.warn.sixthStatus', 'sheet.warn.statusMissing']));
  });

  it('・HP:48 with a note keeps the number and the line', () => {
    const r = statuses('・HP:48(鎧込み)');
    expect(r.sheet.derivedWritten).toEqual({ hp: 48 });
    expect(r.unparsed[0]?.reason).toBe('sheet.unparsed.partial');
  });
});

describe('rank level (seed 001 L747–751, L1542)', () => {
  it('servant R = 6 + names; a larger written number is a 成長性 bonus', () => {
    const r = parseSheetText('【クラス】セイバー\n【ランクレベル】11:「知名度」「王族」「軍勝」「偉業」');
    expect(r.sheet.rank).toEqual({ names: ['知名度', '王族', '軍勝', '偉業'], level: 10, bonus: 1 });
    expect(r.unparsed).toEqual([]);
  });

  it('a smaller written number than the names give: names win, the line is kept, a warning', () => {
    const r = parseSheetText('【クラス】セイバー\n【ランクレベル】8:「知名度」「王族」「軍勝」「偉業」');
    expect(r.sheet.rank.level).toBe(10);
    expect(keys(r)).toContain('sheet.warn.rankLevelMismatch');
    expect(r.unparsed[0]?.line).toBe(2);
  });
});

describe('class (seed 001 L709–718)', () => {
  it('an irregular class is fine, noted as info', () => {
    const r = parseSheetText('【クラス】フェイク・アサシン\n【ランクレベル】:「知名度」');
    expect(r.warnings).toContainEqual({ key: 'sheet.warn.irregularClass', params: { className: 'フェイク・アサシン' } });
    expect(keys(parseSheetText('【クラス】セイバー\n【ランクレベル】:「知名度」'))).not.toContain('sheet.warn.irregularClass');
  });
});

describe('never drops content', () => {
  it('a duplicate field, a field value not understood, a nameless block: each line reported and kept', () => {
    const text = [
      '【クラス】セイバー', //                       1
      '【クラス】ランサー', //                       2 duplicate
      '【属性】秩序・良', //                         3 not an alignment
      '【宝具】', //                                4
      '『』', //                                    5 nameless block with data
      '宝具ランク:A 発動区分:単発', //               6
      '『剣』', //                                  7
      '宝具ランク:B 種類区分:武器(投擲) 対象区分:対国', // 8 unknown subtype and target
    ].join('\n');
    const r = parseSheetText(text);
    expect(r.unparsed.map((u) => [u.line, u.reason])).toEqual([
      [2, 'sheet.unparsed.duplicate'],
      [3, 'sheet.unparsed.badValue'],
      [5, 'sheet.unparsed.noName'],
      [6, 'sheet.unparsed.noName'],
      [8, 'sheet.unparsed.partial'],
    ]);
    expect(r.sheet.servant?.className).toBe('セイバー');
    expect(r.sheet.alignment).toBeUndefined();
    expect(r.sheet.noblePhantasms).toMatchObject([{ name: '剣', rank: { grade: 'B' }, type: '武器' }]);
    expect(r.sheet.noblePhantasms[0]?.subtype).toBeUndefined();
    expect(r.sheet.noblePhantasms[0]?.target).toBeUndefined();
    expect(r.sheet.extraText).toEqual(['【クラス】ランサー', '【属性】秩序・良', '『』', '宝具ランク:A 発動区分:単発', '宝具ランク:B 種類区分:武器(投擲) 対象区分:対国']);
    const again = parseSheetText(exportSheetText(r.sheet));
    expect(again.sheet.extraText).toEqual(r.sheet.extraText);
    expect(again.unparsed.every((u) => u.reason === 'sheet.unparsed.kept')).toBe(true);
  });

  it('a value on the line after an empty field is that field’s value', () => {
    const r = parseSheetText('【クラス】セイバー\n【真名】\nアルトリア\n【性別】女');
    expect(r.sheet.servant?.trueName).toBe('アルトリア');
    expect(r.unparsed).toEqual([]);
  });

  it('content on the same line as a section header is read in that section', () => {
    const r = parseSheetText('【クラス】セイバー\n【宝具】『約束の剣』宝具ランク:A\n【設定】昔の話。');
    expect(r.sheet.noblePhantasms[0]).toMatchObject({ name: '約束の剣', rank: { grade: 'A' } });
    expect(r.sheet.background.text).toBe('昔の話。');
  });
});

describe('numbers and lengths stay inside the JSON bounds (so every text import also passes parseSheetJson)', () => {
  it('oversized numbers are not taken; their lines are kept', () => {
    const text = [
      '【名前】大きい', //                                 1
      '【令呪数】100回', //                                2
      '・HP:100000', //                                   3
      '【スキル】', //                                    4
      `剣術:A${'+'.repeat(SHEET_LIMITS.maxMarksHard + 1)}`, // 5 too many marks to be a grade
      '【装備・アイテム】', //                             6
      '『礼装』', //                                      7
      '礼装ランク:C ダイス判定プラス:3d6(7以下) MP消費:99999999', // 8 threshold above 6
    ].join('\n');
    const r = parseSheetText(text);
    expect(r.sheet.master?.commandSealsWritten).toBeUndefined();
    expect(r.sheet.derivedWritten).toBeUndefined();
    expect(r.sheet.skills).toEqual([]);
    expect(r.sheet.gear[0]).toMatchObject({ kind: 'mysticCode', mpCost: { value: null, written: '99999999' } });
    expect(r.unparsed.map((u) => u.line)).toEqual([2, 3, 5, 8]);
    expect(parseSheetJson(JSON.stringify(r.sheet)).sheet).toStrictEqual(r.sheet);
  });

  it('an added-effect name over 100 characters stays in the details only', () => {
    const long = 'あ'.repeat(SHEET_LIMITS.maxNameLength + 1);
    const r = parseSheetText(`【クラス】セイバー\n【宝具】\n『剣』\n宝具ランク:A\n:プラス追加効果「${long}」「必中」`);
    expect(r.sheet.noblePhantasms[0]?.effects).toEqual([{ name: '必中', polarity: 'plus' }]);
    expect(parseSheetJson(JSON.stringify(r.sheet)).sheet).toStrictEqual(r.sheet);
  });
});

describe('limits and refusals', () => {
  it('empty input: sheet.error.empty', () => {
    expect(refused(() => parseSheetText('')).key).toBe('sheet.error.empty');
    expect(refused(() => parseSheetText(' \n\u3000\n')).key).toBe('sheet.error.empty');
  });

  it('no field at all: sheet.error.notASheet', () => {
    expect(refused(() => parseSheetText('こんにちは\nよろしくお願いします')).key).toBe('sheet.error.notASheet');
  });

  it(`text over ${SHEET_LIMITS.maxTextLength} characters: sheet.error.tooLong (modal limit); exactly the limit is fine`, () => {
    const head = '【名前】長い\n【設定】\n';
    const fits = head + 'あ'.repeat(SHEET_LIMITS.maxTextLength - head.length);
    expect(parseSheetText(fits).sheet.background.text).toHaveLength(SHEET_LIMITS.maxTextLength - head.length);
    const error = refused(() => parseSheetText(fits + 'あ'));
    expect(error.key).toBe('sheet.error.tooLong');
    expect(error.params).toEqual({ length: 4001, max: 4000 });
  });

  it('a file may be longer than a modal, up to 256 KB: sheet.error.fileTooLarge beyond', () => {
    const long = '【名前】長い\n【設定】\n' + 'a'.repeat(10_000);
    expect(parseSheetText(long, { source: 'file' }).sheet.name).toBe('長い');
    const huge = '【名前】長い\n【設定】\n' + 'a'.repeat(SHEET_LIMITS.maxFileBytes);
    expect(refused(() => parseSheetText(huge, { source: 'file' })).key).toBe('sheet.error.fileTooLarge');
  });

  it('a name over 100 characters is not taken; the line is kept', () => {
    const r = parseSheetText(`【名前】${'名'.repeat(101)}\n【ステータス】筋力C 耐久C 敏捷C 魔力C 幸運C 社会C`);
    expect(r.sheet.name).toBe('名無し');
    expect(r.unparsed[0]).toMatchObject({ line: 1, reason: 'sheet.unparsed.tooLong' });
  });

  it('SheetError is an Error with a catalog key and params', () => {
    const error = refused(() => parseSheetText(''));
    expect(error).toBeInstanceOf(Error);
    expect(error.params).toEqual({});
  });
});
