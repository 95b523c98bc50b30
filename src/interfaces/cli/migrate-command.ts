/**
 * `cairn migrate --from URL --to URL`: copies collections between stores with their embeddings,
 * document records and registry entries (no re-embedding), resumably, with progress on stderr.
 * @module
 */
import type { Command } from 'commander';
import { openStore } from '../../engine/store-schemes.js';
import { type MigrateProgress, migrateStore } from '../../store/migrate.js';
import { positiveInt } from './context.js';

interface MigrateOptions {
  from: string;
  to: string;
  collection?: string[];
  namespace?: string[];
  batchSize?: number;
  bulk?: boolean;
  maintenanceWorkMem?: string;
  json?: boolean;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function describe(progress: MigrateProgress): string {
  const { collection, namespace, copied, skipped, documents, chunks, bulk, done } = progress;
  const how = bulk ? (done ? ', bulk load committed' : ' read, bulk load under way') : ' written';
  return `${collection} (${namespace}): ${copied + skipped}/${documents} documents, ${copied} copied, ${skipped} already there, ${chunks} chunks${how}`;
}

/** Registers `cairn migrate`. */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description(
      'copy collections from one store to another with their embeddings and document records; a rerun resumes',
    )
    .requiredOption(
      '--from <url>',
      'source store: a SQLite file, sqlite:, pglite:, postgres://, chroma://, qdrant://, opensearch://',
    )
    .requiredOption('--to <url>', 'target store (same forms)')
    .option('--collection <name>', 'a collection to copy (repeatable; default every one)', collect)
    .option('--namespace <name>', 'a namespace to copy (repeatable; default "default")', collect)
    .option('--batch-size <n>', 'chunks per read and write (default 500)', positiveInt('--batch-size'))
    .option(
      '--bulk',
      "copy each namespace with the target's bulk load, one transaction (postgres:// and pglite: targets; default when the target namespace is empty)",
    )
    .option('--no-bulk', 'copy document by document even into an empty postgres:// or pglite: namespace')
    .option(
      '--maintenance-work-mem <size>',
      "PostgreSQL's maintenance_work_mem for a bulk load's index builds, e.g. 1GB (default the server's)",
    )
    .option('--json', 'print the result as JSON')
    .action(async (options: MigrateOptions) => {
      const from = await openStore(options.from);
      try {
        const to = await openStore(options.to);
        try {
          const interactive = process.stderr.isTTY === true;
          const result = await migrateStore(from, to, {
            collections: options.collection,
            namespaces: options.namespace,
            batchSize: options.batchSize,
            bulk: options.bulk,
            maintenanceWorkMem: options.maintenanceWorkMem,
            onProgress: (progress) => {
              if (progress.done)
                process.stderr.write(`${interactive ? '\r\u001b[2K' : ''}${describe(progress)}\n`);
              else if (interactive) process.stderr.write(`\r\u001b[2K${describe(progress)}`);
            },
          });
          if (options.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          else {
            const copied = result.reduce((sum, entry) => sum + entry.copied, 0);
            const skipped = result.reduce((sum, entry) => sum + entry.skipped, 0);
            process.stdout.write(
              `migrated ${copied} documents (${skipped} already there) from ${options.from} to ${options.to}\n`,
            );
          }
        } finally {
          await to.close();
        }
      } finally {
        await from.close();
      }
    });
}
