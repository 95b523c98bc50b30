/**
 * The optional `usearch` package (HNSW, Unum), typed structurally: only the calls cairn makes.
 * It is an optional dependency; without it the SQLite store searches exactly.
 * @module
 */
import { createRequire } from 'node:module';

/** Options of a usearch index, as its constructor takes them. */
export interface UsearchConfig {
  dimensions: number;
  metric: 'cos';
  /** How vectors are kept in the graph: `i8` (one byte per dimension) or `f32`. */
  quantization: 'i8' | 'f32';
  /** Neighbours per node (HNSW's M). */
  connectivity: number;
  /** Candidates while inserting (HNSW's efConstruction). */
  expansion_add: number;
  /** Candidates while searching (HNSW's ef); a search for `k` results uses at least `k`. */
  expansion_search: number;
  multi: false;
}

/** The methods of a usearch `Index` that cairn calls. */
export interface UsearchIndex {
  add(keys: BigUint64Array, vectors: Float32Array, threads?: number): void;
  /**
   * The `k` nearest keys of one query, or of each query of a matrix (`vector` holding several
   * rows): then `keys` and `distances` hold `k` slots per query, of which `counts[i]` are filled.
   */
  search(
    vector: Float32Array,
    k: number,
    threads: number,
  ): { keys: BigUint64Array; distances: Float32Array; counts?: BigUint64Array };
  remove(keys: BigUint64Array): number | number[];
  size(): number;
  save(path: string): void;
  load(path: string): void;
}

/** The module's constructor. */
export interface UsearchModule {
  Index: new (config: UsearchConfig) => UsearchIndex;
}

let loaded: { module: UsearchModule | undefined } | undefined;

/**
 * The `usearch` module, or `undefined` when it is not installed or its native binary does not
 * load on this platform. Loaded once. (usearch's ES module entry does not find its binary under
 * Node 20, so its CommonJS entry is required.)
 */
export function loadUsearch(): UsearchModule | undefined {
  if (loaded === undefined) {
    try {
      const module = createRequire(import.meta.url)('usearch') as UsearchModule;
      loaded = { module: typeof module?.Index === 'function' ? module : undefined };
    } catch {
      loaded = { module: undefined };
    }
  }
  return loaded.module;
}
