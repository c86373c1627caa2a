// An evening of tables under load (issue 32 §1): the product bot (discord.js, the store) against the
// fake Discord, 35 channels playing what tables play (./tables.ts) at 60 interactions a second. First
// a quiet floor: `/roll 1d6` alone at the same rate; then the mix. Per kind: the first response's
// p50/p99 (dispatch → the callback at the fake) and the time until the command's last effect (a DM,
// a board or tracker edit in its channel) reached the fake. Counted at the fake: errors, unanswered
// interactions, each expected DM delivered exactly once, the bot's REST calls per interaction and per
// second against Discord's global limit (50/s, which the fake enforces). The bot runs on a thread of
// its own (./bot-thread.ts), as it would beside a remote Discord: the fake's work and garbage (it
// parses every upload and keeps every request) stay off the event loop whose answers are timed.
// Shared by `npm run soak` (60 s on SQLite and durable PostgreSQL) and a short run in `npm test`
// (exact counts, no timings).
import pg from 'pg';
import { deployCommands } from '../src/discord/deploy.js';
import { dialectOf } from '../src/store/db.js';
import { loadConfig } from '../src/config.js';
import { startBotThread, type BotThread } from './bot-thread-client.js';
import { startFakeDiscord, type FakeDiscord, type InteractionExchange, type RecordedRequest } from '../test/e2e/fake-discord/index.js';
import { onBothBackends } from './both-backends.js';
import { formatNs, percentile, percentileIndex, seededRandom, shareOfDrawsAbove } from './stats.js';
import type { Stages } from './table-trace.js';
import { watchGcs, type Gc } from './gc-watch.js';
import { EVENING, KIND_ROLL_1D6, channelsOf, rollOneD6, schedule, setUpEvening, type Expected, type Layout, type Sent, type TableKind } from './tables.js';

export interface TableLoadOptions {
  /** interactions per second, in the quiet floor and in the mix */
  rate: number;
  /** seconds of the mix */
  seconds: number;
  /** seconds of `/roll 1d6` alone before it */
  quietSeconds: number;
  /** seconds of the mix first, not measured: every kind's code warm, as `/roll 1d6`'s is by its quiet floor */
  warmSeconds?: number;
  layout?: Layout;
}

export interface KindFigures {
  kind: string;
  sent: number;
  p50Ms: number;
  p99Ms: number;
  /** dispatch → the last expected effect at the fake; NaN for kinds without effects */
  effectP50Ms: number;
  effectP99Ms: number;
  /** the answer at its p99 and what ran while it was in flight (null for the quiet floor, which is not traced) */
  p99Answer: P99Answer | null;
}

/**
 * The answer at a kind's p99 (by nearest rank: of 60 sent, the slowest; of 120, the second slowest),
 * split as /roll 1d6's slowest are, with what else held the machine while it was in flight: a kind
 * sent 60 times a run has its p99 decided by one such event.
 */
export interface P99Answer {
  ms: number;
  /** its rank from the slowest (1: the slowest) */
  rank: number;
  /** its stages (./table-trace.ts); NaN where the trace missed it */
  gatewayMs: number;
  botMs: number;
  restMs: number;
  /** garbage collection (over 2 ms each) while it was in flight: on the bot's thread, and on the bench's (the fake Discord's) */
  botGcMs: number;
  benchGcMs: number;
  /** PostgreSQL: the longest wait for a pooled connection that overlapped it (a commit held by the disk holds the pool) */
  poolWaitMs: number;
}

export interface TableLoadResult {
  label: string;
  sent: number;
  answered: number;
  errors: number;
  failures: string[];
  /** expected DMs that never reached the fake, and DMs beyond those expected (a double delivery) */
  dmsMissing: number;
  dmsExtra: number;
  /** commands whose channel saw no board or tracker edit after their reply */
  boardsMissing: number;
  /** replies Discord did not take, sent to their actor by DM instead (each is also an error) */
  lateReplies: number;
  /** interactions acknowledged first (a command past 2 s, src/discord/dispatcher.ts) and answered after */
  deferred: number;
  /** the warm-up (counted for errors and answers, not timed): how many, and its slowest first response */
  warm: { sent: number; slowestMs: number; slowestKind: string };
  /** effects left in the outbox at the end (pending or failed) */
  outboxLeft: number;
  /** message creates Discord dropped as a repeated nonce */
  nonceHits: number;
  quiet: KindFigures;
  kinds: KindFigures[];
  /** the bot's REST calls during the mix (after it, until its effects were all out), per interaction */
  restPerInteraction: { interaction: number; bound: number };
  /**
   * PostgreSQL: the statements the bot sent during the mix (each a round trip and a send on its thread),
   * per interaction; null on SQLite, whose statements are calls in the bot's own process
   */
  statementsPerInteraction: number | null;
  /**
   * PostgreSQL: the server's WAL flushes (each a wait on the disk for the commits it carries) from the
   * mix's start until its effects were out, per interaction (pg_stat_wal, PostgreSQL 14 and later); null on SQLite
   */
  walFlushesPerInteraction: number | null;
  /**
   * /roll 1d6's own answers under the mix, as few drawn at random as another kind sent: how often such
   * a draw reads a p99 over 2× /roll 1d6's (the goal's line), for each smaller count sent. What a kind
   * exactly as fast as /roll 1d6 but sent that often would miss by chance; not a goal. Only for counts
   * whose p99 is one of their two slowest answers (of 60 the slowest, of 120 the second).
   */
  diceDrawn: { answers: number; share: number }[];
  /** where the slowest 1 % of /roll 1d6 under the mix waited (./table-trace.ts), mean ms per stage; PostgreSQL's pool waits */
  stages: StageFigures;
  /** requests under the global limit, per second: the highest second, and how many it refused */
  globalPeakPerS: number;
  globalRefused: number;
  elapsedS: number;
}

