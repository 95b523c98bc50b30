/**
 * The changes a watch has seen and not yet ingested: coalesced per path, released as one batch
 * after a quiet time (trailing debounce, bounded by a longest wait), and run one batch at a time.
 * @module
 */

/** The paths of one batch, each once; `true` when an event said the path was a folder. */
export type ChangedPaths = Map<string, boolean>;

/** Options of {@link ChangeQueue}. */
export interface ChangeQueueOptions {
  /** Milliseconds without a new change before a batch starts. */
  debounceMs: number;
  /** Longest wait, in milliseconds, from a batch's first change to its start. */
  maxWaitMs: number;
  /** Runs one batch. Never called while another runs. Should not throw; a rejection goes to `onError`. */
  run: (paths: ChangedPaths) => Promise<void>;
  /** Receives a batch's rejection. */
  onError: (error: unknown, paths: ChangedPaths) => void;
}

/** Coalesces changes per path and runs them as serial, debounced batches. */
export class ChangeQueue {
  readonly #options: ChangeQueueOptions;
  #pending: ChangedPaths = new Map();
  /** When the oldest and the newest pending change arrived (`performance.now()`). */
  #firstAt = 0;
  #lastAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #closed = false;
  #idle: Array<() => void> = [];

  constructor(options: ChangeQueueOptions) {
    this.#options = options;
  }

  /** Notes a change of `path` (`folder`: the event was about a folder). */
  add(path: string, folder = false): void {
    if (this.#closed) return;
    const now = performance.now();
    if (this.#pending.size === 0) this.#firstAt = now;
    this.#lastAt = now;
    this.#pending.set(path, (this.#pending.get(path) ?? false) || folder);
    this.#schedule();
  }

  /** Runs `job` as a batch of its own, after the batch running (if any). */
  async runJob(job: () => Promise<void>): Promise<void> {
    while (this.#running) await this.#running;
    if (this.#closed) return;
    const running = job().finally(() => this.#finished());
    this.#running = running.then(
      () => undefined,
      () => undefined,
    );
    return running;
  }

  /** Resolves when no batch runs and none is waiting (at once when closed). */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Drops pending changes, stops scheduling, and waits for the batch running. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = new Map();
    await this.#running;
    this.#notifyIdle();
  }

  #isIdle(): boolean {
    return this.#closed || (!this.#running && this.#timer === undefined && this.#pending.size === 0);
  }

  #notifyIdle(): void {
    if (!this.#isIdle()) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #schedule(): void {
    if (this.#closed || this.#running || this.#pending.size === 0) return;
    clearTimeout(this.#timer);
    const now = performance.now();
    const due = Math.min(this.#lastAt + this.#options.debounceMs, this.#firstAt + this.#options.maxWaitMs);
    this.#timer = setTimeout(() => this.#flush(), Math.max(0, due - now));
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#closed || this.#running || this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    this.#running = this.#options
      .run(batch)
      .catch((error: unknown) => this.#options.onError(error, batch))
      .finally(() => this.#finished());
  }

  /** After a batch: the next one is scheduled from the changes that came in meanwhile. */
  #finished(): void {
    this.#running = undefined;
    this.#schedule();
    this.#notifyIdle();
  }
}
