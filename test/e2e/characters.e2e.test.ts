// Issue: a player imports the seed's servant template, sees HP/MP/IV derived, rolls /check from it,
// spends luck and a Command Seal with the GM's approval — through the real discord.js client
// against the fake Discord — and all of it survives a restart.
import fs from 'node:fs';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, rows } from '../helpers/db.js';
import { storedResult } from '../../src/services/rolls.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
let h: Harness;

beforeAll(async () => {
  h = await startHarness('characters');
  await h.fake.command({ name: 'gm', user: h.fake.users.gm, options: [{ name: 'claim', type: 1 }] });
});
afterAll(async () => {
  await h?.close();
});

const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const character = async (name: string) => (await row(h.store, 'characters', (c) => eq(c.name, name)));
const runtime = async (name: string) => (await character(name)).state as CharacterRuntime;
const roll = async (id: number) => (await row(h.store, 'rolls', (c) => eq(c.id, id)));
const rollIdOf = (body: any) => Number(/#(\d+)/.exec(body.embeds[0].footer.text)![1]);

describe('characters end to end', () => {
  let checkId = 0;

  it('imports the seed servant template through the modal and shows HP/MP/IV derived (seed 001 L870–872)', async () => {
    const open = await h.fake.command({ name: 'sheet', options: sub('import') });
    expect(open.callback.type).toBe(9); // MODAL
    expect(answerOf(open).custom_id).toBe('sheet:import:pc');
    const submitted = await h.fake.modalSubmit({ customId: 'sheet:import:pc', fields: { text: fixture('saber.txt') } });
    expect(answerOf(submitted).flags & EPHEMERAL).toBe(EPHEMERAL);
    const shown = embedText(answerOf(submitted));
    expect(shown).toMatch(/HP 48/);
    expect(shown).toMatch(/MP 34/);
    expect(shown).toMatch(/IV 15/);
    expect(await runtime('セイバー')).toMatchObject({ hp: 48, mp: 34, luckUsedToday: 0, sealsRemaining: null });
  });

  it('imports the master from an attached .txt file; a file over 256 KB is refused', async () => {
    const file = h.fake.uploadAttachment({ filename: 'master.txt', content: fixture('master.txt') });
    const ok = await h.fake.command({ name: 'sheet', user: h.fake.users.player2, options: sub('import', [{ name: 'file', value: file }]) });
    expect(embedText(answerOf(ok))).toMatch(/HP 11/);
    expect(await runtime('例・魔術師')).toMatchObject({ sealsRemaining: 3, mp: 29 });

    // A file may be longer than the 4,000-character form: a long background is fine.
    const long = fixture('master.txt').replace('【設定】', `【設定】\n${'長い設定。'.repeat(1200)}`).replace('例・魔術師', '例・長文魔術師');
    const longOk = await h.fake.command({ name: 'sheet', user: h.fake.users.player2, options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'long.txt', content: long }) }]) });
    expect(embedText(answerOf(longOk))).toMatch(/Imported/);
    await h.fake.command({ name: 'sheet', user: h.fake.users.player2, options: sub('use', [{ name: 'name', value: '例・魔術師' }]) });

    const big = h.fake.uploadAttachment({ filename: 'big.txt', content: 'x', declaredSize: 300 * 1024 });
    const refused = await h.fake.command({ name: 'sheet', user: h.fake.users.player2, options: sub('import', [{ name: 'file', value: big }]) });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(refused))).toMatch(/256 KB/);
  });

  it('public /sheet show leaves out the true name', async () => {
    const ex = await h.fake.command({ name: 'sheet', options: sub('show') });
    const shown = embedText(answerOf(ex));
    expect(shown).toContain('セイバー');
    expect(shown).not.toContain('騎士王X');
    expect((answerOf(ex).flags ?? 0) & EPHEMERAL).toBe(0);
  });

  it('/check STR + 騎乗 + 魔力放出 rolls 10d6≤5 + 4d6≤4 from the sheet and adds the 2 MP 魔力放出 D spends, no dice (seed 001 L864, L922, L1150)', async () => {
    const ex = await h.fake.command({ name: 'check', options: [{ name: 'status', value: 'str' }, { name: 'skills', value: '騎乗, 魔力放出' }, { name: 'target', value: 30 }] });
    checkId = rollIdOf(answerOf(ex));
    const row = await roll(checkId);
    expect(row.normalized).toBe('10d6<=5+4d6<=4+2>=30');
    expect(row.characterId).toBe((await character('セイバー')).id);
    expect(row.outcome).toBe('failure'); // 14 dice + 2 can never reach 30
    expect((await runtime('セイバー')).mp).toBe(32);
    const shown = embedText(answerOf(ex));
    expect(shown).toContain('10d6<=5');
    const button = answerOf(ex).components?.[0]?.components?.[0];
    expect(button?.custom_id).toBe(`luck:reroll:${checkId}`);
  });

  it('the luck button rerolls only the failed dice and spends one use (seed 001 L215–218)', async () => {
    const before = await roll(checkId);
    const beforeDice = storedResult(before).dice;
    const ex = await h.fake.button({ customId: `luck:reroll:${checkId}` });
    expect(ex.callback.type).toBe(7); // UPDATE_MESSAGE
    const after = await roll(checkId);
    const afterDice = storedResult(after).dice;
    expect(after.result).not.toBeNull(); // a rerolled result keeps its tree (the history ~~6~~→1)
    beforeDice.forEach((d, i) => {
      if (d.success) expect(afterDice[i]!.face).toBe(d.face); // successes are kept
    });
    expect(after.value).toBeGreaterThanOrEqual(before.value);
    expect(after.value).toBe(afterDice.filter((d) => d.success).length + 2); // + 魔力放出's 2 MP (L1150)
    expect((await runtime('セイバー')).luckUsedToday).toBe(1);
    expect((after.check as { luckUses: number }).luckUses).toBe(1);
  });

  it('a Command Seal +10 goes to the GM by DM, is spent only on approval, and changes the check (seed 001 L288)', async () => {
    const { player2, gm } = h.fake.users;
    const before = (await roll(checkId)).value;
    const asked = await h.fake.command({ name: 'seal', user: player2, options: [{ name: 'effect', value: '+10' }, { name: 'roll', value: checkId }] });
    expect(answerOf(asked).flags & EPHEMERAL).toBe(EPHEMERAL);
    const dm = await h.fake.waitFor(() => h.fake.dms(gm.id).find((m) => m.components.length > 0));
    expect((await runtime('例・魔術師')).sealsRemaining).toBe(3); // not spent yet

    const approved = await h.fake.button({ customId: 'seal:approve:1', user: gm, guildId: null, message: dm });
    expect(approved.callback.type).toBe(7);
    expect((await runtime('例・魔術師')).sealsRemaining).toBe(2);
    expect((await roll(checkId)).value).toBe(before + 10);
    // Pressed in a DM, yet every record it wrote belongs to the server (so /data delete reaches it).
    expect((await rows(h.store, 'events', (c) => isNull(c.guildId))).map((e) => e.type)).toEqual([]);
    const post = await h.fake.waitFor(() => h.fake.channelMessages().find((m) => embedText(m.body).includes(`#${checkId}`)));
    expect(embedText(post.body)).toContain(String(before + 10));
    await h.fake.waitFor(() => h.fake.dms(player2.id).length > 0);

    // Pressing again changes nothing.
    const again = await h.fake.button({ customId: 'seal:approve:1', user: gm, guildId: null, message: dm });
    expect(answerOf(again).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect((await runtime('例・魔術師')).sealsRemaining).toBe(2);
  });

  it('only the GM can approve; a refusal spends nothing', async () => {
    const { player2, gm } = h.fake.users;
    await h.fake.command({ name: 'seal', user: player2, options: [{ name: 'effect', value: 'mp' }] });
    const notGm = await h.fake.button({ customId: 'seal:approve:2', user: player2, guildId: null });
    expect(answerOf(notGm).flags & EPHEMERAL).toBe(EPHEMERAL);
    const refused = await h.fake.button({ customId: 'seal:refuse:2', user: gm, guildId: null });
    expect(refused.callback.type).toBe(7);
    expect((await runtime('例・魔術師')).sealsRemaining).toBe(2);
    expect((await rows(h.store, 'sealRequests')).map((r) => r.status)).toEqual(['approved', 'refused']);
  });

  it('two approvals racing for the last seal: exactly one succeeds', async () => {
    const { player2, gm } = h.fake.users;
    await h.fake.command({ name: 'sheet', user: gm, options: sub('set', [{ name: 'field', value: 'seals' }, { name: 'value', value: '1' }, { name: 'name', value: '例・魔術師' }]) });
    expect((await runtime('例・魔術師')).sealsRemaining).toBe(1);
    await h.fake.command({ name: 'seal', user: player2, options: [{ name: 'effect', value: 'hp' }] });
    await h.fake.command({ name: 'seal', user: player2, options: [{ name: 'effect', value: 'mp' }] });
    const [a, b] = await Promise.all([
      h.fake.button({ customId: 'seal:approve:3', user: gm, guildId: null }),
      h.fake.button({ customId: 'seal:approve:4', user: gm, guildId: null }),
    ]);
    const updated = [a, b].filter((x) => x.callback.type === 7);
    const refusedRace = [a, b].filter((x) => x.callback.type === 4 && answerOf(x).flags & EPHEMERAL);
    expect(updated).toHaveLength(1);
    expect(refusedRace).toHaveLength(1);
    expect((await runtime('例・魔術師')).sealsRemaining).toBe(0);
  });

  it('two luck rerolls racing for the last use: exactly one succeeds', async () => {
    // Saber has luck C = 3 per day (seed 001 L215); one is used. Leave exactly one.
    const id = (await character('セイバー')).id;
    const state = { ...(await runtime('セイバー')), luckUsedToday: 2 };
    await h.store.transaction(async (tx) => tx.db.update(tx.t.characters).set({ state }).where(eq(tx.t.characters.id, id)));
    const first = await h.fake.command({ name: 'check', options: [{ name: 'status', value: 'agi' }, { name: 'target', value: 30 }] });
    const second = await h.fake.command({ name: 'check', options: [{ name: 'status', value: 'mag' }, { name: 'target', value: 30 }] });
    const [a, b] = await Promise.all([
      h.fake.command({ name: 'luck', options: sub('reroll', [{ name: 'roll', value: rollIdOf(answerOf(first)) }]) }),
      h.fake.command({ name: 'luck', options: sub('reroll', [{ name: 'roll', value: rollIdOf(answerOf(second)) }]) }),
    ]);
    const ok = [a, b].filter((x) => !((answerOf(x).flags ?? 0) & EPHEMERAL));
    const refused = [a, b].filter((x) => (answerOf(x).flags ?? 0) & EPHEMERAL);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(embedText(answerOf(refused[0]!))).toMatch(/luck/i);
    expect((await runtime('セイバー')).luckUsedToday).toBe(3);
  });

  it('HP damage to 0 incapacitates; MP shortfall is paid from HP only when allowed (seed 001 L204, L871)', async () => {
    await h.fake.command({ name: 'hp', options: sub('damage', [{ name: 'amount', value: 100 }]) });
    expect(await runtime('セイバー')).toMatchObject({ hp: 0, incapacitated: true });
    await h.fake.command({ name: 'hp', options: sub('heal', [{ name: 'amount', value: 10 }]) });
    const refused = await h.fake.command({ name: 'mp', options: sub('spend', [{ name: 'amount', value: 40 }]) });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    // 32 MP (魔力放出 took 2 above) and the 8 short from the 10 HP.
    await h.fake.command({ name: 'mp', options: sub('spend', [{ name: 'amount', value: 40 }, { name: 'allow_hp', value: true }]) });
    expect(await runtime('セイバー')).toMatchObject({ mp: 0, hp: 2, incapacitated: false });
  });

  it('every change left an event row, and everything survives a restart', async () => {
    const types = new Set((await rows(h.store, 'events')).map((e) => e.type));
    for (const t of ['character.created', 'roll.created', 'roll.luckReroll', 'luck.spent', 'seal.requested', 'seal.approved', 'seal.spent', 'roll.sealApplied', 'hp.damage', 'mp.spend']) {
      expect(types, t).toContain(t);
    }
    const before = { saber: await runtime('セイバー'), master: await runtime('例・魔術師'), check: (await roll(checkId)).value };
    await h.restart();
    expect(await runtime('セイバー')).toEqual(before.saber);
    expect(await runtime('例・魔術師')).toEqual(before.master);
    expect((await roll(checkId)).value).toBe(before.check);
    const show = await h.fake.command({ name: 'sheet', options: sub('show') });
    expect(embedText(answerOf(show))).toMatch(/HP 2\/48/);
  });
});

