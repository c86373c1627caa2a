// Issue 30 §5: Korean and English sheets read like the Japanese ones (seed 001 L1532–1692), and the
// /sheet template of each language and kind imports as it is.
import { describe, expect, it } from 'vitest';
import { parseSheetText } from '../../../../src/core/fate/sheet/index.js';
import { TEMPLATE_NOTES, templateText } from '../../../../src/services/sheet-template.js';

const KINDS = ['servant', 'master', 'troop'] as const;
const LANGS = ['ja', 'ko', 'en'] as const;

describe('/sheet template in every language and kind', () => {
  it.each(LANGS.flatMap((lang) => KINDS.map((kind) => [lang, kind] as const)))('%s %s: the blank sheet reads with nothing left over, as its kind', (lang, kind) => {
    const r = parseSheetText(templateText(kind, lang), { notes: TEMPLATE_NOTES });
    expect(r.sheet.type).toBe(kind);
    expect(r.unparsed).toEqual([]);
    expect(r.written).toEqual({ name: false, statuses: [] });
  });

  it('only the notes themselves are passed over: without them the importer keeps them as lines it could not read', () => {
    const r = parseSheetText(templateText('servant', 'ko'), { source: 'file' });
    expect(r.unparsed.length).toBeGreaterThan(10);
    expect(r.unparsed.filter((u) => u.text.startsWith('// ')).length).toBeGreaterThan(10);
  });

  it('a line of the player’s own that starts with // is read, not dropped', () => {
    const r = parseSheetText('【名前】凛\n【ステータス】筋力D 耐久D 敏捷C 魔力A 幸運C 社会B\n// メモ：宝石は3つ', { notes: TEMPLATE_NOTES });
    expect(r.unparsed).toMatchObject([{ line: 3, text: '// メモ：宝石は3つ' }]);
  });
});

// One servant written three ways: the structure read must be the same.
const JA = `--サーヴァント用キャラクターシート--
【原典】アーサー王伝説
【クラス】セイバー
【真名】アルトリア
【身長・体重】154cm・42kg
【属性】秩序・善
【ランクレベル】:「王」「騎士」
【ステータス】筋力B 耐久C 敏捷C 魔力B 幸運A+ 宝具A++
・HP:38
【クラス別スキル】
対魔力:A
:魔術を防ぐ
【固有スキル】
直感:A
【宝具】
『約束された勝利の剣』
宝具ランク:A++ 種類区分:武器(白兵) 発動区分:単発 対象区分:対城 MP消費:20 ダイス判定プラス:10d6(5以下) 固定値:攻撃力+10
【装備・アイテム】
『鎧』
装備ポイント:2 種類区分:防具(対物) 効果:防御力+2
【誕生日:12月25日/血液型:不明/イメージカラー:青/特技:/好きなもの:/嫌いなもの:/聖杯戦争への参加理由:】
【設定】
・原典設定
ブリテンの王。`;

const KO = `--서번트용 캐릭터 시트--
【원전】아서왕 전설
【클래스】세이버
【진명】아르토리아
【신장・체중】154cm・42kg
【속성】질서・선
【랭크 레벨】:「王」「騎士」
【스테이터스】근력B 내구C 민첩C 마력B 행운A+ 보구A++
・HP:38
【클래스별 스킬】
대마력:A
:마술을 막는다
【고유 스킬】
직감:A
【보구】
『약속된 승리의 검』
보구 랭크:A++ 종류 구분:무기(백병) 발동 구분:단발 대상 구분:대성 MP 소비:20 주사위 판정 플러스:10d6(5이하) 고정값:공격력+10
【장비・아이템】
『갑옷』
장비 포인트:2 종류 구분:방어구(대물) 효과:방어력+2
【생일:12월 25일/혈액형:불명/이미지 컬러:파랑/특기:/좋아하는 것:/싫어하는 것:/성배전쟁 참가 이유:】
【설정】
・원전 설정
브리튼의 왕.`;

