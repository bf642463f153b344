import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export type HeicResult =
  | { ok: true; width: number; height: number; data: Uint8Array }
  | { ok: false; reason: 'unreadable' }
  | { ok: false; reason: 'too-many-pixels'; width: number; height: number };

/**
 * libheif in WebAssembly decodes on the thread that calls it: about 1.5 s for a 12 MP photo here, during which an
 * instance would answer nothing else. So each decode runs in a worker thread of its own. The worker is plain
 * CommonJS (no TypeScript loader needed) and requires heic-decode by its resolved path.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoder);
(async () => {
  let images;
  try {
    images = await decode.all({ buffer: workerData.bytes });
  } catch {
    return parentPort.postMessage({ ok: false, reason: 'unreadable' });
  }
  try {
    const image = images[0];
    if (!image) return parentPort.postMessage({ ok: false, reason: 'unreadable' });
    if (image.width * image.height > workerData.maxPixels) {
      return parentPort.postMessage({ ok: false, reason: 'too-many-pixels', width: image.width, height: image.height });
    }
    const { width, height, data } = await image.decode();
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ ok: true, width, height, data: pixels }, [pixels.buffer]);
  } catch {
    parentPort.postMessage({ ok: false, reason: 'unreadable' });
  } finally {
    images.dispose();
  }
})();
`;

const decoder = createRequire(import.meta.url).resolve('heic-decode');

/** At most one decode per core at a time (each holds a full-size RGBA image in memory). */
const slots = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Decodes a HEIC/HEIF photo to RGBA pixels in a worker; refuses one over `maxPixels` before decoding it. */
export function decodeHeic(bytes: Buffer, maxPixels: number): Promise<HeicResult> {
  return withSlot(
    () =>
      new Promise<HeicResult>((resolve, reject) => {
        const copy = new Uint8Array(bytes);
        const worker = new Worker(WORKER, { eval: true, workerData: { bytes: copy, decoder, maxPixels }, transferList: [copy.buffer] });
        worker.once('message', (result: HeicResult) => {
          resolve(result);
          void worker.terminate();
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          if (code !== 0) resolve({ ok: false, reason: 'unreadable' });
        });
      }),
  );
}
