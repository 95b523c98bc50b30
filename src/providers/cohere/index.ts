/**
 * Cohere: embedder and reranker (`COHERE_API_KEY`, `COHERE_BASE_URL`).
 * @module
 */
export * from './cohere-api.js';
export * from './cohere-embedder.js';
export * from './cohere-reranker.js';