export interface StageFigures {
  slowest: { count: number; gatewayMs: number; botMs: number; restMs: number };
  median: { gatewayMs: number; botMs: number; restMs: number };
  poolWaitP99Ms: number;
  poolWaitMaxMs: number;
  poolPeakWaiting: number;
  /** the event loop's delay during the mix, p99 and max (a stall of the whole process: the machine, a long task) */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** the share of the mix the bot's thread was busy (event loop utilization): its work, where tails are noise */
  botBusyShare: number;
}

interface Record {
  kind: string;
  channelId: string;
  expected: Expected;
  sentAt: number;
  ex?: InteractionExchange;
  callbackAt?: number;
  lastEffectAt?: number;
  deferred?: boolean;
}

/** A refusal or an error: private and red (a failed roll is red too, but public). */
const refusal = (ex: InteractionExchange) => ((ex.callback.data?.flags ?? 0) & 64) !== 0 && ex.callback.data?.embeds?.[0]?.color === 0xed4245;

const CALLBACK = 'POST /interactions/:interactionId/:token/callback';

/**
 * The fake, waiting up to a minute for a deferred command's answer: Discord takes one for 15 minutes
 * after the acknowledgement, so a late answer is slow, not lost (the acknowledgement itself must come
 * within 3 s, or the interaction fails).
 */
function patient(fake: FakeDiscord): FakeDiscord {
  const wait = { timeoutMs: 60_000 };
  return Object.assign(Object.create(fake) as FakeDiscord, {
    command: (input: Parameters<FakeDiscord['command']>[0]) => fake.command({ ...wait, ...input }),
    component: (input: Parameters<FakeDiscord['component']>[0]) => fake.component({ ...wait, ...input }),
  });
}

