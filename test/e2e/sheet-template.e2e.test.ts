// Issue 30 §5 "Sheets in hand", through the real discord.js client against the fake Discord:
// `/sheet template` gives the seed's blank sheet (seed 001 L1532–1692) in the reader's language, with
// a note above each field; a player fills it in and `/sheet import` takes it as it is — the Korean one
// (a "Must show" of the issue) through the form, the Japanese one as the attached file. A text that is
// not a sheet is refused with what was missing, where it used to come in as 「名無し」 with every status −.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, rows } from '../helpers/db.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import type { CharacterSheet } from '../../src/core/fate/sheet/types.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('sheet-template');
});
afterAll(async () => {
  await h?.close();
});

const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const character = async (name: string) => await row(h.store, 'characters', (c) => eq(c.name, name));

/** The sheet inside the reply's code block. */
function codeBlock(body: any): string {
  const m = /```\n([\s\S]*?)\n```/.exec(embedText(body));
  if (!m) throw new Error(`no code block in: ${embedText(body)}`);
  return m[1]!;
}

/** Fills the blank sheet the way a player does: a value written after each 【field】 (the notes stay). */
function fill(template: string, values: [prefix: string, line: string][]): string {
  const lines = template.split('\n');
  for (const [prefix, line] of values) {
    const at = lines.findIndex((l) => l.startsWith(prefix));
    if (at < 0) throw new Error(`the template has no line starting with ${prefix}`);
    lines[at] = line;
  }
  return lines.join('\n');
}

describe('/sheet template, filled in and imported', () => {
  it('Korean: the servant template in Korean, filled in, imports through the form with every field read (seed 001 L1532–1595)', async () => {
    const reply = await h.fake.command({ name: 'sheet', locale: 'ko', options: sub('template', [{ name: 'kind', value: 'servant' }]) });
    expect(answerOf(reply).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(reply))).toContain('서번트용 캐릭터 시트');
    const template = codeBlock(answerOf(reply));
    // The seed's fields in Korean, each with its note (L1541 statuses, L1542 rank level).
    expect(template).toContain('【스테이터스】근력 내구 민첩 마력 행운 보구');
    expect(template).toContain('【랭크 레벨】:「」「」「」「」「」「」');
    expect(template).toMatch(/\/\/ 스테이터스: .*\n【스테이터스】/);
    expect(template).toMatch(/\/\/ 진명: .*\n【진명】/);
    // The same text as an attached file.
    expect(reply.callbackFiles[0]!.data.toString('utf8').trim()).toBe(template.trim());

    const sheet = fill(template, [
      ['【원전】', '【원전】아서왕 전설'],
      ['【클래스】', '【클래스】세이버'],
      ['【진명】', '【진명】아르토리아'],
      ['【성별】', '【성별】여성'],
      ['【신장・체중】', '【신장・체중】154cm・42kg'],
      ['【속성】', '【속성】질서・선'],
      ['【랭크 레벨】', '【랭크 레벨】:「왕」「기사」'],
      ['【스테이터스】', '【스테이터스】근력B 내구C 민첩C 마력B 행운A+ 보구A++'],
      ['스킬명:랭크', '대마력:A'],
      [':(효과', ':마술을 막는다'],
      ['『(보구명)』', '『약속된 승리의 검』'],
      ['보구 랭크:', '보구 랭크:A++ 종류 구분:무기(백병) 발동 구분:단발 대상 구분:대성 MP 소비:20 주사위 판정 플러스:10d6(5이하) 고정값:공격력+10'],
    ]);
    const open = await h.fake.command({ name: 'sheet', locale: 'ko', options: sub('import') });
    expect(open.callback.type).toBe(9);
    expect(JSON.stringify(answerOf(open))).toContain('빈 시트는 /시트 양식'); // the form points to the template
    const imported = await h.fake.modalSubmit({ customId: 'sheet:import:pc', locale: 'ko', fields: { text: sheet } });
    const said = embedText(answerOf(imported));
    expect(said).toContain('**세이버**');
    expect(said).not.toMatch(/해석하지 못했습니다/); // no line left unread
    expect(said).not.toContain('名無し');
    // HP = (B 4 × 3 + C 3) × 2 + rank level 8; MP = (MAG B 4 × 3 + LUK A 5) × 2 + 8; IV = AGI C 3 × 3 + 5 (L870–872)
    expect(said).toMatch(/HP 38 · MP 42 · IV 14/);

    const stored = await character('세이버');
    const s = stored.sheet as CharacterSheet;
    expect(s.type).toBe('servant');
    expect(s.servant).toMatchObject({ className: '세이버', trueName: '아르토리아', origin: '아서왕 전설' });
    expect(s.statuses).toMatchObject({ str: { grade: 'B' }, end: { grade: 'C' }, luk: { grade: 'A', marks: [{ sign: '+' }] }, np: { grade: 'A' } });
    expect(s.skills).toMatchObject([{ name: '대마력', section: 'class', level: { grade: 'A' }, details: '마술을 막는다' }]);
    expect(s.noblePhantasms).toMatchObject([{ name: '약속된 승리의 검', type: '武器', subtype: '白兵', activation: '単発', target: '対城', mpCost: { value: 20 }, dicePlus: { dice: 10, threshold: 5 }, fixed: { attack: 10 } }]);
    expect(s.alignment).toMatchObject({ purpose: '秩序', conduct: '善' });
    expect(s.extraText).toBeUndefined();
    expect((stored.state as CharacterRuntime).hp).toBe(38);

    // And it plays: a check from the Korean sheet rolls STR B = 8d6≤4 (L864).
    const check = await h.fake.command({ name: 'check', locale: 'ko', options: [{ name: 'status', value: 'str' }] });
    expect(embedText(answerOf(check))).toMatch(/8d6/i);
  });

  it('Japanese: the master template, filled in, imports as the attached file (seed 001 L1597–1646)', async () => {
    const player = h.fake.users.player2;
    const reply = await h.fake.command({ name: 'sheet', user: player, locale: 'ja', options: sub('template', [{ name: 'kind', value: 'master' }]) });
    expect(embedText(answerOf(reply))).toContain('マスター用キャラクターシート');
    const file = reply.callbackFiles[0]!.data.toString('utf8');
    expect(file).toContain('【ステータス】筋力 耐久 敏捷 魔力 幸運 社会');
    expect(file).toContain('【令呪数】回');
    const sheet = fill(file, [
      ['【名前】', '【名前】遠坂凛'],
      ['【属性】', '【属性】秩序・中庸'],
      ['【サーヴァント】', '【サーヴァント】アーチャー'],
      ['【令呪数】', '【令呪数】3回'],
      ['【ランクレベル】', '【ランクレベル】:「魔術師」「名門」「うっかり」'],
      ['【ステータス】', '【ステータス】筋力D 耐久D 敏捷C 魔力A 幸運C 社会B'],
      ['スキル名:ランク', '魔術・宝石:A'],
    ]);
    const upload = h.fake.uploadAttachment({ filename: 'master-ja.txt', content: sheet });
    const imported = await h.fake.command({ name: 'sheet', user: player, locale: 'ja', options: sub('import', [{ name: 'file', value: upload }]) });
    const said = embedText(answerOf(imported));
    expect(said).toContain('**遠坂凛**');
    expect(said).not.toMatch(/解釈できませんでした/);
    const s = (await character('遠坂凛')).sheet as CharacterSheet;
    expect(s.type).toBe('master');
    expect(s.master).toMatchObject({ servantNames: ['アーチャー'], commandSealsWritten: 3 });
    expect(s.statuses).toMatchObject({ mag: { grade: 'A' }, soc: { grade: 'B' } });
    expect(s.skills).toMatchObject([{ name: '魔術・宝石', level: { grade: 'A' } }]);
    expect(s.extraText).toBeUndefined();
  });
});

