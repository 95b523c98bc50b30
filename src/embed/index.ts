/**
 * Embedding helpers over the {@link Embedder} port: batching, dimension checks, usage, caching.
 * Vendor adapters live in `src/providers/<vendor>`.
 * @module
 */
export * from './cached-embedder.js';
export * from './embed.js';
