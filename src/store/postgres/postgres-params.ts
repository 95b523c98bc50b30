/**
 * Collects positional parameters (`$1`, `$2`, …) while SQL text is assembled.
 * @module
 */
import type { SqlParams, SqlType } from '../sql/sql-dialect.js';

/** A PostgreSQL type a placeholder is cast to, e.g. `text[]`, `jsonb`, `vector(384)`. */
export type ParamType =
  | 'text'
  | 'text[]'
  | 'int'
  | 'int[]'
  | 'boolean'
  | 'boolean[]'
  | 'float8'
  | 'numeric'
  | 'jsonb'
  | 'regconfig'
  | 'timestamptz'
  | (string & {});

/** How the shared layer's logical types are cast here. */
const CASTS: Record<SqlType, ParamType> = {
  text: 'text',
  int: 'int',
  real: 'float8',
  bool: 'boolean',
  json: 'jsonb',
  timestamp: 'timestamptz',
  'text[]': 'text[]',
};

/** A piece of SQL with its positional parameters, in order. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/**
 * An ordered list of bound values; {@link PostgresParams.bind} returns the placeholder to splice
 * in, always with an explicit cast.
 */
export class PostgresParams implements SqlParams {
  /** The values bound so far, in placeholder order. */
  readonly values: unknown[] = [];

  /**
   * Adds a value and returns its placeholder with an explicit cast, e.g. `$3::text[]`. The same
   * placeholder may be spliced in several times; the value is sent once.
   * @param value The value; strings, numbers, booleans, `null` and arrays of those (a `json`
   *   value is sent as its JSON text).
   * @param type A logical type of the shared layer, or the PostgreSQL type to cast to.
   */
  bind(value: unknown, type: SqlType | ParamType): string {
    const cast = CASTS[type as SqlType] ?? type;
    this.values.push(type === 'json' && value !== null ? JSON.stringify(value) : value);
    return `$${this.values.length}::${cast}`;
  }
}
