/**
 * cairn: a retrieval-augmented generation engine. Ingest documents, search them with BM25 and
 * embeddings fused by reciprocal rank fusion, rerank the candidates, and answer questions with
 * numbered citations.
 * @module
 */
export * from './answer/answer-sources.js';
export * from './answer/ask.js';
export * from './answer/ask-with-history.js';
export * from './answer/boilerplate.js';
export * from './answer/citations.js';
export * from './answer/extractive-answerer.js';
export * from './answer/prepare-question.js';
export * from './answer/prompt.js';
export * from './answer/query-rewriter.js';
export * from './answer/retrieve-text.js';
export * from './answer/searcher.js';
export * from './answer/small-talk.js';
export * from './cache/sqlite-cache.js';
export * from './core/index.js';
export * from './embed/index.js';
export * from './engine/collection-service.js';
export * from './engine/engine.js';
export * from './engine/open-store.js';
export * from './eval/beir.js';
export * from './eval/documents-eval.js';
export * from './eval/key-figure.js';
export * from './eval/metrics.js';
export * from './eval/questions.js';
export * from './eval/source-match.js';
export * from './ingest/audio/index.js';
export * from './ingest/chunk/markdown-chunker.js';
export * from './ingest/chunk/tokenizer.js';
export * from './ingest/collect-sources.js';
export * from './ingest/contextualize/index.js';
export * from './ingest/ocr/index.js';
export * from './ingest/parse-cache.js';
export * from './ingest/parsers/index.js';
export * from './ingest/pipeline.js';
export * from './ingest/route.js';
export * from './interfaces/tools/index.js';
export * from './providers/anthropic/index.js';
export * from './providers/cohere/index.js';
export * from './providers/openai/index.js';
export * from './providers/transformers/index.js';
export * from './providers/voyage/index.js';
export * from './retrieve/document-identity.js';
export * from './retrieve/reciprocal-rank-fusion.js';
export * from './retrieve/rerank/index.js';
export * from './retrieve/retriever.js';
export * from './retrieve/terms.js';
export * from './store/index.js';
