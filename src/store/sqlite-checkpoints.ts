// The SQLite store's checkpoints (the copy from the WAL into the database file, and its fsyncs) in a
// worker thread, off the thread that answers Discord (issue 32 §1). SQLite's own checkpoint runs inside
// the commit that crosses its threshold: under the evening's load that was a /persona pass (its state
// is the largest write) held ~10 ms at random, the slowest of them all; ~23 ms for 12,600 frames
// measured here. The worker's connection checkpoints PASSIVE, which neither waits for nor blocks the
// store's readers and writer. The worker starts only once the WAL has grown (a test's small database
// never starts one) and keeps no process alive; if it dies, the next growth starts another, and the
// store's connection still checkpoints by itself past FALLBACK_PAGES, so the WAL stays bounded.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** The store's connection checkpoints by itself only past this many pages (~64 MB): the worker is gone or far behind. */
export const FALLBACK_PAGES = 64_000;

export interface CheckpointOptions {
  /** A checkpoint is due once the WAL holds this many frames (pages written): 4,000 by default, SQLite's 4 MB of the store's 1 KB pages. */
  frames?: number;
  /** How often the worker looks at the WAL (default 250 ms). */
  everyMs?: number;
  /** How often this thread looks, to start the worker (default 1 s; an asynchronous stat). */
  watchMs?: number;
}

export interface Checkpoints {
  /** Checkpoints the worker has made, the frames they copied, and the last one's WAL and copy (tests, diagnostics). */
  readonly done: { checkpoints: number; copied: number; last: { frames: number; copied: number } | null };
  /** Whether a worker is running. */
  readonly running: boolean;
  /** Stops the worker after its checkpoint under way, if any; the store's connection closes after. */
  close(): Promise<void>;
}

/**
 * The worker, plain CommonJS run from this string: no TypeScript loader to register in it, the
 * smallest thread there is (~9 MB resident against ~20 MB with tsx's loader, measured).
 *
 * How many frames the WAL holds is read from the WAL-index header (the -shm file, offset 16: mxFrame,
 * in the machine's byte order; sqlite.org/walformat.html), as SQLite's own threshold counts them: the
 * WAL file's size says only how large it ever grew, since SQLite writes it again from its start once a
 * checkpoint has copied it all, without shrinking it.
 */
const WORKER = `
const fs = require('node:fs');
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -256');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const header = Buffer.alloc(4);
let shm;
const frames = () => {
  try {
    shm ??= fs.openSync(workerData.file + '-shm', 'r');
    if (fs.readSync(shm, header, 0, 4, 16) < 4) return 0;
    return os.endianness() === 'LE' ? header.readUInt32LE(0) : header.readUInt32BE(0);
  } catch {
    return 0;
  }
};
const timer = setInterval(() => {
  if (frames() < workerData.frames) return;
  const row = checkpoint.get();
  parentPort.postMessage({ frames: row ? row.log : 0, copied: row ? row.checkpointed : 0 });
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  if (shm !== undefined) fs.closeSync(shm);
  db.close();
  parentPort.close();
});
`;

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

export function checkpointOffThread(sqlite: Database.Database, file: string, options: CheckpointOptions = {}): Checkpoints {
  const frames = options.frames ?? 4_000;
  // the WAL's file has been this large once it has held that many frames (each a page and its 24-byte header)
  const walBytes = frames * ((sqlite.pragma('page_size', { simple: true }) as number) + 24);
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const done: Checkpoints['done'] = { checkpoints: 0, copied: 0, last: null };
  let worker: Worker | undefined;
  let closed = false;
  const start = () => {
    const w = new Worker(WORKER, { eval: true, workerData: { driver, file, frames, everyMs: options.everyMs ?? 250 } });
    w.unref();
    w.on('message', (last: { frames: number; copied: number }) => {
      done.checkpoints++;
      done.copied += last.copied;
      done.last = last;
    });
    w.on('error', () => undefined); // its exit follows; the store's own checkpoint covers meanwhile
    w.on('exit', () => {
      if (worker === w) worker = undefined;
    });
    worker = w;
  };
  const watch = setInterval(() => {
    if (worker || closed) return;
    fs.stat(`${file}-wal`, (error, stats) => {
      if (!error && stats.size >= walBytes && !worker && !closed) start();
    });
  }, options.watchMs ?? 1_000);
  watch.unref();
  return {
    done,
    get running() {
      return worker !== undefined;
    },
    async close() {
      closed = true;
      clearInterval(watch);
      const w = worker;
      if (!w) return;
      w.ref(); // the store's close waits for it
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.postMessage('close');
      await exited;
    },
  };
}
