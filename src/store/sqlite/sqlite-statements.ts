/**
 * A small least-recently-used cache of prepared statements, keyed by SQL text.
 * @module
 */
import type BetterSqlite3 from 'better-sqlite3';

/** Prepared statements by SQL text; at most `capacity` are kept. */
export class StatementCache {
  readonly #db: BetterSqlite3.Database;
  readonly #capacity: number;
  readonly #configure: (statement: BetterSqlite3.Statement) => BetterSqlite3.Statement;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  /**
   * @param db The connection statements are prepared on.
   * @param capacity Most statements kept; the least recently used goes first. Default 256.
   * @param configure Applied to each statement once, when it is prepared (e.g. `s => s.pluck()`).
   */
  constructor(
    db: BetterSqlite3.Database,
    capacity = 256,
    configure: (statement: BetterSqlite3.Statement) => BetterSqlite3.Statement = (statement) => statement,
  ) {
    this.#db = db;
    this.#capacity = capacity;
    this.#configure = configure;
  }

  /** The prepared statement for `sql`, prepared on first use. */
  get(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (statement !== undefined) {
      this.#statements.delete(sql);
    } else {
      statement = this.#configure(this.#db.prepare(sql));
      if (this.#statements.size >= this.#capacity) {
        this.#statements.delete(this.#statements.keys().next().value!);
      }
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  /** Forgets the statements whose SQL mentions `text` (e.g. a dropped table's name). */
  forget(text: string): void {
    for (const sql of this.#statements.keys()) if (sql.includes(text)) this.#statements.delete(sql);
  }

  /** Forgets every statement. */
  clear(): void {
    this.#statements.clear();
  }
}
