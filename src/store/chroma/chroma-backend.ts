/**
 * The Chroma backend: one Chroma collection per cairn collection and namespace (cosine HNSW
 * space, named `PREFIX-SLUG-HASH-NSHASH`, created by the namespace's first write), which is
 * Chroma's own way to partition tenants: a request goes to its namespace's collection and needs no
 * namespace condition, which Chroma would answer by filtering every record's metadata first. One
 * registry collection (`PREFIX-registry`) holds the collection entries (model, dimension, schema
 * version), the namespaces each collection has, and the document records, so that every process
 * that opens the same server sees one truth.
 *
 * A chunk is one Chroma record: its text as the record's document, its embedding, and its
 * metadata as flat keys (`chroma-where.ts`). Its Chroma id is `[namespace, chunk id, version,
 * document id]` as JSON, so listings that only need ids (scans, counts, deletes) ask for no
 * metadata. Chroma has no transactions: replaces are versioned (the collection model's plan),
 * and every request names the namespace.
 *
 * Chroma's API prints embeddings with 7 significant digits, which loses float32 bits, so each
 * chunk also keeps its embedding exactly, as base64 float32 in its metadata (`_emb`); embeddings
 * are read from there, bit for bit as written.
 *
 * Chroma cannot order or count on the server, so scans and counts list the matching ids and work
 * on them here: each costs one listing of the namespace's matching ids.
 * @module
 */
import type { ChromaClient, Collection, EmbeddingFunction } from 'chromadb';
import { compareCodePoints } from '../../core/filter/match-filter.js';
import type { StoreCapabilities } from '../../core/ports.js';
import type * as Backend from '../collection/backend.js';
import { defineCapabilities } from '../collection/backend.js';
import type { PreparedChunk } from '../collection/validation.js';
import { metadataTerms } from '../remote/metadata-terms.js';
import { recountRecords, withSourceNames } from '../remote/recount.js';
import { RemoteBackend } from '../remote/remote-backend.js';
import { callEngine, type FailureReading, type RemoteCallPolicy } from '../remote/remote-call.js';
import { chunkBody, chunkFromFields, cosine } from '../remote/remote-chunk.js';
import { digest, locationName } from '../remote/remote-names.js';
import { CHUNK_KEYS, chromaWhere, oneOf, type Where } from './chroma-where.js';

/** Layout version of the collections this backend creates. */
export const CHROMA_SCHEMA_VERSION = 1;

/** What the Chroma backend can do. */
export const CHROMA_CAPABILITIES: StoreCapabilities = defineCapabilities({
  lexical: 'none',
  dense: 'approximate',
  replace: 'versioned',
  maxWriteBatch: 1000,
  unsupportedFilters: Object.freeze([
    '$gt:string',
    '$gte:string',
    '$lt:string',
    '$lte:string',
    '$headingPath',
  ] as const),
});

/** Records one listing request returns at most. */
const PAGE = 5000;

/** Embeddings are always given; this only satisfies the client, which wants a function. */
const PRECOMPUTED: EmbeddingFunction = {
  name: 'cairn-precomputed',
  async generate() {
    throw new Error('cairn gives Chroma its embeddings; nothing is embedded by the server');
  },
};

/** Settings of {@link ChromaBackend}. */
export interface ChromaBackendSettings {
  prefix: string;
  provision: boolean;
  maxWriteBatch: number;
  policy: RemoteCallPolicy;
}

type Tx = null;
type Metadata = Record<string, string | number | boolean>;

/** Chroma client errors carry no status; their class says it. */
function readChromaError(error: unknown): FailureReading {
  const name = (error as Error)?.name ?? '';
  const message = (error as Error)?.message ?? String(error);
  const status: Record<string, number> = {
    ChromaClientError: 400,
    ChromaUnauthorizedError: 401,
    ChromaForbiddenError: 403,
    ChromaNotFoundError: 404,
    ChromaUniqueError: 409,
    ChromaQuotaExceededError: 422,
    ChromaServerError: 500,
  };
  if (name === 'ChromaConnectionError') return { message, connection: true };
  if (name === 'ChromaValueError') return { message, statusCode: 400 };
  return { message, statusCode: status[name] };
}

