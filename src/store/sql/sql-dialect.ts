/**
 * The SQL dialect layer shared by the SQLite and PostgreSQL backends, split the way kysely splits
 * a dialect: a connection that runs statements ({@link SqlConnection}), a small compiler of the
 * parts that differ in SQL text ({@link SqlDialect}: placeholders and casts, list membership, the
 * namespace condition, JSON filters, value decoding), and the statements both engines share
 * (`sql-statements.ts`). Each backend overrides only what differs.
 * @module
 */
import type { FilterNode } from '../../core/filter/filter-node.js';

/** The logical type of a bound value; each dialect chooses its placeholder and encoding. */
export type SqlType = 'text' | 'int' | 'real' | 'bool' | 'json' | 'timestamp' | 'text[]';

/** A piece of SQL with its positional parameters, in order. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/** Collects parameters while SQL text is assembled. */
export interface SqlParams {
  /** Adds a value and returns the placeholder to splice in (e.g. `?` or `$3::text[]`). */
  bind(value: unknown, type: SqlType): string;
  /** The encoded values bound so far, in placeholder order. */
  readonly values: unknown[];
}

/** One connection inside a transaction. */
export interface SqlConnection {
  /** Runs a statement and returns its rows. */
  all<Row>(statement: SqlStatement): Promise<Row[]>;
  /** Runs a statement that returns no rows. */
  run(statement: SqlStatement): Promise<void>;
}

/**
 * How a scan may find a namespace's rows: `index` lets the planner use the `(namespace, …)`
 * indexes (id lookups, keyset pages); `scan` asks for a plain table scan where a whole namespace
 * is read anyway (dense search, filtered counts). Dialects without the distinction ignore it.
 */
export type NamespaceAccess = 'index' | 'scan';

/** The parts of SQL text that differ between engines. */
export interface SqlDialect {
  /** Engine name, for messages. */
  readonly name: string;
  /** A fresh parameter list for one statement. */
  params(): SqlParams;
  /** A quoted identifier (for names cairn derives itself; quoting is belt and braces). */
  quote(identifier: string): string;
  /** `column` is one of `values` (a non-empty list of strings), bound as one parameter. */
  inList(column: string, values: readonly string[], params: SqlParams): string;
  /**
   * The condition that confines table alias `alias` to `namespace`, or `undefined` where the
   * database confines every statement itself (row-level security).
   */
  namespaceCondition(
    alias: string,
    namespace: string,
    params: SqlParams,
    access: NamespaceAccess,
  ): string | undefined;
  /** A boolean expression over the JSON metadata `column` that is true exactly when `filter` holds. */
  filter(filter: FilterNode, column: string, params: SqlParams): string;
  /** The literal for true (`1` or `TRUE`). */
  readonly trueLiteral: string;
  /** Appended to a registry read that holds the row against a concurrent drop ('' where transactions serialise). */
  readonly forShare: string;
  /** The select expression of a chunk's embedding, aliased `embedding`. */
  readonly embeddingColumn: string;
  /** A JSON column value as the driver returns it, parsed. */
  readJson<T>(value: unknown): T;
  /** A boolean column value as the driver returns it. */
  readBool(value: unknown): boolean;
  /** A timestamp column value as an ISO-8601 string. */
  readTime(value: unknown): string;
  /** An embedding as {@link embeddingColumn} returns it, as float32 values. */
  readEmbedding(value: unknown): number[];
}
