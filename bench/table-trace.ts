// Where an interaction's first response waits under the mix (issue 32 §1): the gateway (the fake
// sent it → discord.js emitted it), the bot (emitted → it asked REST for the callback), the REST queue
// (asked → the callback reached the fake); and, on PostgreSQL, how long the bot waited for a pooled
// connection. Installed around the classes the bot uses (discord.js's Client and REST, pg's Pool), so
// the product code carries no instrument; loaded on the bot's own thread (./bot-thread.ts), which
// sends the record back as plain data on the bench's clock; one run at a time in a thread.
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import { watchGcs, type Gc } from './gc-watch.js';
import { Client, REST } from 'discord.js';
import pg from 'pg';

export interface Stages {
  /** interaction id → when discord.js emitted it, and when the bot first asked REST to answer it */
  emitted: Map<string, number>;
  replyAsked: Map<string, number>;
  /** each wait for a pooled PostgreSQL connection, ms, and the most callers waiting at once */
  poolWaits: number[];
  /** the waits over 2 ms, with when each began: one that overlaps a slow answer tells a stalled commit held the pool */
  poolWaitsAt: { at: number; ms: number }[];
  poolPeakWaiting: number;
  /** each pooled connection's hold (connect → release), ms, with the statements it sent */
  holds: { ms: number; statements: number; first: string }[];
  /** statements that took the client over 20 ms (sent → answered), with when they were sent (debug) */
  slowStatements: { at: number; ms: number; text: string }[];
  /** every statement (TABLE_LOAD_DEBUG=2): when sent, how long until answered, on which connection */
  statements: { at: number; ms: number; text: string; client: number }[];
  /** garbage collections over 2 ms: when, how long, which kind */
  gcs: Gc[];
  /** the bot thread's event loop delay meanwhile, p99 and max ms: a stall holds every stage */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** the share of the time the bot thread was busy (its event loop utilization): the work the mix costs it */
  busyShare: number;
}

let current: Stages | null = null;
const clientIds = new WeakMap<object, number>();
let clients = 0;
const clientId = (c: object) => clientIds.get(c) ?? (clientIds.set(c, ++clients), clients);
let installed = false;

/** Installed when this module loads, before any bot is started: the bot's REST client binds its methods at start (src/discord/interaction-rest.ts). */
function install(): void {
  if (installed) return;
  installed = true;
  const emit = Client.prototype.emit;
  Client.prototype.emit = function (this: Client, event: string | symbol, ...args: unknown[]) {
    if (current && event === 'interactionCreate') {
      const id = (args[0] as { id?: string }).id;
      if (id) current.emitted.set(id, performance.now());
    }
    return emit.call(this, event as never, ...(args as never[]));
  } as typeof Client.prototype.emit;
  const request = REST.prototype.request;
  REST.prototype.request = function (this: REST, options: Parameters<REST['request']>[0]) {
    if (current) {
      // the callback (POST /interactions/:id/:token/callback): the first answer
      const m = /^\/interactions\/(\d+)\//.exec(options.fullRoute);
      if (m && !current.replyAsked.has(m[1]!)) current.replyAsked.set(m[1]!, performance.now());
    }
    return request.call(this, options);
  };
  const connect = pg.Pool.prototype.connect as (this: pg.Pool, cb?: (...a: unknown[]) => void) => unknown;
  pg.Pool.prototype.connect = function (this: pg.Pool, cb?: (...a: unknown[]) => void) {
    const stages = current;
    if (!stages) return connect.call(this, cb);
    const at = performance.now();
    const held = (c: pg.PoolClient) => {
      const since = performance.now();
      let statements = 0;
      let first = '';
      const query = c.query;
      c.query = function (this: pg.PoolClient, ...a: unknown[]) {
        statements++;
        const text = typeof a[0] === 'string' ? a[0] : ((a[0] as { text?: string })?.text ?? '');
        if (!first || /^(begin|commit|rollback)/i.test(first)) first = text.slice(0, 60);
        const sentAt = performance.now();
        const answer = (query as (...b: unknown[]) => unknown).apply(this, a);
        if (answer && typeof (answer as Promise<unknown>).then === 'function') {
          void (answer as Promise<unknown>).then(() => {
            const took = performance.now() - sentAt;
            if (took > 20) stages.slowStatements.push({ at: sentAt, ms: took, text: text.slice(0, 80) });
            if (process.env.TABLE_LOAD_DEBUG === '2') stages.statements.push({ at: sentAt, ms: took, text: text.slice(0, 50), client: clientId(c) });
          }, () => undefined);
        }
        return answer;
      } as typeof c.query;
      const release = c.release;
      c.release = function (this: pg.PoolClient, ...a: unknown[]) {
        c.query = query;
        c.release = release;
        stages.holds.push({ ms: performance.now() - since, statements, first });
        return (release as (...b: unknown[]) => unknown).apply(this, a);
      } as typeof c.release;
      return c;
    };
    stages.poolPeakWaiting = Math.max(stages.poolPeakWaiting, this.waitingCount + (this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10) ? 1 : 0));
    const waited = () => {
      const ms = performance.now() - at;
      stages.poolWaits.push(ms);
      if (ms > 2) stages.poolWaitsAt.push({ at, ms });
    };
    if (cb) return connect.call(this, (...a: unknown[]) => (waited(), a[1] && held(a[1] as pg.PoolClient), cb(...a)));
    return (connect.call(this) as Promise<pg.PoolClient>).then((c) => (waited(), held(c)));
  } as typeof pg.Pool.prototype.connect;
}

