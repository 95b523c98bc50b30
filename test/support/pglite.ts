/**
 * PGlite databases for tests, each new and empty, started from a copy of a data folder made once
 * by `initdb` instead of running `initdb` again (PGlite's `loadDataDir`): on the two-core
 * development machine a database took 1.5 s of CPU from `initdb` and 0.4 s from the copy (the
 * first PGlite of a process also compiles the WebAssembly, about 2.5 s more).
 *
 * Within a test run (`CAIRN_TEST_RUN_TMP`, set by temp-root.ts) the copy is kept as a file in the
 * run's folder, made by the first test file that needs it and read by the others; outside a run
 * each process makes its own.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createPglite } from '../../src/store/postgres/pglite-driver.js';

let template: Promise<Blob> | undefined;

/** The data folder after `initdb`, as the tarball `dumpDataDir` makes: from the run's file when there is one. */
async function makeTemplate(): Promise<Blob> {
  const run = process.env.CAIRN_TEST_RUN_TMP;
  const file = run === undefined ? undefined : path.join(run, 'pglite-initdb.tar');
  if (file !== undefined && existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await createPglite();
  const dump = await db.dumpDataDir('none');
  await db.close();
  if (file !== undefined) {
    // Written whole under another name, then renamed: a file running beside this one never reads half of it.
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return dump;
}

/**
 * A new in-memory PGlite database with the extensions the store needs, as `createPglite()` makes
 * one, but without running `initdb`. The caller closes it.
 */
export async function freshPglite(): Promise<PGlite> {
  template ??= makeTemplate();
  return createPglite({ loadDataDir: await template });
}

/** A PGlite database served over a socket on 127.0.0.1, for the `pg` driver (see {@link servePglite}). */
export interface ServedPglite {
  /** The database behind the socket, for direct queries (emptying tables between tests). */
  db: PGlite;
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  /** Stops the server and closes the database. */
  close(): Promise<void>;
}

/**
 * `database` (a {@link freshPglite} when not given) served on an ephemeral port of 127.0.0.1, up
 * to 16 connections at once, so that `pg` reaches it as it would a server.
 */
export async function servePglite(database?: PGlite): Promise<ServedPglite> {
  const db = database ?? (await freshPglite());
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 16 });
  await server.start();
  return {
    db,
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