async function drive(fakeNow: FakeDiscord, kinds: TableKind[], rate: number, seconds: number, records: Record[], fail: (what: string) => void): Promise<void> {
  const fake = patient(fakeNow);
  const slots = schedule(kinds);
  const counters = new Map<TableKind, number>();
  const pending: Promise<void>[] = [];
  const total = Math.round(rate * seconds);
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    // open loop: interaction i leaves at i / rate seconds, whether the earlier ones were answered or not
    const wait = start + (i / rate) * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const kind = slots[i % slots.length]!;
    const n = counters.get(kind) ?? 0;
    counters.set(kind, n + 1);
    const sentAt = performance.now();
    let sent: Sent;
    try {
      sent = kind.send(fake, n);
    } catch (error) {
      fail(`${kind.name} #${n}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const record: Record = { kind: kind.name, channelId: sent.channelId, expected: typeof sent.expected === 'function' ? { dms: [], board: false } : sent.expected, sentAt };
    const expectedOf = typeof sent.expected === 'function' ? sent.expected : null;
    records.push(record);
    pending.push(
      sent.run.then(
        (ex) => {
          record.ex = ex;
          if (expectedOf) record.expected = expectedOf(ex);
          if (ex.callback.type === 5 || ex.callback.type === 6) record.deferred = true;
          // the exchange records every request made while it was open: this interaction's own callback
          const callback = ex.requests.find((r) => r.route === CALLBACK && r.status < 300 && r.path.startsWith(`/interactions/${ex.interactionId}/`));
          if (callback) record.callbackAt = callback.at;
          const answered = ex.callback.type === 4 || ex.callback.type === 7 || ((ex.callback.type === 5 || ex.callback.type === 6) && ex.followUps.length + ex.edits.length > 0);
          if (!answered) fail(`${kind.name} #${n}: callback type ${ex.callback.type}`);
          else if (refusal(ex)) fail(`${kind.name} #${n}: ${JSON.stringify(ex.callback.data.embeds[0]).slice(0, 300)}`);
        },
        (error: unknown) => fail(`${kind.name} #${n}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
      ),
    );
  }
  await Promise.all(pending);
}

/** Until the bot has sent all it decided: no command running, the outbox empty, the fake quiet for a while. */
async function drain(fake: FakeDiscord, bot: Pick<BotThread, 'idle' | 'outboxLeft'>, limitMs = 60_000): Promise<void> {
  const until = performance.now() + limitMs;
  let seen = -1;
  while (performance.now() < until) {
    await bot.idle();
    const count = fake.requests.length;
    if (count === seen && (await bot.outboxLeft()) === 0) return;
    seen = count;
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

const ms = (values: number[], q: number) => percentile([...values].sort((a, b) => a - b), q);

function figures(kind: string, records: Record[], explain?: (r: Record) => Omit<P99Answer, 'ms' | 'rank'>): KindFigures {
  const mine = records.filter((r) => r.kind === kind);
  const answered = mine.filter((r) => r.callbackAt !== undefined).sort((a, b) => a.callbackAt! - a.sentAt - (b.callbackAt! - b.sentAt));
  const first = answered.map((r) => r.callbackAt! - r.sentAt);
  const effects = mine.filter((r) => r.lastEffectAt !== undefined).map((r) => r.lastEffectAt! - r.sentAt);
  const at = percentileIndex(answered.length, 0.99);
  const p99Answer = explain && answered.length ? { ms: first[at]!, rank: answered.length - at, ...explain(answered[at]!) } : null;
  return { kind, sent: mine.length, p50Ms: percentile(first, 0.5), p99Ms: percentile(first, 0.99), effectP50Ms: ms(effects, 0.5), effectP99Ms: ms(effects, 0.99), p99Answer };
}

const DRAWS = 10_000;

/**
 * /roll 1d6's answers under the mix, as many at a time as each kind was sent (see TableLoadResult.diceDrawn),
 * against twice the p99 its own figures read, so the line and the goal read the same threshold.
 */
function diceDrawn(records: Record[], kinds: KindFigures[]): { answers: number; share: number }[] {
  const dice = records.filter((r) => r.kind === KIND_ROLL_1D6 && r.callbackAt !== undefined).map((r) => r.callbackAt! - r.sentAt);
  const threshold = 2 * kinds.find((k) => k.kind === KIND_ROLL_1D6)!.p99Ms;
  // only the counts whose p99 is one of their two slowest answers: those a single stall decides
  const sizes = [...new Set(kinds.map((k) => k.sent))].filter((n) => n > 0 && n < dice.length && percentileIndex(n, 0.99) >= n - 2).sort((a, b) => a - b);
  // seeded: reading the same answers again gives the same share
  return sizes.map((n) => ({ answers: n, share: shareOfDrawsAbove(dice, n, 0.99, threshold, DRAWS, seededRandom(n)) }));
}

/** What ran while `r` was in flight: its stages, the collections on either thread, a wait for the pool. */
function explainer(trace: Stages, benchGcs: Gc[]): (r: Record) => Omit<P99Answer, 'ms' | 'rank'> {
  return (r) => {
    const from = r.sentAt;
    const to = r.callbackAt!;
    const overlap = (at: number, length: number) => Math.max(0, Math.min(to, at + length) - Math.max(from, at));
    const gcMs = (gcs: Gc[]) => gcs.reduce((sum, g) => sum + overlap(g.at, g.ms), 0);
    const emitted = r.ex ? trace.emitted.get(r.ex.interactionId) : undefined;
    const asked = r.ex ? trace.replyAsked.get(r.ex.interactionId) : undefined;
    return {
      gatewayMs: emitted === undefined ? NaN : emitted - from,
      botMs: emitted === undefined || asked === undefined ? NaN : asked - emitted,
      restMs: asked === undefined ? NaN : to - asked,
      botGcMs: gcMs(trace.gcs),
      benchGcMs: gcMs(benchGcs),
      poolWaitMs: Math.max(0, ...trace.poolWaitsAt.filter((w) => overlap(w.at, w.ms) > 0).map((w) => w.ms)),
    };
  };
}

/**
 * Finds each command's effects at the fake: its DMs, matched first come first served per reader
 * (each reader gets DMs from one table only), and the first write to its channel's board or tracker
 * after its reply (an edit rendered after the command committed shows what it did). Returns what is
 * missing or extra.
 */
function matchEffects(fake: FakeDiscord, records: Record[], from: number): { dmsMissing: number; dmsExtra: number; boardsMissing: number; lateReplies: number } {
  const requests = fake.requests.filter((r) => r.seq >= from && r.status < 300);
  // every DM channel the bot wrote to, and its reader
  const dmReader = new Map<string, string>();
  for (const m of fake.allMessages()) if (m.source === 'dm' && m.authorId === undefined) dmReader.set(m.channelId, '');
  for (const r of records) for (const u of [...r.expected.dms, ...(r.expected.mayDm ? [r.expected.mayDm] : [])]) if (dmReader.has(fake.dmChannelId(u))) dmReader.set(fake.dmChannelId(u), u);
  const dmsTo = new Map<string, RecordedRequest[]>();
  const channelWrites = new Map<string, RecordedRequest[]>();
  // a create repeated with its nonce (the outbox sending again what it may have sent) is the same message: Discord answers with the first
  const nonces = new Set<string>();
  for (const r of requests) {
    const m = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(r.path);
    if (!m || (r.method !== 'POST' && r.method !== 'PATCH')) continue;
    const channelId = m[1]!;
    if (r.method === 'POST' && r.body?.nonce !== undefined && r.body?.enforce_nonce === true) {
      const key = `${channelId}/${String(r.body.nonce)}`;
      if (nonces.has(key)) continue;
      nonces.add(key);
    }
    const reader = dmReader.get(channelId);
    // a DM to a reader no command expected one for is counted under its channel: an extra
    if (reader !== undefined && r.method === 'POST') (dmsTo.get(reader || channelId) ?? dmsTo.set(reader || channelId, []).get(reader || channelId)!).push(r);
    else if (reader === undefined) (channelWrites.get(channelId) ?? channelWrites.set(channelId, []).get(channelId)!).push(r);
  }
  let dmsMissing = 0;
  let boardsMissing = 0;
  const taken = new Set<RecordedRequest>();
  const ordered = [...records].sort((a, b) => a.sentAt - b.sentAt);
  /** The reader's first DM not yet matched that this command could have sent. */
  const nextDm = (record: Record, user: string) => dmsTo.get(user)?.find((dm) => !taken.has(dm) && dm.at >= record.sentAt && (record.expected.dmIs?.(dm.body, record.ex) ?? true));
  for (const record of ordered) {
    let last = record.callbackAt;
    const may = record.expected.mayDm;
    if (may) {
      // the copy, if any, is the next DM to that reader that reads as this reply
      const dm = nextDm(record, may);
      if (dm) {
        taken.add(dm);
        last = Math.max(last ?? 0, dm.at);
      }
    }
    for (const user of record.expected.dms) {
      const dm = nextDm(record, user);
      if (!dm) {
        dmsMissing++;
        continue;
      }
      taken.add(dm);
      last = Math.max(last ?? 0, dm.at);
    }
    if (record.expected.board && record.callbackAt !== undefined) {
      // the first edit after the reply; else one between the dispatch and the reply (sent after the
      // commit, it reached the fake before a slow reply did)
      const writes = channelWrites.get(record.channelId) ?? [];
      const edit = writes.find((w) => w.at >= record.callbackAt!) ?? writes.findLast((w) => w.at >= record.sentAt && w.at < record.callbackAt!);
      if (!edit) {
        boardsMissing++;
        if (process.env.TABLE_LOAD_DEBUG) console.log('board missing', record.kind, record.channelId, 'sent', record.sentAt.toFixed(0), 'reply', record.callbackAt.toFixed(0), 'last write', writes.at(-1)?.at.toFixed(0), writes.length);
      }
      else last = Math.max(last ?? 0, edit.at);
    }
    if (record.expected.dms.length || record.expected.board || may) record.lastEffectAt = last;
  }
  let dmsExtra = 0;
  let lateReplies = 0;
  for (const [user, dms] of dmsTo) {
    // a reply Discord did not take reaches its actor by DM (src/discord/dispatcher.ts): counted with the errors
    const late = dms.filter((dm) => !taken.has(dm) && /did not take the answer/.test(JSON.stringify(dm.body?.embeds ?? [])));
    lateReplies += late.length;
    const extra = dms.filter((dm) => !taken.has(dm) && !late.includes(dm));
    if (extra.length && process.env.TABLE_LOAD_DEBUG) console.log('extra DMs to', user, extra.length, JSON.stringify(extra[0]!.body).slice(0, 300));
    dmsExtra += extra.length;
  }
  return { dmsMissing, dmsExtra, boardsMissing, lateReplies };
}
export async function tableLoadRun(databaseUrl: string, label: string, options: TableLoadOptions): Promise<TableLoadResult> {
  const layout = options.layout ?? EVENING;
  // the fake's OpenAPI check is the tests' instrument; here it would add its own CPU to the bot's latency
  const fake = await startFakeDiscord({ settleMs: 0, checkSpec: false });
  await deployCommands(loadConfig({ DISCORD_TOKEN: fake.token, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_API: fake.apiBase }));
  const bot = await startBotThread({ token: fake.token, api: fake.apiBase, databaseUrl });
  try {
    const kinds = await setUpEvening(fake, layout);
    await drain(fake, bot);
    const failures: string[] = [];
    let errors = 0;
    const fail = (what: string) => {
      errors++;
      if (failures.length < 5) failures.push(what);
    };
    const dice = kinds.find((k) => k.name === KIND_ROLL_1D6)!;
    // The warm-up: the mix for a few seconds, counted for errors but not timed. Without it every kind
    // but /roll 1d6 (warmed by the quiet floor) answers its first few times with code the JIT has not
    // yet compiled, and a kind sent 60 times has its slowest answer as its p99.
    const warmRecords: Record[] = [];
    if (options.warmSeconds) {
      await drive(fake, kinds, options.rate, options.warmSeconds, warmRecords, fail);
      await drain(fake, bot);
    }
    // The quiet floor: /roll 1d6 alone, at the same rate, in the same channels, just before the mix.
    const quietRecords: Record[] = [];
    const quietKind = rollOneD6([], 1);
    await drive(fake, [{ ...quietKind, send: dice.send }], options.rate, options.quietSeconds, quietRecords, fail);
    await drain(fake, bot);

    const records: Record[] = [];
    const from = fake.requests.length ? fake.requests.at(-1)!.seq + 1 : 0;
    const globalBefore = { seconds: fake.globalLimit.perSecond.length, refused: fake.globalLimit.refused };
    const walBefore = await walFlushes(databaseUrl);
    const start = performance.now();
    const benchGcs = watchGcs();
    await bot.startTrace();
    await drive(fake, kinds, options.rate, options.seconds, records, fail);
    const trace = await bot.stopTrace();
    benchGcs.stop();
    await drain(fake, bot);
    const elapsedS = (performance.now() - start) / 1000;
    const walAfter = await walFlushes(databaseUrl);
    const matched = matchEffects(fake, records, from);
    // the bot's requests: REST with its token, and the interaction endpoints (no token; attachment downloads are users')
    const during = fake.requests.filter((r) => r.seq >= from && (r.authorized || /^\/(interactions|webhooks)\//.test(r.path)));
    // TABLE_LOAD_DEBUG=1: the bot's requests by route, to see where REST calls go
    if (process.env.TABLE_LOAD_DEBUG) {
      const routes = new Map<string, number>();
      for (const r of during) routes.set(`${r.route}${r.files.length ? ' +file' : ''}`, (routes.get(`${r.route}${r.files.length ? ' +file' : ''}`) ?? 0) + 1);
      console.log([...routes].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${v}\t${k}`).join('\n'));
      // and where each kind's first response waited (median; mean of its slowest 1 %)
      if (process.env.TABLE_LOAD_DEBUG === '2') {
        console.log('mix started at', new Date(Date.now() - (performance.now() - start)).toISOString());
        for (const q of trace.slowStatements.sort((a, b) => a.at - b.at)) console.log(`slow statement @${((q.at - start) / 1000).toFixed(2)}s ${q.ms.toFixed(1)} ms ${q.text}`);
        // the three slowest answers: every statement sent while each was in the bot
        // TABLE_LOAD_DEBUG_KIND=text: the slowest of the kinds whose name holds it
        const only = process.env.TABLE_LOAD_DEBUG_KIND;
        const slowest = records.filter((r) => r.callbackAt !== undefined && r.ex && trace.emitted.has(r.ex.interactionId) && (!only || r.kind.includes(only))).sort((a, b) => (b.callbackAt! - b.sentAt) - (a.callbackAt! - a.sentAt)).slice(0, 3);
        for (const r of slowest) {
          const emitted = trace.emitted.get(r.ex!.interactionId)!;
          const asked = trace.replyAsked.get(r.ex!.interactionId) ?? r.callbackAt!;
          console.log(`slow ${r.kind} @${((r.sentAt - start) / 1000).toFixed(2)}s: gateway ${(emitted - r.sentAt).toFixed(1)} bot ${(asked - emitted).toFixed(1)} REST ${(r.callbackAt! - asked).toFixed(1)} ms`);
          for (const q of trace.statements.filter((q) => q.at >= emitted - 5 && q.at <= asked)) console.log(`   +${(q.at - emitted).toFixed(1)} ms c${q.client} ${q.ms.toFixed(1)} ms ${q.text}`);
        }
        for (const g of trace.gcs.filter((g) => g.ms > 5)) console.log(`gc @${((g.at - start) / 1000).toFixed(2)}s ${g.ms.toFixed(1)} ms kind ${g.kind}`);
        console.log('rolled back (a serialization failure run again, or a refusal):', trace.statements.filter((q) => /^rollback$/i.test(q.text)).length);
        const waits = trace.poolWaits.filter((w) => w > 10).length;
        console.log('pool waits over 10 ms:', waits);
        // each kind's slowest answers, and the slowest answer of any kind sent within 30 ms of it (a shared stall?)
        const took = (r: Record) => r.callbackAt! - r.sentAt;
        const answered = records.filter((r) => r.callbackAt !== undefined);
        for (const k of kinds) {
          const slow = answered.filter((r) => r.kind === k.name).sort((a, b) => took(b) - took(a)).slice(0, 4);
          console.log(k.name.padEnd(42), slow.map((r) => {
            const near = answered.filter((o) => o !== r && Math.abs(o.sentAt - r.sentAt) < 30).sort((a, b) => took(b) - took(a))[0];
            return `${took(r).toFixed(1)}@${((r.sentAt - start) / 1000).toFixed(2)}s (near ${near ? `${took(near).toFixed(1)} ${near.kind.slice(0, 12)}` : '-'})`;
          }).join('  '));
        }
      }
      console.log(gcShare(records, trace.gcs, benchGcs.gcs));
      for (const k of kinds) {
        const st = stagesOf(records.filter((r) => r.kind === k.name), trace);
        console.log(`${k.name.padEnd(42)} median gateway ${f(st.median.gatewayMs)} bot ${f(st.median.botMs)} REST ${f(st.median.restMs)}; slowest ${st.slowest.count}: gateway ${f(st.slowest.gatewayMs)} bot ${f(st.slowest.botMs)} REST ${f(st.slowest.restMs)}`);
      }
    }
    const interaction = during.filter((r) => /^\/(interactions|webhooks)\//.test(r.path)).length;
    const all = [...warmRecords, ...quietRecords, ...records];
    const answered = all.filter((r) => r.callbackAt !== undefined).length;
    const slowestWarm = warmRecords.filter((r) => r.callbackAt !== undefined).sort((a, b) => b.callbackAt! - b.sentAt - (a.callbackAt! - a.sentAt))[0];
    const kindFigures = kinds.map((k) => figures(k.name, records, explainer(trace, benchGcs.gcs)));
    return {
      label,
      sent: all.length,
      warm: { sent: warmRecords.length, slowestMs: slowestWarm ? slowestWarm.callbackAt! - slowestWarm.sentAt : NaN, slowestKind: slowestWarm?.kind ?? '—' },
      answered,
      errors,
      failures,
      ...matched,
      outboxLeft: await bot.outboxLeft(),
      deferred: all.filter((r) => r.deferred).length,
      nonceHits: fake.nonceHits,
      quiet: figures(KIND_ROLL_1D6, quietRecords),
      stages: stagesOf(records.filter((r) => r.kind === KIND_ROLL_1D6), trace),
      kinds: kindFigures,
      diceDrawn: diceDrawn(records, kindFigures),
      restPerInteraction: { interaction: interaction / records.length, bound: (during.length - interaction) / records.length },
      statementsPerInteraction: trace.holds.length ? trace.holds.reduce((n, h) => n + h.statements, 0) / records.length : null,
      walFlushesPerInteraction: walBefore === null || walAfter === null ? null : (walAfter - walBefore) / records.length,
      globalPeakPerS: Math.max(0, ...Array.from(fake.globalLimit.perSecond.slice(globalBefore.seconds), (n) => n ?? 0)),
      globalRefused: fake.globalLimit.refused - globalBefore.refused,
      elapsedS,
    };
  } finally {
    await bot.stop();
    await fake.close();
  }
}

