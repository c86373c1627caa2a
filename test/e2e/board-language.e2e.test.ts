// A board edit that lands late keeps the channel's language as it is now (issue 31: "a race picks the
// language under load"). Each command hands the dispatcher a board update whose render() is run after
// the reply, and again after every edit until the board stops changing; when the GM changed the
// table's language in between (a loaded machine, another process), an older command's render used to
// word the board in the language that command had read, and could land last. Now render() reads the
// channel's language from the database each time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/index.js';
import { trackerUpdate, fateTrackerView } from '../../src/services/combat/tracker.js';
import type { FateCombatState } from '../../src/services/combat/state.js';
import { tableContextOf } from '../../src/services/table.js';
import type { CommandContext } from '../../src/services/types.js';
import { startHarness, type Harness } from './harness.js';
import { fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { fight } = fateDriver(() => h);
beforeAll(async () => {
  h = await startHarness('board-language');
});
afterAll(async () => {
  await h?.close();
});

describe('a late board edit', () => {
  it('words the tracker in the channel’s language at the time it is drawn, not the one its command read', async () => {
    const channelId = h.fake.createTextChannel({ name: 'late-board' });
    const gm = (name: string, options: { name: string; value: unknown }[] = []) => h.fake.command({ name: name === 'language' || name === 'claim' ? 'gm' : 'combat', channelId, user: h.fake.users.gm, options: sub(name, options as never) });
    await gm('claim');
    await gm('language', [opt('language', 'ja')]);
    await gm('start', [opt('ruleset', 'fate'), opt('name', '橋')]);
    await gm('add', [opt('who', 'Viper'), opt('side', 'them'), opt('hp', 50), opt('iv', 1), opt('pool', '8d6<=4')]);
    // The update a command made while the table read Japanese…
    const row = await fight(channelId);
    const ja = { channelId, guildId: h.fake.guildId, locale: 'ja', t: translator('ja'), table: tableContextOf('ja') } as unknown as CommandContext;
    const update = trackerUpdate(ja, row, fateTrackerView(ja, row.state as FateCombatState, new Map()));
    // …drawn after the GM gave the channel back to the server's language (English).
    await gm('language', [opt('language', 'server')]);
    const drawn = (await h.store.transaction(async (tx) => update.render!(tx)))?.view;
    expect(drawn?.locale).toBe('en');
    const en = { ...ja, locale: 'en', t: translator('en'), table: tableContextOf('en') } as unknown as CommandContext;
    expect(drawn?.blocks).toEqual(fateTrackerView(en, (await fight(channelId)).state as FateCombatState, new Map()).blocks);
    expect(drawn?.blocks).not.toEqual(fateTrackerView(ja, (await fight(channelId)).state as FateCombatState, new Map()).blocks);
  });
});
