/**
 * OCR with tesseract.js (Tesseract compiled to WebAssembly) and the English LSTM model from the
 * npm package `@tesseract.js-data/eng`, read from disk: nothing is downloaded and nothing is
 * cached. Both are optional peer dependencies, imported on first use. Each engine has one worker
 * thread; it starts on first use, stops after a few idle seconds, and `close()` stops it at once.
 * @module
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import { InvalidArgumentError, isCairnError, MissingDependencyError, OcrError } from '../../core/errors.js';
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

interface WorkerSlot {
  worker: Promise<Tesseract.Worker>;
  running: number;
  idle?: NodeJS.Timeout;
}

/** Imports tesseract.js and its English model, which are optional peer dependencies. */
async function startWorker(): Promise<Tesseract.Worker> {
  const feature = 'OCR of images and scanned PDF pages';
  let tesseract: typeof Tesseract;
  try {
    tesseract = (await import('tesseract.js')).default;
  } catch (cause) {
    throw new MissingDependencyError('tesseract.js', feature, { cause });
  }
  let model: string;
  try {
    model = require.resolve('@tesseract.js-data/eng');
  } catch (cause) {
    throw new MissingDependencyError('@tesseract.js-data/eng', feature, { cause });
  }
  try {
    return await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
      langPath: join(dirname(model), MODEL),
      gzip: true,
      cacheMethod: 'none',
      logger: () => undefined,
      errorHandler: () => undefined,
    });
  } catch (cause) {
    throw new OcrError(`the OCR worker could not start: ${(cause as Error).message}`, { cause });
  }
}

/**
 * The worker of one {@link TesseractOcr}: started on first use, stopped after {@link IDLE_MS}
 * idle or by `close`; a failed start is retried on the next call.
 */
class OcrWorker {
  #slot: WorkerSlot | undefined;

  acquire(): WorkerSlot {
    if (this.#slot === undefined) {
      const slot: WorkerSlot = { worker: startWorker(), running: 0 };
      slot.worker.catch(() => {
        if (this.#slot === slot) this.#slot = undefined;
      });
      this.#slot = slot;
    }
    clearTimeout(this.#slot.idle);
    this.#slot.running++;
    return this.#slot;
  }

  release(slot: WorkerSlot): void {
    slot.running--;
    if (slot.running === 0 && this.#slot === slot) {
      slot.idle = setTimeout(() => void this.stop(slot), IDLE_MS);
    }
  }

  async stop(slot: WorkerSlot): Promise<void> {
    if (this.#slot === slot) this.#slot = undefined;
    clearTimeout(slot.idle);
    const worker = await slot.worker.catch(() => undefined);
    await worker?.terminate().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.#slot !== undefined) await this.stop(this.#slot);
  }
}

/**
 * Terminates the worker of the shared default engine ({@link defaultOcrEngine}), if one is
 * running; the next OCR call starts a new one. Engines built by `createEngine` own their OCR and
 * release it in `Engine.close()`; call this only when using the parsers directly, before a
 * process or a test file exits (an idle worker would otherwise stop by itself after a few seconds).
 */
export async function disposeOcr(): Promise<void> {
  await defaultEngine?.close();
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
  readonly #worker = new OcrWorker();

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

  /**
   * Reads one image.
   * @throws {MissingDependencyError} when tesseract.js or its English model is not installed.
   * @throws {OcrError} when the worker cannot start, the image cannot be read, or it times out.
   */
  async doRecognize(options: { image: Uint8Array }): Promise<OcrResult> {
    const entry = this.#worker.acquire();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrTimeoutError()), this.timeoutMs);
    });
    try {
      const worker = await Promise.race([entry.worker, timeout]);
      return await Promise.race([this.read(worker, options.image), timeout]);
    } catch (error) {
      if (error instanceof OcrTimeoutError) {
        await this.#worker.stop(entry);
        throw new OcrError(
          `OCR took longer than ${this.timeoutMs / 1000} s; raise TesseractOcr's timeoutMs`,
          {
            timedOut: true,
          },
        );
      }
      if (isCairnError(error)) throw error;
      throw new OcrError(`OCR failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      this.#worker.release(entry);
    }
  }

  /**
   * Terminates this engine's worker, if one is running. A later call starts a new one, so
   * closing an engine that is still shared is safe, only slower.
   */
  close(): Promise<void> {
    return this.#worker.close();
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
