/**
 * An in-memory {@link Cache} for tests: a `Map` of strings, with counts of what was read.
 * @module
 */
import type { Cache } from '../core/ports.js';

/** A {@link Cache} over a `Map`; {@link hits} and {@link misses} count `get` calls. */
export class MemoryCache implements Cache {
  /** The entries, by key. */
  readonly entries = new Map<string, string>();
  hits = 0;
  misses = 0;

  async get(key: string): Promise<string | undefined> {
    const value = this.entries.get(key);
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  async set(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
  }

  /** Entries whose key starts with `prefix` (all of them without one). */
  size(prefix = ''): number {
    let n = 0;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) n++;
    return n;
  }
}
