/**
 * Options of {@link openSqliteStore}.
 * @module
 */
import { z } from 'zod';
import { parseOptions } from '../collection/parse-options.js';
import { lexicalWeightsSchema } from '../sql/lexical-weights-option.js';

/** Schema of {@link SqliteStoreOptions}; parsing fills in the defaults. */
export const sqliteStoreOptionsSchema = z.object({
  /** Database file; its parent folder is created when missing (with provisioning on). `:memory:` for a private in-memory database. */
  path: z.string().min(1),
  /**
   * Whether the store may issue DDL (create the registry, collections, run schema upgrades, drop
   * collections). Default `true`. With `false` the file must already exist and hold what is used;
   * anything missing or outdated is refused with a `SchemaError` that says how to fix it.
   */
  provision: z.boolean().default(true),
  /** How long a statement waits for another connection's lock before failing, in ms. Default 5000. */
  busyTimeoutMs: z.number().int().min(0).default(5000),
  /**
   * Bytes of the file SQLite may memory-map for reads, which speeds up the full scans of exact dense
   * search by about a third. Address space only, not memory. Default 1 GiB; 0 disables.
   */
  mmapSizeBytes: z
    .number()
    .int()
    .min(0)
    .default(1024 * 1024 * 1024),
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
export type ResolvedSqliteStoreOptions = z.output<typeof sqliteStoreOptionsSchema>;

/**
 * Validates options and applies defaults.
 * @throws {InvalidArgumentError} naming the first bad option, e.g. `options.busyTimeoutMs`.
 */
export function parseSqliteStoreOptions(options: SqliteStoreOptions): ResolvedSqliteStoreOptions {
  return parseOptions(sqliteStoreOptionsSchema, options);
}
