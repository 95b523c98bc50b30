/**
 * Options of {@link createMemoryStore}.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';

/** Options accepted by {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * The clock behind `createdAt` and `ingestedAt`, called once per write that records a time.
   * Default `() => new Date()`; pass a fixed date for reproducible records in tests and snapshots.
   */
  now?: () => Date;
}

/** Options with defaults applied. */
export interface ResolvedMemoryStoreOptions {
  now: () => Date;
}

/**
 * Validates options and applies defaults.
 * @throws {InvalidArgumentError} naming the bad option, e.g. `options.now`.
 */
export function parseMemoryStoreOptions(options: MemoryStoreOptions = {}): ResolvedMemoryStoreOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError('options', 'must be an object');
  }
  const { now = () => new Date() } = options;
  if (typeof now !== 'function') {
    throw new InvalidArgumentError('options.now', 'must be a function returning a Date');
  }
  return { now };
}
