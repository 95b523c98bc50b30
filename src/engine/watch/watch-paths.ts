/**
 * Watch mode: an initial ingest of the watched paths, then chokidar's events, coalesced per path
 * and debounced ({@link ChangeQueue}), ingested batch by batch. A batch decides from what is on
 * disk when it runs, not from the events: a path that is a file is (re-)ingested (unchanged
 * content is skipped by its hash), a path that is gone or became a folder has its document
 * deleted. So an editor's save by rename (a temporary file renamed over the original, or vim's
 * backup written aside and deleted), which chokidar may report as any mix of unlink, add and
 * change, ends as one re-ingest of the file.
 *
 * Loaded by {@link Engine.watch} on first use, with chokidar.
 * @module
 */
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { InvalidArgumentError, isCairnError, NotFoundError } from '../../core/errors.js';
import { collectSourceFiles, documentIdFilter } from '../../ingest/collect-sources.js';
import { isUrl } from '../../ingest/fetch-source.js';
import type { IngestItem } from '../../ingest/pipeline.js';
import type { Engine, IngestPathsOptions, IngestReport } from '../engine.js';
import { type ChangedPaths, ChangeQueue } from './change-queue.js';
import {
  DEFAULT_WATCH_DEBOUNCE_MS,
  type IngestWatch,
  type WatchBatch,
  type WatchOptions,
} from './watch-types.js';

/** One path given to watch. */
interface WatchedRoot {
  /** Absolute path. */
  path: string;
  /** A folder (ids relative to it) or a named file (id: its base name). */
  kind: 'folder' | 'file';
  /** Named files only: whether `include`/`exclude` select it (decided once: they do not change). */
  selected: boolean;
  /** Set while a watched folder is gone: the timer that looks for it coming back. */
  poll?: NodeJS.Timeout;
}

/** What the engine tells the watch about itself. */
export interface WatchContext {
  /** Files the engine writes (database, cache, their journals): never watched. */
  ownFiles: string[];
}

/** How often a watched folder that was removed is looked for, in milliseconds. */
const ROOT_POLL_MS = 1000;

/** `full` relative to `base`, `/`-separated (a document id). */
function relativeId(base: string, full: string): string {
  return path.relative(base, full).split(path.sep).join('/');
}

/** True when `child` is `parent` or lies under it (absolute paths). */
function isUnder(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative === '' ||
    (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative))
  );
}

/** The kind of what is at `file` now (links not followed): `undefined` when nothing is. */
async function kindAt(file: string): Promise<'folder' | 'file' | undefined> {
  const info = await lstat(file).catch(() => undefined);
  if (!info) return undefined;
  return info.isDirectory() ? 'folder' : 'file';
}

/** The report of a batch from the reports of its ingests and what it removed. */
function batchReport(
  kind: WatchBatch['kind'],
  reports: IngestReport[],
  removed: string[],
  removedChunks: number,
  seconds: number,
  stopped: boolean,
): WatchBatch {
  const items: IngestItem[] = reports.flatMap((report) => report.items);
  const pruned = reports.flatMap((report) => report.pruned);
  const sum = (key: 'ingested' | 'unchanged' | 'skipped' | 'failed' | 'pages' | 'chunks' | 'deletedChunks') =>
    reports.reduce((n, report) => n + report.totals[key], 0);
  return {
    kind,
    items,
    pruned,
    removed,
    ...(stopped ? { stopped: true as const } : {}),
    totals: {
      ingested: sum('ingested'),
      unchanged: sum('unchanged'),
      skipped: sum('skipped'),
      failed: sum('failed'),
      pages: sum('pages'),
      chunks: sum('chunks'),
      pruned: pruned.length,
      removed: removed.length,
      deletedChunks: sum('deletedChunks') + removedChunks,
      seconds,
    },
  };
}

/**
 * Watches `paths` (folders and files) and keeps the collection in step with them; see
 * {@link Engine.watch}, which calls it.
 * @throws {InvalidArgumentError} for URLs, `dryRun`, or `debounceMs` that is not a number ≥ 0.
 * @throws {NotFoundError} when a path does not exist; whatever the initial ingest throws.
 */
