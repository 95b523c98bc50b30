/**
 * The {@link PostgresDriver} over a `pg` connection pool, loaded on first use.
 * @module
 */
import { ConfigError } from '../../core/errors.js';
import type { PostgresDriver, PostgresQueryable, PostgresResult } from './postgres-driver.js';

/** Pool settings of {@link createPgDriver}. */
export interface PgPoolSettings {
  /** Connections kept open when idle. */
  size: number;
  /** Extra connections opened under load and closed once idle for `idleTimeoutMs`. */
  overflow: number;
  /**
   * Replace a pooled connection that turns out dead when a transaction begins: the transaction's
   * own `BEGIN` is the check (no extra round trip); a connection that fails it is discarded and the
   * transaction begins once more on a fresh one.
   */
  prePing: boolean;
  /** How long an overflow connection may sit idle before it is closed, in ms. */
  idleTimeoutMs: number;
  /** How long to wait for a connection before failing, in ms (0: no limit). */
  connectionTimeoutMs: number;
  /**
   * Longest a statement may run before the server cancels it (PostgreSQL's `statement_timeout`,
   * set on every connection), in ms; 0 or absent: no limit.
   */
  statementTimeoutMs?: number;
  /** False: `synchronous_commit = off` on every connection (commits do not wait for the WAL flush). */
  synchronousCommit?: boolean;
}

/** The parts of a `pg` client the driver calls. */
interface PgClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  release(destroy?: boolean | Error): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/** The parts of a `pg` pool the driver calls. */
interface PgPoolLike {
  connect(): Promise<PgClientLike>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: PgClientLike) => void): unknown;
}

type PgPoolConstructor = new (config: Record<string, unknown>) => PgPoolLike;

/**
 * Opens a `pg` pool on `url`. Connections are made lazily; nothing is sent until the first call.
 * @param url A `postgres://` connection URL.
 * @param settings Pool sizing and health checks.
 * @throws {ConfigError} when the `pg` package cannot be loaded.
 */
export async function createPgDriver(url: string, settings: PgPoolSettings): Promise<PostgresDriver> {
  const Pool = await loadPool();
  const pool = new Pool({
    connectionString: url,
    max: settings.size + settings.overflow,
    min: settings.size,
    idleTimeoutMillis: settings.idleTimeoutMs,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
    // A startup parameter: no statement per connection or transaction.
    ...(settings.synchronousCommit === false ? { options: '-c synchronous_commit=off' } : {}),
    application_name: 'cairn',
    // Idle pooled connections do not keep the process alive; close() still ends them.
    allowExitOnIdle: true,
  });
  // An idle connection that the server drops emits here; the pool discards it. Without a listener
  // the error would crash the process.
  pool.on('error', () => {});
  // Every connection keeps a listener for its whole life: between a checked-out client's release
  // and the pool's own idle listener, or while a discarded client is ending, the server's notice
  // of a shutdown (57P01) would otherwise be an unhandled 'error' event and crash the process. The
  // statement in flight still fails with it; {@link PgDriver} watches checked-out clients for it.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return new PgDriver(pool, settings.prePing);
}

async function loadPool(): Promise<PgPoolConstructor> {
  try {
    const pg = (await import('pg')) as unknown as {
      default?: { Pool: PgPoolConstructor };
      Pool?: PgPoolConstructor;
    };
    const Pool = pg.default?.Pool ?? pg.Pool;
    if (Pool === undefined) throw new Error('pg exports no Pool');
    return Pool;
  } catch (error) {
    throw new ConfigError(`the PostgreSQL store needs the package pg: npm install pg (${String(error)})`);
  }
}

class PgDriver implements PostgresDriver {
  readonly kind = 'pg' as const;
  readonly #pool: PgPoolLike;
  readonly #prePing: boolean;

  constructor(pool: PgPoolLike, prePing: boolean) {
    this.#pool = pool;
    this.#prePing = prePing;
  }

  async transaction<T>(work: (tx: PostgresQueryable) => Promise<T>): Promise<T> {
    const { client, watch } = await this.#begin();
    let broken: unknown;
    try {
      const result = await work(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError;
      }
      throw error;
    } finally {
      client.off('error', watch.listener);
      client.release(broken === undefined && watch.lost === undefined ? undefined : true);
    }
  }

  async ping(): Promise<boolean> {
    try {
      const client = await this.#pool.connect();
      const onError = () => {};
      client.on('error', onError);
      try {
        await client.query('SELECT 1');
        client.release();
        return true;
      } catch (error) {
        client.release(true);
        throw error;
      } finally {
        client.off('error', onError);
      }
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }

  /**
   * A pooled client in a transaction (`BEGIN` sent), watched for connection errors. With
   * pre-ping, a client whose `BEGIN` fails (its connection died while it sat in the pool) is
   * discarded and the transaction begins on a fresh one; `BEGIN` changes nothing, so sending it
   * again is safe, and a live connection costs no extra round trip (a separate `SELECT 1` cost
   * about 12% of an ingest's statement time; `bench/postgres-statements.mjs`). The pool listens
   * for errors of idle clients only: a checked-out client whose connection the server ends (a
   * restart, a terminated backend) emits 'error', which without a listener would crash the
   * process; with it, the statement in flight or the next one fails instead, and the client is
   * discarded on release.
   */
  async #begin(): Promise<{ client: PgClientLike; watch: ClientWatch }> {
    const client = await this.#pool.connect();
    const watch = watchClient(client);
    try {
      await client.query('BEGIN');
      return { client, watch };
    } catch (error) {
      client.off('error', watch.listener);
      client.release(true);
      if (!this.#prePing) throw error;
    }
    const fresh = await this.#pool.connect();
    const freshWatch = watchClient(fresh);
    try {
      await fresh.query('BEGIN');
      return { client: fresh, watch: freshWatch };
    } catch (error) {
      fresh.off('error', freshWatch.listener);
      fresh.release(true);
      throw error;
    }
  }
}

/** The connection error a checked-out client reported, if any. */
interface ClientWatch {
  lost: Error | undefined;
  readonly listener: (error: Error) => void;
}

function watchClient(client: PgClientLike): ClientWatch {
  const watch: ClientWatch = {
    lost: undefined,
    listener: (error) => {
      watch.lost = error;
    },
  };
  client.on('error', watch.listener);
  return watch;
}

function wrap(client: PgClientLike): PostgresQueryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<PostgresResult<Row>> {
      const result = await client.query(sql, [...params]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
  };
}
