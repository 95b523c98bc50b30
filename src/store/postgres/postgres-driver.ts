/**
 * The driver seam: the little the store needs from a PostgreSQL client, typed structurally so
 * that neither `pg` nor PGlite is imported by anything that does not use it.
 * @module
 */

/** What a query returns: its rows, and how many rows it inserted, updated or deleted. */
export interface PostgresResult<Row> {
  rows: Row[];
  /** Rows affected by `INSERT`/`UPDATE`/`DELETE`; 0 when the driver cannot tell. */
  rowCount: number;
}

/** Runs one statement with positional (`$n`) parameters. */
export interface PostgresQueryable {
  /**
   * Runs one statement. Values are strings, numbers, booleans, `null` or arrays of those; the SQL
   * casts each placeholder to its type.
   */
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<PostgresResult<Row>>;
}

/**
 * A connection source: a pool of server connections, or one in-process PGlite database.
 *
 * The store runs every statement that carries parameters inside {@link PostgresDriver.transaction},
 * and keeps every setting transaction-local, so drivers whose connections share one backend session
 * (PGlite served over a socket) behave like a real server.
 */
export interface PostgresDriver {
  /** `pg` or `pglite`, for messages. */
  readonly kind: 'pg' | 'pglite';
  /**
   * Runs `work` in a transaction on one connection: `BEGIN`, then `COMMIT` when it resolves, or
   * `ROLLBACK` when it throws (the error is rethrown).
   */
  transaction<T>(work: (tx: PostgresQueryable) => Promise<T>): Promise<T>;
  /** True when a trivial round trip succeeds; never throws. */
  ping(): Promise<boolean>;
  /** Releases connections (or the database, when the driver opened it). */
  close(): Promise<void>;
}