describe('a text that is not a sheet is refused with what was expected', () => {
  it('Korean chat with an HP line (once accepted as 「名無し」 with every status −) is refused in Korean, naming what is missing', async () => {
    const before = (await rows(h.store, 'characters')).length;
    await h.fake.command({ name: 'sheet', locale: 'ko', options: sub('import') });
    const refused = await h.fake.modalSubmit({ customId: 'sheet:import:pc', locale: 'ko', fields: { text: '안녕하세요, 오늘 세션 잘 부탁해요\nHP:12\nMP:10' } });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    const said = embedText(answerOf(refused));
    expect(said).toContain('읽을 수 있는 캐릭터 시트가 아닙니다: 이름, 스테이터스');
    expect(said).toContain('【이름】');
    expect(said).not.toContain('名無し');
    expect((await rows(h.store, 'characters')).length).toBe(before);
  });

  it('Japanese: a sheet with labels the importer does not know is refused and the unknown fields are named', async () => {
    const before = (await rows(h.store, 'characters')).length;
    const upload = h.fake.uploadAttachment({ filename: 'other.txt', content: '【なまえ】たろう\n【のうりょく】ちから3 すばやさ2\nHP:10' });
    const refused = await h.fake.command({ name: 'sheet', locale: 'ja', options: sub('import', [{ name: 'file', value: upload }]) });
    const said = embedText(answerOf(refused));
    expect(said).toContain('読み取れるキャラクターシートではありません：名前・ステータスがありません');
    expect(said).toContain('認識できなかった項目：【なまえ】 【のうりょく】');
    expect((await rows(h.store, 'characters')).length).toBe(before);
  });

  it('the blank template sent back unchanged is refused (nothing to name the character), not stored as 「名無し」', async () => {
    const reply = await h.fake.command({ name: 'sheet', locale: 'en', options: sub('template', [{ name: 'kind', value: 'troop' }]) });
    const template = codeBlock(answerOf(reply));
    expect(template).toContain('【Statuses】STR END AGI MAG LUK SOC or NP');
    await h.fake.command({ name: 'sheet', locale: 'en', options: sub('import') });
    const refused = await h.fake.modalSubmit({ customId: 'sheet:import:pc', locale: 'en', fields: { text: template } });
    expect(embedText(answerOf(refused))).toContain('This is not a character sheet I can read. Missing: a name, statuses with a grade.');
    expect(await rows(h.store, 'characters', (c) => eq(c.name, '名無し'))).toEqual([]);
  });
});
