/**
 * Read replicas: searches of a store opened with `replicas` run on a streaming replica, and
 * everything else on the primary. With `session` consistency (the default) a search made after a
 * write through the same store object goes to a replica only once that replica has replayed the
 * write (`pg_last_wal_replay_lsn()` at or past the primary's WAL position taken after the write
 * committed); until then it runs on the primary. A replica that cannot be reached, or that cancels
 * the search (a recovery conflict), is skipped and the primary answers.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import { isConnectionFailure } from './postgres-connection-error.js';
import type { PostgresDriver, PostgresQueryable } from './postgres-driver.js';

/**
 * How current a search on a replica must be:
 * - `session`: sees every write this store object made (read-your-writes), but not necessarily
 *   writes other processes made in the last moments (replication lag, usually under a second);
 * - `eventual`: any replica answers at once, so a search right after an ingest may miss what the
 *   ingest wrote until the replica replays it.
 */
export type ReplicaConsistency = 'session' | 'eventual';

/** How long a replica that failed to connect is left out before it is tried again, in ms. */
export const REPLICA_RETRY_MS = 10_000;

/** URL query parameters {@link replicaUrlParameters} takes out of a primary's URL. */
const REPLICA_PARAMETER = 'replica';
const CONSISTENCY_PARAMETER = 'replicaConsistency';

/**
 * Splits the replica settings out of a primary's URL, so a single `--db` (CLI, config file,
 * `CAIRN_DB`) can name them: `replica=HOST:PORT` (repeatable; the user, password and database of
 * the primary, as a streaming replica has them) or `replica=` a percent-encoded `postgres://` URL,
 * and `replicaConsistency=session|eventual`.
 * @example `postgres://cairn:pw@db1:5432/cairn?replica=db2:5432&replica=db3:5432`
 * @returns The URL without those parameters, the replica URLs, and the consistency when given.
 * @throws {InvalidArgumentError} for a malformed replica or consistency.
 */
export function replicaUrlParameters(url: string): {
  url: string;
  replicas: string[];
  consistency?: ReplicaConsistency;
} {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, replicas: [] };
  }
  const values = parsed.searchParams.getAll(REPLICA_PARAMETER);
  const consistency = parsed.searchParams.get(CONSISTENCY_PARAMETER) ?? undefined;
  if (values.length === 0 && consistency === undefined) return { url, replicas: [] };
  if (consistency !== undefined && consistency !== 'session' && consistency !== 'eventual') {
    throw new InvalidArgumentError(
      'url',
      `${CONSISTENCY_PARAMETER} must be session or eventual, got "${consistency}"`,
    );
  }
  parsed.searchParams.delete(REPLICA_PARAMETER);
  parsed.searchParams.delete(CONSISTENCY_PARAMETER);
  const replicas = values.map((value) => {
    if (/^postgres(ql)?:\/\//i.test(value)) return value;
    const replica = new URL(parsed.toString());
    replica.host = value;
    // The URL's host setter ignores what is no host; then the primary's host would stay.
    if (!/^[^\s/?#@]+$/.test(value) || replica.host.toLowerCase() !== value.toLowerCase()) {
      throw new InvalidArgumentError(
        'url',
        `${REPLICA_PARAMETER}=${value} must be HOST:PORT or a percent-encoded postgres:// URL`,
      );
    }
    return replica.toString();
  });
  return { url: parsed.toString(), replicas, ...(consistency === undefined ? {} : { consistency }) };
}

/** Thrown inside a replica's transaction that has not replayed this store's last write; never escapes. */
class NotCaughtUp extends Error {}

/** One replica's pool, and when it may be tried again after a connection failure. */
interface Replica {
  readonly driver: PostgresDriver;
  retryAt: number;
}

/** Chooses where a search runs; see the module. */
export class ReplicaRouter {
  readonly consistency: ReplicaConsistency;
  readonly #primary: PostgresDriver;
  readonly #replicas: Replica[];
  #next = 0;
  /** The primary's WAL position after this store's last write (`pg_lsn` text), in `session` mode. */
  #writeLsn: string | undefined;
  /** The replicas that showed they had replayed {@link #writeLsn}: no need to ask them again. */
  readonly #caughtUp = new WeakSet<Replica>();

  constructor(primary: PostgresDriver, replicas: readonly PostgresDriver[], consistency: ReplicaConsistency) {
    this.#primary = primary;
    this.#replicas = replicas.map((driver) => ({ driver, retryAt: 0 }));
    this.consistency = consistency;
  }

  /** The replica pools. */
  get drivers(): PostgresDriver[] {
    return this.#replicas.map((replica) => replica.driver);
  }

  /**
   * Records that a write committed on the primary: in `session` mode, reads the primary's WAL
   * position (`pg_current_wal_lsn()`, at or past the write's commit record, since the commit has
   * returned), which a replica must have replayed before it serves this store's searches.
   */
  async noteWrite(): Promise<void> {
    if (this.consistency !== 'session' || this.#replicas.length === 0) return;
    const lsn = await this.#primary.transaction(
      async (tx) =>
        (await tx.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn,
    );
    if (lsn === undefined) return;
    this.#writeLsn = lsn;
    for (const replica of this.#replicas) this.#caughtUp.delete(replica);
  }

  /** Makes every replica wait for `lsn` (used when a write's WAL position could not be read). */
  noteUnknownWrite(lsn: string): void {
    if (this.consistency !== 'session' || this.#replicas.length === 0) return;
    this.#writeLsn = lsn;
    for (const replica of this.#replicas) this.#caughtUp.delete(replica);
  }

  /**
   * Runs `work` (one read-only transaction) on a replica when one can serve it, else returns
   * `undefined` and the caller runs it on the primary. Replicas are taken in turn; one whose
   * connection fails is left out for {@link REPLICA_RETRY_MS}. Errors of `work` itself propagate.
   * @param work The search, given the replica's transaction handle.
   */
  async run<T>(work: (tx: PostgresQueryable) => Promise<T>): Promise<{ value: T } | undefined> {
    const now = Date.now();
    for (let tried = 0; tried < this.#replicas.length; tried += 1) {
      const replica = this.#replicas[this.#next % this.#replicas.length]!;
      this.#next = (this.#next + 1) % this.#replicas.length;
      if (replica.retryAt > now) continue;
      const wanted = this.#caughtUp.has(replica) ? undefined : this.#writeLsn;
      try {
        const value = await replica.driver.transaction(async (tx) => {
          if (wanted !== undefined) {
            const { rows } = await tx.query<{ caught_up: boolean | null }>(
              'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up',
              [wanted],
            );
            // NULL: not a replica at all (a primary's URL given as a replica); its data is current.
            if (rows[0]?.caught_up === false) throw new NotCaughtUp();
          }
          return work(tx);
        });
        if (wanted !== undefined && this.#writeLsn === wanted) this.#caughtUp.add(replica);
        return { value };
      } catch (error) {
        if (error instanceof NotCaughtUp) continue;
        if (isConnectionFailure(error)) {
          replica.retryAt = Date.now() + REPLICA_RETRY_MS;
          continue;
        }
        // A standby cancels a query whose rows replay must remove (SQLSTATE 40001, "conflict with
        // recovery"): the primary answers instead.
        if ((error as { code?: unknown }).code === '40001') return undefined;
        throw error;
      }
    }
    return undefined;
  }

  /** Closes the replica pools. */
  async close(): Promise<void> {
    await Promise.all(this.#replicas.map((replica) => replica.driver.close()));
  }
}
