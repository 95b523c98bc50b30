/**
 * Options of {@link openSqliteStore}.
 * @module
 */
import { z } from 'zod';
import { parseOptions } from '../collection/parse-options.js';
import { lexicalWeightsSchema } from '../sql/lexical-weights-option.js';
import { defaultMmapSize, SQLITE_OPTION_DEFAULTS, VECTOR_INDEX_DEFAULTS } from './sqlite-option-defaults.js';

export { DEFAULT_MMAP_SIZE_BYTES } from './sqlite-option-defaults.js';

/**
 * Settings of the approximate vector index and the dense search planner. Defaults and how they
 * were chosen: `docs/dense-search.md` (measured by `bench/dense-at-scale.mjs`).
 */
export const vectorIndexSchema = z
  .object({
    /**
     * Lists of the IVF index once partitioned (nlist): the vectors are split among this many
     * centroids. Default 0: `ceil(sqrt(count))` at each training (1,000 lists at a million chunks),
     * 16 to 16,384 (pgvector's advice for `ivfflat` past a million rows). A number chosen here is
     * held to one list per 39 vectors at training (Faiss's minimum of training points per centroid).
     */
    lists: z.number().int().min(0).max(16_384).default(VECTOR_INDEX_DEFAULTS.lists),
    /**
     * Lists scanned per search (nprobe), nearest centroid first; more are scanned until at least
     * four times the candidates asked for were. Default 0: `ceil(sqrt(lists))` (pgvector's advice
     * for `ivfflat.probes`): 32 of 1,000 lists, about 3% of a million chunks. Higher is slower and
     * closer to exact; `bench/dense-at-scale.mjs` measures recall and latency per setting.
     */
    probes: z.number().int().min(0).max(1_000_000).default(VECTOR_INDEX_DEFAULTS.probes),
    /**
     * Whether a search scans lists past `probes` while they still change its best candidates,
     * stopping after four lists in a row that changed nothing, at four times `probes` at most.
     * Default true: neighbours of real embeddings cross list borders, and a query there reads the
     * lists it needs (recall@10 of the realistic vectors of `bench/dense-at-scale.mjs`, see
     * `docs/dense-search.md`). `false` scans exactly `probes` lists (and the four-times-the-
     * candidates minimum).
     */
    adaptiveProbes: z.boolean().default(VECTOR_INDEX_DEFAULTS.adaptiveProbes),
    /**
     * Vectors from which the index is partitioned into lists; below, a search scans every vector
     * (int8, SIMD). Default 50,000.
     */
    partitionAbove: z.number().int().min(32).max(100_000_000).default(VECTOR_INDEX_DEFAULTS.partitionAbove),
    /**
     * Candidates first taken from the index for a filtered search: the nearest
     * `max(breadth, 10 × topK)` chunks, widened until `topK` of them pass. Default 200.
     */
    breadth: z.number().int().min(1).max(1_000_000).default(VECTOR_INDEX_DEFAULTS.breadth),
    /**
     * Score the candidates in memory instead of searching the index when the namespace or the set
     * of chunks a condition's index allows holds at most this many. Default 10,000.
     */
    scanBelow: z.number().int().min(0).max(10_000_000).default(VECTOR_INDEX_DEFAULTS.scanBelow),
    /** Widest breadth before every passing chunk is scored exactly instead. Default 50,000. */
    breadthUpTo: z.number().int().min(1).default(VECTOR_INDEX_DEFAULTS.breadthUpTo),
    /** Approximate winners rescored exactly from their float32 embeddings: `max(rescore, 4 × topK)`. Default 40. */
    rescore: z.number().int().min(1).max(100_000).default(VECTOR_INDEX_DEFAULTS.rescore),
  })
  .strict();

