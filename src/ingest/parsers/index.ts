/**
 * The built-in parsers: plain text, Markdown, HTML and PDF, each a v1 `Parser` (see `core/ports.ts`).
 * @module
 */
export { HtmlParser } from './html-parser.js';
export { MarkdownParser } from './markdown-parser.js';
export type { LayoutOptions } from './pdf-layout.js';
export { PdfParser, type PdfParserOptions } from './pdf-parser.js';
export { TextParser } from './text-parser.js';
