/**
 * Collects positional parameters (`$1`, `$2`, …) while SQL text is assembled.
 * @module
 */

/** The cast types parameters are bound with; every parameter carries an explicit cast. */
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

/** A piece of SQL with its positional parameters, in order. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/** An ordered list of bound values; {@link SqlParams.bind} returns the placeholder to splice in. */
export class SqlParams {
  /** The values bound so far, in placeholder order. */
  readonly values: unknown[] = [];

  /**
   * Adds a value and returns its placeholder with an explicit cast, e.g. `$3::text[]`. The same
   * placeholder may be spliced in several times; the value is sent once.
   * @param value The value; strings, numbers, booleans, `null` and arrays of those.
   * @param type The SQL type the placeholder is cast to.
   */
  bind(value: unknown, type: ParamType): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}