describe('sharing, support, supply, autocomplete, export', () => {
  it('luck sharing needs both sides to agree, then draws on the partner (seed 001 L216–217)', async () => {
    const { player, player2 } = h.fake.users;
    const one = await h.fake.command({ name: 'luck', user: player, options: sub('share', [{ name: 'partner', value: '例・魔術師' }]) });
    expect(embedText(answerOf(one))).toMatch(/agrees/);
    const both = await h.fake.command({ name: 'luck', user: player2, options: sub('share', [{ name: 'partner', value: 'セイバー' }]) });
    expect(embedText(answerOf(both))).toMatch(/now share/);
    // Saber has no use left today (3/3); the master's single use (luck E) pays.
    const ex = await h.fake.command({ name: 'check', options: [{ name: 'status', value: 'agi' }, { name: 'target', value: 30 }] });
    const rerolled = await h.fake.command({ name: 'luck', options: sub('reroll', [{ name: 'roll', value: rollIdOf(answerOf(ex)) }]) });
    expect(embedText(answerOf(rerolled))).toMatch(/shared by 例・魔術師/);
    expect((await runtime('例・魔術師')).luckUsedToday).toBe(1);
  });

  it('master support grants a pool from the master’s check; the servant spends it on /check (seed 001 L226–231)', async () => {
    const { player, player2 } = h.fake.users;
    const mag = await h.fake.command({ name: 'check', user: player2, options: [{ name: 'status', value: 'mag' }, { name: 'skills', value: '魔術' }] });
    const achievement = (await roll(rollIdOf(answerOf(mag)))).value;
    const mpBefore = (await runtime('例・魔術師')).mp;
    await h.fake.command({ name: 'mp', user: player2, options: sub('support', [{ name: 'servant', value: 'セイバー' }, { name: 'reaction', value: 2 }]) });
    const grant = achievement + 2;
    expect((await runtime('セイバー')).supportPool).toBe(grant);
    expect((await runtime('例・魔術師')).mp).toBe(mpBefore - Math.max(0, grant - 2)); // the +2 reaction part is free
    const spent = await h.fake.command({ name: 'check', user: player, options: [{ name: 'status', value: 'str' }, { name: 'support', value: 1 }] });
    expect((await roll(rollIdOf(answerOf(spent)))).normalized).toMatch(/\+1$/);
    expect((await runtime('セイバー')).supportPool).toBe(grant - 1);
  });

  it('remote supply delivers half, rounded down (seed 001 L232–234)', async () => {
    const { player2 } = h.fake.users;
    const saberMp = (await runtime('セイバー')).mp;
    await h.fake.command({ name: 'mp', user: player2, options: sub('supply', [{ name: 'amount', value: 5 }, { name: 'servant', value: 'セイバー' }, { name: 'remote', value: true }]) });
    expect((await runtime('セイバー')).mp).toBe(saberMp + 2);
  });

  it('autocompletes character names and the active sheet’s skills', async () => {
    const names = await h.fake.autocomplete({ name: 'sheet', options: [{ name: 'use', type: 1, options: [{ name: 'name', value: 'セ', focused: true }] }] });
    expect(answerOf(names).choices).toEqual([{ name: 'セイバー', value: 'セイバー' }]);
    const skills = await h.fake.autocomplete({ name: 'check', options: [{ name: 'skills', value: '対魔力, 魔力', focused: true }] });
    expect(answerOf(skills).choices.map((c: { value: string }) => c.value)).toContain('対魔力, 魔力放出');
  });

  it('exports JSON that imports back to the same sheet', async () => {
    const ex = await h.fake.command({ name: 'sheet', options: sub('export', [{ name: 'format', value: 'json' }]) });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    const json = ex.callbackFiles[0]!.data.toString('utf8');
    const sheetBefore = (await character('セイバー')).sheet;
    const file = h.fake.uploadAttachment({ filename: 'saber.json', content: json });
    await h.fake.command({ name: 'sheet', options: sub('import', [{ name: 'file', value: file }]) });
    expect((await character('セイバー')).sheet).toEqual(sheetBefore);
  });
});