/** Schema of {@link SqliteStoreOptions}; parsing fills in the defaults. */
export const sqliteStoreOptionsSchema = z.object({
  /** Database file; its parent folder is created when missing (with provisioning on). `:memory:` for a private in-memory database. */
  path: z.string().min(1),
  /**
   * Whether the store may issue DDL (create the registry, collections, run schema upgrades, drop
   * collections). Default `true`. With `false` the file must already exist and hold what is used;
   * anything missing or outdated is refused with a `SchemaError` that says how to fix it.
   */
  provision: z.boolean().default(SQLITE_OPTION_DEFAULTS.provision),
  /** How long a statement waits for another connection's lock before failing, in ms. Default 5000. */
  busyTimeoutMs: z.number().int().min(0).default(SQLITE_OPTION_DEFAULTS.busyTimeoutMs),
  /**
   * Bytes of the file SQLite may memory-map for reads (`PRAGMA mmap_size`). Mapped pages that
   * were read count in the process's resident size (`top`'s RES and SHR) although the kernel can
   * drop them at any time; see `docs/dense-search.md`. Default 256 MiB
   * ({@link DEFAULT_MMAP_SIZE_BYTES}, or the environment variable `CAIRN_SQLITE_MMAP_BYTES`); 0 disables.
   */
  mmapSizeBytes: z.number().int().min(0).optional(),
  /**
   * Page size of a new database file, in bytes (a power of two from 512 to 65536; SQLite's
   * `page_size`, set before the first table; existing files keep theirs). Default 32768: a chunk
   * row is one to a few KB (a 384-dimensional float32 embedding alone is 1.5 KB), and a page
   * leaves up to a row's size empty: 4 KiB pages held two such rows with a fifth of each page
   * empty, 16 KiB pages left 7.8% of the chunk table empty at a million chunks, 32 KiB pages
   * about 3% (`bench/dense-at-scale.mjs` measures the file; larger pages write more per changed
   * index page, so inserts are about a sixth slower than with 16 KiB).
   */
  pageSizeBytes: z
    .number()
    .int()
    .refine(
      (value) => value >= 512 && value <= 65536 && (value & (value - 1)) === 0,
      'must be a power of two from 512 to 65536',
    )
    .default(SQLITE_OPTION_DEFAULTS.pageSizeBytes),
  /**
   * The approximate vector index (IVF over int8 vectors, scanned by the optional package `usearch`) and the dense
   * search planner; `false` searches exactly. Without `usearch` installed the store searches
   * exactly whatever this says, and `capabilities.dense` is `exact`.
   */
  vectorIndex: z.union([z.literal(false), vectorIndexSchema]).default(() => vectorIndexSchema.parse({})),
  /**
   * BM25 column weights of the full-text index (FTS5 `bm25()` weights): `content` (the chunk
   * text), `headings` (its heading path), `document` (its document's title and file name) and
   * `context` (its contextualizer text). Defaults in `DEFAULT_LEXICAL_WEIGHTS`, tuned by
   * `bench/tune-lexical.mjs` (results in `bench/results/tune-lexical.json`).
   */
  lexicalWeights: lexicalWeightsSchema,
});

/** Options accepted by {@link openSqliteStore}. */
export type SqliteStoreOptions = z.input<typeof sqliteStoreOptionsSchema>;
/** Options with defaults applied. */
export type ResolvedSqliteStoreOptions = Omit<z.output<typeof sqliteStoreOptionsSchema>, 'mmapSizeBytes'> & {
  mmapSizeBytes: number;
};
/** Resolved {@link vectorIndexSchema} settings. */
export type VectorIndexSettings = z.output<typeof vectorIndexSchema>;

/**
 * Validates options and applies defaults.
 * @throws {InvalidArgumentError} naming the first bad option, e.g. `options.busyTimeoutMs`.
 * @throws {ConfigError} for a malformed `CAIRN_SQLITE_MMAP_BYTES`.
 */
export function parseSqliteStoreOptions(options: SqliteStoreOptions): ResolvedSqliteStoreOptions {
  const parsed = parseOptions(sqliteStoreOptionsSchema, options);
  return { ...parsed, mmapSizeBytes: parsed.mmapSizeBytes ?? defaultMmapSize() };
}
