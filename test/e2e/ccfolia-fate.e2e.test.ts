// A character born of a Ccfolia import (issue 21 §2) has bars and a palette but only a blank Fate sheet:
// /check, /seal and /luck refuse it with one clear message (ccfolia.noFateSheet) instead of a misleading
// one ("Strength is − on this sheet", "not a master", "no Luck rerolls left"), spend nothing, and work
// once /sheet import gives it a Fate sheet of its name. Through the real discord.js client.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import type { FakeUser } from './fake-discord/types.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, fixture, opt, sub, type Opt } from './fate-driver.js';

let h: Harness;
let channelId = '';
const fate = fateDriver(() => h);
beforeAll(async () => {
  h = await startHarness('ccfolia-fate');
  channelId = h.fake.createTextChannel({ name: 'investigation' });
  await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
});
afterAll(async () => {
  await h?.close();
});

const NAME = '佐倉 透'; // the fixture's investigator
const EN = `${NAME} was imported from Ccfolia and has no Fate sheet`;
const run = (name: string, options: any[], user: FakeUser = h.fake.users.player, locale?: string) =>
  h.fake.command({ name, channelId, user, options, ...(locale ? { locale } : {}) });
const importCcfolia = async (user: FakeUser, content = fixture('ccfolia-coc.json')) =>
  await run('palette', sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'ccfolia.json', content }))]), user);
/** Refused ephemerally with the no-Fate-sheet message, which says how to give it one. */
const refused = async (name: string, options: any[], user?: FakeUser, locale?: string) => {
  const ex = await run(name, options, user, locale);
  expect(ephemeral(ex), `${name} ${JSON.stringify(options)}`).toBe(true);
  return embedText(answerOf(ex));
};
const counts = async () => ({
  rolls: (await rows(h.store, 'rolls')).length,
  seals: (await rows(h.store, 'sealRequests')).length,
  events: (await rows(h.store, 'events')).length,
  gmDms: h.fake.dms(h.fake.users.gm.id).length,
});

