/**
 * A throwaway PostgreSQL server of a test's own, for tests that stop or restart the server (never
 * the shared one at `CAIRN_TEST_POSTGRES_URL`): `initdb` into a temporary folder and `pg_ctl` on a
 * free port, as the `postgres` operating-system user, with pgvector taken from the system-wide
 * installation that `scripts/setup-postgres.sh` makes. The test connects as the superuser over
 * 127.0.0.1 with trust authentication; the folder is deleted when the suite ends.
 *
 * Needs root (to run the server as `postgres`) and PostgreSQL's binaries with pgvector. Without
 * them the block is skipped with the reason in its title; on CI (`CI=true`) it fails instead.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';

const exec = promisify(execFile);

/** Generous limit for `pg_ctl` to start or stop the server, in seconds (a busy machine is slow). */
const PG_CTL_WAIT_S = 180;

/** A running throwaway server. */
export interface PrivateServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  readonly url: string;
  /** Stops the server (`pg_ctl stop -m fast`: open transactions are rolled back, connections closed). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL with pgvector installed, or `undefined`. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(root, version, 'lib', 'vector.so')))
      return bin;
  }
  return undefined;
}

/** Why no private server can be made here, or `undefined` when one can. */
function unavailable(): string | undefined {
  if (process.platform !== 'linux') return 'needs Linux';
  if (process.getuid?.() !== 0) return 'needs root, to run a server as the postgres user';
  if (postgresBin() === undefined)
    return 'needs PostgreSQL with pgvector installed (sudo scripts/setup-postgres.sh installs them)';
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function asPostgres(command: string, args: string[]): Promise<void> {
  await exec('runuser', ['-u', 'postgres', '--', command, ...args], { timeout: (PG_CTL_WAIT_S + 30) * 1000 });
}

/**
 * Registers `body` as a `describe` block given a private server (made in `beforeAll`, removed in
 * `afterAll`). Without the means to make one, the block is skipped with the reason, or on CI it fails.
 */
export function describeOnPrivatePostgres(title: string, body: (server: () => PrivateServer) => void): void {
  const reason = unavailable();
  if (reason !== undefined) {
    if (process.env.CI === 'true') {
      describe(title, () => {
        it('can make a private PostgreSQL server', () => {
          throw new Error(`no private PostgreSQL server for the tests on CI: ${reason}`);
        });
      });
    } else {
      describe.skip(`${title} (skipped: no private PostgreSQL server; ${reason})`, () => {
        it('needs a private PostgreSQL server', () => {});
      });
    }
    return;
  }
  describe(title, () => {
    let server: PrivateServer | undefined;
    let dir: string | undefined;
    beforeAll(
      async () => {
        const bin = postgresBin()!;
        dir = mkdtempSync(path.join(os.tmpdir(), 'cairn-pg-'));
        const { stdout } = await exec('id', ['-u', 'postgres']);
        const { stdout: gid } = await exec('id', ['-g', 'postgres']);
        chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
        const data = path.join(dir, 'data');
        const port = await freePort();
        await asPostgres(path.join(bin, 'initdb'), [
          '-D',
          data,
          '-A',
          'trust',
          '-U',
          'postgres',
          '-E',
          'UTF8',
          '--no-instructions',
        ]);
        const pgCtl = (...args: string[]) =>
          asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', String(PG_CTL_WAIT_S), ...args]);
        // Prepared transactions let a test hold a lock across a restart (see postgres-faults.test.ts).
        const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_prepared_transactions=4`;
        const start = () => pgCtl('-l', path.join(dir!, 'server.log'), '-o', options, 'start');
        await start();
        server = {
          url: `postgres://postgres@127.0.0.1:${port}/postgres`,
          start,
          stop: () => pgCtl('-m', 'fast', 'stop'),
          restart: () => pgCtl('-m', 'fast', '-l', path.join(dir!, 'server.log'), '-o', options, 'restart'),
        };
      },
      (PG_CTL_WAIT_S + 60) * 1000,
    );
    afterAll(
      async () => {
        if (dir === undefined) return;
        const bin = postgresBin()!;
        await asPostgres(path.join(bin, 'pg_ctl'), [
          '-D',
          path.join(dir, 'data'),
          '-m',
          'immediate',
          'stop',
        ]).catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
      (PG_CTL_WAIT_S + 60) * 1000,
    );
    body(() => {
      if (server === undefined) throw new Error('the private server is made in beforeAll');
      return server;
    });
  });
}
