// Korean particles after Latin names, numbers and parentheses (issue 31, "Language"): the particle
// follows the last word as a Korean reader says it (src/i18n/particles.ts): Ravens 레이븐스 → 가,
// Golem Squad 스쿼드 → 를, 10 십 → 을. Played in a Korean server through the real client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { fixture, fateDriver, opt, sub, MASTER_STATUSES } from './fate-driver.js';

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
    const text = embedText(answerOf(join));
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
    const text = embedText(answerOf(attack));
    expect(text).toContain('세이버가 Golem Squad를 공격');
    expect(text).not.toContain('Squad을');
  });

  it('MP short, paid from HP: 「HP에서 10을」, not 「10를」 (seed 001 L872 MP from HP)', async () => {
    const { player } = h.fake.users;
    const mp = (await runtime('한서준')).mp;
    const spent = await run(player, 'mp', sub('spend', [opt('amount', mp + 10), opt('character', '한서준'), opt('allow_hp', true)]));
    const text = embedText(answerOf(spent));
    expect(text).toContain('HP에서 10을 지불했습니다');
    expect(text).not.toContain('10를');
  });

  it('a base moved to 遠坂邸 (대영지): 「遠坂邸(대영지)로」, one particle for the word printed last, not 「으로(로)」 (seed 000 L9)', async () => {
    const { gm, player } = h.fake.users;
    await run(gm, 'war', sub('map', [opt('name', '遠坂邸'), opt('grade', 'large')]));
    await run(gm, 'war', sub('advance'));
    const before = h.fake.dms(player.id).length;
    await run(player, 'act', [opt('action', 'moveBase'), opt('to', '遠坂邸'), opt('text', '이사')]);
    await run(gm, 'war', sub('resolve'));
    await h.fake.waitFor(() => h.fake.dms(player.id).length > before);
    const dms = h.fake.dms(player.id).slice(before).map((m) => embedText(m.body)).join('\n');
    expect(dms).toContain('거점을 遠坂邸(대영지)로 옮겼습니다');
    expect(dms).not.toContain('(로)');
  });

  it('an all-nighter\'s third day: 「달성치 −3이」, not 「−3가」 (seed 001 L247)', async () => {
    const { gm } = h.fake.users;
    const player = h.fake.users.player2;
    const room = h.fake.createTextChannel({ name: '철야', guildId });
    const inRoom = (user: { id: string }, name: string, options: unknown) => h.fake.command({ name, channelId: room, guildId, user: user as never, locale: 'ko', options: options as never });
    await inRoom(gm, 'gm', sub('claim'));
    await inRoom(gm, 'war', sub('start', [opt('ruleset', 'fate'), opt('name', '철야')]));
    const servant = fixture('saber.txt').replaceAll('セイバー', '아처');
    // a master with every status A stays awake long enough for a third day's −3 (forced sleep comes
    // when a status check could reach 0 even with every die a success, L247)
    const master = fixture('master.txt').replaceAll('例・魔術師', '린').replace('【サーヴァント】セイバー', '【サーヴァント】아처').replace(MASTER_STATUSES, '筋力A 耐久A 敏捷A 魔力A 幸運A 社会A');
    for (const [file, content] of [['a.txt', servant], ['r.txt', master]] as const) await inRoom(player, 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: file, content }))]));
    await inRoom(player, 'war', sub('join', [opt('master', '린'), opt('servant', '아처'), opt('faction', '토오사카')]));
    const before = h.fake.dms(player.id).length;
    // day 0 → day 1 morning, then three days of four turns, never asleep
    for (let i = 0; i < 13; i++) await inRoom(gm, 'war', sub('advance'));
    await h.fake.waitFor(() => h.fake.dms(player.id).slice(before).some((m) => embedText(m.body).includes('−3')));
    const dms = h.fake.dms(player.id).slice(before).map((m) => embedText(m.body)).join('\n');
    expect(dms).toContain('달성치 −3이 되었습니다');
    expect(dms).not.toContain('−3가');
  });
});
