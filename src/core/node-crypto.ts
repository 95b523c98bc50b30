/**
 * Node's `crypto` module, required when first used. Its first load runs some twenty of Node's
 * internal modules (a few milliseconds, more on a busy machine); `cairn search` and `cairn ask` on
 * an existing database neither hash nor draw random bytes, so the modules they share with writes
 * (the collection store, the SQLite schema, the embedding cache, the vector index, the prompt)
 * take it from here instead of importing it (test/lazy-loading.test.ts).
 * @module
 */
import type * as NodeCrypto from 'node:crypto';
import { createRequire } from 'node:module';

let loaded: typeof NodeCrypto | undefined;

/** `node:crypto`, loaded on the first call and the same object on every later one. */
export function nodeCrypto(): typeof NodeCrypto {
  loaded ??= createRequire(import.meta.url)('node:crypto') as typeof NodeCrypto;
  return loaded;
}
