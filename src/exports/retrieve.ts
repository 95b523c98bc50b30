/**
 * `cairn/retrieve`: retrieval over a store — the retriever (lexical, dense, hybrid), reciprocal
 * rank fusion and reranking helpers.
 * @module
 */
export * from '../retrieve/document-identity.js';
export * from '../retrieve/query-events.js';
export * from '../retrieve/reciprocal-rank-fusion.js';
export * from '../retrieve/rerank/index.js';
export * from '../retrieve/retriever.js';
export * from '../retrieve/terms.js';