/**
 * Of the slowest 1 % of answers (any kind), how many were in flight during a collection over 2 ms on
 * the bot's thread, on the bench's (the fake Discord's: not the product's, but it stalls the answers
 * it times), on both, or on neither.
 */
function gcShare(records: Record[], botGcs: Gc[], benchGcs: Gc[]): string {
  const took = (r: Record) => r.callbackAt! - r.sentAt;
  const slowest = records.filter((r) => r.callbackAt !== undefined).sort((a, b) => took(b) - took(a));
  const top = slowest.slice(0, Math.ceil(slowest.length / 100));
  const during = (gcs: Gc[], r: Record) => gcs.some((g) => g.at + g.ms >= r.sentAt && g.at <= r.callbackAt!);
  const c = { bot: 0, bench: 0, both: 0, neither: 0 };
  for (const r of top) {
    const bot = during(botGcs, r);
    const bench = during(benchGcs, r);
    c[bot && bench ? 'both' : bot ? 'bot' : bench ? 'bench' : 'neither']++;
  }
  const sum = (gcs: Gc[]) => gcs.reduce((a, g) => a + g.ms, 0).toFixed(0);
  return `slowest 1 % of answers (${top.length}, from ${took(top.at(-1)!).toFixed(1)} ms) in flight during a collection on the bot's thread ${c.bot}, the bench's ${c.bench}, both ${c.both}, neither ${c.neither}; collections over 2 ms: bot ${botGcs.length} (${sum(botGcs)} ms), bench ${benchGcs.length} (${sum(benchGcs)} ms)`;
}

