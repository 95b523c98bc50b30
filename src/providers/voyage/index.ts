/**
 * Voyage AI: embedder and reranker (`VOYAGE_API_KEY`, `VOYAGE_BASE_URL`).
 * @module
 */
export * from './voyage-api.js';
export * from './voyage-embedder.js';
export * from './voyage-reranker.js';
