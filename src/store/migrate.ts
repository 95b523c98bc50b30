/**
 * Copying collections from one store to another with their embeddings, document records and
 * registry entries, so that moving to a bigger engine needs no re-embedding.
 * @module
 */
import { CollectionNotFoundError, InvalidArgumentError } from '../core/errors.js';
import type { DocumentWrite, Scope, Store } from '../core/ports.js';
import type { DocumentRecord, StoredChunk } from '../core/types.js';

/** Options of {@link migrateStore}. */
export interface MigrateOptions {
  /** Collections to copy; default every collection of the source. */
  collections?: readonly string[];
  /**
   * Namespaces to copy in each collection; default `['default']`. The port cannot list a
   * collection's namespaces, so each tenant to move is named here.
   */
  namespaces?: readonly string[];
  /** Chunks per read from the source and per write of chunks without a record; default 500. */
  batchSize?: number;
  /** Called after every document and at the end of each namespace. */
  onProgress?: (progress: MigrateProgress) => void;
  /** Stops the copy between two documents (the rerun resumes). */
  signal?: AbortSignal;
  /**
   * Copy each namespace with the target's bulk load ({@link BulkLoadingStore}, the PostgreSQL
   * store) instead of one `replaceDocument` per document: `true` always (fails when the target
   * has none), `false` never, default (`undefined`) when the target has one and its namespace holds
   * no chunks yet (a new collection). A bulk copy of a namespace is one transaction: interrupted,
   * it leaves nothing, and the rerun starts that namespace over.
   */
  bulk?: boolean;
  /** `maintenance_work_mem` for a bulk copy's index builds (e.g. `1GB`); default the server's. */
  maintenanceWorkMem?: string;
}

/**
 * A store that loads many chunks and documents in one transaction (the PostgreSQL store's
 * `bulkLoad`; see its documentation for the batches' shapes and the locks it takes).
 */
export interface BulkLoadingStore {
  bulkLoad(
    scope: Scope,
    batches: AsyncIterable<StoredChunk[] | { documents: DocumentWrite[] }>,
    options?: { maintenanceWorkMem?: string; onBatch?: (written: number) => void },
  ): Promise<{ chunks: number; documents: number }>;
}

/** Whether `store` has a bulk load ({@link BulkLoadingStore}). */
export function canBulkLoad(store: Store): store is Store & BulkLoadingStore {
  return typeof (store as Partial<BulkLoadingStore>).bulkLoad === 'function';
}

/** Where a migration stands, per collection and namespace. */
export interface MigrateProgress {
  collection: string;
  namespace: string;
  /** Document records of the namespace in the source. */
  documents: number;
  /** Documents copied so far by this run. */
  copied: number;
  /** Documents already in the target with the same content hash, parser and chunk count. */
  skipped: number;
  /** Chunks written so far by this run (of copied documents, and chunks without a record). */
  chunks: number;
  /** True on the last report of the namespace. */
  done: boolean;
  /** Whether the namespace was copied with the target's bulk load (one transaction). */
  bulk?: boolean;
}

/** What a migration did, one entry per collection and namespace. */
export type MigrateResult = MigrateProgress[];

/** Default chunks per batch of {@link migrateStore}. */
export const DEFAULT_MIGRATE_BATCH_SIZE = 500;

/**
 * Copies collections from `from` to `to`: the registry entry (model, dimension, vector type,
 * metadata; the target refuses a collection that exists there with another model or dimension),
 * then, per namespace, each document with its record and its chunks and their embeddings as
 * stored (float32, bit for bit) through `replaceDocument`, then the chunks that belong to no
 * record through `upsertChunks`.
 *
 * Resumable: a document whose record in the target has the same content hash, parser fingerprint
 * and chunk count is skipped, so a rerun after an interruption continues where it stopped (each
 * document is written as one unit, so none is left half-copied). Records get the time of the
 * copy as `ingestedAt`. Into a target with a bulk load (PostgreSQL) whose namespace is empty, a
 * namespace is copied with it instead, as one transaction (see {@link MigrateOptions.bulk}).
 * @throws {CollectionNotFoundError} for a listed collection the source lacks.
 * @throws {CollectionConflictError} when the target holds the collection with another definition.
 * @throws The `signal`'s reason when it aborts.
 */
export async function migrateStore(
  from: Store,
  to: Store,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const batchSize = options.batchSize ?? DEFAULT_MIGRATE_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new InvalidArgumentError('batchSize', `must be a positive integer, got ${batchSize}`);
  }
  if (options.bulk === true && !canBulkLoad(to)) {
    throw new InvalidArgumentError(
      'bulk',
      `the target (${to.backend}) has no bulk load; only a postgres:// or pglite: target has one (drop --bulk)`,
    );
  }
  const namespaces = options.namespaces ?? ['default'];
  const names = options.collections ?? (await from.listCollections()).map((collection) => collection.name);
  const result: MigrateResult = [];
  for (const name of names) {
    const info = await from.getCollection(name);
    if (info === undefined) {
      throw new CollectionNotFoundError(
        name,
        `the source (${from.backend}) has no such collection; list them with \`cairn collections\``,
      );
    }
    await to.createCollection(name, {
      model: info.model,
      dimension: info.dimension,
      vectorType: info.vectorType,
      metadata: info.metadata,
    });
    for (const namespace of namespaces) {
      result.push(await copyNamespace(from, to, { collection: name, namespace }, batchSize, options));
    }
  }
  return result;
}

