/**
 * `cairn ingest <paths...>`: files and folders into a collection, with a progress bar on a
 * terminal and a summary (or a JSON report with `--json`).
 * @module
 */
import { type Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import { InvalidArgumentError } from '../../core/errors.js';
import type { Metadata } from '../../core/types.js';
import type { Engine, IngestPathsOptions } from '../../engine/engine.js';
import { byteSize, secondsToMs } from './byte-size.js';
import {
  engineFromOptions,
  type GlobalOptions,
  isMissingDatabase,
  jsonObject,
  nonNegative,
  positiveInt,
  storeLocation,
  tracedCommand,
  withCacheOption,
  withChatOption,
  withChunkingOptions,
  withEmbedderOptions,
  withExamples,
  withParseOptions,
  withScopeOptions,
  withTraceOption,
} from './context.js';

interface IngestOptions extends GlobalOptions {
  include?: string[];
  exclude?: string[];
  prune?: boolean;
  dryRun?: boolean;
  force?: boolean;
  metadata?: Metadata;
  json?: boolean;
  textFields?: string[];
  idField?: string;
  recordsPerChunk?: number;
  followSymlinks?: boolean;
  maxFileSize?: number;
  parseTimeout?: number;
  parseMemory?: number;
  watch?: boolean;
  debounce?: number;
}

/** `--text-fields a,b`: field names, trimmed, none empty. */
function fieldList(value: string): string[] {
  const fields = value.split(',').map((f) => f.trim());
  if (fields.some((f) => f === '')) {
    throw new CommanderArgumentError(`--text-fields must be field names separated by commas, got "${value}"`);
  }
  return fields;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Registers `ingest`. */
export function registerIngestCommand(program: Command): void {
  const command = program
    .command('ingest')
    .description(
      'ingest files, folders and URLs (PDF, DOCX, PPTX, HTML, Markdown, text, images, audio); unchanged files are skipped',
    )
    .argument('<paths...>', 'files or folders (folders are walked recursively)')
    .option('--include <glob>', 'only files matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip files matching this glob (repeatable)', collect)
    .option(
      '--prune',
      'delete stored documents that --include/--exclude would select but that are no longer under the given paths',
    )
    .option(
      '--dry-run',
      'write nothing: list the files that would be read and the documents --prune would delete',
    )
    .option(
      '--force',
      're-ingest files even when unchanged: chunk and store them again; parsed pages and embeddings still come from the cache unless --no-cache',
    )
    .option(
      '--metadata <json>',
      "metadata of every document and its chunks (JSON object); omitted, stored documents keep theirs; '{}' clears it",
      jsonObject('--metadata'),
    )
    .option(
      '--text-fields <a,b>',
      "CSV, TSV, JSON and JSONL: the fields that are a record's text; the others become metadata (default: all fields are both)",
      fieldList,
    )
    .option(
      '--id-field <name>',
      'CSV, TSV, JSON and JSONL: the field that identifies a record (required and unique; names it in citations)',
    )
    .option(
      '--records-per-chunk <n>',
      'CSV, TSV, JSON and JSONL: consecutive records packed into one chunk (default 1)',
      positiveInt('--records-per-chunk'),
    )
    .option('--follow-symlinks', 'also ingest files that symbolic links lead to outside the folders given')
    .option(
      '--max-file-size <size>',
      'skip larger files unread, e.g. 1GiB (default 256MB)',
      byteSize('--max-file-size'),
    )
    .option(
      '--parse-timeout <seconds>',
      'stop parsing a file after this long; it fails with the reason (default 60)',
      secondsToMs('--parse-timeout'),
    )
    .option(
      '--parse-memory <MB>',
      'memory cap of the process parsing a file; past it the file fails (default 1024)',
      positiveInt('--parse-memory'),
    )
    .option(
      '--watch',
      'after ingesting, watch the folders and files: re-ingest what changes, remove what is deleted, until Ctrl-C',
    )
    .option(
      '--debounce <ms>',
      'with --watch: milliseconds without a new change before the changes are ingested (default 300)',
      nonNegative('--debounce'),
    )
    .option(
      '--json',
      'print a machine-readable report (with --watch: one JSON object per batch, a line each)',
    );
  withChunkingOptions(command);
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command, 'chat model for --contextualize llm');
  withParseOptions(command);
  withCacheOption(command);
  withTraceOption(command);
  withExamples(command, [
    ["cairn ingest docs/ --include '**/*.md' --exclude 'drafts/**'", 'Markdown under docs/, drafts left out'],
    ['cairn ingest docs/ --prune --dry-run', 'what a prune would delete, without deleting it'],
    ['cairn ingest docs/ --metadata \'{"team":"ops"}\'', 'attach metadata to every document'],
    ['cairn ingest report.pdf --embedder openai:text-embedding-3-small', 'embed for dense search'],
    ['cairn ingest https://example.com/guide.html', 'fetch a URL and ingest it'],
    ['cairn ingest products.csv --text-fields name,description --id-field sku', 'one chunk per record'],
    ["cairn ingest docs/ --watch --include '**/*.md'", 'keep the collection in step with docs/ until Ctrl-C'],
  ]);
  command.action((paths: string[], options: IngestOptions) =>
    tracedCommand(options.trace, () => runIngest(paths, options)),
  );
}

/** `cairn ingest`'s action. */
async function runIngest(paths: string[], options: IngestOptions): Promise<void> {
  if (options.watch) await checkWatchable(paths, options);
  // A dry run writes nothing, not even a new database: against one that does not exist yet,
  // it plans on an empty in-memory store, so every file shows as new.
  const planOnEmpty = options.dryRun === true && isMissingDatabase(storeLocation(options));
  // Notes that come while the progress bar is drawn wait for it to finish: written into the
  // bar's line they would break it.
  let barShown = false;
  const heldNotes: string[] = [];
  const note = (message: string) => {
    if (barShown) heldNotes.push(message);
    else process.stderr.write(`note: ${message}\n`);
  };
  const endBar = () => {
    if (!barShown) return;
    bar?.stop();
    barShown = false;
    for (const message of heldNotes.splice(0)) process.stderr.write(`note: ${printable(message)}\n`);
  };
  const engine = await engineFromOptions(
    planOnEmpty ? { ...options, db: 'memory:' } : options,
    options.json,
    {
      create: !options.dryRun,
      cache: !options.dryRun && options.cache !== false,
      onNotice: note,
      ...(options.dryRun ? {} : { readyFor: 'ingest' as const }),
    },
  );
  const [{ SingleBar }, { formatIngestReport, printable }] = await Promise.all([
    import('cli-progress'),
    import('./format.js'),
  ]);
  const bar =
    process.stderr.isTTY && !options.json && !options.dryRun
      ? new SingleBar({ format: 'ingest [{bar}] {value}/{total} {current}', stream: process.stderr })
      : undefined;
  if (options.watch) {
    try {
      await watchAndReport(engine, paths, options);
    } finally {
      await engine.close();
    }
    return;
  }
  // Ctrl-C: each document is written in one transaction, so those done are saved and a re-run
  // skips them (same content hash); say so in one line rather than vanish.
  let progress = { done: 0, total: 0 };
  const onInterrupt = () => {
    endBar();
    process.stderr.write(
      `interrupted: ${progress.done} of ${progress.total} sources were saved; run the same command again to ingest the rest\n`,
    );
    process.exit(130);
  };
  if (!options.dryRun) process.once('SIGINT', onInterrupt);
  try {
    const report = await engine.ingestPaths(paths, {
      ...ingestOptions(options),
      dryRun: options.dryRun,
      onProgress: ({ done, total, current }) => {
        progress = { done, total };
        if (!bar) return;
        if (!barShown) {
          bar.start(total, 0, { current: printable(current) });
          barShown = true;
        }
        bar.update(done, { current: printable(current) });
      },
    });
    endBar();
    process.stdout.write(
      options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatIngestReport(report)}\n`,
    );
    if (report.totals.failed > 0) process.exitCode = 1;
  } finally {
    process.off('SIGINT', onInterrupt);
    endBar();
    await engine.close();
  }
}

/** The `ingestPaths` options the flags give, those of watch mode too. */
function ingestOptions(options: IngestOptions): IngestPathsOptions {
  return {
    include: options.include,
    exclude: options.exclude,
    prune: options.prune,
    force: options.force,
    metadata: options.metadata,
    followSymlinks: options.followSymlinks,
    maxFileSize: options.maxFileSize,
    parseLimits: { timeoutMs: options.parseTimeout, memoryMb: options.parseMemory },
    ...(options.textFields || options.idField || options.recordsPerChunk
      ? {
          structured: {
            textFields: options.textFields,
            idField: options.idField,
            recordsPerChunk: options.recordsPerChunk,
          },
        }
      : {}),
  };
}

/**
 * `--watch` goes with neither `--dry-run` nor URLs: refused before anything is opened.
 * @throws {InvalidArgumentError} naming `--watch` (exit 2).
 */
async function checkWatchable(paths: string[], options: IngestOptions): Promise<void> {
  if (options.dryRun) {
    throw new InvalidArgumentError('--watch', 'cannot be combined with --dry-run, which writes nothing');
  }
  const { isUrl } = await import('../../ingest/fetch-source.js');
  const url = paths.find(isUrl);
  if (url !== undefined) {
    throw new InvalidArgumentError(
      '--watch',
      `${url} is a URL, which cannot be watched; ingest it without --watch`,
    );
  }
}

/**
 * `--watch`: the initial ingest's summary, then a line per change (or, with `--json`, a JSON
 * line per batch) until SIGINT or SIGTERM, which stop the watch after the file being ingested;
 * a second signal exits at once (the store's replace of a document is one transaction, so that
 * too leaves every document whole).
 */
async function watchAndReport(engine: Engine, paths: string[], options: IngestOptions): Promise<void> {
  const { formatIngestReport, formatWatchBatch, printable } = await import('./format.js');
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) {
      process.stderr.write(`${signal} again: stopping now\n`);
      process.exit(130);
    }
    if (!options.json) process.stderr.write(`${signal}: stopping after the file being ingested\n`);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const watch = await engine.watch(paths, {
      ...ingestOptions(options),
      ...(options.debounce === undefined ? {} : { debounceMs: options.debounce }),
      signal: stop.signal,
      onBatch: (batch) => {
        if (options.json) process.stdout.write(`${JSON.stringify(batch)}\n`);
        else if (batch.kind === 'initial') process.stdout.write(`${formatIngestReport(batch)}\n`);
        else process.stdout.write(formatWatchBatch(batch));
      },
      onWarning: (message) => process.stderr.write(`warning: ${printable(message)}\n`),
    });
    if (!options.json && !stop.signal.aborted) {
      const names = paths.map((p) => printable(p)).join(', ');
      process.stderr.write(`watching ${names} for changes (Ctrl-C stops)\n`);
    }
    await watch.closed;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
