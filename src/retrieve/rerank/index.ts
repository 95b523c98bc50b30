/**
 * Reranking over the {@link Reranker} port. Vendor adapters live in `src/providers/<vendor>`.
 * @module
 */
export * from './rerank-hits.js';
export * from './scores-by-index.js';
