/**
 * A lock that lets one asynchronous task run at a time, for backends with a single connection
 * (SQLite through better-sqlite3, the memory store): a transaction that awaits between its
 * statements must not interleave with another one on the same connection.
 * @module
 */

/** First come, first served; a task that throws releases the lock like one that returns. */
export class SerialLock {
  #tail: Promise<void> = Promise.resolve();

  /** Runs `task` once every task queued before it has settled, and resolves as it does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
