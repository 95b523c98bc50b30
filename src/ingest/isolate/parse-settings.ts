/**
 * A parser's settings as a parsing process receives them: everything that is data crosses as
 * data; the objects that talk to models (an OCR engine other than the default one, a vision
 * transcriber, a speech-to-text transcriber) stay with the engine and are called across the
 * process boundary ("bridged").
 * @module
 */
import type { Transcriber } from '../audio/transcriber.js';
import type { TranscribeImage } from '../ocr/image-text.js';
import type { OcrEngine } from '../ocr/ocr-engine.js';
import { defaultOcrEngine } from '../ocr/tesseract-ocr.js';
import type { ParseSourceOptions, SourceFormat } from '../route.js';

/** The formats parsed in a worker process (text and Markdown never are). */
export const ISOLATED_FORMATS: ReadonlySet<SourceFormat> = new Set([
  'pdf',
  'html',
  'docx',
  'pptx',
  'image',
  'audio',
]);

/** What a parsing process needs to build the parser the engine resolved. */
export interface WorkerParseSettings {
  format: SourceFormat;
  /** The PDF settings (data only). */
  pdf?: ParseSourceOptions['pdf'];
  /**
   * OCR: off, or on with the default engine (run in the parsing process) or a bridged one
   * (identified by its fingerprint).
   */
  ocr: false | { minConfidence?: number; engine: 'default' | { bridged: string } };
  /** A bridged vision transcriber and its id. */
  vision?: { id?: string };
  /** A bridged speech-to-text transcriber, described. */
  transcriber?: {
    provider: string;
    model: string;
    settings?: string;
    maxAudioBytes: number;
    decodesLocally?: boolean;
  };
}

/** The engine's own objects that bridged calls reach. */
export interface ParseBridge {
  ocr?: OcrEngine;
  transcribeImage?: TranscribeImage;
  transcriber?: Transcriber;
}

/**
 * How a source of `format` is parsed in a worker with these options, or `undefined` when it
 * cannot be: text and Markdown (never isolated), and a format with a parser of the caller's own
 * in `options.parsers` (that object cannot cross to another process).
 */
export function describeParse(
  format: SourceFormat,
  options: ParseSourceOptions,
): { settings: WorkerParseSettings; bridge: ParseBridge } | undefined {
  if (!ISOLATED_FORMATS.has(format) || options.parsers?.[format] !== undefined) return undefined;
  const bridge: ParseBridge = {};
  const settings: WorkerParseSettings = { format, ocr: { engine: 'default' } };
  if (options.pdf !== undefined) settings.pdf = options.pdf;
  const ocr = options.ocr;
  if (ocr === false) settings.ocr = false;
  else if (typeof ocr === 'object') {
    const own = ocr.engine !== undefined && ocr.engine !== defaultOcrEngine();
    if (own) bridge.ocr = ocr.engine;
    settings.ocr = {
      ...(ocr.minConfidence === undefined ? {} : { minConfidence: ocr.minConfidence }),
      engine: own ? { bridged: ocr.engine!.fingerprint } : 'default',
    };
  }
  if (options.transcribeImage !== undefined) {
    bridge.transcribeImage = options.transcribeImage;
    settings.vision = options.transcribeImageId === undefined ? {} : { id: options.transcribeImageId };
  }
  const transcriber = options.transcriber;
  if (transcriber !== undefined) {
    bridge.transcriber = transcriber;
    settings.transcriber = {
      provider: transcriber.provider,
      model: transcriber.model,
      ...(transcriber.settings === undefined ? {} : { settings: transcriber.settings }),
      maxAudioBytes: transcriber.maxAudioBytes,
      ...(transcriber.decodesLocally ? { decodesLocally: true } : {}),
    };
  }
  return { settings, bridge };
}