function stagesOf(records: Record[], trace: Stages): StageFigures {
  const split = records
    .filter((r) => r.ex && r.callbackAt !== undefined && trace.emitted.has(r.ex.interactionId) && trace.replyAsked.has(r.ex.interactionId))
    .map((r) => {
      const emitted = trace.emitted.get(r.ex!.interactionId)!;
      const asked = trace.replyAsked.get(r.ex!.interactionId)!;
      return { total: r.callbackAt! - r.sentAt, gatewayMs: emitted - r.sentAt, botMs: asked - emitted, restMs: r.callbackAt! - asked };
    })
    .sort((a, b) => b.total - a.total);
  const slow = split.slice(0, Math.max(3, Math.ceil(split.length / 100)));
  const mean = (key: 'gatewayMs' | 'botMs' | 'restMs') => slow.reduce((sum, s) => sum + s[key], 0) / (slow.length || 1);
  const median = (key: 'gatewayMs' | 'botMs' | 'restMs') => ms(split.map((s) => s[key]), 0.5);
  return {
    slowest: { count: slow.length, gatewayMs: mean('gatewayMs'), botMs: mean('botMs'), restMs: mean('restMs') },
    median: { gatewayMs: median('gatewayMs'), botMs: median('botMs'), restMs: median('restMs') },
    poolWaitP99Ms: ms(trace.poolWaits, 0.99),
    poolWaitMaxMs: Math.max(0, ...trace.poolWaits),
    poolPeakWaiting: trace.poolPeakWaiting,
    loopDelayP99Ms: trace.loopDelayP99Ms,
    loopDelayMaxMs: trace.loopDelayMaxMs,
    botBusyShare: trace.busyShare,
  };
}

