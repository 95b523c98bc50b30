/**
 * What the SQLite backend can do (kept apart from the backend, so that reading it loads no driver
 * and ships no driver types).
 * @module
 */
import type { StoreCapabilities } from '../../core/ports.js';
import { defineCapabilities } from '../collection/backend.js';

/**
 * Without the approximate index (`vectorIndex: false`, or no `usearch` installed): BM25 through
 * FTS5 with statistics over the whole collection; exact cosine search through sqlite-vec.
 */
export const SQLITE_CAPABILITIES: StoreCapabilities = defineCapabilities({
  lexical: 'bm25',
  lexicalStatistics: 'collection',
});

/** With the approximate index: the same, and dense search through the IVF index (usearch) rescored exactly. */
export const SQLITE_APPROXIMATE_CAPABILITIES: StoreCapabilities = defineCapabilities({
  ...SQLITE_CAPABILITIES,
  dense: 'approximate',
});