export async function watchPaths(
  engine: Engine,
  paths: string[],
  options: WatchOptions,
  context: WatchContext,
): Promise<IngestWatch> {
  const debounceMs = options.debounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS;
  if (!(Number.isFinite(debounceMs) && debounceMs >= 0)) {
    throw new InvalidArgumentError('debounceMs', `must be a number of milliseconds ≥ 0, got ${debounceMs}`);
  }
  if ((options as IngestPathsOptions).dryRun) {
    throw new InvalidArgumentError(
      'dryRun',
      'a watch writes as files change; run a dry run without watching',
    );
  }
  if (paths.length === 0)
    throw new InvalidArgumentError('paths', 'give at least one file or folder to watch');
  const url = paths.find(isUrl);
  if (url !== undefined) {
    throw new InvalidArgumentError(
      'paths',
      `${url} is a URL, which cannot be watched; ingest it without watching`,
    );
  }
  // What is left are ingestPaths' options; what a watch does itself is taken out, also when a
  // caller without types passes it.
  const {
    debounceMs: _debounce,
    onBatch,
    onWarning,
    signal,
    prune,
    dryRun: _dryRun,
    root: _root,
    onProgress: _onProgress,
    ...ingestOptions
  } = options as WatchOptions & Pick<IngestPathsOptions, 'dryRun' | 'root' | 'onProgress'>;
  const warn = (message: string) => onWarning?.(message);
  const roots: WatchedRoot[] = [];
  for (const given of paths) {
    const absolute = path.resolve(given);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new NotFoundError(`${given}: no such file or folder`);
    const kind = info.isDirectory() ? 'folder' : 'file';
    const selected = kind === 'file' && (await collectSourceFiles([absolute], ingestOptions)).length > 0;
    roots.push({ path: absolute, kind, selected });
  }
  const own = new Set([...context.ownFiles, ...(options.skipFiles ?? [])].map((file) => path.resolve(file)));
  const selects = documentIdFilter(ingestOptions);
  const scope = {
    collection: options.collection ?? engine.collection,
    namespace: options.namespace ?? engine.namespace,
  };
  const stopping = new AbortController();
  const rootOf = (file: string) =>
    roots.find((root) => (root.kind === 'folder' ? isUnder(file, root.path) : file === root.path));

  // Hidden files and folders and node_modules under a watched folder are never read, so never
  // watched; nor are the engine's own files, wherever they are.
  const ignored = (file: string): boolean => {
    if (own.has(file)) return true;
    const root = rootOf(file);
    if (!root || root.kind === 'file' || file === root.path) return false;
    return relativeId(root.path, file)
      .split('/')
      .some((part) => part.startsWith('.') || part === 'node_modules');
  };
  const watcher: FSWatcher = watch(
    roots.map((root) => root.path),
    { ignoreInitial: true, atomic: true, followSymlinks: false, ignored },
  );

  /** Watches `folder` again: chokidar does not look into a folder that replaced a file. */
  const rewatch = (folder: string) => {
    watcher.unwatch(folder);
    watcher.add(folder);
  };

  /**
   * A watched folder that was removed, or the folder of a watched file: looked for until the
   * folder or file is back, then watched again and ingested.
   */
  const lookForRoot = (root: WatchedRoot) => {
    if (root.poll || stopping.signal.aborted) return;
    warn(
      root.kind === 'folder'
        ? `${root.path}: the watched folder was removed; its files' documents are removed, and it is watched for again`
        : `${root.path}: the folder of the watched file was removed; the file is watched for again`,
    );
    root.poll = setInterval(async () => {
      if ((await kindAt(root.path)) !== root.kind || stopping.signal.aborted || !root.poll) return;
      clearInterval(root.poll);
      root.poll = undefined;
      warn(`${root.path}: the watched ${root.kind} is back; watching it again`);
      rewatch(root.path);
      queue.add(root.path, root.kind === 'folder');
    }, ROOT_POLL_MS);
  };

  /** Ingests `files` (all under `root`, which they are relative to), retrying without vanished ones. */
  const ingestUnder = async (
    files: string[],
    root: WatchedRoot,
    gone: (file: string) => void,
  ): Promise<IngestReport | undefined> => {
    let remaining = files;
    while (remaining.length > 0) {
      try {
        return await engine.ingestPaths(remaining, {
          ...ingestOptions,
          ...(root.kind === 'folder' ? { root: root.path } : {}),
          signal: stopping.signal,
        });
      } catch (error) {
        // A file removed between the look and the read: its removal is this batch's too.
        if (!(isCairnError(error) && error.code === 'NOT_FOUND')) throw error;
        const present: string[] = [];
        for (const file of remaining) {
          if ((await kindAt(file)) === undefined) gone(file);
          else present.push(file);
        }
        if (present.length === remaining.length) throw error;
        remaining = present;
      }
    }
    return undefined;
  };

  /** The stored document ids among `ids` and under `prefixes`, sorted. */
  const storedAmong = async (ids: Set<string>, prefixes: string[]): Promise<string[]> => {
    if ((ids.size === 0 && prefixes.length === 0) || !(await engine.store.getCollection(scope.collection))) {
      return [];
    }
    const found = new Set<string>();
    if (prefixes.length > 0) {
      for (const doc of await engine.store.listDocuments(scope)) {
        if (prefixes.some((prefix) => doc.documentId.startsWith(prefix))) found.add(doc.documentId);
      }
    }
    for (const id of ids) {
      if (!found.has(id) && (await engine.store.getDocument(scope, id))) found.add(id);
    }
    return [...found].sort();
  };

  /** One batch: each changed path as it is on disk now. */
  const runChanges = async (changed: ChangedPaths): Promise<void> => {
    const began = performance.now();
    const reports: IngestReport[] = [];
    const removeIds = new Set<string>();
    const removePrefixes: string[] = [];
    const byRoot = new Map<WatchedRoot, string[]>();
    for (const [file, wasFolder] of changed) {
      const root = rootOf(file);
      if (!root || ignored(file)) continue;
      const now = await kindAt(file);
      if (root.kind === 'file') {
        if (now === 'file') byRoot.set(root, [file]);
        else if (root.selected) removeIds.add(path.basename(file));
        if ((await kindAt(path.dirname(file))) === undefined) lookForRoot(root);
        continue;
      }
      if (file === root.path) {
        if (now === 'folder') byRoot.set(root, [...(byRoot.get(root) ?? []), file]);
        else lookForRoot(root);
        continue;
      }
      const id = relativeId(root.path, file);
      if (now === 'folder') {
        // A folder now: whatever file had its name is gone, and what is in it is new.
        removeIds.add(id);
        if (!wasFolder) rewatch(file);
      } else {
        // A file now, or nothing: a folder that had its name is gone, with its files.
        if (wasFolder) removePrefixes.push(`${id}/`);
        if (now === undefined) removeIds.add(id);
      }
      if (now !== undefined) byRoot.set(root, [...(byRoot.get(root) ?? []), file]);
    }
    let stopped = false;
    for (const [root, files] of byRoot) {
      if (stopping.signal.aborted) break;
      const report = await ingestUnder(files, root, (file) => {
        removeIds.add(root.kind === 'file' ? path.basename(file) : relativeId(root.path, file));
      });
      if (report) reports.push(report);
      if (report?.stopped) stopped = true;
    }
    const removed: string[] = [];
    let removedChunks = 0;
    const written = new Set(reports.flatMap((report) => report.items.map((item) => item.documentId)));
    for (const id of await storedAmong(removeIds, removePrefixes)) {
      if (written.has(id) || !selects(id) || stopping.signal.aborted) continue;
      removedChunks += (await engine.deleteDocument(id, scope)).chunks;
      removed.push(id);
    }
    stopped ||= stopping.signal.aborted;
    const batch = batchReport(
      'change',
      reports,
      removed,
      removedChunks,
      (performance.now() - began) / 1000,
      stopped,
    );
    if (batch.items.length > 0 || batch.removed.length > 0) onBatch?.(batch);
  };

  const queue = new ChangeQueue({
    debounceMs,
    maxWaitMs: debounceMs * 10,
    run: runChanges,
    onError: (error, changed) => {
      const names = [...changed.keys()].slice(0, 5).join(', ');
      const more = changed.size > 5 ? ` and ${changed.size - 5} more` : '';
      warn(
        `could not ingest ${changed.size} change${changed.size === 1 ? '' : 's'} (${names}${more}): ` +
          `${(error as Error).message}; each is retried on its next change`,
      );
    },
  });

  watcher.on('all', (event, file) => {
    const root = rootOf(file);
    if (event === 'unlinkDir' && root?.kind === 'folder' && file === root.path) {
      lookForRoot(root);
      return;
    }
    queue.add(file, event === 'addDir' || event === 'unlinkDir');
  });
  watcher.on('error', (error) => {
    const code = (error as NodeJS.ErrnoException).code;
    const file = (error as NodeJS.ErrnoException).path;
    warn(`file watcher: ${file ? `${file}: ` : ''}${code ? `${code}: ` : ''}${(error as Error).message}`);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  let closing: Promise<void> | undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopping.abort();
      for (const root of roots) clearInterval(root.poll);
      try {
        await queue.close();
      } finally {
        await watcher.close();
        markClosed();
      }
    })();
    return closing;
  };
  const onAbort = () => void close();
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  void closed.then(() => signal?.removeEventListener('abort', onAbort));

  // The initial ingest starts once chokidar has taken its first look, so that a change is either
  // read by it or seen as an event (queued behind it, and ingested next).
  try {
    await Promise.race([ready, closed]);
    await queue.runJob(async () => {
      const began = performance.now();
      const report = await engine.ingestPaths(paths, { ...ingestOptions, prune, signal: stopping.signal });
      onBatch?.(
        batchReport('initial', [report], [], 0, (performance.now() - began) / 1000, report.stopped === true),
      );
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { close, closed, idle: () => queue.idle() };
}
