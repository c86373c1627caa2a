// The product bot on a thread of its own, for the evening of tables (./table-load.ts). In production
// Discord is another machine; here the fake Discord runs on the bench's thread, and its work (parsing
// every upload, recording every request, building gateway events) and its garbage would otherwise run
// on the event loop whose answers are timed. The bench asks by message: idle, stop, the effects left in
// the outbox, and the trace (./table-trace.ts, installed here around this thread's discord.js and pg),
// sent back on its clock.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { startTrace, stopTrace, traceData } from './table-trace.js';
import { cryptoRandom } from '../src/core/random.js';
import { startBot } from '../src/discord/bot.js';
import { openStore } from '../src/store/db.js';

export interface BotThreadStart {
  token: string;
  api: string;
  databaseUrl: string;
  /** the bench thread's performance.timeOrigin: this thread's times are moved onto its clock */
  timeOrigin: number;
}
export type BotThreadAsk = { id: number; ask: 'idle' | 'stop' | 'outboxLeft' | 'startTrace' | 'stopTrace' };

const start = workerData as BotThreadStart;
const store = await openStore(start.databaseUrl);
const bot = await startBot({ token: start.token, api: start.api, store, rng: cryptoRandom(), log: pino({ level: 'silent' }) });
const port = parentPort!;
port.on('message', (m: BotThreadAsk) => {
  void (async () => {
    let answer: unknown = null;
    if (m.ask === 'idle') await bot.idle();
    else if (m.ask === 'outboxLeft') answer = (await store.reads(async (tx) => await tx.db.select({ id: tx.t.outbox.id }).from(tx.t.outbox))).length;
    else if (m.ask === 'startTrace') startTrace();
    else if (m.ask === 'stopTrace') answer = traceData(stopTrace(), performance.timeOrigin - start.timeOrigin);
    else {
      await bot.stop();
      await store.close();
    }
    port.postMessage({ id: m.id, answer });
  })().catch((error: unknown) => port.postMessage({ id: m.id, error: error instanceof Error ? error.stack : String(error) }));
});
port.postMessage({ ready: true });
