// Draws pictures in a worker thread (./draw-worker.ts), so a tracker, board or histogram being drawn
// never holds up the thread that answers Discord (issue 32: under a table's load, drawing on that
// thread added ~100 ms to every command's first response). One worker: drawings queue there, on the
// second core; it starts on the first picture and is let go (unref) while idle, so it keeps no process
// alive. A worker that dies fails what it was drawing (the text goes without its picture) and the
// next picture starts a new one.
import { Worker } from 'node:worker_threads';
import type { Picture } from './model.js';
import { PictureTooLarge } from './png.js';
import type { DrawRequest, DrawResponse } from './draw-worker.js';

/** A fresh worker after this many drawings: resvg's native memory goes back with the old one. */
const DRAWINGS_PER_WORKER = 500;

type Waiting = { resolve: (png: Buffer) => void; reject: (error: Error) => void };

/** A worker and the drawings it owes (a retired worker's exit fails only its own). */
interface Drawer {
  worker: Worker;
  pending: Map<number, Waiting>;
  drawn: number;
  /** replaced by a fresh worker: it goes once it owes nothing */
  retired: boolean;
}

let current: Drawer | undefined;
let nextId = 1;

function start(): Drawer {
  // Built, the worker is draw-worker.js; from source (tsx, the tests) it is TypeScript, loaded through
  // tsx's loader, registered in the worker before its module is imported.
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './draw-worker.ts' : './draw-worker.js', import.meta.url);
  const w = fromSource
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true })
    : new Worker(entry);
  const drawer: Drawer = { worker: w, pending: new Map(), drawn: 0, retired: false };
  const { pending } = drawer;
  w.on('message', (r: DrawResponse) => {
    const waiting = pending.get(r.id);
    if (!waiting) return;
    pending.delete(r.id);
    if ('png' in r) waiting.resolve(Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength));
    else waiting.reject(r.tooLarge ? new PictureTooLarge(r.error) : new Error(`picture worker: ${r.error}`));
    if (pending.size === 0 && drawer.retired) void w.terminate();
    else if (pending.size === 0) w.unref();
  });
  const fail = (error: Error) => {
    if (current === drawer) current = undefined;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`picture worker exited (${code})`)));
  return drawer;
}

/** The picture's PNG, drawn in the worker. Rejects with PictureTooLarge past the size bounds. */
export function drawInWorker(picture: Picture): Promise<Buffer> {
  if (current && current.drawn >= DRAWINGS_PER_WORKER) {
    // retired: it finishes what it owes, then goes; new drawings go to a fresh one
    current.retired = true;
    if (current.pending.size === 0) void current.worker.terminate();
    current = undefined;
  }
  current ??= start();
  const drawer = current;
  drawer.drawn++;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    drawer.pending.set(id, { resolve, reject });
    drawer.worker.ref();
    drawer.worker.postMessage({ id, picture } satisfies DrawRequest);
  });
}

/** Stops the worker (tests, shutdown); a later picture starts a new one. */
export async function stopDrawing(): Promise<void> {
  const drawer = current;
  current = undefined;
  await drawer?.worker.terminate();
}