install();

let loop: IntervalHistogram | undefined;
let busySince: ReturnType<typeof performance.eventLoopUtilization> | undefined;
/** The histogram samples the loop with a timer this often, and records each whole interval: the delay is what exceeds it. */
const LOOP_RESOLUTION_MS = 10;

/** Starts recording (until stopTrace). */
export function startTrace(): Stages {
  loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  gcWatch?.stop();
  gcWatch = watchGcs();
  current = { emitted: new Map(), replyAsked: new Map(), poolWaits: [], poolWaitsAt: [], poolPeakWaiting: 0, holds: [], slowStatements: [], statements: [], gcs: gcWatch.gcs, loopDelayP99Ms: NaN, loopDelayMaxMs: NaN, busyShare: NaN };
  busySince = performance.eventLoopUtilization();
  return current;
}

let gcWatch: ReturnType<typeof watchGcs> | undefined;

/** Stops recording; the record. */
export function stopTrace(): Stages {
  const stages = current!;
  loop!.disable();
  stages.loopDelayP99Ms = Math.max(0, loop!.percentile(99) / 1e6 - LOOP_RESOLUTION_MS);
  stages.loopDelayMaxMs = Math.max(0, loop!.max / 1e6 - LOOP_RESOLUTION_MS);
  stages.busyShare = performance.eventLoopUtilization(busySince).utilization;
  gcWatch?.stop();
  gcWatch = undefined;
  current = null;
  return stages;
}

/** A record as plain data, its times moved by `shift` ms (another thread's clock to the bench's). */
export type TraceData = Omit<Stages, 'emitted' | 'replyAsked'> & { emitted: [string, number][]; replyAsked: [string, number][] };

export function traceData(s: Stages, shift: number): TraceData {
  const moved = (m: Map<string, number>) => [...m].map(([k, at]): [string, number] => [k, at + shift]);
  return {
    ...s,
    emitted: moved(s.emitted),
    replyAsked: moved(s.replyAsked),
    slowStatements: s.slowStatements.map((q) => ({ ...q, at: q.at + shift })),
    statements: s.statements.map((q) => ({ ...q, at: q.at + shift })),
    gcs: s.gcs.map((g) => ({ ...g, at: g.at + shift })),
    poolWaitsAt: s.poolWaitsAt.map((w) => ({ ...w, at: w.at + shift })),
  };
}

