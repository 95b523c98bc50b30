/**
 * The in-memory store: no database, nothing persisted. For tests, demos and short-lived
 * (serverless) processes; it passes the same contract suite as the SQLite store.
 * @module
 */
export { BM25_B, BM25_K1, MIN_IDF } from './memory-bm25.js';
export type { MemoryStoreOptions, ResolvedMemoryStoreOptions } from './memory-options.js';
export { createMemoryStore, MEMORY_SCHEMA_VERSION, MemoryStore } from './memory-store.js';
