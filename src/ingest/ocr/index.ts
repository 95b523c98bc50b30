/**
 * OCR: the {@link OcrEngine} port, its tesseract.js adapter, and the reader the parsers use to
 * turn images into Markdown (OCR with a confidence floor, or a vision-model transcriber).
 * @module
 */
export {
  type ImageText,
  type ImageTextOptions,
  ImageTextReader,
  type OcrOptions,
  type PageImage,
  type TranscribeImage,
} from './image-text.js';
export type { OcrEngine, OcrResult } from './ocr-engine.js';
export type { QuarterTurn } from './raster.js';
export { defaultOcrEngine, disposeOcr, TesseractOcr, type TesseractOcrOptions } from './tesseract-ocr.js';
export {
  DEFAULT_VISION_PROMPT,
  unwrapTranscription,
  VISION_MEDIA_TYPES,
  VisionTranscriber,
  type VisionTranscriberOptions,
} from './vision-transcriber.js';
