// A thread's garbage collections over 2 ms: the bot's, recorded with its trace (./table-trace.ts), and
// the bench's own (./table-load.ts), to tell which stalled the slowest answers.
// No side effect on import: the bench's thread loads it without ./table-trace.ts's instruments.
import { PerformanceObserver } from 'node:perf_hooks';

/** When (this thread's clock), how long, and V8's kind of collection. */
export type Gc = { at: number; ms: number; kind: number };

export function watchGcs(): { gcs: Gc[]; stop(): void } {
  const gcs: Gc[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.duration > 2) gcs.push({ at: e.startTime, ms: e.duration, kind: (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0 });
  });
  observer.observe({ entryTypes: ['gc'] });
  return { gcs, stop: () => observer.disconnect() };
}
