// /log export through the real discord.js client (issue 13 §2 "Must show"): the HTML attachment
// holds every public roll and no unrevealed secret; a revealed secret roll appears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import { storedDice } from '../../src/command/rolls.js';
import { EPHEMERAL, embedText, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('log-e2e');
});
afterAll(async () => {
  await h?.close();
});

describe('/log export', () => {
  it('attaches HTML and text with every public roll in order, revealed secrets, and nothing unrevealed', async () => {
    const { gm, player, player2 } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'session' });
    const roll = (user: typeof player, expression: string) => h.fake.command({ name: 'roll', user, channelId, options: [{ name: 'expression', value: expression }] });
    await h.fake.command({ name: 'gm', user: gm, channelId, options: [{ name: 'claim', type: 1 }] });
    await roll(player, '2D6>=7 先制');
    await roll(player2, '8d6<=4 攻撃');
    await roll(player, 'S1d100<=50 hidden-plan-alpha');
    await roll(player2, 'S2d6 revealed-plan-beta');
    await roll(player, 'choice[north,south] 進路');
    const secrets = (await rows(h.store, 'secrets')).filter((s) => s.channelId === channelId);
    await h.fake.command({ name: 'reveal', user: player2, channelId, options: [{ name: 'id', value: secrets[1]!.id }] });

    const ex = await h.fake.command({ name: 'log', user: player, locale: 'ja', channelId, options: [{ name: 'export', type: 1 }] });
    expect(ex.callback.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(ex.callback.data)).toMatch(/件/);
    const files = new Map(ex.callbackFiles.map((f) => [f.name, f.data.toString('utf8')]));
    const html = [...files.entries()].find(([name]) => String(name).endsWith('.html'))![1];
    const txt = [...files.entries()].find(([name]) => String(name).endsWith('.txt'))![1];
    expect(html).toMatch(/^<!DOCTYPE html>/);

    const channelRolls = (await rows(h.store, 'rolls')).filter((r) => r.channelId === channelId);
    for (const r of channelRolls.filter((r) => !r.secret)) {
      expect(html).toContain(r.comment!);
      expect(html).toContain(String(r.value));
    }
    expect(html.indexOf('先制')).toBeLessThan(html.indexOf('攻撃'));
    expect(html).not.toContain('hidden-plan-alpha');
    expect(txt).not.toContain('hidden-plan-alpha');
    expect(html).toContain('revealed-plan-beta');
    expect(html).toMatch(/合計|達成値/); // in the reader's language
    expect(html).toContain(secrets[0]!.hash); // a commitment is public: its hash only
  });

  it('/stats counts the rolls and draws each die size’s faces as text; others’ secret rolls stay out', async () => {
    const { player, player2 } = h.fake.users;
    const mine = (await rows(h.store, 'rolls')).filter((r) => r.userId === player.id);
    const ex = await h.fake.command({ name: 'stats', user: player });
    expect(ex.callback.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    const shown = embedText(ex.callback.data);
    expect(shown).toContain(`${mine.length} rolls`);
    const d6 = mine.flatMap((r) => storedDice(r).filter((d) => d.sides === 6)).length;
    expect(shown).toContain(`d6: ${d6} dice`);
    expect(shown).toMatch(/█/);
    expect(shown).toMatch(/no chart library/);
    const theirs = (await rows(h.store, 'rolls')).filter((r) => r.userId === player2.id && !r.secret);
    const other = embedText((await h.fake.command({ name: 'stats', user: player, options: [{ name: 'user', value: player2 }] })).callback.data);
    expect(other).toContain(`${theirs.length} rolls`);
  });
});
