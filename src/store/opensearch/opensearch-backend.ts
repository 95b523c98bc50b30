/**
 * The OpenSearch backend: one index per cairn collection, with a `knn_vector` field (HNSW,
 * `cosinesimil`, Lucene engine), the text and the heading path as BM25 text fields (standard
 * tokenizer, lower case, ASCII folding, Porter stemming), keyword fields for every filtered field,
 * and routing by namespace (a namespace's chunks live on one shard; every request is routed and
 * names it); and one registry index (`PREFIX-registry`) holding collection entries and document
 * records, so every process sees one truth.
 *
 * Lexical search is OpenSearch's own BM25 (Lucene's `BM25Similarity`, k1 1.2, b 0.75) over the text,
 * the headings, the document's identity (title and file name) and the chunk's context, each field
 * boosted by {@link DEFAULT_LEXICAL_WEIGHTS} (headings 2, document 1, context 0.5); statistics are per shard, so per collection (and not per
 * namespace). OpenSearch has no multi-document transactions: replaces are versioned.
 * @module
 */
import type { Client } from '@opensearch-project/opensearch';
import type { StoreCapabilities } from '../../core/ports.js';
import type * as Backend from '../collection/backend.js';
import { defineCapabilities } from '../collection/backend.js';
import { DEFAULT_LEXICAL_WEIGHTS } from '../collection/lexical-weights.js';
import type { PreparedChunk } from '../collection/validation.js';
import { metadataTerms } from '../remote/metadata-terms.js';
import {
  embeddingFromBase64,
  embeddingToBase64,
  recountRecords,
  withSourceNames,
} from '../remote/recount.js';
import { RemoteBackend } from '../remote/remote-backend.js';
import { callEngine, type FailureReading, type RemoteCallPolicy } from '../remote/remote-call.js';
import { chunkBody, chunkFromFields } from '../remote/remote-chunk.js';
import { digest, locationName } from '../remote/remote-names.js';
import { DOCUMENT_FIELDS as F, openSearchFilter, type QueryClause } from './opensearch-query.js';

/** Layout version of the indexes this backend creates. */
export const OPENSEARCH_SCHEMA_VERSION = 1;

/** What the OpenSearch backend can do. */
export const OPENSEARCH_CAPABILITIES: StoreCapabilities = defineCapabilities({
  lexical: 'lucene_bm25',
  lexicalStatistics: 'collection',
  dense: 'approximate',
  replace: 'versioned',
  maxWriteBatch: 500,
  // Heading paths are indexed as text for lexical search, not as a keyword field to filter on.
  unsupportedFilters: Object.freeze(['$headingPath'] as const),
});

/** Boosts of the lexical fields. */
const W = DEFAULT_LEXICAL_WEIGHTS;

/** The analyzer of the text fields. */
export const TEXT_ANALYSIS = {
  analyzer: {
    cairn_text: {
      type: 'custom',
      tokenizer: 'standard',
      filter: ['lowercase', 'asciifolding', 'porter_stem'],
    },
  },
};

/** Hits one listing page returns. */
const PAGE = 5000;

/** Settings of {@link OpenSearchBackend}. */
export interface OpenSearchBackendSettings {
  prefix: string;
  provision: boolean;
  maxWriteBatch: number;
  refresh: 'wait_for' | true;
  shards: number;
  policy: RemoteCallPolicy;
}

type Tx = null;
type Source = Record<string, unknown>;
interface SearchHit {
  _id: string;
  _score?: number | null;
  _source?: Source;
  sort?: unknown[];
}

/** The client's errors carry `meta.statusCode` (`ResponseError`) or are connection failures. */
function readOpenSearchError(error: unknown): FailureReading {
  const failure = error as {
    name?: string;
    message?: string;
    meta?: { statusCode?: number; body?: unknown };
  };
  const message = failure.message ?? String(error);
  if (failure.name === 'ConnectionError' || failure.name === 'NoLivingConnectionsError')
    return { message, connection: true };
  if (failure.name === 'TimeoutError') return { message, statusCode: 408 };
  const reason = (failure.meta?.body as { error?: { reason?: string } } | undefined)?.error?.reason;
  return { message: reason ?? message, statusCode: failure.meta?.statusCode };
}

