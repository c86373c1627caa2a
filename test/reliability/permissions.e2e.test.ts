// Permissions: every GM-only action of a running war and fight, tried by a player in the GM's channel,
// by the GM from another channel, and by the GM from another server, is refused (ephemeral) and
// changes nothing; another player's character cannot be edited; only the owner deletes server data.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from '../e2e/harness.js';
import fs from 'node:fs';
import path from 'node:path';

let h: Harness;
let otherChannel = '';
let otherGuild = { guildId: '', channelId: '' };
beforeAll(async () => {
  h = await startHarness('permissions');
  const { gm, player } = h.fake.users;
  await h.fake.command({ name: 'gm', user: gm, options: sub('claim') });
  await h.fake.command({ name: 'war', user: gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Guarded' }]) });
  await h.fake.command({ name: 'combat', user: gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Bridge' }]) });
  await h.fake.command({ name: 'combat', user: gm, options: sub('add', [{ name: 'who', value: 'Ghoul' }, { name: 'side', value: 'them' }, { name: 'hp', value: 12 }, { name: 'iv', value: 5 }, { name: 'pool', value: '6d6<=3' }]) });
  const saber = fs.readFileSync(path.join(import.meta.dirname, '../e2e/fixtures/saber.txt'), 'utf8');
  await h.fake.modalSubmit({ customId: 'sheet:import:pc', user: player, fields: { text: saber } });
  otherChannel = h.fake.createTextChannel({ name: 'elsewhere' });
  otherGuild = h.fake.createGuild({ name: 'Another server' });
});
afterAll(async () => {
  await h.close();
});

function sub(name: string, options: { name: string; value: string | number }[] = []) {
  return [{ name, type: 1, options }];
}

/** GM-only actions on the channel's war and fight (subcommand and the options it needs). */
const GM_ONLY: [string, string, { name: string; value: string | number }[]][] = [
  ['war', 'irregular', []],
  ['war', 'advance', []],
  ['war', 'declarations', []],
  ['war', 'resolve', []],
  ['war', 'undo', []],
  ['war', 'end', []],
  ['war', 'npc', [{ name: 'faction', value: 'Intruders' }]],
  ['combat', 'add', [{ name: 'who', value: 'Imp' }, { name: 'side', value: 'them' }, { name: 'hp', value: 5 }, { name: 'iv', value: 3 }, { name: 'pool', value: '2d6<=3' }]],
  ['combat', 'remove', [{ name: 'who', value: 'Ghoul' }]],
  ['combat', 'next', []],
  ['combat', 'undo', []],
  ['combat', 'end', []],
  ['gm', 'release', []],
];

async function snapshot() {
  const wars = await rows(h.store, 'wars');
  const combats = await rows(h.store, 'combats');
  const gms = await rows(h.store, 'channelGms');
  return JSON.stringify({ wars, combats, gms, factions: await rows(h.store, 'factions') });
}

describe('permissions through the real client', () => {
  it.each([
    ['a player in the GM’s channel', () => ({ user: h.fake.users.player })],
    ['the GM from another channel of the server', () => ({ user: h.fake.users.gm, channelId: otherChannel })],
    ['the GM from another server', () => ({ user: h.fake.users.gm, guildId: otherGuild.guildId, channelId: otherGuild.channelId })],
  ])('%s: every GM-only action is refused and changes nothing', async (_who, where) => {
    const before = await snapshot();
    for (const [name, subcommand, options] of GM_ONLY) {
      const ex = await h.fake.command({ name, ...where(), options: sub(subcommand, options) });
      const label = `/${name} ${subcommand}`;
      expect(answerOf(ex)?.flags & EPHEMERAL, label).toBe(EPHEMERAL);
      expect(embedText(answerOf(ex)), label).not.toMatch(/Something went wrong/);
    }
    expect(await snapshot()).toBe(before);
  });

  it('another player cannot edit, damage or delete someone else’s character', async () => {
    const { player2 } = h.fake.users;
    const before = JSON.stringify(await rows(h.store, 'characters', (c) => eq(c.name, 'セイバー')));
    for (const [name, subcommand, options] of [
      ['hp', 'damage', [{ name: 'amount', value: 10 }, { name: 'character', value: 'セイバー' }]],
      ['mp', 'set', [{ name: 'amount', value: 0 }, { name: 'character', value: 'セイバー' }]],
      ['sheet', 'set', [{ name: 'name', value: 'セイバー' }, { name: 'field', value: 'str' }, { name: 'value', value: 'EX' }]],
      ['sheet', 'delete', [{ name: 'name', value: 'セイバー' }]],
    ] as const) {
      const ex = await h.fake.command({ name, user: player2, options: sub(subcommand, [...options]) });
      expect(answerOf(ex)?.flags & EPHEMERAL, `/${name} ${subcommand}`).toBe(EPHEMERAL);
    }
    expect(JSON.stringify(await rows(h.store, 'characters', (c) => eq(c.name, 'セイバー')))).toBe(before);
  });

  it('only the server owner may delete the server’s data, not even the GM or an administrator', async () => {
    for (const user of [h.fake.users.gm, h.fake.users.admin, h.fake.users.moderator]) {
      const ex = await h.fake.command({ name: 'data', user, options: sub('delete') });
      expect(embedText(answerOf(ex))).toMatch(/Only the server owner/);
    }
    // The owner's confirm button, pressed by someone else (a forged or relayed interaction): refused too.
    await h.fake.command({ name: 'data', user: h.fake.users.owner, options: sub('delete') });
    const pressed = await h.fake.button({ customId: 'data:delete', user: h.fake.users.gm });
    expect(embedText(answerOf(pressed))).toMatch(/Only the server owner/);
    expect((await rows(h.store, 'wars')).length).toBeGreaterThan(0);
  });
});
