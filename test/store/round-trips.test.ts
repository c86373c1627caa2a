// How many requests a /roll sends to PostgreSQL (issue 23 §1: the fewest round trips per command). A
// plain roll is one statement — its row and its event — sent without BEGIN/COMMIT; a secret roll,
// which reads the GM and commits a hash, is a transaction. Counted at node-postgres's Client.query,
// which every pooled query goes through.
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roll } from '../../commands/roll.js';
import { seededRandom } from '../../src/core/random.js';
import { translator } from '../../src/i18n/index.js';
import { runCommand } from '../../src/services/run.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { openStore, type Store } from '../../src/store/db.js';
import { appendEvent, eventsInsertSql, type EventInput } from '../../src/store/events.js';
import { saveUserLocale, userLocalesRead } from '../../src/store/locales.js';
import { oneStatement } from '../../src/store/one-statement.js';
import { channelGm } from '../../src/store/gms.js';
import { insertRoll } from '../../src/store/rolls.js';
import { enqueueEffects } from '../../src/store/outbox.js';
import { settle, type Effect, type OutboxDeps } from '../../src/discord/outbox.js';
import { rows } from '../helpers/db.js';
import { sentQueries } from '../helpers/pg-queries.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const options = (expression: string, secret = false): CommandOptions => ({
  subcommand: () => null,
  string: (name) => (name === 'expression' ? expression : null),
  integer: () => null,
  boolean: (name) => (name === 'secret' ? secret : null),
  user: () => null,
  attachment: () => null,
});

