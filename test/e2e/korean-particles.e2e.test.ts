// Korean particles after Latin names, numbers and parentheses (issue 31, "Language"): the particle
// follows the last word as a Korean reader says it (src/i18n/particles.ts): Ravens 레이븐스 → 가,
// Golem Squad 스쿼드 → 를, 10 십 → 을. Played in a Korean server through the real client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness } from './harness.js';
import { fixture, fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime } = fateDriver(() => h);
let channelId = '';
let guildId = '';

beforeAll(async () => {
  h = await startHarness('korean-particles');
  const guild = h.fake.createGuild({ name: '성배전쟁', locale: 'ko' });
  channelId = guild.channelId;
  guildId = guild.guildId;
});
afterAll(async () => {
  await h?.close();
});

const run = (user: { id: string }, name: string, options: unknown) => h.fake.command({ name, channelId, guildId, user: user as never, locale: 'ko', options: options as never });

describe('a Korean table reads particles that fit Latin names and numbers (issue 31)', () => {
  it('a faction named Ravens joins: 「Ravens가」, not 「Ravens이」 (seed 000 L1 war join)', async () => {
    const { gm, player } = h.fake.users;
    await run(gm, 'gm', sub('claim'));
    await run(gm, 'war', sub('start', [opt('ruleset', 'percent'), opt('name', '후유키')]));
    const join = await run(player, 'war', sub('join', [opt('faction', 'Ravens'), opt('class', 'saber'), opt('level', 50), opt('statuses', '40 30 30 20 20 20'), opt('mag', 30)]));
    const text = embedText(join.callback.data);
    expect(text).toContain('**Ravens**가');
    expect(text).not.toMatch(/Ravens\**이 /);
  });

  it('an attack on "Golem Squad": 「Golem Squad를 공격」, not 「Golem Squad을」 (seed 001 L196 attack)', async () => {
    const { player } = h.fake.users;
    const room = h.fake.createTextChannel({ name: '전투', guildId });
    const inRoom = (user: { id: string }, name: string, options: unknown) => h.fake.command({ name, channelId: room, guildId, user: user as never, locale: 'ko', options: options as never });
    await inRoom(h.fake.users.gm, 'gm', sub('claim'));
    const servant = fixture('saber.txt').replaceAll('セイバー', '세이버');
    const master = fixture('master.txt').replaceAll('例・魔術師', '한서준').replace('【サーヴァント】セイバー', '【サーヴァント】세이버');
    for (const [file, content] of [['s.txt', servant], ['m.txt', master]] as const) await inRoom(player, 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: file, content }))]));
    const gm = h.fake.users.gm;
    await inRoom(gm, 'combat', sub('start', [opt('ruleset', 'fate')]));
    await inRoom(gm, 'combat', sub('add', [opt('who', '세이버'), opt('side', 'us')]));
    await inRoom(gm, 'combat', sub('add', [opt('who', 'Golem Squad'), opt('side', 'them'), opt('hp', 60), opt('iv', 1), opt('pool', '10d6<=4')]));
    await inRoom(gm, 'combat', sub('next'));
    const attack = await inRoom(player, 'attack', [opt('target', 'Golem Squad'), opt('status', 'str'), opt('weapon', 0)]);
    const text = embedText(attack.callback.data);
    expect(text).toContain('세이버가 Golem Squad를 공격');
    expect(text).not.toContain('Squad을');
  });

  it('MP short, paid from HP: 「HP에서 10을」, not 「10를」 (seed 001 L872 MP from HP)', async () => {
    const { player } = h.fake.users;
    const mp = (await runtime('한서준')).mp;
    const spent = await run(player, 'mp', sub('spend', [opt('amount', mp + 10), opt('character', '한서준'), opt('allow_hp', true)]));
    const text = embedText(spent.callback.data);
    expect(text).toContain('HP에서 10을 지불했습니다');
    expect(text).not.toContain('10를');
  });
});
