/**
 * `cairn ingest <paths...>`: files and folders into a collection, with a progress bar on a
 * terminal and a summary (or a JSON report with `--json`).
 * @module
 */
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { Metadata } from '../../core/types.js';
import { byteSize, secondsToMs } from './byte-size.js';
import {
  engineFromOptions,
  type GlobalOptions,
  jsonObject,
  ownFiles,
  positiveInt,
  withEngineOptions,
} from './context.js';
import { formatIngestReport, printable } from './format.js';

interface IngestOptions extends GlobalOptions {
  include?: string[];
  exclude?: string[];
  prune?: boolean;
  force?: boolean;
  metadata?: Metadata;
  json?: boolean;
  followSymlinks?: boolean;
  maxFileSize?: number;
  parseTimeout?: number;
  parseMemory?: number;
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
          followSymlinks: options.followSymlinks,
          maxFileSize: options.maxFileSize,
          parseLimits: { timeoutMs: options.parseTimeout, memoryMb: options.parseMemory },
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
