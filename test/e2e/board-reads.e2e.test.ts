// A board's or tracker's edit reads what it shows outside a transaction (Store.reads: it reads it again
// after the edit). Issue 32 §1: under an evening of tables every board change was read twice like this,
// before its edit and after it, and on PostgreSQL each statement is a round trip and a send on the bot's
// thread. So each read is as few statements as it can be: the render's own row (the war or the fight)
// carries the live message's id, which was a statement of its own; a war's factions come with it (they
// were a statement of their own too); the table's settings (its language
// for the render, its picture setting) are read once, the channel's row and its server's in one
// statement (they were two, and before that, in a SERIALIZABLE transaction, four). And a process that
// holds every shard (this harness's bot) reads a board once an edit: no other process changes its
// boards, so the read after the edit, which catches another process's change, is not sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentQueries, transactionsOf, type SentQuery } from '../helpers/pg-queries.js';
import { testBackend } from '../helpers/backend.js';
import { startHarness, type Harness } from './harness.js';
import { opt, sub } from './fate-driver.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('board-reads');
});
afterAll(async () => {
  await h?.close();
});

/**
 * The reads sent after the command's transaction committed (before it: the table's settings, when the
 * command's cache of them had expired), outside every transaction, but the outbox's own. Writes are
 * left out: a board's reads are reads (Store.reads refuses anything else), and a player's remembered
 * language and name may be written alongside (src/services/locales.ts).
 */
function boardReads(sent: SentQuery[]): string[] {
  const transactions = transactionsOf(sent);
  const inTransactions = new Set(transactions.flat());
  // the command's own transaction: the one that wrote the fight or the war (the outbox's sweep may commit one of its own first)
  const command = transactions.find((tx) => /^\s*commit\s*$/i.test(tx.at(-1)!.text) && tx.some((q) => /^\s*(with|update|insert)\b.*"(combats|wars|factions)"/is.test(q.text)));
  const committed = sent.indexOf(command!.at(-1)!);
  expect(committed).toBeGreaterThan(0);
  return sent
    .slice(committed + 1)
    .filter((q) => !inTransactions.has(q) && /^\s*\(?\s*select\b/i.test(q.text) && !/"outbox"/.test(q.text))
    .map((q) => q.text.replace(/\s+/g, ' '));
}

const count = (statements: string[], pattern: RegExp) => statements.filter((s) => pattern.test(s)).length;

/** The board message's edits (PATCH) that `run` caused: one, or two when its picture was not drawn in time and followed the text. */
async function edits(run: () => Promise<SentQuery[]>): Promise<{ sent: SentQuery[]; edits: number }> {
  const patches = () => h.fake.requests.filter((r) => r.method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(r.path)).length;
  const before = patches();
  const sent = await run();
  return { sent, edits: patches() - before };
}

/** Each read of a board: its row (with the message id), the settings in one statement, and `others` statements more; one command's change read once. */
function readsAsFew(statements: string[], row: RegExp, others: RegExp[], edited: number): void {
  const reads = count(statements, row);
  expect(edited).toBeGreaterThanOrEqual(1);
  // one command, one change: read before its edit, not after (this process holds every shard); a
  // picture that follows its text (drawn late, a loaded machine) is a second edit without a read
  expect(reads, statements.join('\n')).toBe(1);
  // the message id is a column of the render's row, not a statement of its own
  expect(count(statements, /^select "(tracker|board)_message_id" from/)).toBe(0);
  // the channel's settings and its server's: one statement for each read, both rows in it
  expect(count(statements, /from "guild_settings"/)).toBe(reads);
  expect(count(statements, /from "channel_settings"/)).toBe(reads);
  expect(statements.filter((s) => /"channel_settings"/.test(s) !== /"guild_settings"/.test(s))).toEqual([]);
  for (const other of others) expect(count(statements, other)).toBe(reads);
  expect(statements, statements.join("\n")).toHaveLength(reads * (2 + others.length));
}

describe.runIf(testBackend === 'postgres')('a board’s reads on PostgreSQL (issue 32 §1)', () => {
  it('a Fate tracker: its fight’s row and the table’s settings, two statements for each read, one read an edit, none in a transaction', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'board-reads' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    for (const [who, side] of [['Saber', 'a'], ['Lancer', 'b']] as const) {
      await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', who), opt('side', side), opt('hp', 40), opt('iv', 10), opt('pool', '6d6<=4')]) });
    }
    await h.bot.idle();
    const { sent, edits: edited } = await edits(() =>
      sentQueries(async () => {
        await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
        await h.bot.idle();
      }),
    );
    readsAsFew(boardReads(sent), /^select .*"tracker_message_id".* from "combats" where/, [], edited);
  }, 60_000);

  it('a percentage war’s board after /war advance: the war with its factions (and its message id), and the settings, two statements for each read, one read an edit', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'board-reads-war' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'percent'), opt('name', 'Reads')]) });
    for (let i = 0; i < 3; i++) {
      const user = h.fake.createUser({ username: `board_reads_${i}` });
      await h.fake.command({ name: 'war', channelId, user, options: sub('join', [opt('faction', `R${i}`), opt('level', 50), opt('mag', 30)]) });
    }
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    await h.bot.idle();
    const { sent, edits: edited } = await edits(() =>
      sentQueries(async () => {
        await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
        await h.bot.idle();
      }),
    );
    // the war and its factions: one statement (a join)
    readsAsFew(boardReads(sent), /^select .*"board_message_id".* from "wars" left join "factions" .*where/, [], edited);
  }, 60_000);
});
