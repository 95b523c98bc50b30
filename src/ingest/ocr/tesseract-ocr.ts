/**
 * OCR with tesseract.js (Tesseract compiled to WebAssembly) and the English LSTM model from the
 * npm package `@tesseract.js-data/eng`, read from disk: nothing is downloaded and nothing is
 * cached. One worker thread serves the whole process; it starts on first use, stops after a few
 * idle seconds, and {@link disposeOcr} stops it at once.
 * @module
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import { InvalidArgumentError } from '../../core/errors.js';
import { packageVersion } from '../parsers/package-version.js';
import type { OcrEngine, OcrResult } from './ocr-engine.js';
import { decodePng } from './png.js';
import { centre, encodePgm, type GreyRaster, type QuarterTurn, rotate, toGrey } from './raster.js';

const require = createRequire(import.meta.url);

/** The model directory: LSTM-only integer weights (`tessdata_best`, about 3 MB gzipped). */
const MODEL = '4.0.0_best_int';

/** How long an idle worker is kept before it is terminated, in milliseconds. */
const IDLE_MS = 5_000;

/**
 * Images with more pixels than this (a page scanned at 150 dpi or more) have their orientation
 * tried on their central part only, and are read in full once, the winning way up.
 */
const TRIAL_CROP_ABOVE = 1_000_000;
/** Share of the width and of the height of the central part. */
const TRIAL_CROP_SHARE = 0.5;

/** Options of {@link TesseractOcr}. */
export interface TesseractOcrOptions {
  /**
   * Mean confidence (0–100) below which the image is also read turned by 90, 270 and 180
   * degrees, keeping the best reading. Default 70; 0 never tries other orientations.
   */
  retryRotationBelow?: number;
  /**
   * Longest time one image may take, in milliseconds (rotation retries included). Past it the
   * worker is terminated (a fresh one starts on the next call) and the call fails. Default 120 000.
   */
  timeoutMs?: number;
}

interface SharedWorker {
  worker: Promise<Tesseract.Worker>;
  running: number;
  idle?: NodeJS.Timeout;
}

let shared: SharedWorker | undefined;

async function startWorker(): Promise<Tesseract.Worker> {
  const { default: tesseract } = await import('tesseract.js');
  const langPath = join(dirname(require.resolve('@tesseract.js-data/eng')), MODEL);
  return tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  });
}

/** The process-wide worker, started on first use; a failed start is retried on the next call. */
function acquire(): SharedWorker {
  if (shared === undefined) {
    const entry: SharedWorker = { worker: startWorker(), running: 0 };
    entry.worker.catch(() => {
      if (shared === entry) shared = undefined;
    });
    shared = entry;
  }
  clearTimeout(shared.idle);
  shared.running++;
  return shared;
}

function release(entry: SharedWorker): void {
  entry.running--;
  if (entry.running === 0 && shared === entry) {
    entry.idle = setTimeout(() => void stop(entry), IDLE_MS);
  }
}

async function stop(entry: SharedWorker): Promise<void> {
  if (shared === entry) shared = undefined;
  clearTimeout(entry.idle);
  const worker = await entry.worker.catch(() => undefined);
  await worker?.terminate().catch(() => undefined);
}

/**
 * Terminates the shared OCR worker, if one is running; the next OCR call starts a new one.
 * Call it before a CLI or a test file exits, so that no worker thread keeps the process alive
 * (an idle worker would otherwise stop by itself after a few seconds).
 */
export async function disposeOcr(): Promise<void> {
  if (shared !== undefined) await stop(shared);
}

class OcrTimeoutError extends Error {}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Tesseract OCR, English. When an image reads with low confidence (a sideways or upside-down
 * scan reads as noise), it is read again turned by 90, 270 and 180 degrees and the most
 * confident reading wins. The engine reports confidence; deciding what is too low to keep is
 * the caller's ({@link ImageTextReader}'s `minConfidence`).
 */
export class TesseractOcr implements OcrEngine {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  private readonly retryRotationBelow: number;
  private readonly timeoutMs: number;

  constructor(options: TesseractOcrOptions = {}) {
    this.retryRotationBelow = options.retryRotationBelow ?? 70;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    if (!(this.retryRotationBelow >= 0 && this.retryRotationBelow <= 100)) {
      throw new InvalidArgumentError('retryRotationBelow', 'must be a confidence between 0 and 100');
    }
    if (!(this.timeoutMs > 0)) {
      throw new InvalidArgumentError('timeoutMs', 'must be a positive number of milliseconds');
    }
    this.fingerprint = `tesseract.js@${packageVersion('tesseract.js')}/eng-${MODEL}/rotate<${this.retryRotationBelow}`;
  }

  async doRecognize(options: { image: Uint8Array }): Promise<OcrResult> {
    const entry = acquire();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrTimeoutError()), this.timeoutMs);
    });
    try {
      const worker = await Promise.race([entry.worker, timeout]);
      return await Promise.race([this.read(worker, options.image), timeout]);
    } catch (error) {
      if (error instanceof OcrTimeoutError) {
        await stop(entry);
        throw new Error(`OCR took longer than ${this.timeoutMs / 1000} s; raise TesseractOcr's timeoutMs`);
      }
      throw new Error(`OCR failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      release(entry);
    }
  }

  private async read(worker: Tesseract.Worker, image: Uint8Array): Promise<OcrResult> {
    const first = await worker.recognize(asBuffer(image));
    const upright: OcrResult = { text: first.data.text, confidence: first.data.confidence, rotation: 0 };
    if (upright.confidence >= this.retryRotationBelow) return upright;

    // Tesseract's own rotation keeps the canvas size (cropping a sideways page), so the image is
    // turned here: tesseract decodes it (any format it reads) into the grey image it works on.
    const grey = await worker.recognize(asBuffer(image), {}, { text: false, imageGrey: true });
    const dataUrl = grey.data.imageGrey;
    if (!dataUrl) return upright;
    const raster = toGrey(decodePng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')));
    const read = async (picture: GreyRaster, rotation: QuarterTurn): Promise<OcrResult> => {
      const result = await worker.recognize(asBuffer(encodePgm(rotate(picture, rotation))));
      return { text: result.data.text, confidence: result.data.confidence, rotation };
    };

    if (raster.width * raster.height <= TRIAL_CROP_ABOVE) {
      let best = upright;
      for (const turn of [90, 270, 180] as QuarterTurn[]) {
        const result = await read(raster, turn);
        if (result.confidence > best.confidence) best = result;
        if (best.confidence >= this.retryRotationBelow) break;
      }
      return best;
    }
    // A large page: try the other orientations on its centre (sideways text is slow to read),
    // then read the page whole once, the winning way up.
    const middle = centre(raster, TRIAL_CROP_SHARE);
    let bestTrial: OcrResult | undefined;
    for (const turn of [90, 270, 180] as QuarterTurn[]) {
      const trial = await read(middle, turn);
      if (trial.confidence > (bestTrial?.confidence ?? upright.confidence)) bestTrial = trial;
      if (trial.confidence >= this.retryRotationBelow) break;
    }
    if (bestTrial === undefined) return upright;
    const whole = await read(raster, bestTrial.rotation);
    return whole.confidence > upright.confidence ? whole : upright;
  }
}

let defaultEngine: TesseractOcr | undefined;

/** The shared default engine (default options). */
export function defaultOcrEngine(): TesseractOcr {
  defaultEngine ??= new TesseractOcr();
  return defaultEngine;
}
