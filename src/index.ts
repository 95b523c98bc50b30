/**
 * cairn: a retrieval-augmented generation engine. Ingest documents, search them with BM25 and
 * embeddings fused by reciprocal rank fusion, rerank the candidates, and answer questions with
 * numbered citations.
 *
 * The root export holds the engine, the collection service, the core types, ports and errors,
 * and the embedded stores (SQLite, memory). Adapters with heavy or optional dependencies live on
 * subpath exports: `cairn/openai`, `cairn/anthropic`, `cairn/cohere`, `cairn/voyage`,
 * `cairn/local` (transformers.js), `cairn/postgres`, `cairn/mcp`, `cairn/tools`, `cairn/ingest`,
 * `cairn/answer`, `cairn/retrieve`, `cairn/eval`. Importing the root loads no database driver,
 * PDF reader, model runtime or audio decoder; each loads when first used.
 * @module
 */
export {
  type AnswerFinalPart,
  type AnswerPart,
  type AnswerTextPart,
  streamAnswer,
} from './answer/answer-stream.js';
export {
  type AnswerOptions,
  answerFromHits,
  type CheckedAnswer,
  checkedAnswerFromHits,
  NOT_FOUND_TEXT,
} from './answer/ask.js';
export {
  askWithHistory,
  type ConversationalAnswer,
  type ConversationalAskOptions,
  type ConversationOptions,
} from './answer/ask-with-history.js';
export {
  type CitationCheck,
  CitationStreamFilter,
  type CitedSource,
  citedSources,
  validateCitations,
} from './answer/citations.js';
export type { ConversationTurn, QueryRewriter } from './answer/query-rewriter.js';
export type { AnsweringEngine, Searcher, SearcherOptions } from './answer/searcher.js';
export { openSqliteCache, SqliteCache, type SqliteCacheDatabase } from './cache/sqlite-cache.js';
export * from './core/index.js';
export { loadOptionalPeer } from './core/optional-peer.js';
export { TRACE_ATTRIBUTES, TRACER_NAME, type TraceScope } from './core/trace-attributes.js';
export * from './embed/index.js';
export * from './engine/collection-service.js';
export * from './engine/embedded-stores.js';
export * from './engine/engine.js';
export * from './engine/model-specs.js';
export * from './engine/open-engine.js';
export * from './engine/probe.js';
export { adaptersFor, checkAdapters, type RoleAdapter } from './engine/readiness.js';
export * from './engine/settings.js';
export * from './engine/store-schemes.js';
export type { Transcriber, Transcript, TranscriptSegment } from './ingest/audio/transcriber.js';
export type { CollectOptions } from './ingest/collect-sources.js';
export {
  DEFAULT_PARSE_MEMORY_MB,
  DEFAULT_PARSE_TIMEOUT_MS,
  type ParseLimits,
} from './ingest/isolate/parse-limits.js';
export type { OcrEngine, OcrResult } from './ingest/ocr/ocr-engine.js';
export type { IngestItem, IngestStatus } from './ingest/pipeline.js';
export type { ParseSourceOptions, SourceFormat } from './ingest/route.js';
export { DEFAULT_MAX_FILE_SIZE, formatBytes } from './ingest/source-policy.js';
export type {
  QueryCompletedEvent,
  QueryEvent,
  QueryEventBase,
  QueryEventListener,
  QueryFailedEvent,
  QueryStartedEvent,
} from './retrieve/query-events.js';
export type { SearchRequest } from './retrieve/retriever.js';