/** The {@link Backend.StoreBackend} over an OpenSearch cluster. */
export class OpenSearchBackend extends RemoteBackend implements Backend.StoreBackend<Tx> {
  readonly name = 'opensearch';
  readonly schemaVersion = OPENSEARCH_SCHEMA_VERSION;

  readonly #client: Client;
  readonly #settings: OpenSearchBackendSettings;
  #registryKnown = false;

  constructor(client: Client, settings: OpenSearchBackendSettings) {
    super(OPENSEARCH_CAPABILITIES, settings);
    this.#client = client;
    this.#settings = settings;
  }

  #call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    return callEngine('opensearch', operation, request, readOpenSearchError, this.#settings.policy);
  }

  get #registry(): string {
    return `${this.#settings.prefix}-registry`;
  }

  protected async heartbeat(): Promise<boolean> {
    return (await this.#client.ping()).statusCode === 200;
  }

  async close(): Promise<void> {
    await this.#client.close();
  }

  // Registry.

  async hasRegistry(): Promise<boolean> {
    if (this.#registryKnown) return true;
    const response = await this.#call('check the registry index', () =>
      this.#client.indices.exists({ index: this.#registry }),
    );
    this.#registryKnown = response.body === true;
    return this.#registryKnown;
  }

  async createRegistry(): Promise<void> {
    if (await this.hasRegistry()) return;
    const keyword = { type: 'keyword' };
    const stored = { type: 'keyword', index: false, doc_values: false };
    await this.#createIndex(this.#registry, {
      mappings: {
        properties: {
          key: keyword,
          kind: keyword,
          loc: keyword,
          ns: keyword,
          doc: keyword,
          src: keyword,
          entry: stored,
          record: stored,
        },
      },
    });
    this.#registryKnown = true;
  }

  async #createIndex(index: string, body: Record<string, unknown>): Promise<void> {
    await this.#call('create an index', async () => {
      try {
        await this.#client.indices.create({ index, body });
      } catch (error) {
        const type = (error as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type;
        // Another process created it first.
        if (type !== 'resource_already_exists_exception') throw error;
      }
    });
  }

  async lockRegistry(): Promise<void> {}

  async #getRegistry(ids: string[]): Promise<Source[]> {
    if (ids.length === 0) return [];
    const response = await this.#call('read registry documents', () =>
      this.#client.mget({ index: this.#registry, body: { ids } }),
    );
    const docs = (response.body as { docs: Array<{ found?: boolean; _source?: Source }> }).docs;
    return docs.flatMap((doc) => (doc.found && doc._source ? [doc._source] : []));
  }

  async readCollection(_tx: Tx, name: string): Promise<Backend.StoredCollection | undefined> {
    const [source] = await this.#getRegistry([collectionId(name)]);
    return source === undefined ? undefined : (JSON.parse(String(source.entry)) as Backend.StoredCollection);
  }

  async readCollections(): Promise<Backend.StoredCollection[]> {
    const hits = await this.#listAll(
      this.#registry,
      { bool: { filter: [{ term: { kind: 'collection' } }] } },
      true,
    );
    return hits
      .map((hit) => JSON.parse(String(hit._source!.entry)) as Backend.StoredCollection)
      .sort((a, b) => (a.name === b.name ? 0 : codePointLess(a.name, b.name) ? -1 : 1));
  }

  locationFor(name: string): string {
    return locationName(this.#settings.prefix, name);
  }

  async createCollection(_tx: Tx, collection: Backend.StoredCollection): Promise<void> {
    const keyword = { type: 'keyword' };
    const text = { type: 'text', analyzer: 'cairn_text' };
    const properties: Record<string, unknown> = {
      [F.namespace]: keyword,
      [F.id]: keyword,
      [F.documentId]: keyword,
      [F.sourceId]: keyword,
      [F.version]: keyword,
      [F.text]: text,
      [F.headings]: text,
      [F.document]: text,
      [F.context]: text,
      [F.body]: { type: 'keyword', index: false, doc_values: false },
      [F.exact]: { type: 'keyword', index: false, doc_values: false },
      [F.equals]: keyword,
      [F.present]: keyword,
    };
    if (collection.dimension !== null) {
      properties[F.vector] = {
        type: 'knn_vector',
        dimension: collection.dimension,
        method: { name: 'hnsw', space_type: 'cosinesimil', engine: 'lucene' },
      };
    }
    await this.#createIndex(collection.location, {
      settings: {
        index: { knn: true, number_of_shards: this.#settings.shards },
        analysis: TEXT_ANALYSIS,
      },
      mappings: {
        dynamic_templates: [
          { numbers: { match: 'n_*', mapping: { type: 'double' } } },
          { strings: { match: 's_*', mapping: { type: 'keyword' } } },
        ],
        properties,
      },
    });
    await this.#writeEntry(collection);
  }

  async #writeEntry(collection: Backend.StoredCollection): Promise<void> {
    await this.#bulk('write a collection entry', [
      { index: { _index: this.#registry, _id: collectionId(collection.name) } },
      { key: collectionId(collection.name), kind: 'collection', entry: JSON.stringify(collection) },
    ]);
  }

  /** Sends bulk actions; fails when any item failed, naming the first item's error. */
  async #bulk(operation: string, body: Record<string, unknown>[]): Promise<void> {
    if (body.length === 0) return;
    const response = await this.#call(operation, () =>
      this.#client.bulk({ body, refresh: this.#settings.refresh }),
    );
    const result = response.body as {
      errors: boolean;
      items: Array<Record<string, { status: number; error?: { reason?: string } }>>;
    };
    if (!result.errors) return;
    const failed = result.items
      .map((item) => Object.values(item)[0]!)
      .find((item) => item.error !== undefined && item.status !== 404);
    if (failed === undefined) return;
    await this.#call(operation, () => {
      throw Object.assign(new Error(failed.error?.reason ?? 'a bulk item failed'), {
        meta: { statusCode: failed.status },
      });
    });
  }

  async dropCollection(_tx: Tx, collection: Backend.StoredCollection): Promise<void> {
    await this.#call('delete an index', async () => {
      try {
        await this.#client.indices.delete({ index: collection.location });
      } catch (error) {
        if (readOpenSearchError(error).statusCode !== 404) throw error;
      }
    });
    const records = await this.#listAll(this.#registry, {
      bool: { filter: [{ term: { kind: 'document' } }, { term: { loc: collection.location } }] },
    });
    await this.#deleteIds(
      this.#registry,
      records.map((hit) => hit._id),
      undefined,
      'delete document records',
    );
    await this.#deleteIds(
      this.#registry,
      [collectionId(collection.name)],
      undefined,
      'delete a collection entry',
    );
  }

  async #deleteIds(
    index: string,
    ids: string[],
    routing: string | undefined,
    operation: string,
  ): Promise<void> {
    const size = this.capabilities.maxWriteBatch;
    for (let start = 0; start < ids.length; start += size) {
      const actions = ids.slice(start, start + size).map((id) => ({
        delete: routing === undefined ? { _index: index, _id: id } : { _index: index, _id: id, routing },
      }));
      await this.#bulk(operation, actions);
    }
  }

  async recordSchemaVersion(_tx: Tx, collection: Backend.StoredCollection, version: number): Promise<void> {
    await this.#writeEntry({ ...collection, schemaVersion: version });
  }

  async enterNamespace(): Promise<void> {}

  // Chunks.

  async writeChunks(_tx: Tx, scope: Backend.BackendScope, chunks: readonly PreparedChunk[], now: string) {
    const body: Record<string, unknown>[] = [];
    for (const prepared of chunks) {
      const version = prepared.version ?? '';
      body.push({
        index: {
          _index: scope.collection.location,
          _id: chunkDocumentId(scope.namespace, prepared.chunk.id, version),
          routing: scope.namespace,
        },
      });
      body.push(chunkSource(scope.namespace, prepared, version, now));
    }
    await this.#bulk('index chunks', body);
  }

  /** Id, document and version of every chunk that passes `conditions`, in chunk id order. */
  async #matching(scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const hits = await this.#listAll(
      scope.collection.location,
      openSearchFilter(scope.namespace, conditions),
      [F.id, F.documentId, F.version],
      scope.namespace,
    );
    return hits.map((hit) => ({
      key: hit._id,
      id: String(hit._source![F.id]),
      documentId: String(hit._source![F.documentId]),
      version: String(hit._source![F.version]),
    }));
  }

  async chunkOwners(_tx: Tx, scope: Backend.BackendScope, ids: readonly string[]) {
    const owners = new Map<string, string>();
    for (const row of await this.#matching(scope, { ids })) owners.set(row.id, row.documentId);
    return owners;
  }

  async deleteChunks(_tx: Tx, scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const rows = await this.#matching(scope, conditions);
    await this.#deleteIds(
      scope.collection.location,
      rows.map(({ key }) => key),
      scope.namespace,
      'delete chunks',
    );
    return rows.map(({ documentId }) => documentId);
  }

  async readChunks(_tx: Tx, scope: Backend.BackendScope, ids: readonly string[], embeddings: boolean) {
    const hits = await this.#listAll(
      scope.collection.location,
      openSearchFilter(scope.namespace, { ids }),
      true,
      scope.namespace,
    );
    return hits.map((hit) => decodeSource(hit._source!, embeddings));
  }

  async scanChunks(
    _tx: Tx,
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
    page: Backend.ChunkPage,
  ) {
    const filter = openSearchFilter(scope.namespace, conditions);
    const after: QueryClause[] = page.after === undefined ? [] : [{ range: { [F.id]: { gt: page.after } } }];
    const query = { bool: { filter: [filter, ...after] } };
    const first = await this.#search('scan chunks', scope, { query, size: page.limit, sort: SCAN_ORDER });
    const last = first.at(-1);
    if (last === undefined || first.length < page.limit)
      return first.map((hit) => decodeSource(hit._source!, page.embeddings, true));
    // Every version of the page's last id comes with it.
    const lastId = String(last._source![F.id]);
    const rest = await this.#search('scan chunks', scope, {
      query: {
        bool: {
          filter: [
            filter,
            { term: { [F.id]: lastId } },
            { range: { [F.version]: { gt: String(last._source![F.version]) } } },
          ],
        },
      },
      size: PAGE,
      sort: SCAN_ORDER,
    });
    return [...first, ...rest].map((hit) => decodeSource(hit._source!, page.embeddings, true));
  }

  async countChunks(_tx: Tx, scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const response = await this.#call('count chunks', () =>
      this.#client.count({
        index: scope.collection.location,
        routing: scope.namespace,
        body: { query: openSearchFilter(scope.namespace, conditions) },
      }),
    );
    return (response.body as { count: number }).count;
  }

  /**
   * Approximate: the `knn` query with the conditions as its filter (efficient filtering); the
   * Lucene engine scores `(1 + cos) / 2`. Exact: a `script_score` with the k-NN plugin's
   * `knn_score` script over every passing chunk, which scores `1 + cos`. With `keepBest`, more
   * candidates are asked for until `topK` sources are in or the candidates run out.
   */
  async denseSearch(
    _tx: Tx,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const filter = openSearchFilter(scope.namespace, query.conditions);
    const vector = Array.from(query.vector);
    const search = (size: number) => {
      if (query.exact) {
        return {
          size,
          query: {
            script_score: {
              query: filter,
              script: {
                source: 'knn_score',
                lang: 'knn',
                params: { field: F.vector, query_value: vector, space_type: 'cosinesimil' },
              },
            },
          },
        };
      }
      return { size, query: { knn: { [F.vector]: { vector, k: size, filter } } } };
    };
    const similarity = (score: number) => (query.exact ? score - 1 : 2 * score - 1);
    return this.#ranked(scope, query.topK, query.keepBest, search, similarity, 'search nearest chunks');
  }

  /**
   * BM25 over the text, headings, document identity and context, boosted by
   * {@link DEFAULT_LEXICAL_WEIGHTS}; the terms as `match` queries (analysed, never parsed).
   */
  async lexicalSearch(
    _tx: Tx,
    scope: Backend.BackendScope,
    query: Backend.LexicalQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const filter = openSearchFilter(scope.namespace, query.conditions);
    const text = query.terms.join(' ');
    const search = (size: number) => ({
      size,
      query: {
        bool: {
          filter: [filter],
          should: [
            { match: { [F.text]: { query: text, boost: W.content } } },
            { match: { [F.headings]: { query: text, boost: W.headings } } },
            { match: { [F.document]: { query: text, boost: W.document } } },
            { match: { [F.context]: { query: text, boost: W.context } } },
          ],
          minimum_should_match: 1,
        },
      },
    });
    return this.#ranked(scope, query.topK, query.keepBest, search, (score) => score, 'search words');
  }

  async #ranked(
    scope: Backend.BackendScope,
    topK: number,
    keepBest: boolean,
    request: (size: number) => Record<string, unknown>,
    score: (raw: number) => number,
    operation: string,
  ): Promise<Backend.ScoredChunk[]> {
    let size = keepBest ? topK * 4 : topK;
    for (;;) {
      const hits = await this.#search(operation, scope, {
        ...request(size),
        _source: { excludes: [F.vector, F.exact] },
      });
      const rows: Backend.ScoredChunk[] = [];
      const sources = new Set<string>();
      for (const hit of hits) {
        const { version, embedding: _embedding, ...chunk } = decodeSource(hit._source!, false);
        if (keepBest) {
          if (sources.has(chunk.sourceId)) continue;
          sources.add(chunk.sourceId);
        }
        rows.push({ chunk, score: score(hit._score ?? Number.NaN), version });
        if (rows.length === topK) break;
      }
      if (!keepBest || rows.length === topK || hits.length < size) return withSourceNames(this, scope, rows);
      size *= 4;
    }
  }

  async #search(
    operation: string,
    scope: Backend.BackendScope,
    body: Record<string, unknown>,
  ): Promise<SearchHit[]> {
    const response = await this.#call(operation, () =>
      this.#client.search({ index: scope.collection.location, routing: scope.namespace, body }),
    );
    return (response.body as { hits: { hits: SearchHit[] } }).hits.hits;
  }

  // Document records.

  async writeDocument(_tx: Tx, scope: Backend.BackendScope, record: Backend.BackendDocument): Promise<void> {
    await this.#bulk('write a document record', [
      { index: { _index: this.#registry, _id: recordId(scope, record.documentId) } },
      {
        key: recordId(scope, record.documentId),
        kind: 'document',
        loc: scope.collection.location,
        ns: scope.namespace,
        doc: record.documentId,
        src: record.sourceId,
        record: JSON.stringify(record),
      },
    ]);
  }

  #recordsQuery(scope: Backend.BackendScope, extra: QueryClause[] = []): QueryClause {
    return {
      bool: {
        filter: [
          { term: { kind: 'document' } },
          { term: { loc: scope.collection.location } },
          { term: { ns: scope.namespace } },
          ...extra,
        ],
      },
    };
  }

  async readDocuments(_tx: Tx, scope: Backend.BackendScope, documentIds?: readonly string[]) {
    const sources =
      documentIds === undefined
        ? (await this.#listAll(this.#registry, this.#recordsQuery(scope), true)).map((hit) => hit._source!)
        : await this.#getRegistry(documentIds.map((id) => recordId(scope, id)));
    return sources
      .map((source) => JSON.parse(String(source.record)) as Backend.BackendDocument)
      .sort((a, b) =>
        a.documentId === b.documentId ? 0 : codePointLess(a.documentId, b.documentId) ? -1 : 1,
      );
  }

  async deleteDocuments(
    _tx: Tx,
    scope: Backend.BackendScope,
    selection: { documentIds?: readonly string[]; sourceIds?: readonly string[] },
  ): Promise<number> {
    const extra: QueryClause[] = [];
    if (selection.documentIds !== undefined) extra.push({ terms: { doc: [...selection.documentIds] } });
    if (selection.sourceIds !== undefined) extra.push({ terms: { src: [...selection.sourceIds] } });
    const hits = await this.#listAll(this.#registry, this.#recordsQuery(scope, extra));
    await this.#deleteIds(
      this.#registry,
      hits.map((hit) => hit._id),
      undefined,
      'delete document records',
    );
    return hits.length;
  }

  async countDocuments(_tx: Tx, scope: Backend.BackendScope): Promise<number> {
    const response = await this.#call('count document records', () =>
      this.#client.count({ index: this.#registry, body: { query: this.#recordsQuery(scope) } }),
    );
    return (response.body as { count: number }).count;
  }

  async recountDocuments(_tx: Tx, scope: Backend.BackendScope, documentIds: readonly string[]) {
    return recountRecords(this, scope, documentIds, (ids) => this.#matching(scope, { documentIds: ids }));
  }

  /**
   * Every hit of `query`, page by page (`search_after` on a unique keyword order: chunk id and
   * version in a namespace's chunks, `key` in the registry), with the source fields asked for.
   * Chunk listings pass the namespace as `routing`.
   */
  async #listAll(
    index: string,
    query: QueryClause,
    source: boolean | string[] = false,
    routing?: string,
  ): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    let after: unknown[] | undefined;
    const sort = routing === undefined ? [{ key: 'asc' }] : SCAN_ORDER;
    for (;;) {
      const body: Record<string, unknown> = { query, size: PAGE, sort, _source: source };
      if (after !== undefined) body.search_after = after;
      const response = await this.#call('list documents', () =>
        this.#client.search(routing === undefined ? { index, body } : { index, routing, body }),
      );
      const page = (response.body as { hits: { hits: SearchHit[] } }).hits.hits;
      hits.push(...page);
      if (page.length < PAGE) return hits;
      after = page.at(-1)!.sort;
    }
  }
}

