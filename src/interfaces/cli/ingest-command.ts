/**
 * `cairn ingest <paths...>`: files and folders into a collection, with a progress bar on a
 * terminal and a summary (or a JSON report with `--json`).
 * @module
 */
import { SingleBar } from 'cli-progress';
import { type Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import type { Metadata } from '../../core/types.js';
import {
  engineFromOptions,
  type GlobalOptions,
  jsonObject,
  ownFiles,
  positiveInt,
  withEngineOptions,
} from './context.js';
import { formatIngestReport } from './format.js';

interface IngestOptions extends GlobalOptions {
  include?: string[];
  exclude?: string[];
  prune?: boolean;
  force?: boolean;
  metadata?: Metadata;
  json?: boolean;
  textFields?: string[];
  idField?: string;
  recordsPerChunk?: number;
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
  withEngineOptions(program.command('ingest'))
    .description(
      'ingest files, folders and URLs (PDF, DOCX, PPTX, HTML, Markdown, text, images, audio); unchanged files are skipped',
    )
    .argument('<paths...>', 'files or folders (folders are walked recursively)')
    .option('--include <glob>', 'only files matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip files matching this glob (repeatable)', collect)
    .option('--prune', 'delete stored documents that are no longer under the given paths')
    .option('--force', 're-ingest files even when unchanged')
    .option(
      '--metadata <json>',
      'metadata attached to every document and its chunks (JSON object)',
      jsonObject('--metadata'),
    )
    .option('--chunk-size <tokens>', 'chunk budget in tokens (default 512)')
    .option('--chunk-overlap <tokens>', 'overlap between chunks in tokens (default 64)')
    .option(
      '--contextualize <kind>',
      'add context to chunks before embedding: structural | llm (needs --chat)',
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
    .option('--json', 'print a machine-readable report')
    .action(async (paths: string[], options: IngestOptions) => {
      const engine = await engineFromOptions(options, options.json, { create: true });
      const bar =
        process.stderr.isTTY && !options.json
          ? new SingleBar({ format: 'ingest [{bar}] {value}/{total} {current}', stream: process.stderr })
          : undefined;
      try {
        const report = await engine.ingestPaths(paths, {
          include: options.include,
          exclude: options.exclude,
          skipFiles: ownFiles(options),
          prune: options.prune,
          force: options.force,
          metadata: options.metadata,
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
            if (done === 0) bar.start(total, 0, { current });
            bar.update(done, { current });
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
