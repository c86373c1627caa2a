// Stat blocks, localized element/resistance words and the seeds' `(1D6+1D4)×2` dice (issue 12).
import { describe, expect, it } from 'vitest';
import { parseStatBlock } from '../../src/services/combat/persona-block.js';
import { normalizeDice, parseElement, parseResistances, parseStatus } from '../../src/services/combat/persona-input.js';
import { DEFAULT_BAD_STATUSES } from '../../src/core/persona/status-table.js';
import { UserError } from '../../src/services/errors.js';
import { caught } from '../helpers/caught.js';

const key = (f: () => unknown) => caught(f, UserError).key;

describe('Persona input words', () => {
  it('elements and resistances are accepted in en, ja and ko; a typo is refused (issue 12 #6)', () => {
    expect(parseResistances('fire:weak, 氷結:無効, 화염=약점')).toEqual({ fire: 'weak', ice: 'null' });
    expect(parseResistances('火炎:弱点')).toEqual({ fire: 'weak' });
    expect(parseResistances('화염:약점 전격:반사')).toEqual({ fire: 'weak', elec: 'reflect' });
    expect(key(() => parseResistances('fier:weak'))).toBe('persona.cmd.badElement');
    expect(key(() => parseResistances('fire:weka'))).toBe('persona.cmd.badResistance');
    expect(key(() => parseResistances('fire'))).toBe('persona.cmd.badResist');
    expect(parseElement('疾風')).toBe('wind');
    expect(parseStatus('悩殺', DEFAULT_BAD_STATUSES)).toBe('charm');
    expect(parseStatus('뇌쇄', DEFAULT_BAD_STATUSES)).toBe('charm');
  });

  it('JA L137–138 / KO L130: (1D6+1D4)×2 multiplies the dice counts', () => {
    expect(normalizeDice('(1D6+1D4)*2')).toBe('2D6+2D4');
    expect(normalizeDice('(2D6+1D4)×2')).toBe('4D6+2D4');
    expect(normalizeDice('2d10+4')).toBe('2d10+4');
  });
});

describe('stat blocks', () => {
  it('reads a pasted block the way Discord delivers it, each line break a space: a head word starts the next item (issue 19)', () => {
    const lines = ['アキ pc HP40 SP30 DEX12 db1D6+1D4', '耐性 火炎:弱点 氷結:耐性', 'スキル アギ 魔法 火炎 1db SP4 命中90', 'skill: Dia heal 1db SP3 auto', 'resist elec:null'];
    const oneLine = parseStatBlock(lines.join(' '));
    expect(oneLine).toEqual(parseStatBlock(lines.join('\n')));
    expect(oneLine.resist).toEqual({ fire: 'weak', ice: 'resist', elec: 'null' });
    expect(oneLine.skills?.map((s) => s.name)).toEqual(['アギ', 'Dia']);
    // A word that is not a head still fails in the line it is in.
    expect(key(() => parseStatBlock('アキ pc HP40 耐性値 火炎:弱点'))).toBe('persona.cmd.badBlock');
  });

  it('reads the text form in Japanese with skills, resistances, recovery stats and db', () => {
    const b = parseStatBlock(
      ['アキ pc HP40 SP30 DEX12 速10 運8 CON12 POW14 耐6 魔9 db1D6+1D4 mdb1D6 防御2 装甲1 ペルソナ70', '耐性 火炎:弱点 氷結:耐性', 'スキル アギ 魔法 火炎 1db SP4 命中90', 'スキル 一文字斬り 物理 斬撃 2db HP8 命中85 悩殺30', 'スキル ディア 回復 1db SP3 自動'].join('\n'),
    );
    expect(b).toMatchObject({ name: 'アキ', side: 'pc', hp: 40, sp: 30, dex: 12, agi: 10, luck: 8, con: 12, pow: 14, end: 6, mag: 9, db: '1D6+1D4', mdb: '1D6', defense: 2, armor: 1, personaSkill: 70 });
    expect(b.resist).toEqual({ fire: 'weak', ice: 'resist' });
    expect(b.skills).toEqual([
      { name: 'アギ', kind: 'magic', elements: ['fire'], power: 1, sp: 4, hit: 90 },
      { name: '一文字斬り', kind: 'physical', elements: ['slash'], power: 2, hp: 8, hit: 85, status: { id: 'charm', rate: 30 } },
      { name: 'ディア', kind: 'heal', elements: [], power: 1, sp: 3, hit: 'auto' },
    ]);
  });

  it('reads Korean and JSON, and refuses a bad field with a clear key', () => {
    const ko = parseStatBlock('섀도 npc HP 25 속도 14 운 7\n내성 화염:약점\n스킬 물기 물리 타격 1db 명중80 전체');
    expect(ko).toMatchObject({ name: '섀도', side: 'npc', hp: 25, agi: 14, luck: 7, resist: { fire: 'weak' } });
    expect(ko.skills![0]).toMatchObject({ kind: 'physical', elements: ['strike'], all: true, hit: 80 });
    const json = parseStatBlock('{"name":"Bird","side":"npc","hp":30,"agi":9,"db":"1D6","resist":{"疾風":"吸収"},"skills":[{"name":"Garu","kind":"magic","elements":["wind"],"dice":"(1D6+1D4)*2","hit":90}]}');
    expect(json.resist).toEqual({ wind: 'absorb' });
    expect(json.skills![0]!.dice).toBe('2D6+2D4');
    expect(key(() => parseStatBlock('X npc HP0'))).toBe('persona.cmd.badBlockField');
    expect(key(() => parseStatBlock('X npc HP10 db1D'))).toBe('persona.cmd.badBlockField');
    expect(key(() => parseStatBlock('X npc HP10\nスキル アギ 魔法 fier 1db'))).toBe('persona.cmd.badBlock');
    expect(key(() => parseStatBlock('{"name":'))).toBe('persona.cmd.badJson');
  });
});
