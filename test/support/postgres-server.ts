/**
 * The real PostgreSQL server the tests may use: `CAIRN_TEST_POSTGRES_URL`, as printed by
 * `scripts/setup-postgres.sh` (the owner role's URL; scoped work switches to the non-BYPASSRLS
 * runtime role). Each test file makes its own database on it, so files running in parallel never
 * drop each other's tables.
 *
 * Without the variable, tests that need the server are skipped with the reason in their title;
 * on CI (`CI=true`) they fail instead, so a missing server never passes unnoticed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';

/** The environment variable holding the server URL. */
export const POSTGRES_URL_VARIABLE = 'CAIRN_TEST_POSTGRES_URL';

const HOW_TO =
  `set ${POSTGRES_URL_VARIABLE} to a PostgreSQL 15+ server with pgvector 0.8+ ` +
  '(eval "$(sudo scripts/setup-postgres.sh)" sets one up)';

/** The server URL, or `undefined` when none is configured. */
export function postgresServerUrl(): string | undefined {
  const url = process.env[POSTGRES_URL_VARIABLE];
  return url === undefined || url === '' ? undefined : url;
}

/** A database of its own on the server, dropped when the suite ends. */
export interface ServerDatabase {
  /** Its connection URL (same role and host as {@link postgresServerUrl}). */
  readonly url: string;
  /** Its name. */
  readonly name: string;
}

interface AdminClient {
  connect(): Promise<unknown>;
  query(sql: string): Promise<{ rows: Array<Record<string, unknown>> }>;
  end(): Promise<void>;
}

/** Runs `sql` on `url` in a short-lived connection. */
export async function onServer<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const pg = await import('pg');
  const client: AdminClient = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Registers `body` as a `describe` block that needs the server: given a fresh database (created
 * in `beforeAll` by the URL's role, dropped in `afterAll`). Without a server the block is skipped
 * with the reason, or on CI it fails.
 * @param title The block's title.
 * @param body Registers the tests; `database()` returns the database once `beforeAll` ran.
 */
export function describeOnPostgresServer(
  title: string,
  body: (database: () => ServerDatabase) => void,
): void {
  const url = postgresServerUrl();
  if (url === undefined) {
    if (process.env.CI === 'true') {
      describe(title, () => {
        it('has a PostgreSQL server to run on', () => {
          throw new Error(`no PostgreSQL server for the tests on CI: ${HOW_TO}`);
        });
      });
    } else {
      describe.skip(`${title} (skipped: no PostgreSQL server; ${HOW_TO})`, () => {
        it('needs a PostgreSQL server', () => {});
      });
    }
    return;
  }
  describe(title, () => {
    let database: ServerDatabase | undefined;
    beforeAll(async () => {
      const name = `cairn_t_${randomBytes(6).toString('hex')}`;
      await onServer(url, `CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      database = { url: target.toString(), name };
    });
    afterAll(async () => {
      if (database !== undefined) await dropTestDatabase(url, database.name);
    });
    body(() => {
      if (database === undefined) throw new Error('the server database is made in beforeAll');
      return database;
    });
  });
}

/**
 * Drops a throwaway test database on the server at `url`. FORCE terminates its sessions, and the
 * server refuses to terminate one whose current role is another (a store's pooled connection
 * inside `SET ROLE` to the runtime role); such a session ends within moments, so this tries again
 * (10 times, 0.5 s apart) and then leaves the database behind rather than fail a suite on its
 * cleanup.
 */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