const f = (msValue: number) => (Number.isFinite(msValue) ? formatNs(msValue * 1e6) : '—');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '—');

export function tableLoadLines(r: TableLoadResult, options: TableLoadOptions): string[] {
  const mixDice = r.kinds.find((k) => k.kind === KIND_ROLL_1D6)!;
  const lines = [
    `  ${r.label}: ${r.sent} interactions (${r.warm.sent ? `${r.warm.sent} warm-up, ` : ''}${Math.round(options.quietSeconds * options.rate)} quiet, then the mix), errors ${r.errors}, unanswered ${r.sent - r.answered}, DMs missing ${r.dmsMissing}, DMs twice ${r.dmsExtra}, boards missing ${r.boardsMissing}, acknowledged first ${r.deferred}, replies sent by DM ${r.lateReplies}, outbox left ${r.outboxLeft}, repeated nonces ${r.nonceHits}`,
    ...(r.warm.sent ? [`    warm-up (not timed in the goals): slowest first response ${f(r.warm.slowestMs)} (${r.warm.slowestKind})`] : []),
    `    /roll 1d6 p99 under the mix ÷ alone: ${ratio(mixDice.p99Ms, r.quiet.p99Ms)} (goal ≤ 2×; ${f(mixDice.p99Ms)} ÷ ${f(r.quiet.p99Ms)})`,
    `    REST calls per interaction: ${(r.restPerInteraction.interaction + r.restPerInteraction.bound).toFixed(2)} (${r.restPerInteraction.interaction.toFixed(2)} interaction endpoints, ${r.restPerInteraction.bound.toFixed(2)} under the global limit); global limit: peak ${r.globalPeakPerS}/s of 50, refused ${r.globalRefused}` +
      (r.statementsPerInteraction === null ? '' : `; PostgreSQL statements per interaction ${r.statementsPerInteraction.toFixed(2)}`) +
      (r.walFlushesPerInteraction === null ? '' : `, its WAL flushes per interaction ${r.walFlushesPerInteraction.toFixed(2)}`),
    `    ${'kind'.padEnd(40)} ${'sent'.padStart(5)}  ${'p99 ÷ 1d6'.padStart(9)}  ${'p50'.padStart(9)} ${'p99'.padStart(9)}  ${'last effect p50'.padStart(15)} ${'p99'.padStart(9)}`,
  ];
  for (const k of r.kinds) {
    lines.push(`    ${k.kind.padEnd(40)} ${String(k.sent).padStart(5)}  ${ratio(k.p99Ms, mixDice.p99Ms).padStart(9)}  ${f(k.p50Ms).padStart(9)} ${f(k.p99Ms).padStart(9)}  ${f(k.effectP50Ms).padStart(15)} ${f(k.effectP99Ms).padStart(9)}`);
  }
  lines.push(`    quiet floor: /roll 1d6 alone p50 ${f(r.quiet.p50Ms)}, p99 ${f(r.quiet.p99Ms)}`);
  if (r.diceDrawn.length) {
    lines.push(
      `    /roll 1d6's own answers under the mix, as few drawn at random (${DRAWS.toLocaleString('en-US')} draws) as a kind sent: their p99 is over 2× /roll 1d6's in ` +
        r.diceDrawn.map((d) => `${(100 * d.share).toFixed(1)} % of draws of ${d.answers}`).join(', ') +
        ` (what a kind as fast as /roll 1d6, sent that often, misses by chance; of 60, p99 is the slowest)`,
    );
  }
  const worst = worstKind(r);
  const a = worst.p99Answer;
  if (a && worst.kind !== KIND_ROLL_1D6) {
    lines.push(
      `    the slowest kind's p99 answer (${worst.kind}: ${a.rank === 1 ? 'the slowest' : `the ${ordinal(a.rank)} slowest`} of ${worst.sent}) ${f(a.ms)}: gateway ${f(a.gatewayMs)}, bot ${f(a.botMs)}, REST queue ${f(a.restMs)}; ` +
        `while in flight, collections on the bot's thread ${none(a.botGcMs)}, on the bench's ${none(a.benchGcMs)}` +
        (r.statementsPerInteraction === null ? '' : `, the longest wait for a PostgreSQL connection ${none(a.poolWaitMs)}`),
    );
  }
  const st = r.stages;
  lines.push(
    `    /roll 1d6 under the mix, where it waited: median gateway ${f(st.median.gatewayMs)}, bot ${f(st.median.botMs)}, REST queue ${f(st.median.restMs)}; slowest ${st.slowest.count} (mean) gateway ${f(st.slowest.gatewayMs)}, bot ${f(st.slowest.botMs)}, REST queue ${f(st.slowest.restMs)}` +
      (r.stages.poolWaitMaxMs > 0 ? `; pool waits p99 ${f(st.poolWaitP99Ms)}, max ${f(st.poolWaitMaxMs)}, peak waiting ${st.poolPeakWaiting}` : '') +
      `; event loop delay p99 ${f(st.loopDelayP99Ms)}, max ${f(st.loopDelayMaxMs)}; the bot's thread busy ${(100 * st.botBusyShare).toFixed(1)} % of the mix`,
  );
  for (const failure of r.failures) lines.push(`    ${failure}`);
  return lines;
}

