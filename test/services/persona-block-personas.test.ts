// Stat blocks as Discord can send them (issue 19 §1): multi-line (form, file), one line (a string
// option turns newlines into spaces; `;` ends a line), JSON, and a Wild's several Personas
// (JA L787 「ペルソナを複数持っているワイルド」, KO L320).
import { describe, expect, it } from 'vitest';
import { blockInit, blockLines, findPersona, parseStatBlock } from '../../src/services/combat/persona-block.js';
import { UserError } from '../../src/services/errors.js';
import { translator, LOCALES } from '../../src/i18n/index.js';
import { caught } from '../helpers/caught.js';

const key = (f: () => unknown) => caught(f, UserError).key;

const MULTI = ['アキ pc HP40 SP30 DEX12 速10 運8 ペルソナ70', '耐性 火炎:弱点', 'スキル アギ 魔法 火炎 1db SP4 命中90', 'スキル 一文字斬り 物理 斬撃 2db HP8 命中85'].join('\n');

const WILD = [
  'アキ pc HP40 SP30 DEX12 ワイルド ペルソナ70',
  'ペルソナ オルフェウス 速10 運8 db1D6',
  '耐性 火炎:耐性',
  'スキル アギ 魔法 火炎 1db SP4 命中90',
  'ペルソナ ピクシー 速12 運9 防御3',
  '耐性 電撃:無効 疾風:弱点',
  'スキル ジオ 魔法 電撃 1db SP4 命中90',
  'スキル ディア 回復 1db SP3 自動',
].join('\n');

describe('one stat block, every way Discord can bring it', () => {
  const expected = parseStatBlock(MULTI);

  it('multi-line (form or file) reads a resistance and two skills', () => {
    expect(expected).toMatchObject({ name: 'アキ', side: 'pc', hp: 40, agi: 10, personaSkill: 70, resist: { fire: 'weak' } });
    expect(expected.skills!.map((s) => s.name)).toEqual(['アギ', '一文字斬り']);
  });

  it('the same block on one line: `;` between lines, or the newlines a string option turned into spaces', () => {
    expect(parseStatBlock(MULTI.split('\n').join('; '))).toEqual(expected);
    expect(parseStatBlock(MULTI.split('\n').join('；'))).toEqual(expected);
    // Discord sends a pasted multi-line block as one line with spaces: the section words split it
    expect(parseStatBlock(MULTI.replace(/\n/g, ' '))).toEqual(expected);
    // a typed backslash-n (the console, the old /help example)
    expect(parseStatBlock(MULTI.split('\n').join('\\n'))).toEqual(expected);
    // CRLF from a Windows file
    expect(parseStatBlock(MULTI.replace(/\n/g, '\r\n'))).toEqual(expected);
  });

  it('`ペルソナ70` and `ペルソナ 70` stay the <ペルソナ> skill %, `ペルソナ オルフェウス` opens a Persona', () => {
    expect(parseStatBlock('X pc HP10 ペルソナ 70').personaSkill).toBe(70);
    expect(parseStatBlock('X pc HP10 persona:70').personaSkill).toBe(70);
    expect(parseStatBlock('X pc HP10 ペルソナ オルフェウス').personas?.map((p) => p.name)).toEqual(['オルフェウス']);
    expect(parseStatBlock('X pc HP10 ペルソナ:オルフェウス').personas?.map((p) => p.name)).toEqual(['オルフェウス']);
    expect(blockLines('A HP1 耐性 火炎:弱点 スキル X 魔法 火炎 1db').map((s) => s.line)).toEqual(['A HP1', '耐性 火炎:弱点', 'スキル X 魔法 火炎 1db']);
  });

  it('JSON on one line reads the same fields', () => {
    const json = parseStatBlock('{"name":"アキ","side":"pc","hp":40,"sp":30,"dex":12,"agi":10,"luck":8,"personaSkill":70,"resist":{"fire":"weak"},"skills":[{"name":"アギ","kind":"magic","elements":["fire"],"power":1,"sp":4,"hit":90},{"name":"一文字斬り","kind":"physical","elements":["slash"],"power":2,"hp":8,"hit":85}]}');
    expect(json).toEqual(expected);
  });

  it('the /help one-line examples parse in en, ja and ko (what a user pastes into block:)', () => {
    for (const locale of LOCALES) {
      const help = translator(locale)('help.persona');
      const example = /:"([^"]+)"/.exec(help)?.[1];
      expect(example, locale).toBeDefined();
      const b = parseStatBlock(example!);
      expect(b.resist, locale).toEqual({ fire: 'weak' });
      expect(b.skills?.length, locale).toBe(1);
    }
  });
});

