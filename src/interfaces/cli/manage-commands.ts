/**
 * `cairn collections`, `cairn documents` and `cairn delete`: store-only commands, which open no
 * models.
 * @module
 */
import { type Command, Option } from 'commander';
import {
  DOCUMENT_SORTS,
  type DocumentQuery,
  type DocumentSort,
  MAX_DOCUMENT_PAGE,
} from '../../core/document-query.js';
import { NotFoundError } from '../../core/errors.js';
import type { Store } from '../../core/ports.js';
import type { DocumentRecord } from '../../core/types.js';
import {
  type GlobalOptions,
  nonNegativeInt,
  positiveInt,
  storeFromOptions,
  withExamples,
  withScopeOptions,
  withStoreOption,
} from './context.js';
import { printable } from './printable.js';

interface JsonOption extends GlobalOptions {
  json?: boolean;
}

interface DocumentsOptions extends JsonOption {
  search?: string;
  sort?: DocumentSort;
  desc?: boolean;
  limit?: number;
  offset?: number;
}

function print(json: boolean | undefined, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`);
}

/** Opens the store, runs `work` on it, and closes it. */
async function withStore<T>(options: GlobalOptions, work: (store: Store) => Promise<T>, create = false) {
  const store = await storeFromOptions(options, { create });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The collection and namespace `-c` and `-n` name. */
function scopeOf(options: GlobalOptions) {
  return { collection: options.collection ?? 'default', namespace: options.namespace ?? 'default' };
}

/** Registers the management commands. */
export function registerManageCommands(program: Command): void {
  const collections = program.command('collections').description('list, create or drop collections');
  withExamples(collections, [
    ['cairn collections', 'list collections with model, dimension and chunk count'],
    [
      'cairn collections create docs-en --model text-embedding-3-small --dimension 1536',
      'a dense collection',
    ],
    ['cairn collections drop scratch', 'drop a collection with its documents'],
  ]);
  withStoreOption(collections.command('list', { isDefault: true }))
    .description('list collections with model, dimension, schema version and chunk count')
    .option('-n, --namespace <name>', 'tenant namespace whose chunks are counted', 'default')
    .option('--json', 'print JSON')
    .action((options: JsonOption) =>
      withStore(options, async (store) => {
        const list = await store.listCollections({ namespace: scopeOf(options).namespace });
        const text =
          list.length === 0
            ? 'No collections.'
            : list
                .map(
                  (c) =>
                    `${printable(c.name)}\t${printable(c.model ?? 'lexical-only')}\t${c.dimension ?? '-'}\tv${c.schemaVersion}\t${c.count} chunks`,
                )
                .join('\n');
        print(options.json, list, text);
      }),
    );
  withStoreOption(collections.command('create'))
    .description('create a collection pinned to an embedding model and dimension (none: lexical-only)')
    .argument('<name>', 'collection name (any characters)')
    .option('--model <id>', 'embedding model id recorded in the registry')
    .option('--dimension <n>', 'embedding dimension', positiveInt('--dimension'))
    .option('--json', 'print JSON')
    .action((name: string, options: JsonOption & { model?: string; dimension?: number }) =>
      withStore(
        options,
        async (store) => {
          const info = await store.createCollection(name, {
            model: options.model,
            dimension: options.dimension,
          });
          print(
            options.json,
            info,
            `${printable(info.name)}\t${printable(info.model ?? 'lexical-only')}\t${info.dimension ?? '-'}\tv${info.schemaVersion}`,
          );
        },
        true,
      ),
    );
  withStoreOption(collections.command('drop'))
    .description('drop a collection with all of its documents and chunks')
    .argument('<name>', 'collection name')
    .action((name: string, options: GlobalOptions) =>
      withStore(options, async (store) => {
        if (!(await store.dropCollection(name)))
          throw new NotFoundError(`collection "${printable(name)}" does not exist`);
        process.stdout.write(`dropped ${printable(name)}\n`);
      }),
    );

  const documents = withScopeOptions(program.command('documents'))
    .description('list the documents of a collection')
    .option('--json', 'print JSON')
    .option('-q, --search <text>', 'only documents whose title, source name or id contains this text')
    .addOption(
      new Option('--sort <field>', 'sort by this field (default: document id)').choices(DOCUMENT_SORTS),
    )
    .option('--desc', 'sort in descending order')
    .option(
      '--limit <n>',
      `print one page of at most n documents (1-${MAX_DOCUMENT_PAGE})`,
      positiveInt('--limit'),
    )
    .option('--offset <n>', 'skip the first n documents of the sorted list', nonNegativeInt('--offset'));
  withExamples(documents, [
    ['cairn documents', 'documents of the default collection'],
    ['cairn documents -c kb -n team-a --json', 'one tenant of one collection, as JSON'],
    ['cairn documents --sort date --desc --limit 20', 'the 20 most recently ingested documents'],
  ]);
  documents.action((options: DocumentsOptions) =>
    withStore(options, async (store) => {
      const query: DocumentQuery = {
        ...(options.search !== undefined ? { q: options.search } : {}),
        ...(options.sort !== undefined ? { sort: options.sort } : {}),
        order: options.desc ? 'desc' : 'asc',
      };
      const docs: DocumentRecord[] = [];
      let total = 0;
      if (options.limit !== undefined) {
        const page = await store.queryDocuments(scopeOf(options), {
          ...query,
          limit: Math.min(options.limit, MAX_DOCUMENT_PAGE),
          offset: options.offset ?? 0,
        });
        docs.push(...page.documents);
        total = page.total;
      } else {
        // Every matching document, read a page at a time, never the whole collection at once
        // in one query.
        for (let offset = options.offset ?? 0; ; ) {
          const page = await store.queryDocuments(scopeOf(options), {
            ...query,
            limit: MAX_DOCUMENT_PAGE,
            offset,
          });
          docs.push(...page.documents);
          total = page.total;
          offset += page.documents.length;
          if (page.documents.length < MAX_DOCUMENT_PAGE || offset >= page.total) break;
        }
      }
      const text =
        docs.length === 0
          ? total === 0
            ? 'No documents.'
            : `No documents at offset ${options.offset ?? 0} (${total} in all).`
          : docs
              .map(
                (d) =>
                  `${printable(d.documentId)}\t${printable(d.mediaType)}\t${d.pageCount} pages\t${d.chunkCount} chunks`,
              )
              .join('\n');
      print(options.json, docs, text);
      if (!options.json && docs.length > 0 && docs.length < total) {
        const first = (options.offset ?? 0) + 1;
        process.stderr.write(`documents ${first}-${first + docs.length - 1} of ${total}\n`);
      }
    }),
  );

  const remove = withScopeOptions(program.command('delete'))
    .description('delete a document and all of its chunks')
    .argument('<documentId>', 'document id (path relative to the ingest root)');
  withExamples(remove, [['cairn delete guides/keys.md', 'remove one document and its chunks']]);
  remove.action((documentId: string, options: GlobalOptions) =>
    withStore(options, async (store) => {
      const scope = scopeOf(options);
      const deleted = await store.deleteChunks(scope, { documentIds: [documentId] });
      if (deleted.documents === 0 && deleted.chunks === 0) {
        throw new NotFoundError(
          `document "${printable(documentId)}" is not in collection "${printable(scope.collection)}"`,
        );
      }
      process.stdout.write(`deleted ${printable(documentId)} (${deleted.chunks} chunks)\n`);
    }),
  );
}
