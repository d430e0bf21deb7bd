import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { UPLOAD_IMAGE_MAX_EDGE, UPLOAD_IMAGE_QUALITY } from '@portal/domain/jpeg-metadata';

/**
 * HEIC/HEIF photos (an iPhone's camera) as JPEG, on the server (docs/decisions/055-heic-and-the-bank-dossier.md):
 * decoded by libheif compiled to WebAssembly (`heic-decode`, which applies the file's rotation and
 * mirroring, so the picture comes out upright), its long edge brought down to the photos' 2 000 px,
 * encoded by `jpeg-js`, which writes no metadata: the EXIF of the original (its GPS position first)
 * is not carried over. Decoding a 12-megapixel photo takes seconds of CPU, so it runs in a worker
 * thread, one conversion at a time per process, never on the thread that answers requests.
 */

/** The largest picture decoded: 50 megapixels (an iPhone's 48 MP photos fit; 200 MB of pixels). */
export const HEIC_MAX_PIXELS = 50_000_000;
const TIMEOUT_MS = 60_000;

export class HeicConversionError extends Error {
  constructor(
    readonly reason: 'undecodable' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

export interface HeicConversion {
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface HeicOptions {
  maxEdge?: number;
  maxPixels?: number;
  /** JPEG quality, 0–1. */
  quality?: number;
}

const require = createRequire(import.meta.url);
const modules = () => ({ decoder: require.resolve('heic-decode'), encoder: require.resolve('jpeg-js') });

// Plain JavaScript run by the worker (an `eval` worker: the API is bundled into one file, so there is
// no separate worker file to point at). The npm packages are resolved here and handed over by path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoder);
const jpeg = require(workerData.encoder);

// Box filter: each output pixel is the mean of the source pixels it covers (sharp, no aliasing).
function shrink(src, width, height, outW, outH) {
  const out = new Uint8Array(outW * outH * 4);
  const sums = new Float64Array(outW * 3);
  const counts = new Float64Array(outW);
  const xMap = new Int32Array(width);
  for (let x = 0; x < width; x++) xMap[x] = Math.min(outW - 1, Math.floor((x * outW) / width));
  let y = 0;
  for (let oy = 0; oy < outH; oy++) {
    const yEnd = Math.max(y + 1, Math.round(((oy + 1) * height) / outH));
    sums.fill(0);
    counts.fill(0);
    for (; y < yEnd && y < height; y++) {
      let i = y * width * 4;
      for (let x = 0; x < width; x++, i += 4) {
        const o = xMap[x];
        sums[o * 3] += src[i];
        sums[o * 3 + 1] += src[i + 1];
        sums[o * 3 + 2] += src[i + 2];
        counts[o]++;
      }
    }
    for (let ox = 0; ox < outW; ox++) {
      const j = (oy * outW + ox) * 4;
      const n = counts[ox] || 1;
      out[j] = sums[ox * 3] / n;
      out[j + 1] = sums[ox * 3 + 1] / n;
      out[j + 2] = sums[ox * 3 + 2] / n;
      out[j + 3] = 255;
    }
  }
  return out;
}

parentPort.once('message', async ({ bytes, maxEdge, maxPixels, quality }) => {
  let images;
  try {
    images = await decode.all({ buffer: bytes });
  } catch (err) {
    return parentPort.postMessage({ error: 'undecodable', detail: String(err && err.message) });
  }
  try {
    const { width, height } = images[0];
    if (!(width > 0 && height > 0)) return parentPort.postMessage({ error: 'undecodable', detail: 'no size' });
    if (width * height > maxPixels) return parentPort.postMessage({ error: 'too_large', width, height });
    const image = await images[0].decode();
    const scale = Math.min(1, maxEdge / Math.max(width, height));
    const outW = Math.max(1, Math.round(width * scale));
    const outH = Math.max(1, Math.round(height * scale));
    const data = scale < 1 ? shrink(image.data, width, height, outW, outH) : image.data;
    const encoded = jpeg.encode({ data, width: outW, height: outH }, Math.round(quality * 100));
    parentPort.postMessage({ jpeg: new Uint8Array(encoded.data), width: outW, height: outH });
  } catch (err) {
    parentPort.postMessage({ error: 'undecodable', detail: String(err && err.message) });
  } finally {
    images.dispose();
  }
});
`;

type WorkerReply =
  | { jpeg: Uint8Array; width: number; height: number }
  | { error: 'undecodable'; detail: string }
  | { error: 'too_large'; width: number; height: number };

let queue: Promise<unknown> = Promise.resolve();

/** One HEIC/HEIF file as an upright JPEG of at most `maxEdge` px; HeicConversionError when it cannot be. */
export function convertHeicToJpeg(bytes: Uint8Array, options: HeicOptions = {}): Promise<HeicConversion> {
  const run = queue.then(() => convertInWorker(bytes, options));
  queue = run.catch(() => undefined);
  return run;
}

function convertInWorker(bytes: Uint8Array, options: HeicOptions): Promise<HeicConversion> {
  const maxPixels = options.maxPixels ?? HEIC_MAX_PIXELS;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: modules() });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const undecodable = () =>
      new HeicConversionError('undecodable', 'Não foi possível ler esta foto HEIC. Envie-a em JPEG, PNG ou PDF.');
    const timer = setTimeout(() => finish(() => reject(undecodable())), TIMEOUT_MS);
    worker.once('message', (reply: WorkerReply) =>
      finish(() => {
        if (!('error' in reply)) {
          resolve({ jpeg: Buffer.from(reply.jpeg), width: reply.width, height: reply.height });
        } else if (reply.error === 'too_large') {
          const mp = Math.floor(maxPixels / 1_000_000);
          reject(
            new HeicConversionError(
              'too_large',
              `Esta foto HEIC tem mais de ${mp} megapixels e não pode ser convertida. Envie uma foto menor, em JPEG, PNG ou PDF.`,
            ),
          );
        } else reject(undecodable());
      }),
    );
    // A worker that dies (out of memory in the decoder) refuses the file; the process goes on.
    worker.once('error', () => finish(() => reject(undecodable())));
    worker.once('exit', () => finish(() => reject(undecodable())));
    worker.postMessage({
      bytes,
      maxEdge: options.maxEdge ?? UPLOAD_IMAGE_MAX_EDGE,
      maxPixels,
      quality: options.quality ?? UPLOAD_IMAGE_QUALITY,
    });
  });
}