/** PostgreSQL: the server's WAL flushes so far (pg_stat_wal.wal_sync: the whole server, the bench's own); null elsewhere. */
async function walFlushes(databaseUrl: string): Promise<number | null> {
  if (dialectOf(databaseUrl) !== 'postgres') return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const row = (await client.query('select wal_sync from pg_stat_wal')).rows[0] as { wal_sync: string } | undefined;
    return row ? Number(row.wal_sync) : null;
  } catch {
    return null; // before PostgreSQL 14
  } finally {
    await client.end();
  }
}

const none = (msValue: number) => (msValue === 0 ? 'none' : f(msValue));
const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** The kind whose p99 is the highest multiple of `/roll 1d6`'s under the mix (`/roll 1d6` itself when none is above it). */
export function worstKind(r: TableLoadResult): KindFigures {
  const dice = r.kinds.find((k) => k.kind === KIND_ROLL_1D6)!;
  return r.kinds.reduce((w, k) => (k.p99Ms / dice.p99Ms > w.p99Ms / dice.p99Ms ? k : w), dice);
}

export function tableLoadHeader(options: TableLoadOptions): string {
  const layout = options.layout ?? EVENING;
  return `an evening of tables (fake Discord on 127.0.0.1): ${channelsOf(layout)} channels — ${layout.fateFights} Fate fights, ${layout.personaFights} Persona fights with hidden shadows, ${layout.fateWars} Fate wars of ${layout.fateFactions} factions, ${layout.percentWars} percentage wars, ${layout.checks} check, ${layout.palettes} palette and ${layout.rolls} dice tables — at ${options.rate}/s for ${options.seconds} s, after /roll 1d6 alone for ${options.quietSeconds} s${options.warmSeconds ? ` and, before that, the mix for ${options.warmSeconds} s to warm every kind (not timed)` : ''}`;
}

/** Whether the run met the exact-count goals (errors, unanswered, each effect delivered once). */
export function countsHeld(r: TableLoadResult): boolean {
  return r.errors === 0 && r.answered === r.sent && r.dmsMissing === 0 && r.dmsExtra === 0 && r.boardsMissing === 0 && r.outboxLeft === 0;
}

/** On a SQLite file, then on a throwaway durable PostgreSQL (null when its binaries are missing). */
export async function tableLoadBothBackends(options: TableLoadOptions): Promise<{ sqlite: TableLoadResult; postgres: TableLoadResult | null }> {
  return await onBothBackends('tables', (url, label) => tableLoadRun(url, label, options));
}
