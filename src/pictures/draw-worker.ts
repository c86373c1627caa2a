// The picture worker's side (./drawer.ts starts it): a model in, its PNG out. Drawing (glyph outlines,
// resvg) is the heaviest CPU work the bot does; here it runs off the thread that answers Discord, and
// the native buffers of each render are this thread's to free.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { pictureSvg } from './svg-of.js';
import type { Picture } from './model.js';
import { PictureTooLarge, svgToPng } from './png.js';

export interface DrawRequest {
  id: number;
  picture: Picture;
}

export type DrawResponse = { id: number; png: Uint8Array } | { id: number; error: string; tooLarge: boolean };

// Drawing yields the CPU to the thread that answers Discord and to the database: on Linux a thread's
// nice value is its own (setpriority on the calling thread), so only this worker is lowered. Where
// the system refuses, it draws at the process's priority.
try {
  os.setPriority(Math.min(19, os.getPriority() + 10));
} catch {
  // not permitted here: nothing to do
}

parentPort?.on('message', ({ id, picture }: DrawRequest) => {
  let response: DrawResponse;
  try {
    const png = svgToPng(pictureSvg(picture));
    response = { id, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error), tooLarge: error instanceof PictureTooLarge };
  }
  parentPort!.postMessage(response);
});