async function copyNamespace(
  from: Store,
  to: Store,
  scope: Required<Scope>,
  batchSize: number,
  options: MigrateOptions,
): Promise<MigrateProgress> {
  const records = await from.listDocuments(scope);
  const present = new Map((await to.listDocuments(scope)).map((record) => [record.documentId, record]));
  const progress: MigrateProgress = {
    collection: scope.collection,
    namespace: scope.namespace,
    documents: records.length,
    copied: 0,
    skipped: 0,
    chunks: 0,
    done: false,
  };
  if (canBulkLoad(to) && options.bulk !== false) {
    const bulk = options.bulk === true || (await to.countChunks(scope)) === 0;
    if (bulk) return bulkCopyNamespace(from, to, scope, { records, present, progress, batchSize, options });
  }
  for (const record of records) {
    options.signal?.throwIfAborted();
    if (sameDocument(present.get(record.documentId), record)) {
      progress.skipped += 1;
    } else {
      const chunks: StoredChunk[] = [];
      for await (const batch of from.iterChunks({ ...scope, documentIds: [record.documentId], batchSize })) {
        chunks.push(...batch);
      }
      const { chunkCount: _count, ingestedAt: _at, ...document } = record;
      await to.replaceDocument(scope, { document, chunks });
      progress.copied += 1;
      progress.chunks += chunks.length;
    }
    options.onProgress?.({ ...progress });
  }
  progress.chunks += await copyChunksWithoutRecord(
    from,
    to,
    scope,
    new Set(records.map((r) => r.documentId)),
    batchSize,
  );
  progress.done = true;
  options.onProgress?.({ ...progress });
  return progress;
}

/**
 * Copies one namespace through the target's bulk load, as one transaction: the documents not
 * already there (the same test as the per-document copy) in batches of about `batchSize` chunks,
 * then the chunks without a record. Progress is reported as documents are read.
 */
async function bulkCopyNamespace(
  from: Store,
  to: Store & BulkLoadingStore,
  scope: Required<Scope>,
  copy: {
    records: DocumentRecord[];
    present: ReadonlyMap<string, DocumentRecord>;
    progress: MigrateProgress;
    batchSize: number;
    options: MigrateOptions;
  },
): Promise<MigrateProgress> {
  const { records, present, progress, batchSize, options } = copy;
  progress.bulk = true;
  async function* batches(): AsyncGenerator<StoredChunk[] | { documents: DocumentWrite[] }> {
    let documents: DocumentWrite[] = [];
    let size = 0;
    for (const record of records) {
      options.signal?.throwIfAborted();
      if (sameDocument(present.get(record.documentId), record)) {
        progress.skipped += 1;
      } else {
        const chunks: StoredChunk[] = [];
        for await (const batch of from.iterChunks({
          ...scope,
          documentIds: [record.documentId],
          batchSize,
        })) {
          chunks.push(...batch);
        }
        const { chunkCount: _count, ingestedAt: _at, ...document } = record;
        documents.push({ document, chunks });
        size += chunks.length;
        progress.copied += 1;
        progress.chunks += chunks.length;
      }
      options.onProgress?.({ ...progress });
      if (size >= batchSize) {
        yield { documents };
        documents = [];
        size = 0;
      }
    }
    if (documents.length > 0) yield { documents };
    const recorded = new Set(records.map((r) => r.documentId));
    for await (const batch of orphanBatches(from, scope, recorded, batchSize)) {
      progress.chunks += batch.length;
      yield batch;
    }
  }
  await to.bulkLoad(scope, batches(), { maintenanceWorkMem: options.maintenanceWorkMem });
  progress.done = true;
  options.onProgress?.({ ...progress });
  return progress;
}

/** Chunks of documents that have no record (written with `upsertChunks`), in batches, with embeddings. */
async function* orphanBatches(
  from: Store,
  scope: Required<Scope>,
  recorded: ReadonlySet<string>,
  batchSize: number,
): AsyncGenerator<StoredChunk[]> {
  for await (const batch of from.iterChunks({ ...scope, batchSize, includeEmbeddings: false })) {
    const orphans = batch.filter((chunk) => !recorded.has(chunk.documentId));
    if (orphans.length === 0) continue;
    const embeddings = await from.getEmbeddings(
      scope,
      orphans.map((chunk) => chunk.id),
    );
    yield orphans.map((chunk) => {
      const embedding = embeddings.get(chunk.id);
      return embedding === undefined ? chunk : { ...chunk, embedding };
    });
  }
}

/** Chunks of documents that have no record (written with `upsertChunks`), in batches. */
async function copyChunksWithoutRecord(
  from: Store,
  to: Store,
  scope: Required<Scope>,
  recorded: ReadonlySet<string>,
  batchSize: number,
): Promise<number> {
  let copied = 0;
  for await (const orphans of orphanBatches(from, scope, recorded, batchSize)) {
    await to.upsertChunks(scope, orphans);
    copied += orphans.length;
  }
  return copied;
}

function sameDocument(target: DocumentRecord | undefined, source: DocumentRecord): boolean {
  return (
    target !== undefined &&
    target.contentHash === source.contentHash &&
    target.parserFingerprint === source.parserFingerprint &&
    target.chunkCount === source.chunkCount
  );
}