describe("a Wild's several Personas (JA L787, KO L320)", () => {
  it('each Persona has its own stats, resistances and skills; the first is out at the start', () => {
    const b = parseStatBlock(WILD);
    expect(b).toMatchObject({ name: 'アキ', wild: true, hp: 40, dex: 12, personaSkill: 70, persona: 'オルフェウス' });
    expect(b.resist).toBeUndefined();
    expect(b.skills).toEqual([]);
    expect(b.personas).toEqual([
      { name: 'オルフェウス', agi: 10, luck: 8, db: '1D6', resist: { fire: 'resist' }, skills: [{ name: 'アギ', kind: 'magic', elements: ['fire'], power: 1, sp: 4, hit: 90 }] },
      {
        name: 'ピクシー',
        agi: 12,
        luck: 9,
        defense: 3,
        resist: { elec: 'null', wind: 'weak' },
        skills: [
          { name: 'ジオ', kind: 'magic', elements: ['elec'], power: 1, sp: 4, hit: 90 },
          { name: 'ディア', kind: 'heal', elements: [], power: 1, sp: 3, hit: 'auto' },
        ],
      },
    ]);
    // the same on one line and as JSON
    expect(parseStatBlock(WILD.replace(/\n/g, '; '))).toEqual(b);
    expect(parseStatBlock(WILD.replace(/\n/g, ' '))).toEqual(b);
    expect(parseStatBlock(JSON.stringify({ ...b, skills: undefined, persona: undefined }))).toEqual(b);
    // the combatant starts as its first Persona: its 速, 運, db and resistances
    expect(blockInit(b, 'p1', 'pc')).toMatchObject({ persona: 'オルフェウス', agi: 10, luck: 8, physDb: '1D6', resistances: { fire: 'resist' }, dex: 12, hp: 40 });
  });

  it('finds a Persona by name folded for kana and width', () => {
    const b = parseStatBlock(WILD);
    expect(findPersona(b, 'ぴくしー')?.name).toBe('ピクシー');
    expect(findPersona(b, 'ﾋﾟｸｼｰ')?.name).toBe('ピクシー');
    expect(findPersona(b, 'ジャックフロスト')).toBeUndefined();
  });

  it('refuses what it cannot place, with a clear key', () => {
    // several Personas without ワイルド (JA L787: only a Wild holds several)
    expect(key(() => parseStatBlock(WILD.replace(' ワイルド', '')))).toBe('persona.cmd.manyNeedWild');
    // resistances or skills of the character itself when it lists Personas
    expect(key(() => parseStatBlock('アキ pc HP40 ワイルド; 耐性 火炎:弱点; ペルソナ A; ペルソナ B'))).toBe('persona.cmd.outsidePersona');
    // the character's own stats after a Persona section (HP is not a Persona's)
    expect(key(() => parseStatBlock('アキ pc HP40 ワイルド; ペルソナ A HP30'))).toBe('persona.cmd.badBlock');
    expect(key(() => parseStatBlock('アキ pc HP40 ワイルド; ペルソナ A; ペルソナ ａ'))).toBe('persona.cmd.duplicatePersona');
    expect(key(() => parseStatBlock(`{"name":"X","hp":1,"wild":true,"personas":${JSON.stringify(Array.from({ length: 13 }, (_, i) => ({ name: `P${i}` })))}}`))).toBe('persona.cmd.badBlockField');
    expect(key(() => parseStatBlock('{"name":"X","hp":1,"personas":[{"name":"A","agi":-1}]}'))).toBe('persona.cmd.badBlockField');
  });
});
