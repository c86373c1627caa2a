// Starts the bot on its own thread (./bot-thread.ts) and asks it what the evening's bench needs.
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { BotThreadAsk, BotThreadStart } from './bot-thread.js';
// types only: the trace is installed on the bot's thread, not on the bench's
import type { Stages, TraceData } from './table-trace.js';

export interface BotThread {
  idle(): Promise<void>;
  /** effects left in the outbox (pending or failed), read on the bot's own store */
  outboxLeft(): Promise<number>;
  stop(): Promise<void>;
  startTrace(): Promise<void>;
  stopTrace(): Promise<Stages>;
}

const fromTraceData = (d: TraceData): Stages => ({ ...d, emitted: new Map(d.emitted), replyAsked: new Map(d.replyAsked) });

type Answer = { ready?: true; id?: number; answer?: unknown; error?: string };

export async function startBotThread(options: Omit<BotThreadStart, 'timeOrigin'>): Promise<BotThread> {
  const entry = new URL('./bot-thread.ts', import.meta.url);
  // TypeScript on the thread through tsx, as the picture worker runs from source (src/pictures/drawer.ts)
  const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  const worker = new Worker(source, { eval: true, workerData: { ...options, timeOrigin: performance.timeOrigin } satisfies BotThreadStart });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let failed: Error | null = null;
  const fail = (error: Error) => {
    failed = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the bot's thread exited (${code})`)));
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: Answer) => {
      if (m.ready) return resolve();
      const w = waiting.get(m.id!);
      waiting.delete(m.id!);
      if (m.error) w?.reject(new Error(`the bot's thread: ${m.error}`));
      else w?.resolve(m.answer);
    });
  });
  let next = 0;
  const ask = (what: BotThreadAsk['ask']) =>
    new Promise<unknown>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ask: what } satisfies BotThreadAsk);
    });
  return {
    idle: async () => void (await ask('idle')),
    outboxLeft: async () => (await ask('outboxLeft')) as number,
    startTrace: async () => void (await ask('startTrace')),
    stopTrace: async () => fromTraceData((await ask('stopTrace')) as TraceData),
    async stop() {
      await ask('stop');
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
