/**
 * The in-memory store: the collection model over {@link MemoryBackend}. No dependencies beyond
 * Node's standard library and the `stemmer` package; contents live as long as the object.
 * @module
 */
import { CollectionStore } from '../collection/collection-store.js';
import { MemoryBackend, type MemoryTransaction } from './memory-backend.js';
import { type MemoryStoreOptions, parseMemoryStoreOptions } from './memory-options.js';

export { MEMORY_SCHEMA_VERSION } from './memory-backend.js';

/**
 * The {@link Store} kept in memory. Create it with {@link createMemoryStore}.
 *
 * Behaviour beyond the port's contract:
 * - Reads of a namespace nothing was written to see it empty and create nothing.
 * - Metadata round-trips through JSON, as through SQLite's JSON columns; nothing returned shares
 *   memory with what the store keeps, and nothing passed in is kept by reference.
 * - BM25 statistics (row count, average length, document frequencies) cover the live chunks of
 *   one namespace, so one tenant's data never changes another tenant's scores.
 * - Calls run one at a time; a write that fails part-way is undone.
 * - `getStats` reports no `bytes`.
 */
export class MemoryStore extends CollectionStore<MemoryTransaction> {}

/**
 * Creates an empty in-memory store.
 * @param options See {@link MemoryStoreOptions}.
 * @throws {InvalidArgumentError} for a malformed option.
 * @example
 * ```ts
 * const store = createMemoryStore();
 * await store.createCollection('notes');
 * ```
 */
export function createMemoryStore(options?: MemoryStoreOptions): MemoryStore {
  const resolved = parseMemoryStoreOptions(options);
  return new MemoryStore(new MemoryBackend(), { now: resolved.now });
}