describe('GM acceptance, deletion, day reset', () => {
  it('the GM accepts a written HP over the derived one; players cannot', async () => {
    const { player2, gm } = h.fake.users;
    const edited = fixture('master.txt').replace('・HP:11', '・HP:15');
    const file = h.fake.uploadAttachment({ filename: 'master.txt', content: edited });
    const re = await h.fake.command({ name: 'sheet', user: player2, options: sub('import', [{ name: 'file', value: file }]) });
    expect(embedText(answerOf(re))).toMatch(/HP 15.*11/s); // written 15, the rules give 11
    const refused = await h.fake.command({ name: 'sheet', user: player2, options: sub('accept', [{ name: 'name', value: '例・魔術師' }, { name: 'field', value: 'hp' }]) });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    await h.fake.command({ name: 'sheet', user: gm, options: sub('accept', [{ name: 'name', value: '例・魔術師' }, { name: 'field', value: 'hp' }]) });
    expect((await runtime('例・魔術師')).accepted).toEqual({ hp: 15 });
  });

  it('resetDailyLuck (the war calendar’s day end) restores every use, with events (seed 001 L215)', async () => {
    const { resetDailyLuck } = await import('../../src/services/daily.js');
    const { translator } = await import('../../src/i18n/index.js');
    const ids = [(await character('セイバー')).id, (await character('例・魔術師')).id];
    const ctx = { user: { id: 'system', name: 'system' }, guildId: h.fake.guildId, channelId: h.fake.channelId, locale: 'en' as const, t: translator('en'), table: { locale: 'en' as const, t: translator('en') }, canManageChannel: true, store: h.store, rng: { die: () => 1 }, now: () => new Date() };
    expect(await h.store.transaction(async (tx) => await resetDailyLuck(tx, ctx, ids))).toBe(2);
    expect((await runtime('セイバー')).luckUsedToday).toBe(0);
    expect((await runtime('例・魔術師')).luckUsedToday).toBe(0);
    expect((await rows(h.store, 'events')).filter((e) => e.type === 'luck.reset')).toHaveLength(2);
  });

  it('/sheet delete asks first; another player cannot delete it; confirming removes it', async () => {
    const { player, player2 } = h.fake.users;
    const notYours = await h.fake.command({ name: 'sheet', user: player2, options: sub('delete', [{ name: 'name', value: 'セイバー' }]) });
    expect(embedText(answerOf(notYours))).toMatch(/Only the owner/);
    const ask = await h.fake.command({ name: 'sheet', user: player, options: sub('delete', [{ name: 'name', value: 'セイバー' }]) });
    const id = (await character('セイバー')).id;
    expect(answerOf(ask).components[0].components.map((b: { custom_id: string }) => b.custom_id)).toEqual([`sheet:delete:${id}`, 'sheet:cancel']);
    expect((await character('セイバー')).deletedAt).toBeNull();
    const done = await h.fake.button({ customId: `sheet:delete:${id}`, user: player });
    expect(done.callback.type).toBe(7);
    expect((await character('セイバー')).deletedAt).not.toBeNull();
    const gone = await h.fake.command({ name: 'check', user: player, options: [{ name: 'status', value: 'str' }] });
    expect(embedText(answerOf(gone))).toMatch(/no active character/);
  });
});