describe.runIf(testBackend === 'postgres')('round trips to PostgreSQL', () => {
  let database: TestDatabase;
  let store: Store;
  let ctx: CommandContext;
  beforeAll(async () => {
    database = await testDatabase('trips');
    store = await openStore(database.url);
    ctx = {
      user: { id: '412345678901234567', name: 'ひかり' },
      guildId: '212345678901234567',
      channelId: '312345678901234567',
      locale: 'ja',
      t: translator('ja'),
      table: { locale: 'ja', t: translator('ja') },
      canManageChannel: false,
      store,
      rng: seededRandom('trips'),
      now: () => new Date(1_760_000_000_000),
    };
    await runCommand(roll, ctx, options('2d6'), pino({ level: 'silent' })); // the channel's system is read and cached
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const counted = async (run: () => Promise<unknown>) => (await sentQueries(run)).map((q) => q.text);

  it('sends a plain roll and its event as one statement, without BEGIN', async () => {
    const sent = await counted(() => runCommand(roll, ctx, options('8d6<=4'), pino({ level: 'silent' })));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^WITH r AS \(INSERT INTO "rolls"/);
    const [last] = await rows(store, 'rolls', undefined, 'newest');
    const [event] = await rows(store, 'events', undefined, 'newest');
    expect(last).toMatchObject({ normalized: '8d6<=4', userId: ctx.user.id, channelId: ctx.channelId, guildId: ctx.guildId });
    expect(event).toMatchObject({ type: 'roll.created', subject: `roll:${last!.id}`, actorId: ctx.user.id, channelId: ctx.channelId, guildId: ctx.guildId, before: null, after: null });
    expect(event!.createdAt).toEqual(new Date(1_760_000_000_000));
  });

  it('keeps a secret roll in one transaction', async () => {
    const sent = await counted(() => runCommand(roll, ctx, options('1d100<=50', true), pino({ level: 'silent' })));
    expect(sent[0]).toMatch(/^begin/i);
    expect(sent.at(-1)).toMatch(/^commit/i);
  });

  it('sends no savepoint for transactions inside another; one that fails after writing makes the whole run again with savepoints', async () => {
    // drizzle sent SAVEPOINT and RELEASE around every nested transaction: two round trips each, 7 of a
    // combat turn's 18 statements (issue 32 §1)
    const event = (type: string) => ({ guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: 'x', before: null, after: null, at: new Date() });
    const first = (texts: string[]) => texts.map((text) => text.split(' ').slice(0, /^(rollback|savepoint)/i.test(text) ? 3 : 1).join(' ').toLowerCase());
    const happy = await counted(() =>
      store.transaction(async (tx) => {
        // three channels' GMs: one channel's is read once in a transaction (Tx.memo)
        await store.transaction((inner) => channelGm(inner, ctx.channelId));
        await store.transaction(async (inner) => {
          await channelGm(inner, 'another channel');
          await appendEvent(inner, event('test.nested'));
        });
        await channelGm(tx, 'a third');
        await channelGm(tx, ctx.channelId);
      }),
    );
    expect(first(happy)).toEqual(['begin', 'select', 'select', 'insert', 'select', 'commit']);
    let runs = 0;
    const spoiled = await counted(() =>
      store.transaction(async (tx) => {
        runs++;
        await appendEvent(tx, event('test.outer'));
        await store
          .transaction(async (inner) => {
            await appendEvent(inner, event('test.undone'));
            throw new Error('refused after a write');
          })
          .catch(() => undefined);
        await store.transaction(async (inner) => {
          await channelGm(inner, ctx.channelId);
          throw new Error('refused after a read'); // nothing to undo: no savepoint needed
        }).catch(() => undefined);
      }),
    );
    expect(runs).toBe(2);
    expect(first(spoiled)).toEqual(['begin', 'insert', 'insert', 'rollback', 'begin', 'insert', 'savepoint sp1', 'insert', 'rollback to savepoint', 'select', 'commit']);
    const types = (await rows(store, 'events')).map((e) => e.type);
    expect(types.filter((t) => t === 'test.outer')).toHaveLength(1);
    expect(types).not.toContain('test.undone');
  });

  it('lets delivered effects go in one statement, without BEGIN', async () => {
    // a command's DMs and board edit each left a transaction of a DELETE per row (issue 32 §1)
    const row = { createdAt: new Date(), guildId: ctx.guildId, batch: 'b', kind: 'dm' as const, target: ctx.user.id, body: {}, nonce: 'n', nextAt: new Date() };
    const ids = await store.transaction((tx) => enqueueEffects(tx, [row, { ...row, nonce: 'n2' }], new Date(Date.now() + 60_000)));
    const ended = ids.map((id) => ({ id, attempts: 1, result: { ok: true as const }, effect: { kind: 'dm', userId: ctx.user.id, view: { locale: 'ja', tone: 'info', blocks: [], ephemeral: false } } as Effect, guildId: ctx.guildId }));
    const sent = await counted(() => settle({ store } as OutboxDeps, ended));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^delete from "outbox"/);
    expect((await rows(store, 'outbox')).filter((r) => ids.includes(r.id as number))).toEqual([]);
  });

  it('sends Store.reads statements as they are, without BEGIN, and refuses a write in it', async () => {
    const sent = await counted(() => store.reads(async (tx) => [await channelGm(tx, ctx.channelId), await channelGm(tx, 'other')]));
    expect(sent.map((text) => text.split(' ')[0])).toEqual(['select', 'select']);
    const roll = { createdAt: new Date(), guildId: null, channelId: 'c', userId: 'u', normalized: '1d6', kind: 'sum' as const, value: 1, faces: '1', secret: false };
    const error = (await store.reads((tx) => insertRoll(tx, roll)).catch((e: unknown) => e)) as Error & { cause?: Error };
    expect((error.cause ?? error).message).toMatch(/other than SELECT/);
  });

  it('sends writes and a read apart from them as one statement (store/one-statement.ts), each write with its own values', async () => {
    const at = new Date('2026-11-28T06:00:00Z');
    await store.statement((tx) => saveUserLocale(tx, '512345678901234567', 'ko', at));
    const events = (n: number): EventInput[] => [1, 2].map((i) => ({ at, guildId: null, channelId: '112345678901234567', actorId: ctx.user.id, type: 'test.together', subject: `together:${n}.${i}`, before: { n }, after: { i } }));
    let read = new Map<string, string>();
    const sent = await counted(async () => {
      read = await store.transaction(async (tx) => {
        const languages = userLocalesRead(tx, ['512345678901234567', '612345678901234567']);
        return languages.rows(await oneStatement(tx, [eventsInsertSql(tx, events(1)), eventsInsertSql(tx, events(2))], languages.read));
      });
    });
    expect(sent.map((text) => text.split(' ')[0]!.toLowerCase())).toEqual(['begin', 'with', 'commit']);
    expect(read).toEqual(new Map([['512345678901234567', 'ko']]));
    const written = (await rows(store, 'events', (e) => eq(e.type, 'test.together'))).map((e) => [e.subject, e.before, e.after]);
    expect(written.sort()).toEqual([
      ['together:1.1', { n: 1 }, { i: 1 }],
      ['together:1.2', { n: 1 }, { i: 2 }],
      ['together:2.1', { n: 2 }, { i: 1 }],
      ['together:2.2', { n: 2 }, { i: 2 }],
    ]);
  });

  it('refuses a second statement in Store.statement rather than run it outside a transaction', async () => {
    const before = (await rows(store, 'rolls')).length;
    const roll = { createdAt: new Date(), guildId: null, channelId: 'c', userId: 'u', normalized: '1d6', kind: 'sum' as const, value: 1, faces: '1', secret: false };
    const error = (await store.statement(async (tx) => [await insertRoll(tx, roll), await insertRoll(tx, roll)]).catch((e: unknown) => e)) as Error & { cause?: Error };
    expect((error.cause ?? error).message).toMatch(/second statement/); // drizzle wraps it as the failed query's cause
    expect((await rows(store, 'rolls')).length).toBe(before + 1); // the first went in: hence the guard
  });
});
