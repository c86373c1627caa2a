// The statements each command of an evening of tables sends in its transaction on PostgreSQL (issue 32
// §1: every kind's p99 within 2× of a plain /roll 1d6's). Each statement is a round trip inside a
// SERIALIZABLE transaction, so the command's wait grew with every read a helper made again: the fight's
// GM read three times in a Persona step with a hidden shadow (the step, its DM copy to the GM, then the
// GM's language), the same character read twice for a palette's line, a check reading the channel's
// war and then, apart, the factions of the server's wars. Before: /combat next 11, /persona adjust of a
// hidden shadow 18, a /persona pass that hid a number 18, /check 10, a palette line's button 8; after:
// 7, 10, 10, 7 and 6 (a savepoint around the command and the dispatcher's own GM read included); with
// no savepoint (src/store/pg-nesting.ts) and the GM kept in the transaction's memo (Tx.memo), 7 or fewer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentQueries, transactionsOf, type SentQuery } from '../helpers/pg-queries.js';
import { testBackend } from '../helpers/backend.js';
import { startHarness, type Harness } from './harness.js';
import { fateDriver, opt, sub } from './fate-driver.js';
import type { InteractionExchange } from './fake-discord/index.js';

let h: Harness;
const { importPair } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('command-reads');
});
afterAll(async () => {
  await h?.close();
});

/** The command's own transaction (the one that sent `marker`), its statements from BEGIN to COMMIT. */
async function commandTransaction(marker: RegExp, run: () => Promise<InteractionExchange>): Promise<{ statements: string[]; answer: InteractionExchange }> {
  await h.bot.idle();
  let answer: InteractionExchange | undefined;
  const sent = await sentQueries(async () => {
    answer = await run();
  });
  const found = transactionsOf(sent).filter((tx: SentQuery[]) => tx.some((q) => marker.test(q.text)));
  expect(found).toHaveLength(1);
  const statements = found[0]!.map((q) => q.text.replace(/\s+/g, ' '));
  if (process.env.SHOW_STATEMENTS) console.log(statements.map((s) => s.slice(0, 90)).join('\n'));
  return { statements, answer: answer! };
}

const reads = (statements: string[], table: string) => statements.filter((s) => new RegExp(`^select .* from "${table}"`, 'i').test(s)).length;
const STEP = /update "combats" set "state"/i;

describe.runIf(testBackend === 'postgres')('statements per command on PostgreSQL (issue 32 §1)', () => {
  it('/combat next in a Fate fight reads the fight and its GM in one statement and saves the step with its event in one', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'fate-reads' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    for (const [who, side] of [['Archer', 'us'], ['Rider', 'them'], ['Caster', 'them']] as const) {
      await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', who), opt('side', side), opt('hp', 40), opt('iv', 10), opt('pool', '6d6<=4')]) });
    }
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    const { statements } = await commandTransaction(STEP, () => h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') }));
    expect(reads(statements, 'channel_gms')).toBe(0);
    expect(statements.filter((q) => /^update "combats"|^insert into "events"/i.test(q))).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(8);
  }, 60_000);

  it('a Persona step that hides a shadow’s number reads the GM once for the step and its DM copy (GM: the actor’s own language, not read)', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'persona-reads' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'persona'), opt('name', 'Tartarus')]) });
    for (const b of [
      { block: 'Aki pc HP40 DEX20 luck10', player },
      { block: 'Ghost npc HP90 agi5 luck0 con17', hidden: true },
      { block: 'Wisp npc HP90 agi4 luck0 pow23', hidden: true },
    ]) {
      await h.fake.command({ name: 'persona', channelId, user: gm, options: sub('add', [opt('block', b.block), ...(b.player ? [opt('player', b.player)] : []), ...(b.hidden ? [opt('hidden', true)] : [])]) });
    }
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    const dms = () => h.fake.dms(gm.id).length;

    // a hidden shadow's HP: the GM reads the number by DM
    const before = dms();
    const adjust = await commandTransaction(STEP, () => h.fake.command({ name: 'persona', channelId, user: gm, options: sub('adjust', [opt('who', 'Ghost'), opt('hp', 80)]) }));
    await h.bot.idle();
    expect(dms()).toBe(before + 1);
    expect(reads(adjust.statements, 'user_locales')).toBe(0);
    // read beside the fight, once: the dispatcher's own (who may read the reply) is the transaction's memo
    expect(reads(adjust.statements, 'channel_gms')).toBe(0);
    expect(adjust.statements.length).toBeLessThanOrEqual(8);

    // passing every slot of a round: a hidden shadow's turn coming up sends the GM its numbers
    let copies = 0;
    for (let i = 0; i < 3; i++) {
      const at = dms();
      const pass = await commandTransaction(STEP, () => h.fake.command({ name: 'persona', channelId, user: gm, options: sub('pass') }));
      await h.bot.idle();
      if (dms() > at) copies++;
      expect(reads(pass.statements, 'user_locales')).toBe(0);
      expect(reads(pass.statements, 'channel_gms')).toBe(0);
      expect(pass.statements.length).toBeLessThanOrEqual(8);
    }
    expect(copies).toBeGreaterThan(0);
  }, 60_000);

  it('/check reads the active character with its link and this channel’s fight in one statement, and its standing in the server’s wars in one', async () => {
    const { player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'check-reads' });
    await importPair(channelId, player, 'C・魔術師', 'Cセイバー');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('use', [opt('name', 'Cセイバー')]) });
    const { statements } = await commandTransaction(/insert into "rolls"/i, () => h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'str'), opt('target', 20)] }));
    expect(reads(statements, 'active_characters')).toBe(1);
    expect(reads(statements, 'wars')).toBe(0);
    // the channel's Fate fight (its bad statuses on the roller) comes with the character
    expect(statements.filter((q) => /^select [^(]* from "combats"/i.test(q))).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(8);
  }, 60_000);

  it('a palette line’s button reads the palette and its character in one statement', async () => {
    const { player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'palette-reads' });
    await importPair(channelId, player, 'P・魔術師', 'Pセイバー');
    await h.fake.command({ name: 'palette', channelId, user: player, options: sub('edit', [opt('name', 'Saber'), opt('character', 'Pセイバー')]) });
    const saved = await h.fake.modalSubmit({ customId: 'palette:edit', channelId, user: player, fields: { name: 'Saber', character: 'Pセイバー', lines: '{筋力ダイス}d6<={筋力} 攻撃\n1d100<={命中} 命中', variables: '命中=70' } });
    const customId = (saved.callback.data?.components ?? []).flatMap((r: { components: { custom_id?: string }[] }) => r.components.map((c) => c.custom_id)).find((id: string | undefined) => id?.startsWith('palette:roll:'));
    expect(customId).toBeDefined();
    // the channel's dice system is kept in memory for a while (src/services/channel-system.ts): read by the first press
    await h.fake.component({ customId: customId!, message: saved.original!, channelId, user: player });
    const { statements } = await commandTransaction(/from "palettes"/i, () => h.fake.component({ customId: customId!, message: saved.original!, channelId, user: player }));
    expect(reads(statements, 'characters')).toBe(0);
    expect(statements.length).toBeLessThanOrEqual(7);
  }, 60_000);
});