function parseChunkId(id: string): { namespace: string; id: string; version: string; documentId: string } {
  const [namespace, chunkId, version, documentId] = JSON.parse(id) as string[];
  return { namespace: namespace!, id: chunkId!, version: version!, documentId: documentId! };
}

/** The {@link Backend.StoreBackend} over a Chroma server. */
export class ChromaBackend extends RemoteBackend implements Backend.StoreBackend<Tx> {
  readonly name = 'chroma';
  readonly schemaVersion = CHROMA_SCHEMA_VERSION;

  readonly #client: ChromaClient;
  readonly #settings: ChromaBackendSettings;
  #registry: Collection | undefined;
  /** Chroma collections by name, as looked up. */
  readonly #collections = new Map<string, Collection>();

  constructor(client: ChromaClient, settings: ChromaBackendSettings) {
    super(CHROMA_CAPABILITIES, settings);
    this.#client = client;
    this.#settings = settings;
  }

  #call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    return callEngine('chroma', operation, request, readChromaError, this.#settings.policy);
  }

  get #registryName(): string {
    return `${this.#settings.prefix}-registry`;
  }

  protected heartbeat(): Promise<unknown> {
    return this.#client.heartbeat();
  }

  async close(): Promise<void> {
    this.#registry = undefined;
    this.#collections.clear();
  }

  // Registry.

  async hasRegistry(): Promise<boolean> {
    if (this.#registry !== undefined) return true;
    const found = await this.#call('open the registry collection', async () => {
      try {
        return await this.#client.getCollection({ name: this.#registryName, embeddingFunction: PRECOMPUTED });
      } catch (error) {
        if ((error as Error).name === 'ChromaNotFoundError') return undefined;
        throw error;
      }
    });
    if (found === undefined) return false;
    this.#registry = found;
    return true;
  }

  async createRegistry(): Promise<void> {
    if (this.#registry !== undefined) return;
    const registry = await this.#call('open the registry collection', () =>
      this.#client.getOrCreateCollection({
        name: this.#registryName,
        embeddingFunction: PRECOMPUTED,
        metadata: { cairn: 'registry' },
      }),
    );
    this.#registry = registry;
  }

  async lockRegistry(): Promise<void> {}

  async #registryCollection(): Promise<Collection> {
    if (this.#registry === undefined) await this.createRegistry();
    return this.#registry!;
  }

  async readCollection(_tx: Tx, name: string): Promise<Backend.StoredCollection | undefined> {
    const registry = await this.#registryCollection();
    const found = await this.#call('read a collection entry', () =>
      registry.get({ ids: [collectionKey(name)], include: ['metadatas'] }),
    );
    const metadata = found.metadatas[0];
    return metadata ? (JSON.parse(String(metadata.entry)) as Backend.StoredCollection) : undefined;
  }

  async readCollections(): Promise<Backend.StoredCollection[]> {
    const registry = await this.#registryCollection();
    const found = await this.#listAll(registry, { kind: { $eq: 'collection' } }, ['metadatas']);
    return found
      .map(({ metadata }) => JSON.parse(String(metadata!.entry)) as Backend.StoredCollection)
      .sort((a, b) => compareCodePoints(a.name, b.name));
  }

  locationFor(name: string): string {
    return locationName(this.#settings.prefix, name);
  }

  /** Registers the collection; its Chroma collections come with each namespace's first write. */
  async createCollection(_tx: Tx, collection: Backend.StoredCollection): Promise<void> {
    await this.#writeEntry(collection);
  }

  async #writeEntry(collection: Backend.StoredCollection): Promise<void> {
    const registry = await this.#registryCollection();
    await this.#call('write a collection entry', () =>
      registry.upsert({
        ids: [collectionKey(collection.name)],
        embeddings: [[1]],
        metadatas: [{ kind: 'collection', entry: JSON.stringify(collection) }],
      }),
    );
  }

  async dropCollection(_tx: Tx, collection: Backend.StoredCollection): Promise<void> {
    const registry = await this.#registryCollection();
    const namespaces = await this.#listAll(
      registry,
      { $and: [{ kind: { $eq: 'namespace' } }, { loc: { $eq: collection.location } }] },
      ['metadatas'],
    );
    for (const { metadata } of namespaces) {
      const name = String(metadata!.name);
      this.#collections.delete(name);
      await this.#call('drop a namespace collection', async () => {
        try {
          await this.#client.deleteCollection({ name });
        } catch (error) {
          if ((error as Error).name !== 'ChromaNotFoundError') throw error;
        }
      });
    }
    const records = await this.#listAll(registry, {
      $and: [{ kind: { $in: ['document', 'namespace'] } }, { loc: { $eq: collection.location } }],
    });
    await this.#deleteIds(
      registry,
      records.map(({ id }) => id),
      'delete document records',
    );
    await this.#call('delete a collection entry', () =>
      registry.delete({ ids: [collectionKey(collection.name)] }),
    );
  }

  async recordSchemaVersion(_tx: Tx, collection: Backend.StoredCollection, version: number): Promise<void> {
    await this.#writeEntry({ ...collection, schemaVersion: version });
  }

  async enterNamespace(): Promise<void> {}

  // Chunks.

  /**
   * Runs `request` on the Chroma collection of the scope's namespace (looked up by name once, then
   * cached; looked up again when Chroma no longer knows the cached one, as after a drop and
   * re-create elsewhere). A namespace nothing was written to has none: with `create` (writes) it is
   * registered and created, else the call answers `undefined` and creates nothing.
   */
  async #onChunks<T>(
    scope: Backend.BackendScope,
    operation: string,
    request: (collection: Collection) => Promise<T>,
    create = false,
  ): Promise<T | undefined> {
    const name = namespaceCollection(scope);
    for (let attempt = 0; ; attempt++) {
      let collection = this.#collections.get(name);
      if (collection === undefined) {
        collection = await this.#call('open a namespace collection', async () => {
          try {
            return await this.#client.getCollection({ name, embeddingFunction: PRECOMPUTED });
          } catch (error) {
            if ((error as Error).name === 'ChromaNotFoundError') return undefined;
            throw error;
          }
        });
        if (collection === undefined) {
          if (!create) return undefined;
          collection = await this.#createNamespace(scope, name);
        }
        this.#collections.set(name, collection);
      }
      try {
        return await this.#call(operation, () => request(collection));
      } catch (error) {
        const missing = (error as { cause?: Error }).cause?.name === 'ChromaNotFoundError';
        if (!missing || attempt > 0) throw error;
        this.#collections.delete(name);
      }
    }
  }

  /** Registers a namespace of a collection (first, so a drop finds it), then creates its Chroma collection. */
  async #createNamespace(scope: Backend.BackendScope, name: string): Promise<Collection> {
    const registry = await this.#registryCollection();
    await this.#call('register a namespace', () =>
      registry.upsert({
        ids: [`namespace:${digest(scope.collection.location, scope.namespace)}`],
        embeddings: [[1]],
        metadatas: [{ kind: 'namespace', loc: scope.collection.location, ns: scope.namespace, name }],
      }),
    );
    return this.#call('create a namespace collection', () =>
      this.#client.getOrCreateCollection({
        name,
        embeddingFunction: PRECOMPUTED,
        configuration: { hnsw: { space: 'cosine' } },
        metadata: { cairn: 'namespace' },
      }),
    );
  }

  async writeChunks(
    _tx: Tx,
    scope: Backend.BackendScope,
    chunks: readonly PreparedChunk[],
    now: string,
  ): Promise<void> {
    if (chunks.length === 0) return;
    const ids: string[] = [];
    const embeddings: number[][] = [];
    const metadatas: Metadata[] = [];
    const documents: string[] = [];
    for (const prepared of chunks) {
      const { chunk } = prepared;
      const version = prepared.version ?? '';
      ids.push(JSON.stringify([scope.namespace, chunk.id, version, chunk.documentId]));
      embeddings.push(prepared.embedding === null ? [1] : Array.from(prepared.embedding));
      documents.push(chunk.text);
      metadatas.push(chunkMetadata(scope.namespace, prepared, version, now));
    }
    await this.#onChunks(
      scope,
      'upsert chunks',
      (collection) => collection.upsert({ ids, embeddings, metadatas, documents }),
      true,
    );
  }

  /** The parsed ids of every chunk that passes `conditions`. */
  async #matchingIds(scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const rows = await this.#listChunks(scope, chromaWhere(conditions), []);
    return rows.map(({ id }) => ({ key: id, ...parseChunkId(id) }));
  }

  async chunkOwners(_tx: Tx, scope: Backend.BackendScope, ids: readonly string[]) {
    const owners = new Map<string, string>();
    for (const row of await this.#matchingIds(scope, { ids })) owners.set(row.id, row.documentId);
    return owners;
  }

  async deleteChunks(_tx: Tx, scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const rows = await this.#matchingIds(scope, conditions);
    const keys = rows.map(({ key }) => key);
    const size = this.capabilities.maxWriteBatch;
    for (let start = 0; start < keys.length; start += size) {
      const batch = keys.slice(start, start + size);
      await this.#onChunks(scope, 'delete chunks', (collection) => collection.delete({ ids: batch }));
    }
    return rows.map(({ documentId }) => documentId);
  }

  async readChunks(_tx: Tx, scope: Backend.BackendScope, ids: readonly string[], embeddings: boolean) {
    const rows = await this.#listChunks(scope, chromaWhere({ ids }), ['metadatas', 'documents']);
    return rows.flatMap((row) => (row.metadata ? [decodeChunk(row, embeddings)] : []));
  }

  async scanChunks(
    _tx: Tx,
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
    page: Backend.ChunkPage,
  ) {
    const rows = (await this.#matchingIds(scope, conditions))
      .filter((row) => page.after === undefined || compareCodePoints(row.id, page.after) > 0)
      .sort((a, b) => compareCodePoints(a.id, b.id) || compareCodePoints(a.version, b.version));
    let end = Math.min(page.limit, rows.length);
    while (end < rows.length && end > 0 && rows[end]!.id === rows[end - 1]!.id) end += 1;
    const keys = rows.slice(0, end).map(({ key }) => key);
    if (keys.length === 0) return [];
    const include: Include[] = ['metadatas', 'documents'];
    const found = await this.#onChunks(scope, 'read chunks', (collection) =>
      collection.get({ ids: keys, include }),
    );
    const byKey = new Map((found?.rows() ?? []).map((record) => [record.id, record as ChromaRow]));
    return keys.flatMap((key) => {
      const record = byKey.get(key);
      return record?.metadata ? [decodeChunk(record, page.embeddings, true)] : [];
    });
  }

  async countChunks(_tx: Tx, scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const where = chromaWhere(conditions);
    if (where === undefined) {
      return (await this.#onChunks(scope, 'count chunks', (collection) => collection.count())) ?? 0;
    }
    return (await this.#matchingIds(scope, conditions)).length;
  }

  /**
   * Chroma's HNSW search with the conditions as its `where`; exact requests (and the collection
   * model's fallback when the index found fewer than `topK`) score every passing chunk here. With
   * `keepBest`, the search asks for more until `topK` sources are in or the candidates run out.
   */
  async denseSearch(
    _tx: Tx,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const where = chromaWhere(query.conditions);
    let scored: Array<{ row: ChromaRow; score: number }>;
    if (query.exact) {
      const rows = await this.#listChunks(scope, where, ['metadatas', 'documents']);
      scored = rows.flatMap((row) =>
        row.metadata ? [{ row, score: cosine(query.vector, exactEmbedding(row.metadata)) }] : [],
      );
      scored.sort((a, b) => b.score - a.score);
    } else {
      let wanted = query.keepBest ? query.topK * 4 : query.topK;
      for (;;) {
        const result = await this.#onChunks(scope, 'query nearest chunks', (collection) =>
          collection.query({
            queryEmbeddings: [Array.from(query.vector)],
            nResults: wanted,
            ...(where === undefined ? {} : { where }),
            include: ['metadatas', 'documents', 'distances'],
          }),
        );
        // A record deleted while the query ran comes back without metadata: it is gone.
        scored = (result?.rows()[0] ?? []).flatMap((row) =>
          row.metadata ? [{ row: row as ChromaRow, score: 1 - (row.distance ?? Number.NaN) }] : [],
        );
        if (!query.keepBest || scored.length < wanted || distinctSources(scored) >= query.topK) break;
        wanted *= 4;
      }
    }
    const rows: Backend.ScoredChunk[] = [];
    const sources = new Set<string>();
    for (const { row, score } of scored) {
      const chunk = decodeChunk(row, false);
      if (query.keepBest) {
        if (sources.has(chunk.sourceId)) continue;
        sources.add(chunk.sourceId);
      }
      const { version, ...plain } = chunk;
      rows.push({ chunk: plain, score, version });
      if (rows.length === query.topK) break;
    }
    return withSourceNames(this, scope, rows);
  }

  async lexicalSearch(): Promise<Backend.ScoredChunk[]> {
    throw new Error('chroma: lexical search is declared absent (capabilities.lexical is none)');
  }

  // Document records.

  async writeDocument(_tx: Tx, scope: Backend.BackendScope, record: Backend.BackendDocument): Promise<void> {
    const registry = await this.#registryCollection();
    await this.#call('write a document record', () =>
      registry.upsert({
        ids: [documentKey(scope, record.documentId)],
        embeddings: [[1]],
        metadatas: [
          {
            kind: 'document',
            loc: scope.collection.location,
            ns: scope.namespace,
            doc: record.documentId,
            src: record.sourceId,
            record: JSON.stringify(record),
          },
        ],
      }),
    );
  }

  async readDocuments(_tx: Tx, scope: Backend.BackendScope, documentIds?: readonly string[]) {
    const registry = await this.#registryCollection();
    let rows: ChromaRow[];
    if (documentIds === undefined)
      rows = await this.#listAll(registry, this.#documentsWhere(scope), ['metadatas']);
    else {
      if (documentIds.length === 0) return [];
      const ids = documentIds.map((id) => documentKey(scope, id));
      const found = await this.#call('read document records', () =>
        registry.get({ ids, include: ['metadatas'] }),
      );
      rows = found.rows() as ChromaRow[];
    }
    return rows
      .map((row) => JSON.parse(String(row.metadata!.record)) as Backend.BackendDocument)
      .sort((a, b) => compareCodePoints(a.documentId, b.documentId));
  }

  #documentsWhere(scope: Backend.BackendScope, extra?: Record<string, unknown>): Where {
    const clauses: Record<string, unknown>[] = [
      { kind: { $eq: 'document' } },
      { loc: { $eq: scope.collection.location } },
      { ns: { $eq: scope.namespace } },
    ];
    if (extra !== undefined) clauses.push(extra);
    return { $and: clauses } as Where;
  }

  async deleteDocuments(
    _tx: Tx,
    scope: Backend.BackendScope,
    selection: { documentIds?: readonly string[]; sourceIds?: readonly string[] },
  ): Promise<number> {
    const registry = await this.#registryCollection();
    const parts: Record<string, unknown>[] = [];
    if (selection.documentIds !== undefined) parts.push(oneOf('doc', selection.documentIds));
    if (selection.sourceIds !== undefined) parts.push(oneOf('src', selection.sourceIds));
    const extra = parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : { $and: parts };
    const rows = await this.#listAll(registry, this.#documentsWhere(scope, extra), []);
    await this.#deleteIds(
      registry,
      rows.map(({ id }) => id),
      'delete document records',
    );
    return rows.length;
  }

  async countDocuments(_tx: Tx, scope: Backend.BackendScope): Promise<number> {
    const registry = await this.#registryCollection();
    return (await this.#listAll(registry, this.#documentsWhere(scope), [])).length;
  }

  async recountDocuments(_tx: Tx, scope: Backend.BackendScope, documentIds: readonly string[]) {
    return recountRecords(this, scope, documentIds, (ids) => this.#matchingIds(scope, { documentIds: ids }));
  }

  // Listing helpers.

  /** Every chunk record of `scope` matching `where` (all without one), page by page; none in a namespace without a collection. */
  #listChunks(
    scope: Backend.BackendScope,
    where: Where | undefined,
    include: Include[],
  ): Promise<ChromaRow[]> {
    return this.#listAll(
      (page) => this.#onChunks(scope, 'list chunks', (collection) => page(collection)),
      where,
      include,
    );
  }

  /** Every record matching `where`, page by page. */
  async #listAll(
    on:
      | Collection
      | ((
          page: (collection: Collection) => ReturnType<Collection['get']>,
        ) => Promise<Awaited<ReturnType<Collection['get']>> | undefined>),
    where: Where | undefined,
    include: Include[] = [],
  ): Promise<ChromaRow[]> {
    const rows: ChromaRow[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const get = (collection: Collection) =>
        collection.get(
          where === undefined ? { include, limit: PAGE, offset } : { where, include, limit: PAGE, offset },
        );
      const page = await (typeof on === 'function' ? on(get) : this.#call('list records', () => get(on)));
      if (page === undefined) return rows;
      rows.push(...(page.rows() as ChromaRow[]));
      if (page.ids.length < PAGE) return rows;
    }
  }

  async #deleteIds(collection: Collection, ids: string[], operation: string): Promise<void> {
    const size = this.capabilities.maxWriteBatch;
    for (let start = 0; start < ids.length; start += size) {
      const batch = ids.slice(start, start + size);
      await this.#call(operation, () => collection.delete({ ids: batch }));
    }
  }
}