const EN = `--Servant character sheet--
【Origin】Arthurian legend
【Class】Saber
【True name】Artoria
【Height・Weight】154cm・42kg
【Alignment】Lawful・Good
【Rank level】:「王」「騎士」
【Statuses】STR B END C AGI C MAG B LUK A+ NP A++
・HP:38
【Class skills】
Magic Resistance:A
:blocks magecraft
【Personal skills】
Instinct:A
【Noble Phantasms】
『Excalibur』
NP rank:A++ Type:Weapon(Melee) Activation:Single Target:Anti-Fortress MP cost:20 Dice plus:10d6(5以下) Fixed value:attack+10
【Equipment・Items】
『Armor』
Equipment points:2 Type:Armor(Physical) Effect:defense+2
【Birthday:25 December/Blood type:unknown/Image color:blue/Talent:/Likes:/Dislikes:/Reason for joining the war:】
【Background】
・Original lore
King of Britain.`;

/** The sheet without its free text (names, details), which differs by language by design. */
function shape(text: string) {
  const r = parseSheetText(text);
  const s = r.sheet;
  return {
    unparsed: r.unparsed,
    type: s.type,
    rank: s.rank,
    statuses: s.statuses,
    derivedWritten: s.derivedWritten,
    alignment: { ...s.alignment, written: undefined },
    height: s.height,
    weight: s.weight,
    skills: s.skills.map((k) => ({ section: k.section, level: k.level, hasDetails: k.details !== '' })),
    noblePhantasms: s.noblePhantasms.map(({ name: _n, details: _d, dicePlus, fixed, mpCost, ...rest }) => ({
      ...rest, dicePlus: { ...dicePlus, written: undefined }, fixed: { ...fixed, written: undefined }, mpCost: { ...mpCost, written: undefined },
    })),
    gear: s.gear.map((g) => ({ ...g, name: undefined, effect: undefined })),
    profileKeys: Object.keys(s.profile ?? {}),
    backgroundKeys: Object.keys(s.background),
    warnings: r.warnings.map((w) => w.key),
  };
}

describe('Korean and English labels read like the Japanese ones (issue 30 §5)', () => {
  const ja = shape(JA);

  it('the Japanese sheet reads fully (the reference)', () => {
    expect(ja.unparsed).toEqual([]);
    expect(ja.warnings).toEqual([]);
    expect(ja.statuses.np).toMatchObject({ grade: 'A' });
  });

  it.each([
    ['ko', KO],
    ['en', EN],
  ])('%s: the same sheet, field for field', (_lang, text) => {
    expect(shape(text)).toEqual(ja);
  });

  it('Korean seal counts (영주 / 령주 수 … 회) and master fields read as 令呪数', () => {
    const r = parseSheetText('--마스터용 캐릭터 시트--\n【이름】린\n【서번트】아처\n【령주 수】3회\n【스테이터스】근력D 내구D 민첩C 마력A 행운C 사회B');
    expect(r.sheet.type).toBe('master');
    expect(r.sheet.master).toEqual({ servantIds: [], servantNames: ['아처'], commandSealsWritten: 3 });
    expect(r.sheet.statuses.soc).toMatchObject({ grade: 'B' });
    expect(r.unparsed).toEqual([]);
  });

  it('a status left out is named in the sheet’s own words (행운, not 幸運)', () => {
    const r = parseSheetText('【이름】린\n【스테이터스】근력D 내구D 민첩C 마력A 사회B');
    expect(r.warnings.filter((w) => w.key === 'sheet.warn.statusMissing').map((w) => w.params.status)).toEqual(['행운']);
  });

  it('the middle dot Korean keyboards type (·) separates like ・ (신장·체중, 질서·선)', () => {
    const r = parseSheetText('【이름】린\n【신장·체중】159cm·47kg\n【속성】질서·중용\n【스테이터스】근력D 내구D 민첩C 마력A 행운C 사회B');
    expect(r.unparsed).toEqual([]);
    expect([r.sheet.height, r.sheet.weight]).toEqual([{ value: 159 }, { value: 47 }]);
    expect(r.sheet.alignment).toMatchObject({ purpose: '秩序', conduct: '中庸' });
  });
});
