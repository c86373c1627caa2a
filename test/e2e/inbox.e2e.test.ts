// Every private result reachable (issue 28 §2): a DM Discord will not take (closed DMs, 50007) is kept
// for its reader, the channel is told "@GM, a private result is waiting" with a button that shows each
// presser their own inbox only, and /inbox shows it; the GM decides a Command Seal without ever
// reading a DM (the pending request is listed with its buttons); a secret roll whose GM cannot be
// reached says so to the roller, and the GM reads it from the inbox.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const buttons = (data: { components?: { components: { custom_id: string; label: string }[] }[] } | undefined) => (data?.components ?? []).flatMap((r) => r.components);

let h: Harness;
let channelId = '';
beforeAll(async () => {
  h = await startHarness('inbox');
  channelId = h.fake.createTextChannel({ name: 'inbox' });
  const { gm, player2 } = h.fake.users;
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'sheet', channelId, user: player2, options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'master.txt', content: fixture('master.txt') }) }]) });
  h.fake.setDmsClosed(gm.id);
});
afterAll(async () => {
  await h?.close();
});

const seals = async () => ((await rows(h.store, 'characters')).find((c) => c.name === '例・魔術師')!.state as CharacterRuntime).sealsRemaining;

describe('a GM whose DMs are closed', () => {
  it('decides a Command Seal from the channel: the nudge, "Show mine" for each presser alone, then approve from the inbox', async () => {
    const { gm, player, player2 } = h.fake.users;
    const asked = await h.fake.command({ name: 'seal', channelId, user: player2, options: [{ name: 'effect', value: 'hp' }] });
    // the player is told why the GM got no DM, and where it waits
    expect(asked.followUps.map((f) => f.content).join('\n')).toMatch(/Could not send a DM to <@\d+>: their DMs are closed to this server\. It waits for them in \/inbox/);
    const nudge = await h.fake.waitFor(() => h.fake.channelMessages(channelId).find((m) => m.source === 'channel' && buttons(m.body).some((b) => b.custom_id === 'inbox:show')));
    expect(embedText(nudge.body)).toContain(`<@${gm.id}>, a private result is waiting for you`);
    // the nudge names no content
    expect(embedText(nudge.body)).not.toMatch(/例・魔術師|HP/);

    // another player pressing it reads their own (empty) inbox, not the GM's
    const other = await h.fake.button({ customId: 'inbox:show', channelId, user: player, message: nudge });
    expect(ephemeral(other)).toBe(true);
    expect(embedText(answerOf(other))).toMatch(/Nothing is waiting for you here/);
    expect(embedText(answerOf(other))).not.toMatch(/例・魔術師/);

    // the GM reads the request and decides it there
    const mine = await h.fake.button({ customId: 'inbox:show', channelId, user: gm, message: nudge });
    expect(ephemeral(mine)).toBe(true);
    const shown = embedText(answerOf(mine));
    expect(shown).toMatch(/例・魔術師/); // the DM they could not get
    expect(shown).toMatch(/Command Seal request #1 from <@\d+> in <#\d+> waits for your decision/);
    const approve = buttons(answerOf(mine)).find((b) => b.custom_id === 'seal:approve:1');
    expect(approve).toBeDefined();
    expect(await seals()).toBe(3);
    await h.fake.button({ customId: 'seal:approve:1', channelId, user: gm });
    expect(await seals()).toBe(2);

    // read once: the inbox is empty now, and the request decided
    const again = await h.fake.command({ name: 'inbox', channelId, user: gm });
    expect(embedText(answerOf(again))).toMatch(/Nothing is waiting for you here/);
  });

  it('a secret roll: the roller is told the GM could not be reached; the GM reads it from /inbox', async () => {
    const { gm, player } = h.fake.users;
    const rolled = await h.fake.command({ name: 'roll', channelId, user: player, options: [{ name: 'expression', value: '3d6' }, { name: 'comment', value: 'the hidden door' }, { name: 'secret', value: true }] });
    expect(rolled.followUps.map((f) => f.content).join('\n')).toMatch(/Could not send a DM to <@\d+>: their DMs are closed/);
    const box = await h.fake.command({ name: 'inbox', channelId, user: gm, locale: 'ja' });
    expect(ephemeral(box)).toBe(true);
    expect(embedText(answerOf(box))).toMatch(/the hidden door/);
    expect(embedText(answerOf(box))).toMatch(/DiscordがDMに届けられなかった非公開メッセージ/);
    // nothing of it in the channel
    const channel = h.fake.channelMessages(channelId).map((m) => embedText(m.body)).join('\n');
    expect(channel).not.toMatch(/the hidden door/);
  });

  it('many waiting messages: each /inbox shows what one answer holds and says how many more wait; none is lost', async () => {
    const { gm, player } = h.fake.users;
    for (let i = 1; i <= 12; i++) {
      await h.fake.command({ name: 'roll', channelId, user: player, options: [{ name: 'expression', value: '10d6' }, { name: 'comment', value: `door number ${i} ${'behind the curtain '.repeat(8)}` }, { name: 'secret', value: true }] });
    }
    const seen = new Set<number>();
    let pages = 0;
    for (let page = 0; page < 12; page++) {
      const box = embedText(answerOf((await h.fake.command({ name: 'inbox', channelId, user: gm }))));
      if (/Nothing is waiting/.test(box)) break;
      pages++;
      expect(box.length).toBeLessThan(4096 + 300);
      for (const m of box.matchAll(/door number (\d+)/g)) seen.add(Number(m[1]));
      if (seen.size < 12) expect(box).toMatch(/\d+ more wait for you: use \/inbox again/);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(pages).toBeGreaterThan(1); // twelve did not fit one answer
  });
});