type Include = 'distances' | 'documents' | 'embeddings' | 'metadatas' | 'uris';

interface ChromaRow {
  id: string;
  document?: string | null;
  embedding?: number[] | null;
  metadata?: Metadata | null;
}

/** The Chroma collection of a collection's namespace: its location and a hash of the namespace. */
function namespaceCollection(scope: Backend.BackendScope): string {
  return `${scope.collection.location}-${digest(scope.namespace).slice(0, 12)}`;
}

function collectionKey(name: string): string {
  return `collection:${digest(name)}`;
}

function documentKey(scope: Backend.BackendScope, documentId: string): string {
  return `document:${digest(scope.collection.location, scope.namespace, documentId)}`;
}

/** The Chroma metadata of a chunk: its fields and its metadata's index keys. */
function chunkMetadata(namespace: string, prepared: PreparedChunk, version: string, now: string): Metadata {
  const { chunk } = prepared;
  const metadata: Metadata = {
    [CHUNK_KEYS.namespace]: namespace,
    [CHUNK_KEYS.id]: chunk.id,
    [CHUNK_KEYS.documentId]: chunk.documentId,
    [CHUNK_KEYS.sourceId]: chunk.sourceId,
    [CHUNK_KEYS.version]: version,
    [CHUNK_KEYS.body]: chunkBody(prepared, now),
  };
  if (prepared.embedding !== null) {
    const bytes = prepared.embedding;
    metadata[EMBEDDING_KEY] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
      'base64',
    );
  }
  const terms = metadataTerms(chunk.metadata);
  for (const term of terms.equals) metadata[`e_${term}`] = true;
  for (const term of terms.present) metadata[`p_${term}`] = true;
  for (const [key, numbers] of terms.numbers) {
    metadata[`lo_${key}`] = Math.min(...numbers);
    metadata[`hi_${key}`] = Math.max(...numbers);
    metadata[`n_${key}`] = true;
  }
  return metadata;
}

/** Metadata key of a chunk's exact embedding (base64 of little-endian float32). */
const EMBEDDING_KEY = '_emb';

function exactEmbedding(metadata: Metadata): Float32Array {
  const bytes = Buffer.from(String(metadata[EMBEDDING_KEY] ?? ''), 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

function decodeChunk(row: ChromaRow, embeddings: boolean, times = false) {
  const metadata = row.metadata!;
  return chunkFromFields({
    id: String(metadata[CHUNK_KEYS.id]),
    documentId: String(metadata[CHUNK_KEYS.documentId]),
    sourceId: String(metadata[CHUNK_KEYS.sourceId]),
    version: String(metadata[CHUNK_KEYS.version]),
    text: row.document ?? '',
    body: String(metadata[CHUNK_KEYS.body]),
    embedding: embeddings && metadata[EMBEDDING_KEY] !== undefined ? exactEmbedding(metadata) : undefined,
    times,
  });
}

function distinctSources(scored: Array<{ row: ChromaRow }>): number {
  return new Set(scored.map(({ row }) => row.metadata?.[CHUNK_KEYS.sourceId])).size;
}
