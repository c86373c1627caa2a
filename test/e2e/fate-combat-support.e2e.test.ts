// The master's 支援 in a fight (seed 001 L226–229: "戦闘時にマスターはサーヴァントに対してサポート
//行動が出来ます" … the points go on the servant's later checks, kept for the roll the player chooses
// and split as they like): spent on an attack (/attack support:) and on a defense (/combat defend
// support:), through the real discord.js client.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FateCombatState } from '../../src/command/combat/state.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { row } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness } from './harness.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
let h: Harness;
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const opt = (name: string, value: any) => ({ name, value });
const ephemeral = (ex: { callback: { data?: { flags?: number } } }) => ((ex.callback.data?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;
const runtime = async (name: string) => (await row(h.store, 'characters', (c) => eq(c.name, name))).state as CharacterRuntime;
const fightState = async (channelId: string) => (await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest')).state as FateCombatState;
const rollRow = async (id: number) => await row(h.store, 'rolls', (r) => eq(r.id, id));

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
    const servantText = fixture('saber.txt').replaceAll('セイバー', '支援セイバー');
    const masterText = fixture('master.txt').replaceAll('例・魔術師', '支援・魔術師').replace('【サーヴァント】セイバー', '【サーヴァント】支援セイバー');
    for (const [file, content] of [['s.txt', servantText], ['m.txt', masterText]] as const) {
      await as(player, 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: file, content }))]));
    }
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
    expect(embedText(tooMuch.callback.data)).toMatch(new RegExp(`only ${pool} points`));
    expect((await runtime('支援セイバー')).supportPool).toBe(pool);

    const attack = await as(player, 'attack', [opt('target', 'Ghoul'), opt('support', 2)]);
    expect(embedText(attack.callback.data)).toContain(`支援セイバー spends 2 support points from the master: +2 (${pool - 2} left)`);
    const attackRoll = await rollRow((await fightState(channelId)).pending!.rollId);
    expect(attackRoll.normalized).toMatch(/\+2$/);
    expect((await runtime('支援セイバー')).supportPool).toBe(pool - 2);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });

    // The Ghoul's turn: it attacks; the servant defends with one more point kept from the grant (L228).
    await as(gm, 'combat', sub('next'));
    const npcSupport = await as(gm, 'attack', [opt('target', '支援セイバー'), opt('support', 1)]);
    expect(ephemeral(npcSupport)).toBe(true);
    expect(embedText(npcSupport.callback.data)).toMatch(/Ghoul has no sheet/);
    await as(gm, 'attack', [opt('target', '支援セイバー')]);
    const defense = await as(player, 'combat', sub('defend', [opt('status', 'end'), opt('support', 1)]));
    expect(embedText(defense.callback.data)).toContain(`+1 (${pool - 3} left)`);
    const defenseRoll = await rollRow((await fightState(channelId)).pending!.defenseRollId!);
    expect(defenseRoll.normalized).toMatch(/\+1$/);
    expect((await runtime('支援セイバー')).supportPool).toBe(pool - 3);
  });
});
