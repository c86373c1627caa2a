// /log export through the real discord.js client (issue 13 §2 "Must show"): the HTML attachment
// holds every public roll and no unrevealed secret; a revealed secret roll appears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import { storedDice } from '../../src/services/rolls.js';
import { EPHEMERAL, embedText, replyFiles, startHarness, type Harness, answerOf } from './harness.js';

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

    // The log is the table's (issue 18 §3): the GM gives this channel Japanese; the Korean exporter gets it in Japanese.
    await h.fake.command({ name: 'gm', user: gm, channelId, options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'ja' }] }] });
    const ex = await h.fake.command({ name: 'log', user: player, locale: 'ko', channelId, options: [{ name: 'export', type: 1 }] });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(ex))).toMatch(/건\. HTML/); // the reply is the exporter's
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
    expect(html).toMatch(/合計|達成値/); // in the table's language
    expect(html).toContain(secrets[0]!.hash); // a commitment is public: its hash only
    // People by their server names, characters coloured, outcomes marked, the channel's name in the
    // title, times in the table's zone (a Japanese table: Asia/Tokyo unless /gm timezone says otherwise).
    // Ccfolia's log shape (issue 30 §4): its title, a <p> coloured as its speaker holding the tab, the name and the text.
    expect(html).toContain('    <title>ccfolia - logs</title>');
    expect(html).toContain('<h1>#session のセッションログ</h1>');
    expect(html).toContain('Player Two');
    expect(html).not.toMatch(/ユーザー \d{15,}/);
    expect(html).toMatch(/<p style="color:#[0-9a-f]{6};">\n  <span> \[メイン\]<\/span>\n  <span>Player Two<\/span> :/);
    expect(html).toMatch(/✓ 成功|× 失敗/);
    expect(html).toContain('Asia/Tokyo');
    const first = channelRolls[0]!.createdAt;
    const tokyo = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(first);
    expect(txt).toContain(`[${tokyo}]`);
    // The server's owner moves the log to UTC; a bad zone is refused in the user's language.
    const bad = await h.fake.command({ name: 'gm', user: h.fake.users.moderator, locale: 'ko', channelId, options: [{ name: 'timezone', type: 1, options: [{ name: 'zone', value: 'Mars/Olympus' }] }] });
    expect(embedText(answerOf(bad))).toMatch(/시간대가 아닙니다/);
    await h.fake.command({ name: 'gm', user: h.fake.users.moderator, channelId, options: [{ name: 'timezone', type: 1, options: [{ name: 'zone', value: 'UTC' }] }] });
    const again = await h.fake.command({ name: 'log', user: player, channelId, options: [{ name: 'export', type: 1 }] });
    const txtUtc = again.callbackFiles.find((f) => f.name.endsWith('.txt'))!.data.toString('utf8');
    expect(txtUtc).toContain(`[${first.toISOString().replace('T', ' ').slice(0, 19)}]`);
  });

  it('/stats counts the rolls and draws each die size’s faces as text and a picture; others’ secret rolls stay out', async () => {
    const { player, player2 } = h.fake.users;
    const mine = (await rows(h.store, 'rolls')).filter((r) => r.userId === player.id);
    const ex = await h.fake.command({ name: 'stats', user: player });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    const shown = embedText(answerOf(ex));
    expect(shown).toContain(`${mine.length} rolls`);
    const d6 = mine.flatMap((r) => storedDice(r).filter((d) => d.sides === 6)).length;
    expect(shown).toContain(`d6: ${d6} dice`);
    expect(shown).toMatch(/█/);
    // …and the picture beside the text (issue 22): a PNG the embed shows
    expect(shown).toMatch(/the picture shows each size/);
    expect(replyFiles(ex).some((f) => f.name.endsWith('.png') && f.data.subarray(1, 4).toString() === 'PNG')).toBe(true);
    const theirs = (await rows(h.store, 'rolls')).filter((r) => r.userId === player2.id && !r.secret);
    const other = embedText(answerOf((await h.fake.command({ name: 'stats', user: player, options: [{ name: 'user', value: player2 }] }))));
    expect(other).toContain(`${theirs.length} rolls`);
  });
});
