/**
 * cairn: a retrieval-augmented generation engine. Ingest documents, search them with BM25 and
 * embeddings fused by reciprocal rank fusion, and answer questions with numbered citations.
 * @module
 */
export * from './core/index.js';
