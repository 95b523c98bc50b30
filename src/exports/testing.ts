/**
 * `cairn/testing`: honest fakes for testing applications built on cairn without network or
 * models — a deterministic hashing embedder, a term-overlap reranker, a scripted chat model, an
 * in-memory cache, a recording tracer — and {@link createTestEngine}, one call that builds an
 * engine wired with all of them. cairn's own tests use these same exports.
 * @module
 */
export * from '../testing/hashing-embedder.js';
export * from '../testing/memory-cache.js';
export * from '../testing/scripted-chat-model.js';
export * from '../testing/span-recorder.js';
export * from '../testing/term-overlap-reranker.js';
export * from '../testing/test-engine.js';
