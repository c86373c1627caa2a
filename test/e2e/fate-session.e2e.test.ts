// A full scripted Fate/roll dice session through the real discord.js client (issue 10, "must show"):
// two factions, day 1 from morning through the night, a fight with a Command Seal and luck on the
// defense, a master's death, the day end — and every HP/MP/luck/seal figure asserted at the end.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FateCombatState } from '../../src/services/combat/state.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { row } from '../helpers/db.js';
import type { FakeUser } from './fake-discord/types.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import type { InteractionExchange } from './fake-discord/types.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
let h: Harness;
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const opt = (name: string, value: any) => ({ name, value });
const runtime = async (name: string) => (await row(h.store, 'characters', (c) => eq(c.name, name))).state as CharacterRuntime;
const buttonIds = (ex: InteractionExchange): string[] => (answerOf(ex)?.components ?? []).flatMap((r: any) => r.components.map((b: any) => b.custom_id));

beforeAll(async () => {
  h = await startHarness('fate-session');
});
afterAll(async () => {
  await h?.close();
});

describe('a scripted Fate/roll dice session (seed 001)', () => {
  it('two factions play day 1 and its night: a fight with a seal and luck on the defense, a death, the day end', async () => {
    const { gm, player, player2 } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'fuyuki-session' });
    const cmd = (user: FakeUser, name: string, options: any[]) => h.fake.command({ name, channelId, user, options });
    const advance = async () => embedText(answerOf((await cmd(gm, 'war', sub('advance')))));
    const combatState = async () => (await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest')).state as FateCombatState;
    const approveSeal = async (user: FakeUser, options: any[]) => {
      const before = h.fake.dms(gm.id).length;
      await cmd(user, 'seal', options);
      const dm = await h.fake.waitFor(() => h.fake.dms(gm.id).slice(before).find((m) => m.components.length > 0));
      const id = dm.components.flatMap((r: any) => r.components).find((b: any) => String(b.custom_id).startsWith('seal:approve:')).custom_id;
      return await h.fake.button({ customId: id, user: gm, guildId: null, message: dm });
    };

    // Setup (L45–114): the GM starts the war; each player brings a master and a servant.
    await cmd(gm, 'gm', sub('claim'));
    await cmd(gm, 'war', sub('start', [opt('ruleset', 'fate'), opt('name', '冬木')]));
    const lancer = fixture('saber.txt').replaceAll('セイバー', 'ランサー');
    const priest = fixture('master.txt').replaceAll('例・魔術師', '例・神父').replace('【サーヴァント】セイバー', '【サーヴァント】ランサー');
    for (const [user, file, content] of [
      [player, 'saber.txt', fixture('saber.txt')],
      [player, 'master.txt', fixture('master.txt')],
      [player2, 'lancer.txt', lancer],
      [player2, 'priest.txt', priest],
    ] as const) {
      await cmd(user, 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: file, content }))]));
    }
    await cmd(player, 'war', sub('join', [opt('master', '例・魔術師'), opt('servant', 'セイバー'), opt('faction', 'Tohsaka')]));
    await cmd(player2, 'war', sub('join', [opt('master', '例・神父'), opt('servant', 'ランサー'), opt('faction', 'Church')]));
    expect(await advance()).toMatch(/Day 1 · Morning/); // L114: the summoning phase ends

    // Day 1 morning: the Tohsaka master sleeps this turn (L246) and has spent 5 HP on her own.
    await cmd(player, 'war', sub('sleep'));
    await cmd(player, 'hp', sub('damage', [opt('amount', 5), opt('character', '例・魔術師')]));

    // The fight (L156–235): Saber and Lancer in front, the priest beside Lancer.
    await cmd(gm, 'combat', sub('start', [opt('ruleset', 'fate'), opt('name', '港')]));
    await cmd(gm, 'combat', sub('add', [opt('who', 'セイバー'), opt('side', 'Tohsaka')]));
    await cmd(gm, 'combat', sub('add', [opt('who', 'ランサー'), opt('side', 'Church')]));
    await cmd(gm, 'combat', sub('add', [opt('who', '例・神父'), opt('side', 'Church')]));
    const next = embedText(answerOf((await cmd(gm, 'combat', sub('next')))));
    expect(next).toMatch(/IV tie, AGI\+LUK roll-off: (セイバー|ランサー) \d+ · (セイバー|ランサー) \d+/); // L198: both IV 15

    // Lancer attacks Saber (the GM drives the turn); Saber defends with END.
    await cmd(gm, 'attack', [opt('attacker', 'ランサー'), opt('target', 'セイバー'), opt('weapon', 10)]);
    const attackRoll = (await combatState()).pending!.rollId;
    const defended = await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    const defenseRoll = (await combatState()).pending!.defenseRollId!;
    // L215–216: one luck use on the defense's failed dice, before any damage.
    expect(buttonIds(defended)).toContain(`luck:reroll:${defenseRoll}`);
    await h.fake.button({ customId: `luck:reroll:${defenseRoll}`, channelId, user: player });
    // L288: the master's seal +10 on Saber's defense, approved by the GM.
    await approveSeal(player, [opt('effect', '+10'), opt('master', '例・魔術師'), opt('roll', defenseRoll)]);
    const resolved = embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: player }))));
    const attack = (await row(h.store, 'rolls', (r) => eq(r.id, attackRoll))).value;
    const defense = (await row(h.store, 'rolls', (r) => eq(r.id, defenseRoll))).value;
    const armor = Number(/armor (\d+)/.exec(resolved)![1]);
    expect(resolved).toContain(`Attack ${attack} vs defense ${defense}`);
    const saberDamage = attack > defense ? Math.max(0, attack - defense + 10 - armor) : attack === defense ? Math.max(0, 10 - armor) : 0; // L202–203

    // Saber goes for the priest with intent to kill (L204): a tie or a hit of 50 kills an 11-HP master.
    await cmd(gm, 'attack', [opt('attacker', 'セイバー'), opt('target', '例・神父'), opt('weapon', 50), opt('intent', 'kill')]);
    await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player2 });
    const killed = embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: player2 }))));
    const [, a2, d2] = /Attack (\d+) vs defense (\d+)/.exec(killed)!.map(Number);
    expect(a2).toBeGreaterThanOrEqual(d2!); // 10d6≤5 against 4d6≤2 (this seed)
    expect(await runtime('例・神父')).toMatchObject({ hp: 0, dead: true });
    await cmd(gm, 'combat', sub('end'));

    // Mid-day figures, all from the sheets (one source of truth).
    expect(await runtime('セイバー')).toMatchObject({ hp: 48 - saberDamage, mp: 34, luckUsedToday: 1 });
    expect((await runtime('例・魔術師')).sealsRemaining).toBe(2);

    // Noon, evening, late night: four turn ends close day 1 (L237, L241). The Church servant is
    // masterless from the first turn end (L244, rank level 10: −10 HP and −10 MP a turn).
    const reports: string[] = [];
    for (let i = 0; i < 4; i++) reports.push(await advance());
    const all = reports.join('\n');
    expect(all.match(/ランサー has no master/g)?.length).toBe(4);
    expect(all).not.toMatch(/例・神父 recovers/);
    const [, gained] = /例・魔術師 recovers (\d+) HP/.exec(all)!.map(Number); // she slept: 2d6 HP, full MP (L241)
    expect(all).toMatch(/Day 2 · Morning/);

    // Every figure at the end of the day.
    expect(await runtime('例・魔術師')).toMatchObject({ hp: 6 + gained!, mp: 29, luckUsedToday: 0, sealsRemaining: 2, incapacitated: false });
    expect(gained).toBeGreaterThanOrEqual(2);
    expect(gained).toBeLessThanOrEqual(5); // 2d6, capped at the 5 HP she had lost
    expect((await runtime('例・魔術師')).dead ?? false).toBe(false);
    expect(await runtime('セイバー')).toMatchObject({ hp: 48 - saberDamage, mp: 34, luckUsedToday: 0 }); // servants do not recover; luck is back (L215)
    expect(await runtime('例・神父')).toMatchObject({ hp: 0, mp: 29, sealsRemaining: 3, dead: true });
    // 48/34 → 38/24 → 28/14 → 18/4 → 2/0 (the last 6 MP missing come out of HP).
    expect(await runtime('ランサー')).toMatchObject({ hp: 2, mp: 0, luckUsedToday: 0 });

    // Day 2 morning ends: the Church servant vanishes and its faction is struck out.
    expect(await advance()).toMatch(/ランサー has no HP and no MP left and vanishes/);
    expect((await row(h.store, 'factions', (f) => eq(f.name, 'Church'))).eliminated).toBe(true);
  });
});
