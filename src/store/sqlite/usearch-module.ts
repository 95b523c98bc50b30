/**
 * The optional `usearch` package (Unum), typed structurally: only the calls cairn makes (its SIMD
 * exact search, which the IVF index scans lists with). It is an optional dependency; without it
 * the SQLite store searches exactly.
 * @module
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Nearest rows of a matrix, nearest first: offsets into the dataset and their distances. */
export interface UsearchMatches {
  /** `k` offsets per query (row numbers of the dataset). */
  keys: BigUint64Array;
  /** `k` distances per query; for `cos`, 1 − cosine similarity. */
  distances: Float32Array;
}

/** The calls of the usearch module that cairn makes. */
export interface UsearchModule {
  /**
   * Brute-force `k` nearest rows of `dataset` for each row of `queries` (SIMD, on `threads`
   * threads; 0 = every core). usearch 2.25 reads both arrays from the start of their buffers,
   * whatever their `byteOffset`, and takes their lengths from the arrays.
   * @throws When `k` exceeds the dataset's rows.
   */
  exactSearch(
    dataset: Int8Array,
    queries: Int8Array,
    dimensions: number,
    k: number,
    metric: 'cos',
    threads: number,
  ): UsearchMatches;
}

let loaded: { module: UsearchModule | undefined } | undefined;
const require = createRequire(import.meta.url);

/**
 * The `usearch` module, or `undefined` when it is not installed or its native binary does not
 * load on this platform. Loaded once. (usearch's ES module entry does not find its binary under
 * Node 20, so its CommonJS entry is required.)
 */
export function loadUsearch(): UsearchModule | undefined {
  if (loaded === undefined) {
    try {
      const module = require('usearch') as UsearchModule;
      loaded = { module: typeof module?.exactSearch === 'function' ? module : undefined };
    } catch {
      loaded = { module: undefined };
    }
  }
  return loaded.module;
}

/**
 * Whether the `usearch` package is installed where `require` looks for it: its `package.json` in
 * one of the `node_modules` folders on the resolution path. (`require.resolve('usearch')` also
 * evaluates its conditional `exports`: 10–20 ms of every `cairn search` on a 2-core machine,
 * against well under a millisecond for these checks; what the exports point at is checked when the
 * module first loads.)
 */
function usearchInstalled(): boolean {
  return (require.resolve.paths('usearch') ?? []).some((folder) =>
    existsSync(join(folder, 'usearch', 'package.json')),
  );
}

/**
 * A {@link UsearchModule} that loads the native module on its first search, or `undefined` when
 * the `usearch` package is not installed (finding its package reads no binary). Opening a store
 * thus costs next to nothing for usearch; a lexical search never loads it. When the package is
 * installed but its module or binary does not load on this platform, the first search throws, and
 * the SQLite store falls back to exact search for that collection (with one warning).
 */
export function lazyUsearch(): UsearchModule | undefined {
  if (loaded !== undefined) return loaded.module;
  if (!usearchInstalled()) return undefined;
  return {
    exactSearch(dataset, queries, dimensions, k, metric, threads) {
      const module = loadUsearch();
      if (module === undefined) {
        throw new Error(
          'the usearch package is installed but its native module does not load on this platform',
        );
      }
      return module.exactSearch(dataset, queries, dimensions, k, metric, threads);
    },
  };
}
