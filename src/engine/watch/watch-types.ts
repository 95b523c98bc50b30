/**
 * The shapes of watch mode ({@link Engine.watch}): its options, the report of each batch and the
 * handle that stops it. Types only: importing them loads no file watcher.
 * @module
 */
import type { Engine, IngestPathsOptions, IngestReport } from '../engine.js';

/** The default quiet time before a batch of changes is ingested: 300 ms. */
export const DEFAULT_WATCH_DEBOUNCE_MS = 300;

/**
 * Options of {@link Engine.watch}: those of `ingestPaths` (globs, metadata, structured settings,
 * parse limits, size and symlink policy, `prune` for the initial ingest, `force`), less what a
 * watch cannot do (`dryRun`) or does itself (`root`, `onProgress`), plus its own.
 */
export interface WatchOptions extends Omit<IngestPathsOptions, 'dryRun' | 'root' | 'onProgress' | 'signal'> {
  /**
   * Milliseconds without a new change before the changes seen are ingested as one batch
   * (trailing debounce); under changes that never pause, a batch starts at the latest 10 ×
   * this long after its first change. Default {@link DEFAULT_WATCH_DEBOUNCE_MS}.
   */
  debounceMs?: number;
  /**
   * Receives each batch once it is done: first the initial ingest of `paths` (`kind: 'initial'`,
   * as `ingestPaths` reports it), then each batch of changes. Batches never overlap, so a
   * document is never ingested twice at once. Should not throw.
   */
  onBatch?: (batch: WatchBatch) => void;
  /**
   * Receives what goes wrong outside a file's own ingest, as a message: a watched folder that was
   * removed (and when it comes back), an error of the file watcher (a folder that cannot be
   * read, too many watched files), a batch that failed as a whole (its changes are retried on
   * their next change). The watch goes on.
   */
  onWarning?: (message: string) => void;
  /** Aborting it closes the watch, as {@link IngestWatch.close} does. */
  signal?: AbortSignal;
}

/** What one batch did. */
export interface WatchBatch extends IngestReport {
  /**
   * `initial`: the ingest of the watched paths when the watch started; `change`: the files that
   * changed since the previous batch.
   */
  kind: 'initial' | 'change';
  /**
   * Documents deleted because their file is gone from a watched folder: deleted, renamed or
   * moved away, or replaced by a folder. Only ids that `include`/`exclude` select are deleted, as
   * with `prune`. (`pruned` lists what the initial ingest's `prune` deleted.)
   */
  removed: string[];
  totals: IngestReport['totals'] & {
    /** Documents in `removed`; their chunks are counted in `deletedChunks`. */
    removed: number;
  };
}

/** A running watch, from {@link Engine.watch}. */
export interface IngestWatch {
  /**
   * Stops watching: pending changes are dropped, the batch running finishes the file it is
   * ingesting (whose chunks are replaced in one transaction, so a document is never half
   * indexed) and reads no other. Resolves when nothing more will be written; the engine stays
   * open. Calling it again returns the same promise.
   */
  close(): Promise<void>;
  /** Resolves once the watch is closed, by {@link close} or by `signal`. */
  readonly closed: Promise<void>;
  /**
   * Resolves when no batch is running and no change is waiting for its debounce: every change
   * seen so far has been ingested (or the watch closed).
   */
  idle(): Promise<void>;
}
