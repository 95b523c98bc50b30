/**
 * The built-in parsers, each a v1 `Parser` (see `core/ports.ts`): plain text, Markdown, HTML,
 * PDF (with OCR of scanned pages), DOCX, PPTX, images (OCR) and audio (speech-to-text).
 * @module
 */
export { AudioParser, type AudioParserOptions } from './audio-parser.js';
export { DocxParser, type DocxParserOptions } from './docx-parser.js';
export { HtmlParser } from './html-parser.js';
export { ImageParser, type ImageParserOptions, NoLegibleTextError } from './image-parser.js';
export { MarkdownParser } from './markdown-parser.js';
export type { LayoutOptions } from './pdf-layout.js';
export { PdfParser, type PdfParserOptions, type ScannedPageOptions } from './pdf-parser.js';
export type { RunningLinesOptions } from './pdf-running-lines.js';
export { PptxParser } from './pptx-parser.js';
export { TextParser } from './text-parser.js';
