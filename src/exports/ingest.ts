/**
 * `cairn/ingest`: the ingest stack for callers who compose their own — routing, the built-in
 * parsers, the Markdown chunker and its tokenizer, contextualizers, OCR (tesseract.js, an
 * optional peer), vision transcription, audio decoding (optional peers `audio-decode` and
 * `wave-resampler`), the parse cache and the per-source pipeline.
 * @module
 */
export * from '../ingest/audio/index.js';
export * from '../ingest/chunk/markdown-chunker.js';
export * from '../ingest/chunk/tokenizer.js';
export * from '../ingest/collect-sources.js';
export * from '../ingest/contextualize/index.js';
export * from '../ingest/fetch-source.js';
export * from '../ingest/isolate/index.js';
export * from '../ingest/ocr/index.js';
export * from '../ingest/parse-cache.js';
export * from '../ingest/parsers/index.js';
export * from '../ingest/pipeline.js';
export * from '../ingest/route.js';
export * from '../ingest/structured/index.js';
