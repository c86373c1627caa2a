// `/luck reroll` without `roll:` rerolls the player's last roll it CAN reroll (seed 001 L215: Luck
// rolls again the failed dice of a check). A BCDice answer counting successes (`3R6[5]>=3`, DiceBot's
// own R dice) or a sum compared with a target (`2D6>=7`) has no failed dice of ours to roll again: the
// default walks past them to the /check before, and when they are all there is, says so.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRecord } from '../../src/services/rolls.js';
import type { RollRow } from '../../src/store/schema/index.js';
import { row } from '../helpers/db.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, importPair, sealApproved } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('luck-default-roll');
});
afterAll(async () => {
  await h?.close();
});

const newestRoll = async (channelId: string) => await row(h.store, 'rolls', (r) => eq(r.channelId, channelId), 'newest');
const roll = (channelId: string, expression: string, locale?: string) =>
  h.fake.command({ name: 'roll', channelId, ...(locale ? { locale } : {}), options: [opt('expression', expression)] });
const luck = (channelId: string, options: { name: string; value: any }[] = [], locale?: string) =>
  h.fake.command({ name: 'luck', channelId, ...(locale ? { locale } : {}), options: sub('reroll', options) });

/** A /check of the servant with at least one failed die (seed 001 L215 needs one to reroll). */
async function failedCheck(channelId: string, servant: string): Promise<RollRow> {
  for (let i = 0; i < 20; i++) {
    await h.fake.command({ name: 'check', channelId, options: [opt('status', 'agi'), opt('character', servant)] });
    const r = await newestRoll(channelId);
    if (r.faces.split(',').length > r.value) return r;
  }
  throw new Error('no failed die in 20 checks');
}

describe('/luck reroll picks the last roll it can reroll (seed 001 L215)', () => {
  it('a /check, then a BCDice counting roll and a sum against a target: the default rerolls the /check', async () => {
    const channelId = h.fake.createTextChannel({ name: 'luck-default' });
    await importPair(channelId, h.fake.users.player, '幸・魔術師', '幸セイバー');
    const check = await failedCheck(channelId, '幸セイバー');

    await roll(channelId, '3R6[5]>=3'); // not our engine's: DiceBot counts its successes
    const bcdice = await newestRoll(channelId);
    expect(bcdice).toMatchObject({ kind: 'count', normalized: '3R6[5]>=3' });
    expect(bcdice.result).toMatchObject({ type: 'bcdice' });
    await roll(channelId, '2D6>=7'); // the engine's, but the SUM is compared: no die fails on its own
    expect(await newestRoll(channelId)).toMatchObject({ kind: 'target', normalized: '2d6>=7' });

    const rerolled = await luck(channelId);
    expect(ephemeral(rerolled)).toBe(false);
    expect(embedText(answerOf(rerolled))).toMatch(/Luck reroll: failed dice rolled again/);
    expect(embedText(answerOf(rerolled))).toContain(`#${check.id}`);
    expect(((await rollRow(check.id)).check as CheckRecord).luckUses).toBe(1);
    expect((await runtime('幸セイバー')).luckUsedToday).toBe(1);
    // The BCDice roll is left as it was.
    expect(await rollRow(bcdice.id)).toEqual(bcdice);
  });

  it('when the only counting roll is a BCDice one, the refusal names it and says why, in the reader’s language', async () => {
    const channelId = h.fake.createTextChannel({ name: 'luck-bcdice-only' });
    await importPair(channelId, h.fake.users.player, '運・魔術師', '運セイバー');
    await h.fake.command({ name: 'sheet', channelId, options: sub('use', [opt('name', '運セイバー')]) });
    await roll(channelId, '3R6[5]>=3');
    const bcdice = await newestRoll(channelId);

    const refused = await luck(channelId);
    expect(ephemeral(refused)).toBe(true);
    const said = embedText(answerOf(refused));
    expect(said).toContain(`#${bcdice.id}`);
    expect(said).toContain('3R6\\[5\\]>=3'); // escaped for Discord's markdown, shown as typed
    expect(said).toMatch(/cannot take a Luck reroll/);
    expect(said).not.toMatch(/already succeeded/); // what it wrongly said before
    expect(embedText(answerOf((await luck(channelId, [], 'ja'))))).toMatch(/幸運で振り足せません/);
    expect(embedText(answerOf((await luck(channelId, [], 'ko'))))).toMatch(/행운으로 다시 굴릴 수 없습니다/);
    // Named with roll:, the same answer; nothing was spent.
    const named = await luck(channelId, [opt('roll', bcdice.id)]);
    expect(ephemeral(named)).toBe(true);
    expect(embedText(answerOf(named))).toMatch(/cannot take a Luck reroll/);
    expect((await runtime('運セイバー')).luckUsedToday).toBe(0);
    expect(await rollRow(bcdice.id)).toEqual(bcdice);
  });
});

describe('a Command Seal’s +10 without roll: goes on the same last check (seed 001 L288)', () => {
  it('past a BCDice counting roll to the /check; a BCDice roll named by id is refused before the GM is asked', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'seal-default' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '令・魔術師', '令セイバー');
    await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'agi'), opt('character', '令セイバー')] });
    const check = await newestRoll(channelId);
    await roll(channelId, '3R6[5]>=3');
    const bcdice = await newestRoll(channelId);

    const dmsBefore = h.fake.dms(gm.id).length;
    const named = await h.fake.command({ name: 'seal', channelId, user: player, options: [opt('effect', '+10'), opt('master', '令・魔術師'), opt('roll', bcdice.id)] });
    expect(ephemeral(named)).toBe(true);
    expect(embedText(answerOf(named))).toContain(`Roll #${bcdice.id} is not a check`);
    expect(h.fake.dms(gm.id)).toHaveLength(dmsBefore); // the GM is not asked to approve what cannot apply

    await sealApproved(channelId, player, [opt('effect', '+10'), opt('master', '令・魔術師')]);
    expect((await rollRow(check.id)).value).toBe(check.value + 10);
    expect(await rollRow(bcdice.id)).toEqual(bcdice);
    expect((await runtime('令・魔術師')).sealsRemaining).toBe(2);
  });
});
