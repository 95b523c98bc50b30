/**
 * The OCR port: reads the text of one image. The parsers call it through
 * {@link ImageTextReader}, which applies the confidence floor and turns text into Markdown.
 * @module
 */
import type { QuarterTurn } from './raster.js';

/** What an {@link OcrEngine} read from one image. */
export interface OcrResult {
  /** Recognised text, lines separated by `\n`, paragraphs by a blank line. */
  text: string;
  /** Mean word confidence, 0–100 (0 when no word was found). */
  confidence: number;
  /** Clockwise turn applied to the image before `text` was read (a sideways scan reads at 90 or 270). */
  rotation: QuarterTurn;
}

/** Optical character recognition of single images. */
export interface OcrEngine {
  readonly specificationVersion: 'v1';
  /** Stable id of the engine, its model and settings; part of the parsers' fingerprints. */
  readonly fingerprint: string;
  /**
   * Reads one image: PNG, JPEG, TIFF, BMP or binary PNM bytes. Never throws for an image that
   * simply holds no text (that is an empty `text` with confidence 0).
   * @throws {Error} when the image cannot be decoded or the engine fails or times out.
   */
  doRecognize(options: { image: Uint8Array }): Promise<OcrResult>;
}
