// The master's 支援 in a fight (seed 001 L226–229: "戦闘時にマスターはサーヴァントに対してサポート
//行動が出来ます" … the points go on the servant's later checks, kept for the roll the player chooses
// and split as they like): spent on an attack (/attack support:) and on a defense (/combat defend
// support:), through the real discord.js client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fightState, importPair } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('fate-combat-support');
});
afterAll(async () => {
  await h?.close();
});

describe('support points in a fight (seed 001 L226–229)', () => {
  it('the servant spends some on its attack and the rest on its defense; more than is left, or an NPC, is refused', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'support-fight' });
    const as = (user: typeof gm, name: string, options: object[]) => h.fake.command({ name, channelId, user, options: options as any });
    await as(gm, 'gm', sub('claim'));
    await importPair(channelId, player, '支援・魔術師', '支援セイバー');
    await as(gm, 'combat', sub('start', [opt('ruleset', 'fate')]));
    await as(gm, 'combat', sub('add', [opt('who', '支援セイバー'), opt('side', 'us')]));
    await as(gm, 'combat', sub('add', [opt('who', 'Ghoul'), opt('side', 'them'), opt('hp', 40), opt('iv', 1), opt('pool', '4d6<=3')]));
    await as(gm, 'combat', sub('next'));

    // The master's support check (MAG + 魔術), then the grant with a reaction modifier of +3 (L227–229).
    await as(player, 'check', [opt('character', '支援・魔術師'), opt('status', 'mag'), opt('skills', '魔術')]);
    await as(player, 'mp', sub('support', [opt('servant', '支援セイバー'), opt('reaction', 3)]));
    const pool = (await runtime('支援セイバー')).supportPool;
    expect(pool).toBeGreaterThanOrEqual(3);

    const tooMuch = await as(player, 'attack', [opt('target', 'Ghoul'), opt('support', pool + 1)]);
    expect(ephemeral(tooMuch)).toBe(true);
    expect(embedText(answerOf(tooMuch))).toMatch(new RegExp(`only ${pool} points`));
    expect((await runtime('支援セイバー')).supportPool).toBe(pool);

    const attack = await as(player, 'attack', [opt('target', 'Ghoul'), opt('support', 2)]);
    expect(embedText(answerOf(attack))).toContain(`支援セイバー spends 2 support points from the master: +2 (${pool - 2} left)`);
    const attackRoll = await rollRow((await fightState(channelId)).pending!.rollId);
    expect(attackRoll.normalized).toMatch(/\+2$/);
    expect((await runtime('支援セイバー')).supportPool).toBe(pool - 2);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });

    // The Ghoul's turn: it attacks; the servant defends with one more point kept from the grant (L228).
    await as(gm, 'combat', sub('next'));
    const npcSupport = await as(gm, 'attack', [opt('target', '支援セイバー'), opt('support', 1)]);
    expect(ephemeral(npcSupport)).toBe(true);
    expect(embedText(answerOf(npcSupport))).toMatch(/Ghoul has no sheet/);
    await as(gm, 'attack', [opt('target', '支援セイバー')]);
    const defense = await as(player, 'combat', sub('defend', [opt('status', 'end'), opt('support', 1)]));
    expect(embedText(answerOf(defense))).toContain(`+1 (${pool - 3} left)`);
    const defenseRoll = await rollRow((await fightState(channelId)).pending!.defenseRollId!);
    expect(defenseRoll.normalized).toMatch(/\+1$/);
    expect((await runtime('支援セイバー')).supportPool).toBe(pool - 3);
  });
});
