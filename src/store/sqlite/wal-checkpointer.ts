/**
 * WAL checkpoints on a worker thread, so that the writer does not copy the log back into the
 * database file itself. See `docs/dense-build.md` (Inserts) for what it saves.
 *
 * A second better-sqlite3 connection to the same file, in a worker thread, runs
 * `PRAGMA wal_checkpoint(PASSIVE)` when the writer tells it a write transaction committed — at
 * most every {@link CHECKPOINT_INTERVAL_MS}. A passive checkpoint takes no lock a writer or reader
 * waits for (SQLite's "checkpoint" lock only), copies the frames no reader still needs, and is
 * crash-safe as any checkpoint is: the WAL keeps every committed frame until a later writer
 * restarts it after a complete copy. The writer's own automatic checkpoint stays as a backstop,
 * raised to {@link BACKSTOP_PAGES} while the worker runs.
 *
 * Lifecycle, so that a process always exits on its own:
 * - The worker starts only once the WAL file has grown past {@link START_ABOVE_BYTES} (a store
 *   that writes a few documents never starts a thread).
 * - It is unref'd from the start: it never keeps a process alive, and nothing awaits it except
 *   {@link WalCheckpointer.close}, which refs it for exactly as long as it waits for its exit (an
 *   `await` on an unref'd worker's exit would leave a top-level `await` unsettled when the event
 *   loop runs dry, and Node ends such a process with exit code 13).
 * - A process that ends without closing its store ends the worker with it; the database loses
 *   nothing (the WAL holds every commit; the next connection checkpoints it).
 * - Any failure (the thread or its connection) stops it for good and puts the writer's automatic
 *   checkpoint back to SQLite's default.
 * @module
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** The least time between two checkpoint requests (ms). */
export const CHECKPOINT_INTERVAL_MS = 250;
/** The WAL size (bytes) past which the worker starts: 8 MiB. */
export const START_ABOVE_BYTES = 8 * 2 ** 20;
/** The writer's `wal_autocheckpoint` (pages) while the worker runs; SQLite's default is 1,000. */
export const BACKSTOP_PAGES = 4000;
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/**
 * The worker's source (CommonJS, run with `eval`: no file to find beside the compiled module,
 * whichever way the package is built or bundled). It opens the database, runs a passive
 * checkpoint per message, and on 'close' closes its connection and ends its thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, {
  fileMustExist: true,
  ...(workerData.nativeBinding === undefined ? {} : { nativeBinding: workerData.nativeBinding }),
});
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    checkpoint.run();
  } catch {
    // SQLITE_BUSY (another checkpoint, a recovery): the next request or the writer's backstop does it.
  }
});
`;

/** Where the worker loads better-sqlite3 from (resolved by the writer's own load). */
export interface CheckpointerDriver {
  /** `require.resolve('better-sqlite3')`. */
  driver: string;
  /** The native addon's path, when known (see `loadDriver` in `sqlite-store.ts`). */
  nativeBinding?: string;
}

/** Passive WAL checkpoints of one database file on a worker thread; see the module comment. */
export class WalCheckpointer {
  readonly #db: BetterSqlite3.Database;
  readonly #path: string;
  readonly #driver: CheckpointerDriver;
  readonly #startAboveBytes: number;
  #worker: Worker | undefined;
  /** Set after a failure or `close`: nothing starts again. */
  #stopped = false;
  #lastRequest = 0;

  /**
   * @param db The writer's connection (its `wal_autocheckpoint` is raised while the worker runs).
   * @param path The database file (not `:memory:`).
   * @param startAboveBytes The WAL size past which the worker starts (tests lower it).
   */
  constructor(
    db: BetterSqlite3.Database,
    path: string,
    driver: CheckpointerDriver,
    startAboveBytes = START_ABOVE_BYTES,
  ) {
    this.#db = db;
    // Resolved now: the worker opens it later, and the process may change folders meanwhile.
    this.#path = resolve(path);
    this.#driver = driver;
    this.#startAboveBytes = startAboveBytes;
  }

  /** Whether the worker thread is running (for tests). */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /**
   * Called after each write transaction commits: starts the worker once the WAL is large enough,
   * and asks it for a checkpoint at most every {@link CHECKPOINT_INTERVAL_MS}. Never throws.
   */
  committed(): void {
    if (this.#stopped) return;
    if (this.#worker === undefined) {
      if (!this.#walLargerThan(this.#startAboveBytes)) return;
      this.#start();
      if (this.#worker === undefined) return;
    }
    const now = Date.now();
    if (now - this.#lastRequest < CHECKPOINT_INTERVAL_MS) return;
    this.#lastRequest = now;
    this.#worker.postMessage('checkpoint');
  }

  /**
   * Stops the worker: it closes its connection and its thread ends. Resolves when it has (the
   * worker is ref'd meanwhile, so the process waits for it), after which the writer's connection
   * is the file's last in this process and its close checkpoints and removes the WAL.
   */
  async close(): Promise<void> {
    this.#stopped = true;
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker === undefined) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  #walLargerThan(bytes: number): boolean {
    try {
      return statSync(`${this.#path}-wal`).size > bytes;
    } catch {
      return false;
    }
  }

  #start(): void {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { path: this.#path, ...this.#driver },
        // Its own small heap: it holds one connection and one statement.
        resourceLimits: { maxOldGenerationSizeMb: 16 },
      });
    } catch {
      this.#stopped = true;
      return;
    }
    worker.unref();
    worker.on('error', () => this.#failed(worker));
    worker.on('exit', () => this.#failed(worker));
    this.#worker = worker;
    this.#setAutocheckpoint(BACKSTOP_PAGES);
  }

  /** The worker failed or ended other than by `close`: the writer checkpoints alone from now on. */
  #failed(worker: Worker): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    this.#stopped = true;
    this.#setAutocheckpoint(SQLITE_DEFAULT_AUTOCHECKPOINT);
  }

  #setAutocheckpoint(pages: number): void {
    try {
      if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${pages}`);
    } catch {
      // A closed or busy connection keeps its setting; it only decides who copies the log.
    }
  }
}
