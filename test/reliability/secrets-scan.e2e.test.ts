// Secrets: the hidden flows run one after another in one channel — a secret /roll (option and S
// prefix), a secret /check and its luck reroll, two factions' hidden declarations, the GM's resolve and
// a percentage battle — each carrying a unique marker; then every payload that reached the channel
// (messages, their edits, non-ephemeral interaction replies) is scanned: no marker, no declaration text.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from '../e2e/harness.js';
import type { InteractionExchange } from '../e2e/fake-discord/types.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('secrets-scan');
});
afterAll(async () => {
  await h.close();
});

const sub = (name: string, options: { name: string; value: string | number | boolean }[] = []) => [{ name, type: 1, options }];
const MARKERS = ['SECRET-ROLL-7f3a', 'SECRET-SPREFIX-91c2', 'SECRET-CHECK-55be', 'SECRET-DECL-ARCH-0d1e', 'SECRET-DECL-SHADE-a9f4'];

describe('secrets never reach the channel', () => {
  it('every secret flow run; every channel payload scanned', async () => {
    const { gm, player, player2 } = h.fake.users;
    const publicPayloads: string[] = [];
    const keep = (ex: InteractionExchange) => {
      if (!((answerOf(ex)?.flags ?? 0) & EPHEMERAL)) publicPayloads.push(JSON.stringify(answerOf(ex) ?? {}));
    };
    keep(await h.fake.command({ name: 'gm', user: gm, options: sub('claim') }));
    keep(await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '1d100<=50' }, { name: 'comment', value: MARKERS[0]! }, { name: 'secret', value: true }] }));
    keep(await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: `S2D6 ${MARKERS[1]}` }] }));
    const saber = fs.readFileSync(path.join(import.meta.dirname, '../e2e/fixtures/saber.txt'), 'utf8');
    await h.fake.modalSubmit({ customId: 'sheet:import:pc', user: player, fields: { text: saber } });
    const check = await h.fake.command({ name: 'check', user: player, options: [{ name: 'status', value: 'agi' }, { name: 'comment', value: MARKERS[2]! }, { name: 'secret', value: true }] });
    keep(check);
    keep(await h.fake.command({ name: 'luck', user: player, options: sub('reroll') }));

    keep(await h.fake.command({ name: 'war', user: gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Scan' }]) }));
    keep(await h.fake.command({ name: 'war', user: player, options: sub('join', [{ name: 'faction', value: 'Archers' }, { name: 'class', value: 'archer' }, { name: 'archer_bonus', value: 'agi' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }]) }));
    keep(await h.fake.command({ name: 'war', user: player2, options: sub('join', [{ name: 'faction', value: 'Shades' }, { name: 'class', value: 'assassin' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]) }));
    keep(await h.fake.command({ name: 'war', user: gm, options: sub('advance') }));
    keep(await h.fake.command({ name: 'act', user: player, options: [{ name: 'action', value: 'infoGathering' }, { name: 'mode', value: 'shallow' }, { name: 'targets', value: 'Shades' }, { name: 'text', value: MARKERS[3]! }] }));
    keep(await h.fake.command({ name: 'act', user: player2, options: [{ name: 'action', value: 'other' }, { name: 'text', value: MARKERS[4]! }] }));
    keep(await h.fake.command({ name: 'war', user: gm, options: sub('resolve') }));
    keep(await h.fake.command({ name: 'battle', user: gm, options: [{ name: 'ours', value: 'Archers' }, { name: 'theirs', value: 'Shades' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }] }));
    // Let the posts, boards and commitments that follow the replies arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const channel = h.fake.channelMessages().map((m) => [m.content, JSON.stringify(m.body), ...m.edits.map((e) => JSON.stringify(e))].join('\n'));
    const scanned = [...publicPayloads, ...channel].join('\n');
    expect(channel.length).toBeGreaterThan(5); // the flows did post: boards, commitments, the battle's winner
    for (const marker of MARKERS) expect(scanned, marker).not.toContain(marker);
    expect(scanned).not.toMatch(/infoGathering|情報収集|정보 수집/);
    // The secrets were not lost: their owners (and the GM) got them.
    const dms = (id: string) => h.fake.dms(id).map((m) => embedText(m.body)).join('\n');
    expect(dms(gm.id)).toContain(MARKERS[0]!);
    expect(dms(gm.id)).toContain(MARKERS[3]!);
  }, 60_000);
});