describe('a Ccfolia-born character refuses Fate commands clearly', () => {
  it('/check (a status, a skill, nothing), /seal (+10, hp, rest) and /luck reroll refuse it, naming it and /sheet import; nothing is rolled, asked or spent', async () => {
    await importCcfolia(h.fake.users.player); // creates the character and makes it active here
    const before = await counts();
    const attempts: Array<[string, Opt[] | ReturnType<typeof sub>]> = [
      ['check', [opt('status', 'str')]], // seed 001 checks roll a status pool: a blank sheet has none
      ['check', [opt('skills', '目星')]],
      ['check', []],
      ['check', [opt('status', 'str'), opt('character', NAME)]],
      ['seal', [opt('effect', '+10')]], // Command Seals (seed 001 L272–295) belong to a Fate master
      ['seal', [opt('effect', 'hp')]],
      ['seal', [opt('effect', 'rest')]],
      ['luck', sub('reroll')], // luck (seed 001 L215–218): nothing rolled yet, still this refusal
    ];
    for (const [name, options] of attempts) {
      const shown = await refused(name, options);
      expect(shown, `${name} ${JSON.stringify(options)}`).toContain(EN);
      expect(shown).toContain(`/sheet import, a sheet named ${NAME}`);
    }
    // Nothing rolled, no seal request, no DM to the GM, no event row.
    expect(await counts()).toEqual(before);
  });

  it('/luck reroll of a success-counting /roll made as it refuses instead of "no Luck rerolls left", and the roll and luck stay (seed 001 L215)', async () => {
    const rolled = await run('roll', [opt('expression', '8b6>=7')]); // every die fails: something to reroll
    expect(ephemeral(rolled)).toBe(false);
    const roll = (await rows(h.store, 'rolls', undefined, 'newest'))[0]!;
    const luckBefore = (await fate.runtime(NAME)).luckUsedToday;
    expect(await refused('luck', sub('reroll'))).toContain(EN);
    expect(await refused('luck', sub('reroll', [opt('roll', roll.id)]))).toContain(EN);
    expect((await fate.rollRow(roll.id)).faces).toEqual(roll.faces);
    expect((await fate.runtime(NAME)).luckUsedToday).toBe(luckBefore);
  });

  it('in Japanese and Korean, with the Korean particle fitting the name ({name|은})', async () => {
    const ja = await refused('check', [opt('status', 'str')], h.fake.users.player, 'ja');
    expect(ja).toContain(`${NAME} はココフォリアから取り込んだキャラクターで`);
    expect(ja).toContain(`/シート 取り込み で「${NAME}」という名前のシート`); // the command as the ja client names it (issue 31)
    // A Korean-named investigator of another player: 이수진 ends in ㄴ → 은.
    await importCcfolia(h.fake.users.player2, fixture('ccfolia-coc.json').replaceAll(NAME, '이수진'));
    const ko = await refused('seal', [opt('effect', '+10')], h.fake.users.player2, 'ko');
    expect(ko).toContain('이수진은 코코포리아에서 가져온 캐릭터라서');
    expect(ko).toContain('/시트 가져오기로 이름이 "이수진"인 시트');
  });

  it('an opposed /check against it and a /luck share with it refuse it too (L41, L216)', async () => {
    await fate.importPair(channelId, h.fake.users.player2, '遠坂', '弓兵');
    await run('sheet', sub('use', [opt('name', '遠坂')]), h.fake.users.player2);
    const rollsBefore = (await rows(h.store, 'rolls')).length;
    const against = await refused('check', [opt('status', 'mag'), opt('against', NAME)], h.fake.users.player2);
    expect(against).toContain(EN);
    expect((await rows(h.store, 'rolls')).length).toBe(rollsBefore);
    expect(await refused('luck', sub('share', [opt('partner', NAME)]), h.fake.users.player2)).toContain(EN);
    const { id } = await fate.character('遠坂');
    expect(await rows(h.store, 'luckShares', (s) => eq(s.characterId, id))).toEqual([]);
  });

  it('the other Fate-only commands acting for it refuse it the same way: /mp supply|support (L226–234), /sheet wealth|item (L963), /war join in a Fate war', async () => {
    const before = await counts();
    for (const [name, options] of [
      ['mp', sub('supply', [opt('amount', 2), opt('servant', '弓兵')])],
      ['mp', sub('support', [opt('servant', '弓兵')])],
      ['sheet', sub('wealth', [opt('amount', 1)])],
      ['sheet', sub('item', [opt('kind', 'hp')])],
    ] as const) {
      expect(await refused(name, options as any), `${name} ${JSON.stringify(options)}`).toContain(EN);
    }
    expect(await counts()).toEqual(before);

    const warRoom = h.fake.createTextChannel({ name: 'war-room' });
    const inWar = (name: string, options: any[], user: FakeUser) => h.fake.command({ name, channelId: warRoom, user, options });
    await inWar('gm', sub('claim'), h.fake.users.gm);
    await inWar('war', sub('start', [opt('ruleset', 'fate'), opt('name', 'Fuyuki')]), h.fake.users.gm);
    const joined = await inWar('war', sub('join', [opt('master', NAME), opt('servant', '弓兵')]), h.fake.users.player);
    expect(ephemeral(joined)).toBe(true);
    expect(embedText(answerOf(joined))).toContain(EN);
    expect(await rows(h.store, 'factions')).toEqual([]);
    // A percent-rules faction needs no sheet (its numbers are the options): a Ccfolia character still joins one.
    const percentRoom = h.fake.createTextChannel({ name: 'percent-room' });
    const inPercent = (name: string, options: any[], user: FakeUser) => h.fake.command({ name, channelId: percentRoom, user, options });
    await inPercent('gm', sub('claim'), h.fake.users.gm);
    await inPercent('war', sub('start', [opt('ruleset', 'percent'), opt('name', 'Percent')]), h.fake.users.gm);
    const percent = await inPercent('war', sub('join', [opt('master', NAME), opt('level', 50), opt('mag', 30)]), h.fake.users.player);
    expect(embedText(answerOf(percent))).not.toContain('no Fate sheet');
    expect((await rows(h.store, 'factions')).map((f) => f.masterId)).toEqual([(await fate.character(NAME)).id]);
  });

  it('in a Fate fight it may stand (its HP on the tracker), but its /attack and /combat defend refuse it the same way', async () => {
    const fightRoom = h.fake.createTextChannel({ name: 'fight' });
    const as = (user: FakeUser, name: string, options: any[]) => h.fake.command({ name, channelId: fightRoom, user, options });
    const { gm, player } = h.fake.users;
    await as(gm, 'gm', sub('claim'));
    await as(gm, 'combat', sub('start', [opt('ruleset', 'fate')]));
    await as(player, 'sheet', sub('use', [opt('name', NAME)])); // active characters are per channel
    const joined = await as(player, 'combat', sub('join', [opt('side', 'us')]));
    expect(embedText(answerOf(joined))).toContain('You joined the fight');
    await as(gm, 'combat', sub('add', [opt('who', 'Ghoul'), opt('side', 'them'), opt('hp', 40), opt('iv', 1), opt('pool', '4d6<=3')]));
    await as(gm, 'combat', sub('next'));
    const rollsBefore = (await rows(h.store, 'rolls')).length;
    const attack = await as(gm, 'attack', [opt('attacker', NAME), opt('target', 'Ghoul'), opt('weapon', 3)]);
    expect(ephemeral(attack)).toBe(true);
    expect(embedText(answerOf(attack))).toContain(EN);
    expect((await rows(h.store, 'rolls')).length).toBe(rollsBefore);
    // The Ghoul's attack on it is rolled; its defense (seed 001 L209–211) is refused, the attack stays pending.
    await as(gm, 'attack', [opt('attacker', 'Ghoul'), opt('target', NAME)]);
    const defend = await as(player, 'combat', sub('defend', [opt('status', 'agi')]));
    expect(ephemeral(defend)).toBe(true);
    expect(embedText(answerOf(defend))).toContain(EN);
    const { pending } = await fate.fightState(fightRoom);
    expect(pending).toBeDefined();
    expect(pending!.defenseRollId).toBeUndefined();
  });

  it('a Fate sheet of its name, by /sheet import, ends the refusal: /check rolls from it', async () => {
    const master = fixture('master.txt').replaceAll('例・魔術師', NAME);
    await run('sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'sakura.txt', content: master }))]));
    expect((await fate.character(NAME)).sheet).not.toHaveProperty('origin');
    const checked = await run('check', [opt('status', 'mag')]);
    expect(ephemeral(checked)).toBe(false);
    expect(embedText(answerOf(checked))).not.toContain('no Fate sheet');
    expect((await rows(h.store, 'rolls', undefined, 'newest'))[0]).toMatchObject({ characterId: (await fate.character(NAME)).id });
  });
});