/** Scans go by chunk id, then version (keyword order: code points). */
const SCAN_ORDER = [{ [F.id]: 'asc' }, { [F.version]: 'asc' }];

function codePointLess(a: string, b: string): boolean {
  return Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;
}

function collectionId(name: string): string {
  return `collection-${digest(name)}`;
}

function recordId(scope: Backend.BackendScope, documentId: string): string {
  return `document-${digest(scope.collection.location, scope.namespace, documentId)}`;
}

function chunkDocumentId(namespace: string, chunkId: string, version: string): string {
  return digest(namespace, chunkId, version);
}

/** The source of a chunk document. */
function chunkSource(namespace: string, prepared: PreparedChunk, version: string, now: string): Source {
  const { chunk } = prepared;
  const terms = metadataTerms(chunk.metadata);
  const source: Source = {
    [F.namespace]: namespace,
    [F.id]: chunk.id,
    [F.documentId]: chunk.documentId,
    [F.sourceId]: chunk.sourceId,
    [F.version]: version,
    [F.text]: chunk.text,
    [F.headings]: chunk.headingPath.join('\n'),
    [F.document]: prepared.lexical.document,
    [F.context]: prepared.lexical.context,
    [F.body]: chunkBody(prepared, now),
    [F.equals]: terms.equals,
    [F.present]: terms.present,
  };
  for (const [key, numbers] of terms.numbers) source[`n_${key}`] = numbers;
  for (const [key, strings] of terms.strings) source[`s_${key}`] = strings;
  if (prepared.embedding !== null) {
    source[F.vector] = Array.from(prepared.embedding);
    source[F.exact] = embeddingToBase64(prepared.embedding);
  }
  return source;
}

function decodeSource(source: Source, embeddings: boolean, times = false): Backend.BackendChunk {
  const exact = source[F.exact];
  return chunkFromFields({
    id: String(source[F.id]),
    documentId: String(source[F.documentId]),
    sourceId: String(source[F.sourceId]),
    version: String(source[F.version]),
    text: String(source[F.text] ?? ''),
    body: String(source[F.body]),
    embedding: embeddings && typeof exact === 'string' ? embeddingFromBase64(exact) : undefined,
    times,
  });
}
