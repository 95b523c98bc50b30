/**
 * `cairn ingest <paths...>`: files and folders into a collection, with a progress bar on a
 * terminal and a summary (or a JSON report with `--json`).
 * @module
 */
import { type Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import type { Metadata } from '../../core/types.js';
import { byteSize, secondsToMs } from './byte-size.js';
import {
  engineFromOptions,
  type GlobalOptions,
  isMissingDatabase,
  jsonObject,
  positiveInt,
  storeLocation,
  withCacheOption,
  withChatOption,
  withChunkingOptions,
  withEmbedderOptions,
  withExamples,
  withParseOptions,
  withScopeOptions,
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
    .option('--force', 're-ingest files even when unchanged')
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
    .option('--json', 'print a machine-readable report');
  withChunkingOptions(command);
  withScopeOptions(command);
  withEmbedderOptions(command);
  withChatOption(command, 'chat model for --contextualize llm');
  withParseOptions(command);
  withCacheOption(command);
  withExamples(command, [
    ["cairn ingest docs/ --include '**/*.md' --exclude 'drafts/**'", 'Markdown under docs/, drafts left out'],
    ['cairn ingest docs/ --prune --dry-run', 'what a prune would delete, without deleting it'],
    ['cairn ingest docs/ --metadata \'{"team":"ops"}\'', 'attach metadata to every document'],
    ['cairn ingest report.pdf --embedder openai:text-embedding-3-small', 'embed for dense search'],
    ['cairn ingest https://example.com/guide.html', 'fetch a URL and ingest it'],
    ['cairn ingest products.csv --text-fields name,description --id-field sku', 'one chunk per record'],
  ]);
  command.action(async (paths: string[], options: IngestOptions) => {
    // A dry run writes nothing, not even a new database: against one that does not exist yet,
    // it plans on an empty in-memory store, so every file shows as new.
    const planOnEmpty = options.dryRun === true && isMissingDatabase(storeLocation(options));
    const engine = await engineFromOptions(
      planOnEmpty ? { ...options, db: 'memory:' } : options,
      options.json,
      {
        create: !options.dryRun,
        cache: !options.dryRun && options.cache !== false,
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
    try {
      const report = await engine.ingestPaths(paths, {
        include: options.include,
        exclude: options.exclude,
        prune: options.prune,
        dryRun: options.dryRun,
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
        onProgress: ({ done, total, current }) => {
          if (!bar) return;
          if (done === 0) bar.start(total, 0, { current: printable(current) });
          bar.update(done, { current: printable(current) });
        },
      });
      bar?.stop();
      process.stdout.write(
        options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatIngestReport(report)}\n`,
      );
      if (report.totals.failed > 0) process.exitCode = 1;
    } finally {
      bar?.stop();
      await engine.close();
    }
  });
}
