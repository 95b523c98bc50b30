/**
 * A streaming read replica of the test server: `CAIRN_TEST_POSTGRES_REPLICA_URL`, as printed by
 * `scripts/setup-postgres-replica.sh` (the primary's URL with the replica's port). Each test file
 * makes its own database on the primary (see `postgres-server.ts`); it reaches the replica by
 * replication.
 *
 * Without both variables, tests that need the replica are skipped with the reason in their title;
 * on CI (`CI=true`) they fail instead, so a missing replica never passes unnoticed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dropTestDatabase, onServer, POSTGRES_URL_VARIABLE, postgresServerUrl } from './postgres-server.js';

/** The environment variable holding the replica's URL. */
export const POSTGRES_REPLICA_URL_VARIABLE = 'CAIRN_TEST_POSTGRES_REPLICA_URL';

const HOW_TO =
  `set ${POSTGRES_URL_VARIABLE} and ${POSTGRES_REPLICA_URL_VARIABLE} to a PostgreSQL 15+ server and a streaming ` +
  'replica of it (eval "$(sudo scripts/setup-postgres.sh)"; eval "$(sudo -E scripts/setup-postgres-replica.sh)" sets them up)';

/** How long a new database may take to appear on the replica, in ms (replay is usually well under a second). */
const REPLICATION_WAIT_MS = 120_000;

/** The replica's URL, or `undefined` when none is configured. */
export function postgresReplicaUrl(): string | undefined {
  const url = process.env[POSTGRES_REPLICA_URL_VARIABLE];
  return url === undefined || url === '' ? undefined : url;
}

/** A database of its own on the primary, and its URL on the replica. */
export interface ReplicatedDatabase {
  /** Its URL on the primary. */
  readonly url: string;
  /** Its URL on the replica (read-only). */
  readonly replicaUrl: string;
  /** Its name. */
  readonly name: string;
}

/** `url` with its database replaced by `name`. */
function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * Registers `body` as a `describe` block that needs the server and its replica: given a fresh
 * database, created on the primary in `beforeAll` and waited for on the replica, dropped in
 * `afterAll`. Without them the block is skipped with the reason, or on CI it fails.
 */
export function describeOnPostgresReplica(
  title: string,
  body: (database: () => ReplicatedDatabase) => void,
): void {
  const url = postgresServerUrl();
  const replicaUrl = postgresReplicaUrl();
  if (url === undefined || replicaUrl === undefined) {
    if (process.env.CI === 'true') {
      describe(title, () => {
        it('has a PostgreSQL server and a replica to run on', () => {
          throw new Error(`no PostgreSQL replica for the tests on CI: ${HOW_TO}`);
        });
      });
    } else {
      describe.skip(`${title} (skipped: no PostgreSQL replica; ${HOW_TO})`, () => {
        it('needs a PostgreSQL server and a replica', () => {});
      });
    }
    return;
  }
  describe(title, () => {
    let database: ReplicatedDatabase | undefined;
    beforeAll(async () => {
      const name = `cairn_t_${randomBytes(6).toString('hex')}`;
      await onServer(url, `CREATE DATABASE ${name}`);
      const replica = withDatabase(replicaUrl, name);
      const deadline = Date.now() + REPLICATION_WAIT_MS;
      for (;;) {
        try {
          await onServer(replica, 'SELECT 1');
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      database = { url: withDatabase(url, name), replicaUrl: replica, name };
    }, REPLICATION_WAIT_MS + 10_000);
    afterAll(async () => {
      if (database !== undefined) await dropTestDatabase(url, database.name);
    });
    body(() => {
      if (database === undefined) throw new Error('the replicated database is made in beforeAll');
      return database;
    });
  });
}

/**
 * Waits until the replica at `replicaUrl` has replayed everything the primary at `url` had
 * written when called (its `pg_last_wal_replay_lsn()` reaches the primary's `pg_current_wal_lsn()`).
 * @throws when it has not within {@link REPLICATION_WAIT_MS}.
 */
export async function waitForReplay(url: string, replicaUrl: string): Promise<void> {
  const [row] = await onServer<{ lsn: string }>(url, 'SELECT pg_current_wal_lsn()::text AS lsn');
  const deadline = Date.now() + REPLICATION_WAIT_MS;
  for (;;) {
    const [replayed] = await onServer<{ done: boolean }>(
      replicaUrl,
      `SELECT pg_last_wal_replay_lsn() >= '${row!.lsn}'::pg_lsn AS done`,
    );
    if (replayed?.done) return;
    if (Date.now() > deadline)
      throw new Error(`the replica has not replayed ${row!.lsn} after ${REPLICATION_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
