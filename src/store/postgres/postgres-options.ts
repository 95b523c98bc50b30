/**
 * Options of {@link openPostgresStore}.
 * @module
 */
import { z } from 'zod';
import { parseOptions } from '../collection/parse-options.js';
import { lexicalWeightsSchema } from '../sql/lexical-weights-option.js';
import type { PgliteLike } from './pglite-driver.js';
import type { PostgresDriver } from './postgres-driver.js';
import { IDENTIFIER, MAX_IDENTIFIER_LENGTH, SETTING_NAME } from './postgres-identifiers.js';

/** Prefix of the text-search configuration migrate derives from `textSearchConfig` (adds accent folding). */
export const FOLDED_CONFIG_PREFIX = 'cairn_fold_';

const identifier = z
  .string()
  .regex(IDENTIFIER, 'must be a lower-case SQL identifier ([a-z_][a-z0-9_]*)')
  .max(MAX_IDENTIFIER_LENGTH);

const isPgliteLike = (value: unknown): value is PgliteLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PgliteLike).query === 'function' &&
  typeof (value as PgliteLike).transaction === 'function';

const isDriver = (value: unknown): value is PostgresDriver =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PostgresDriver).transaction === 'function' &&
  typeof (value as PostgresDriver).ping === 'function';

/** Schema of {@link PostgresStoreOptions}; parsing fills in the defaults. */
export const postgresStoreOptionsSchema = z
  .object({
    /** Connection URL (`postgres://user:password@host:5432/db`), opened with the `pg` driver. */
    url: z
      .string()
      .regex(/^postgres(ql)?:\/\//i, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * Read replicas of the server at `url` (streaming replicas, e.g. made with `pg_basebackup -R`):
     * `postgres://` URLs of the same database. Dense, lexical and hybrid searches run on a replica
     * (taken in turn); writes and every other read run on `url`. A replica that cannot be reached
     * or cancels a search is skipped, and the primary answers. Also given as `replica=HOST:PORT`
     * parameters of `url` (see `replicaUrlParameters`). Default none.
     */
    replicas: z
      .array(z.string().regex(/^postgres(ql)?:\/\//i, 'must start with postgres:// or postgresql://'))
      .default([]),
    /**
     * What a search on a replica sees (see `ReplicaConsistency`): `session` (default) — every
     * write made through this store object (until a replica has replayed the last one, searches
     * run on the primary); `eventual` — whatever the replica has replayed, so a search right after
     * an ingest may miss it. Also `replicaConsistency=` in `url`.
     */
    replicaConsistency: z.enum(['session', 'eventual']).default('session'),
    /**
     * In-process PGlite instead of a server: a PGlite instance (created with the `vector` and
     * `unaccent` extensions, e.g. by `createPglite`; the store never closes it), or a data folder
     * (`memory://` for a private in-memory database; the store closes it).
     */
    pglite: z
      .union([z.string().min(1), z.custom<PgliteLike>(isPgliteLike, 'must be a PGlite instance')])
      .optional(),
    /** A ready driver (tests, custom pools). The store closes it on `close()`. */
    driver: z.custom<PostgresDriver>(isDriver, 'must be a PostgresDriver').optional(),
    /**
     * The transaction-local setting that carries the namespace and that the row-level-security
     * policies compare rows against. Two lower-case identifiers joined by one dot. Default `cairn.namespace`.
     */
    namespaceSetting: z
      .string()
      .regex(SETTING_NAME, 'must be "prefix.name": two lower-case identifiers joined by one dot')
      .refine((value) => value.split('.').every((part) => part.length <= MAX_IDENTIFIER_LENGTH), {
        message: `each part must be at most ${MAX_IDENTIFIER_LENGTH} characters`,
      })
      .default('cairn.namespace'),
    /**
     * The non-privileged role scoped work switches to (`SET LOCAL ROLE`), so that row-level
     * security applies. Created by `migrate()` (NOLOGIN) when missing. Default `cairn_app`.
     */
    appRole: identifier.default('cairn_app'),
    /**
     * A text-search configuration (e.g. `english`, `german`, `simple`) from which `migrate()`
     * derives `cairn_fold_<name>` (which also folds diacritics with `unaccent`). Only schema
     * version 2 collections ranked with it; since version 3 lexical search is BM25 with the SQLite
     * store's tokenisation, and this setting affects no ranking. Default `english`.
     */
    textSearchConfig: identifier.max(MAX_IDENTIFIER_LENGTH - FOLDED_CONFIG_PREFIX.length).default('english'),
    /** Connection pool of the `pg` driver (ignored for PGlite). */
    pool: z
      .object({
        /** Connections kept open. Default 5. */
        size: z.number().int().min(1).default(5),
        /** Extra connections opened under load, closed again when idle. Default 5. */
        overflow: z.number().int().min(0).default(5),
        /**
         * Replace a pooled connection that died while idle: a transaction whose `BEGIN` fails on
         * it begins again on a fresh connection (the `BEGIN` is the check; no extra round trip).
         * Default true.
         */
        prePing: z.boolean().default(true),
        /** Idle time after which an overflow connection closes, in ms. Default 30000. */
        idleTimeoutMs: z.number().int().min(1).default(30_000),
        /** How long to wait for a connection, in ms; 0 waits forever. Default 10000. */
        connectionTimeoutMs: z.number().int().min(0).default(10_000),
        /**
         * Longest one statement may run before the server cancels it (`statement_timeout` of
         * every pooled connection), in ms; 0: no limit. Default 0.
         */
        statementTimeoutMs: z.number().int().min(0).default(0),
        /**
         * Whether a commit waits for its WAL to reach disk (PostgreSQL's `synchronous_commit`, set
         * on every pooled connection when false). `false` makes each write's `COMMIT` return
         * without that flush — faster ingest — at the price that a server crash (not a restart,
         * nor a killed client) can lose the last moments of committed writes, each whole (never
         * half a document); SQLite's WAL mode with `synchronous = NORMAL` makes the same trade.
         * Default true (the server's setting).
         */
        synchronousCommit: z.boolean().default(true),
      })
      .prefault({}),
    /**
     * Refresh a collection table's planner statistics (`ANALYZE`) after writes that grew it
     * markedly. Default: on for PGlite (no autovacuum there), off for servers.
     */
    autoAnalyze: z.boolean().optional(),
    /**
     * BM25 weights of the lexical fields (content, headings, document title and file name,
     * contextualizer text), as the SQLite store's; applied at query time.
     */
    lexicalWeights: lexicalWeightsSchema,
    /**
     * Whether the store provisions automatically: engines and collection services create a
     * missing collection on first write, and outdated collections are upgraded on first use. With
     * `false` neither happens (the runtime role may then hold data privileges only); the explicit
     * admin calls (`migrate`, `ensureRegistry`, `createCollection`, `dropCollection`) still issue
     * their DDL. Default true.
     */
    provision: z.boolean().default(true),
    /** IVFFlat search settings (for collections given an IVFFlat index by `buildVectorIndex`), applied per transaction. */
    ivfflat: z
      .object({
        /** Lists an IVFFlat scan visits; more find more of the true neighbours, slower. Default 10. */
        probes: z.number().int().min(1).max(32768).default(10),
      })
      .prefault({}),
    /** HNSW search settings, applied per transaction. */
    hnsw: z
      .object({
        /** Candidate list size of an index scan; raised to `topK` when smaller. Default 40. */
        efSearch: z.number().int().min(1).max(1000).default(40),
        /**
         * Most tuples an iterative index scan visits looking for rows that pass the filters before
         * it gives up (then an exact scan answers). Default 20000.
         */
        maxScanTuples: z.number().int().min(1).default(20_000),
      })
      .prefault({}),
  })
  .superRefine((options, context) => {
    const sources = [options.url, options.pglite, options.driver].filter((value) => value !== undefined);
    if (sources.length !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'give exactly one of url (a PostgreSQL server), pglite (in-process) or driver',
      });
    }
    if (options.replicas.length > 0 && options.url === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['replicas'],
        message: 'replicas are replicas of a server: give url (the primary) with them',
      });
    }
  });

/** Options accepted by {@link openPostgresStore}. */
export type PostgresStoreOptions = z.input<typeof postgresStoreOptionsSchema>;
/** Options with defaults applied. */
export type ResolvedPostgresStoreOptions = z.output<typeof postgresStoreOptionsSchema>;

/**
 * Validates options and applies defaults.
 * @throws {InvalidArgumentError} naming the first bad option, e.g. `options.appRole`.
 */
export function parsePostgresStoreOptions(options: PostgresStoreOptions): ResolvedPostgresStoreOptions {
  return parseOptions(postgresStoreOptionsSchema, options);
}
