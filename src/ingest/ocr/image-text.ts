/**
 * Image to Markdown for the parsers: a vision model when one is configured, else OCR with a
 * confidence floor, so that a page either yields text someone could read or is set aside with a
 * reason — never noise.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import type { OcrEngine } from './ocr-engine.js';
import { encodePng } from './png.js';
import { encodePgm, type GreyRaster, type QuarterTurn } from './raster.js';
import { defaultOcrEngine } from './tesseract-ocr.js';

/** An image handed to OCR or to a vision model: a picture file, or a scanned page's image. */
export interface PageImage {
  /** Encoded image: the source file's own bytes, or a PDF page's image (PNG for a vision model). */
  bytes: Uint8Array;
  /** `image/png`, `image/jpeg`, `image/tiff`, or `image/x-portable-graymap` (OCR only). */
  mediaType: string;
  /** Name of the source the image belongs to. */
  sourceName: string;
  /** 1-based page the image is on. */
  pageNumber: number;
}

/**
 * Transcribes a page image to Markdown, typically by asking a vision-capable chat model. When
 * configured it is used instead of OCR. Return `''` when the image holds no text.
 */
export type TranscribeImage = (image: PageImage) => Promise<string>;

/** OCR settings. */
export interface OcrOptions {
  /** The engine; default a shared {@link TesseractOcr} with default options. */
  engine?: OcrEngine;
  /**
   * Mean word confidence (0–100) a reading needs to be kept. Below it the text is discarded as
   * illegible (a photo, a smudge, handwriting) and the reason reported. Default 60.
   */
  minConfidence?: number;
}

/** How images become text. */
export interface ImageTextOptions {
  /** OCR on (default), off (`false`), or tuned. */
  ocr?: boolean | OcrOptions;
  /** A vision-model transcriber, used instead of OCR when given. */
  transcribe?: TranscribeImage;
  /** Identifies `transcribe` (model and prompt) in parser fingerprints; default `custom`. */
  transcriberId?: string;
}

/** The outcome of reading one image. */
export type ImageText =
  | { kind: 'text'; markdown: string; method: 'ocr' | 'vision'; confidence?: number; rotation?: QuarterTurn }
  | { kind: 'none'; reason: string }
  | { kind: 'illegible'; reason: string; confidence: number };

/** Escapes what would turn OCR'd lines into Markdown structure (headings, quotes, fences). */
function ocrToMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^([#>])/, '\\$1')
        .replace(/^(```|~~~)/, '\\$1'),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Reads text from images for {@link ImageParser} and the scanned pages of {@link PdfParser}.
 * With a `transcribe` function it asks that (a vision model); otherwise, unless OCR is off, it
 * runs OCR and keeps the text only when its mean confidence reaches `minConfidence`.
 */
export class ImageTextReader {
  /** Identifies the method and its settings, for parser fingerprints. */
  readonly fingerprint: string;
  /** False when OCR is off and no transcriber is set: images cannot be read at all. */
  readonly enabled: boolean;
  private readonly transcribe: TranscribeImage | undefined;
  private readonly engine: OcrEngine | undefined;
  private readonly minConfidence: number;

  constructor(options: ImageTextOptions = {}) {
    const ocr = options.ocr === undefined || options.ocr === true ? {} : options.ocr;
    this.transcribe = options.transcribe;
    this.minConfidence = (ocr === false ? undefined : ocr.minConfidence) ?? 60;
    if (!(this.minConfidence >= 0 && this.minConfidence <= 100)) {
      throw new InvalidArgumentError('ocr.minConfidence', 'must be a confidence between 0 and 100');
    }
    this.engine =
      this.transcribe !== undefined || ocr === false ? undefined : (ocr.engine ?? defaultOcrEngine());
    this.enabled = this.transcribe !== undefined || this.engine !== undefined;
    if (this.transcribe !== undefined) this.fingerprint = `vision:${options.transcriberId ?? 'custom'}`;
    else if (this.engine !== undefined)
      this.fingerprint = `ocr:${this.engine.fingerprint}/min${this.minConfidence}`;
    else this.fingerprint = 'no-ocr';
  }

  /**
   * Reads one image.
   * @throws {Error} when the engine or transcriber fails (undecodable image, timeout, provider error).
   */
  async read(image: PageImage): Promise<ImageText> {
    if (this.transcribe !== undefined) {
      const markdown = (await this.transcribe(image)).trim();
      return markdown === ''
        ? { kind: 'none', reason: 'the vision transcriber found no text' }
        : { kind: 'text', markdown, method: 'vision' };
    }
    if (this.engine === undefined)
      return { kind: 'none', reason: 'OCR is off and no vision transcriber is set' };
    const result = await this.engine.doRecognize({ image: image.bytes });
    const markdown = ocrToMarkdown(result.text);
    if (markdown === '') return { kind: 'none', reason: 'OCR found no text' };
    if (result.confidence < this.minConfidence) {
      return {
        kind: 'illegible',
        confidence: result.confidence,
        reason: `OCR confidence ${Math.round(result.confidence)} is below ocr.minConfidence ${this.minConfidence}, so the text was discarded as illegible`,
      };
    }
    return {
      kind: 'text',
      markdown,
      method: 'ocr',
      confidence: result.confidence,
      rotation: result.rotation,
    };
  }

  /**
   * Reads a decoded image (a scanned PDF page's): encoded as PNG for a vision transcriber, as
   * PGM (no compression work) for OCR.
   */
  readRaster(raster: GreyRaster, where: { sourceName: string; pageNumber: number }): Promise<ImageText> {
    const vision = this.transcribe !== undefined;
    return this.read({
      bytes: vision ? encodePng(raster) : encodePgm(raster),
      mediaType: vision ? 'image/png' : 'image/x-portable-graymap',
      ...where,
    });
  }
}
