// Persona stat blocks as Discord can carry them (issue 19 §1, "Must show"): a GM enters a multi-line
// block with a resistance and two skills by the form (/persona add without block:) and by an attached
// file; a Wild with two Personas (JA L787 「ペルソナを複数持っているワイルド」, KO L320) changes Persona
// and uses the second one's skill by name, while the first one's skills no longer fire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, personaDriver, sub } from './persona-driver.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
let channelId = '';
const d = personaDriver(() => h, () => channelId);
const shown = (ex: InteractionExchange) => embedText(ex.edits.at(-1) ?? answerOf(ex));
const setupOf = async (name: string) => (await d.pstate()).setup.find((c) => c.name === name)!;

const SHADOW = ['シャドウ npc HP60 速5 運3', '耐性 電撃:弱点 火炎:耐性', 'スキル 噛みつき 物理 打撃 1db 命中80', 'スキル アギ 魔法 火炎 1db SP4 命中90'].join('\n');
const WILD = [
  'アキ pc HP40 SP60 DEX12 mdb1D6 ワイルド ペルソナ95',
  'ペルソナ オルフェウス 速10 運8',
  '耐性 火炎:耐性',
  'スキル アギ 魔法 火炎 1db SP4 自動',
  'ペルソナ ピクシー 速12 運9',
  '耐性 電撃:無効 疾風:弱点',
  'スキル ジオ 魔法 電撃 1db SP4 自動',
].join('\n');

beforeAll(async () => {
  h = await startHarness('persona-input');
  channelId = h.fake.createTextChannel({ name: 'velvet-room' });
  await d.gmDo('gm', 'claim');
  await d.gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
});
afterAll(async () => {
  await h?.close();
});

describe('a stat block by form and by file', () => {
  it('without block: the GM gets a form; the multi-line block submitted there is stored with its resistances and two skills', async () => {
    const open = await d.gmDo('persona', 'add', [{ name: 'side', value: 'npc' }, { name: 'hidden', value: false }]);
    expect(open.callback.type).toBe(9); // MODAL
    expect(answerOf(open).custom_id).toBe('persona:add:npc:0:-');
    const done = await h.fake.modalSubmit({ customId: 'persona:add:npc:0:-', fields: { block: SHADOW, who: '' } });
    expect(ephemeral(done)).toBe(true);
    const echo = shown(done);
    expect(echo).toMatch(/シャドウ/);
    expect(echo).toMatch(/噛みつき/);
    expect(echo).toMatch(/Agi|アギ/);
    const entry = await setupOf('シャドウ');
    expect(entry).toMatchObject({ side: 'npc', hp: 60, agi: 5, resistances: { elec: 'weak', fire: 'resist' } });
    expect(entry.skills!.map((s) => s.name)).toEqual(['噛みつき', 'アギ']);
  });

  it('a player cannot open the form; a bad block in the form is refused with the line it could not read', async () => {
    const refused = await h.fake.command({ name: 'persona', channelId, user: h.fake.users.player, options: sub('add') });
    expect(refused.callback.type).not.toBe(9);
    expect(ephemeral(refused)).toBe(true);
    const open = await d.gmDo('persona', 'add', [], 'ja');
    expect(open.callback.type).toBe(9);
    const bad = await h.fake.modalSubmit({ customId: answerOf(open).custom_id, fields: { block: 'ゴブリン npc HP10\n耐性 火炎:弱い', who: '' }, locale: 'ja' });
    expect(ephemeral(bad)).toBe(true);
    expect(shown(bad)).toMatch(/弱い/);
    expect((await d.pstate()).setup.some((c) => c.name === 'ゴブリン')).toBe(false);
  });

  it('an attached .txt file: fetched (acknowledged first), the same block stored; the form’s name field renames it', async () => {
    const file = h.fake.uploadAttachment({ filename: 'shadow.txt', content: SHADOW.replace('シャドウ', '影') });
    const ex = await d.gmDo('persona', 'add', [{ name: 'file', value: file }]);
    expect(ex.callback.type).toBe(5); // deferred while the file downloads
    expect(shown(ex)).toMatch(/噛みつき/);
    const entry = await setupOf('影');
    expect(entry).toMatchObject({ side: 'npc', resistances: { elec: 'weak', fire: 'resist' } });
    expect(entry.skills!.map((s) => s.name)).toEqual(['噛みつき', 'アギ']);
  });

  it('a file that is not .txt/.json, or too large, is refused with a clear message', async () => {
    const png = await d.gmDo('persona', 'add', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'shadow.png', content: SHADOW, contentType: 'image/png' }) }]);
    expect(shown(png)).toMatch(/not a \.txt or \.json file/);
    const big = await d.gmDo('persona', 'add', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'big.txt', content: 'x', declaredSize: 200 * 1024 }) }]);
    expect(shown(big)).toMatch(/too large/);
  });

  it('block: takes the one-line form (`;` between lines) that /help shows', async () => {
    const ex = await d.gmDo('persona', 'add', [{ name: 'block', value: SHADOW.replace('シャドウ', '影2').split('\n').join('; ') }]);
    expect(ephemeral(ex)).toBe(true);
    expect((await setupOf('影2')).skills!.map((s) => s.name)).toEqual(['噛みつき', 'アギ']);
    for (const name of ['影', '影2']) await d.gmDo('combat', 'remove', [{ name: 'who', value: name }]);
  });
});

describe("a Wild's second Persona (JA L787–799)", () => {
  it('the Wild, entered by file, starts as its first Persona', async () => {
    const file = h.fake.uploadAttachment({ filename: 'aki.json', content: JSON.stringify({ name: 'アキ', side: 'pc', hp: 40, sp: 60, dex: 12, mdb: '1D6', wild: true, personaSkill: 95, personas: [
      { name: 'オルフェウス', agi: 10, luck: 8, resist: { fire: 'resist' }, skills: [{ name: 'アギ', kind: 'magic', elements: ['fire'], power: 1, sp: 4, hit: 'auto' }] },
      { name: 'ピクシー', agi: 12, luck: 9, resist: { elec: 'null', wind: 'weak' }, skills: [{ name: 'ジオ', kind: 'magic', elements: ['elec'], power: 1, sp: 4, hit: 'auto' }] },
    ] }) });
    const added = await d.gmDo('persona', 'add', [{ name: 'file', value: file }, { name: 'player', value: h.fake.users.player }]);
    // the echo lists every Persona with its resistances and skills, for the GM to check
    expect(shown(added)).toMatch(/Persona オルフェウス: Agi 10 · Luck 8 · Resistances: Fire:Resist · Skills: アギ/);
    expect(shown(added)).toMatch(/Persona ピクシー: Agi 12 .*Elec(tric)?:Null.* · Skills: ジオ/);
    // the text form gives the same entry
    const fromText = (await import('../../src/services/combat/persona-block.js')).parseStatBlock(WILD);
    expect((await setupOf('アキ')).block).toEqual(fromText);
    await d.gmDo('combat', 'next');
    expect(await d.who('アキ')).toMatchObject({ persona: 'オルフェウス', agi: 10, resistances: { fire: 'resist' } });
    expect(await d.slotOwner()).toBe('アキ'); // DEX 12 before 速 5
    expect(await d.board()).toMatch(/アキ[^\n]*Persona: オルフェウス/);
  });

  it('before the change the second Persona’s skill does not fire', async () => {
    const before = (await d.who('シャドウ')).hp;
    const ex = await d.as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'ジオ' }, { name: 'targets', value: 'シャドウ' }]);
    expect(ephemeral(ex)).toBe(true);
    expect((await d.who('シャドウ')).hp).toBe(before);
  });

  it('change name: is suggested from the Wild’s Personas, folded for kana and width; others see none', async () => {
    const ask = (user: typeof h.fake.users.player, value: string) =>
      h.fake.autocomplete({ name: 'persona', channelId, user, options: [{ name: 'change', type: 1, options: [{ name: 'name', value, focused: true }] }] });
    const names = async (user: typeof h.fake.users.player, value: string) => (answerOf((await ask(user, value))).choices as { name: string }[]).map((c) => c.name);
    expect(await names(h.fake.users.player, 'ぴく')).toEqual(['ピクシー']);
    expect(await names(h.fake.users.player, 'ﾋﾟｸ')).toEqual(['ピクシー']);
    expect(await names(h.fake.users.player, '')).toEqual(['オルフェウス', 'ピクシー']);
    expect(await names(h.fake.users.gm, 'おる')).toEqual(['オルフェウス']);
    expect(await names(h.fake.users.player2, '')).toEqual([]);
  });

  it('a Persona not in the block is refused with the list', async () => {
    const ex = await d.as(h.fake.users.player, 'change', [{ name: 'name', value: 'ジャックフロスト' }]);
    expect(ephemeral(ex)).toBe(true);
    expect(shown(ex)).toMatch(/オルフェウス, ピクシー/);
    const ja = await d.gmDo('persona', 'change', [{ name: 'name', value: 'ジャックフロスト' }], 'ja');
    expect(shown(ja)).toMatch(/アキに「ジャックフロスト」というペルソナはありません/);
    const ko = await d.gmDo('persona', 'change', [{ name: 'name', value: 'ジャックフロスト' }], 'ko');
    expect(shown(ko)).toMatch(/"ジャックフロスト"(이)?라는 페르소나는 없습니다/);
    expect((await d.who('アキ')).persona).toBe('オルフェウス');
  });

  it('after /persona change name:ぴくしー the second Persona’s stats, resistances and skill by name; the first’s skill no longer fires', async () => {
    await d.as(h.fake.users.player, 'change', [{ name: 'name', value: 'ぴくしー' }]);
    // the change happens even on a failed roll (the slot is then used): the Persona is Pixie either way
    expect(await d.who('アキ')).toMatchObject({ persona: 'ピクシー', agi: 12, luck: 9, resistances: { elec: 'null', wind: 'weak' } });
    expect((await setupOf('アキ')).skills!.map((s) => s.name)).toEqual(['ジオ']);
    expect(await d.board()).toMatch(/アキ[^\n]*Persona: ピクシー/);
    // on to the Wild's next slot if the roll failed
    for (let i = 0; i < 6 && (await d.slotOwner()) !== 'アキ'; i++) await d.gmDo('persona', 'pass');
    expect(await d.slotOwner()).toBe('アキ');

    const hp = (await d.who('シャドウ')).hp;
    const agi = await d.as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'アギ' }, { name: 'targets', value: 'シャドウ' }]);
    expect(ephemeral(agi)).toBe(true); // Orpheus's Agi is gone with Orpheus
    expect((await d.who('シャドウ')).hp).toBe(hp);

    const zio = await d.as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'ジオ' }, { name: 'targets', value: 'シャドウ' }]);
    expect(ephemeral(zio)).toBe(false);
    expect(shown(zio)).toMatch(/ジオ/);
    // electricity is the shadow's weakness: damage and a Down (JA L265)
    expect((await d.who('シャドウ')).hp).toBeLessThan(hp);
    expect((await d.who('シャドウ')).down).toBe(true);
    expect((await d.who('アキ')).sp).toBe(56); // Zio's SP 4
  });

  it('a skill that needs a target and has none typed offers the foes in a select menu; the choice attacks (issue 19 §2)', async () => {
    for (let i = 0; i < 8 && (await d.slotOwner()) !== 'アキ'; i++) await d.gmDo('persona', 'pass');
    expect(await d.slotOwner()).toBe('アキ');
    const asked = await d.as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'ジオ' }]);
    expect(ephemeral(asked)).toBe(true);
    const menu = answerOf(asked).components[0].components[0];
    expect(menu.custom_id).toBe('persona:targets:ジオ');
    const offered = menu.options.map((o: { value: string }) => o.value);
    expect(offered).toContain('シャドウ');
    expect(offered).not.toContain('アキ'); // an attack is offered the other side only
    const sp = (await d.who('アキ')).sp;
    // another player cannot choose for アキ
    const foreign = await h.fake.select({ customId: menu.custom_id, values: ['シャドウ'], user: h.fake.users.player2, message: asked.original! });
    expect(ephemeral(foreign)).toBe(true);
    expect((await d.who('アキ')).sp).toBe(sp);
    const chosen = await h.fake.select({ customId: menu.custom_id, values: ['シャドウ'], user: h.fake.users.player, message: asked.original! });
    expect(ephemeral(chosen)).toBe(false);
    expect(shown(chosen)).toMatch(/ジオ/);
    expect((await d.who('アキ')).sp).toBe(sp - 4);
  });
});

