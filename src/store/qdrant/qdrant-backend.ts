/**
 * The Qdrant backend: one Qdrant collection per cairn collection, with the named vector `dense`
 * (cosine) and payload indexes on the fields every request filters on — `namespace` as a tenant
 * index (`is_tenant`), so Qdrant keeps each namespace's points together — and one registry
 * collection (`PREFIX-registry`) holding collection entries and document records, so every
 * process sees one truth.
 *
 * A chunk is one point (id: a UUID from namespace, chunk id and version) whose payload holds its
 * fields, its text and JSON body, its metadata as index fields (`qdrant-filter.ts`), and its
 * embedding exactly (base64 float32: Qdrant normalises cosine vectors when it stores them).
 * Qdrant has no transactions: replaces are versioned; every request names the namespace.
 *
 * Qdrant orders scrolls by point id (or by numeric payload), not by a string field, so id-ordered
 * scans list the matching chunk ids and order them here.
 * @module
 */
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import { compareCodePoints } from '../../core/filter/match-filter.js';
import type { StoreCapabilities } from '../../core/ports.js';
import type * as Backend from '../collection/backend.js';
import { defineCapabilities } from '../collection/backend.js';
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
import { locationName, uuidFrom } from '../remote/remote-names.js';
import {
  numbersField,
  POINT_FIELDS,
  type QdrantFilter,
  qdrantFilter,
  versionValue,
} from './qdrant-filter.js';

/** Layout version of the collections this backend creates. */
export const QDRANT_SCHEMA_VERSION = 1;

/** What the Qdrant backend can do. */
export const QDRANT_CAPABILITIES: StoreCapabilities = defineCapabilities({
  lexical: 'none',
  dense: 'approximate',
  replace: 'versioned',
  maxWriteBatch: 256,
  unsupportedFilters: Object.freeze([
    '$gt:string',
    '$gte:string',
    '$lt:string',
    '$lte:string',
    '$headingPath',
  ] as const),
});

/** The named vector of chunk points. */
export const DENSE_VECTOR = 'dense';

/** Points one scroll returns at most. */
const PAGE = 1000;

/** Settings of {@link QdrantBackend}. */
export interface QdrantBackendSettings {
  prefix: string;
  provision: boolean;
  maxWriteBatch: number;
  policy: RemoteCallPolicy;
}

type Tx = null;
type Payload = Record<string, unknown>;
type Point = { id: string | number; payload?: Payload | null; score?: number };

/** Qdrant client errors carry their status in the message (`Unexpected Response: 404 …`). */
function readQdrantError(error: unknown): FailureReading {
  const message = (error as Error)?.message ?? String(error);
  const name = (error as Error)?.name ?? '';
  const status =
    (error as { status?: number }).status ?? Number(/Unexpected Response: (\d+)/.exec(message)?.[1]);
  if (name === 'QdrantClientTimeoutError') return { message, statusCode: 408 };
  if (name === 'QdrantClientResourceExhaustedError') return { message, statusCode: 429 };
  if (Number.isFinite(status))
    return { message: message.split('\n').slice(0, 3).join(' '), statusCode: status };
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? '';
  return { message, connection: /ECONN|ENOTFOUND|EPIPE|UND_ERR|fetch failed/.test(`${cause} ${message}`) };
}

/** The {@link Backend.StoreBackend} over a Qdrant server. */
export class QdrantBackend extends RemoteBackend implements Backend.StoreBackend<Tx> {
  readonly name = 'qdrant';
  readonly schemaVersion = QDRANT_SCHEMA_VERSION;

  readonly #client: QdrantClient;
  readonly #settings: QdrantBackendSettings;
  #registryKnown = false;

  constructor(client: QdrantClient, settings: QdrantBackendSettings) {
    super(QDRANT_CAPABILITIES, settings);
    this.#client = client;
    this.#settings = settings;
  }

  #call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    return callEngine('qdrant', operation, request, readQdrantError, this.#settings.policy);
  }

  get #registry(): string {
    return `${this.#settings.prefix}-registry`;
  }

  protected heartbeat(): Promise<unknown> {
    return this.#client.versionInfo();
  }

  async close(): Promise<void> {}

  // Registry.

  async hasRegistry(): Promise<boolean> {
    if (this.#registryKnown) return true;
    const { exists } = await this.#call('check the registry collection', () =>
      this.#client.collectionExists(this.#registry),
    );
    this.#registryKnown = exists;
    return exists;
  }

  async createRegistry(): Promise<void> {
    if (await this.hasRegistry()) return;
    await this.#createCollection(this.#registry, {}, ['kind', 'loc', 'ns', 'doc', 'src']);
    this.#registryKnown = true;
  }

  async #createCollection(
    name: string,
    vectors: Schemas['VectorsConfig'],
    keywords: string[],
    tenant?: string,
  ) {
    const { exists } = await this.#call('check a collection', () => this.#client.collectionExists(name));
    if (!exists) {
      await this.#call('create a collection', async () => {
        try {
          await this.#client.createCollection(name, { vectors });
        } catch (error) {
          // Another process created it first.
          if (readQdrantError(error).statusCode !== 409) throw error;
        }
      });
    }
    for (const field of [...(tenant === undefined ? [] : [tenant]), ...keywords]) {
      const schema: Schemas['PayloadFieldSchema'] =
        field === tenant ? { type: 'keyword', is_tenant: true } : 'keyword';
      await this.#call('create a payload index', () =>
        this.#client.createPayloadIndex(name, { field_name: field, field_schema: schema, wait: true }),
      );
    }
  }

  async lockRegistry(): Promise<void> {}

  async readCollection(_tx: Tx, name: string): Promise<Backend.StoredCollection | undefined> {
    const [point] = await this.#call('read a collection entry', () =>
      this.#client.retrieve(this.#registry, { ids: [uuidFrom('collection', name)], with_payload: true }),
    );
    return point?.payload ? (JSON.parse(String(point.payload.entry)) as Backend.StoredCollection) : undefined;
  }

  async readCollections(): Promise<Backend.StoredCollection[]> {
    const points = await this.#scrollAll(
      this.#registry,
      { must: [{ key: 'kind', match: { value: 'collection' } }] },
      true,
    );
    return points
      .map((point) => JSON.parse(String(point.payload!.entry)) as Backend.StoredCollection)
      .sort((a, b) => compareCodePoints(a.name, b.name));
  }

  locationFor(name: string): string {
    return locationName(this.#settings.prefix, name);
  }

  async createCollection(_tx: Tx, collection: Backend.StoredCollection): Promise<void> {
    const vectors: Schemas['VectorsConfig'] =
      collection.dimension === null
        ? {}
        : { [DENSE_VECTOR]: { size: collection.dimension, distance: 'Cosine' } };
    await this.#createCollection(
      collection.location,
      vectors,
      [
        POINT_FIELDS.id,
        POINT_FIELDS.documentId,
        POINT_FIELDS.sourceId,
        POINT_FIELDS.version,
        POINT_FIELDS.equals,
        POINT_FIELDS.present,
      ],
      POINT_FIELDS.namespace,
    );
    await this.#writeEntry(collection);
  }

  async #writeEntry(collection: Backend.StoredCollection): Promise<void> {
    await this.#upsert(this.#registry, 'write a collection entry', [
      {
        id: uuidFrom('collection', collection.name),
        vector: {},
        payload: { kind: 'collection', entry: JSON.stringify(collection) },
      },
    ]);
  }

  async #upsert(collection: string, operation: string, points: Schemas['PointStruct'][]) {
    await this.#call(operation, () => this.#client.upsert(collection, { wait: true, points }));
  }

  async #deletePoints(collection: string, operation: string, ids: Array<string | number>) {
    const size = this.capabilities.maxWriteBatch * 4;
    for (let start = 0; start < ids.length; start += size) {
      const points = ids.slice(start, start + size);
      await this.#call(operation, () => this.#client.delete(collection, { wait: true, points }));
    }
  }

  async dropCollection(_tx: Tx, collection: Backend.StoredCollection): Promise<void> {
    await this.#call('drop a collection', () => this.#client.deleteCollection(collection.location));
    const records = await this.#scrollAll(this.#registry, {
      must: [
        { key: 'kind', match: { value: 'document' } },
        { key: 'loc', match: { value: collection.location } },
      ],
    });
    await this.#deletePoints(
      this.#registry,
      'delete document records',
      records.map(({ id }) => id),
    );
    await this.#deletePoints(this.#registry, 'delete a collection entry', [
      uuidFrom('collection', collection.name),
    ]);
  }

  async recordSchemaVersion(_tx: Tx, collection: Backend.StoredCollection, version: number): Promise<void> {
    await this.#writeEntry({ ...collection, schemaVersion: version });
  }

  async enterNamespace(): Promise<void> {}

  // Chunks.

  async writeChunks(_tx: Tx, scope: Backend.BackendScope, chunks: readonly PreparedChunk[], now: string) {
    if (chunks.length === 0) return;
    const points = chunks.map((prepared) => {
      const version = prepared.version ?? '';
      const vector: Schemas['PointStruct']['vector'] =
        prepared.embedding === null ? {} : { [DENSE_VECTOR]: Array.from(prepared.embedding) };
      return {
        id: uuidFrom(scope.namespace, prepared.chunk.id, version),
        vector,
        payload: chunkPayload(scope.namespace, prepared, version, now),
      };
    });
    await this.#upsert(scope.collection.location, 'upsert points', points);
  }

  /** Id, document and version of every chunk that passes `conditions`. */
  async #matching(scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const points = await this.#scrollAll(
      scope.collection.location,
      qdrantFilter(scope.namespace, conditions),
      [POINT_FIELDS.id, POINT_FIELDS.documentId, POINT_FIELDS.version],
    );
    return points.map((point) => ({
      point: point.id,
      id: String(point.payload![POINT_FIELDS.id]),
      documentId: String(point.payload![POINT_FIELDS.documentId]),
      version: String(point.payload![POINT_FIELDS.version]).slice(1),
    }));
  }

  async chunkOwners(_tx: Tx, scope: Backend.BackendScope, ids: readonly string[]) {
    const owners = new Map<string, string>();
    for (const row of await this.#matching(scope, { ids })) owners.set(row.id, row.documentId);
    return owners;
  }

  async deleteChunks(_tx: Tx, scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const rows = await this.#matching(scope, conditions);
    await this.#deletePoints(
      scope.collection.location,
      'delete points',
      rows.map(({ point }) => point),
    );
    return rows.map(({ documentId }) => documentId);
  }

  async readChunks(_tx: Tx, scope: Backend.BackendScope, ids: readonly string[], embeddings: boolean) {
    const points = await this.#scrollAll(
      scope.collection.location,
      qdrantFilter(scope.namespace, { ids }),
      true,
    );
    return points.map((point) => decodePoint(point.payload!, embeddings));
  }

  async scanChunks(
    _tx: Tx,
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
    page: Backend.ChunkPage,
  ) {
    const rows = (await this.#matching(scope, conditions))
      .filter((row) => page.after === undefined || compareCodePoints(row.id, page.after) > 0)
      .sort((a, b) => compareCodePoints(a.id, b.id) || compareCodePoints(a.version, b.version));
    let end = Math.min(page.limit, rows.length);
    while (end < rows.length && end > 0 && rows[end]!.id === rows[end - 1]!.id) end += 1;
    const wanted = rows.slice(0, end).map(({ point }) => point);
    if (wanted.length === 0) return [];
    const found = await this.#call('retrieve points', () =>
      this.#client.retrieve(scope.collection.location, { ids: wanted, with_payload: true }),
    );
    const byId = new Map(found.map((point) => [String(point.id), point]));
    return wanted.flatMap((id) => {
      const point = byId.get(String(id));
      return point?.payload ? [decodePoint(point.payload, page.embeddings, true)] : [];
    });
  }

  async countChunks(_tx: Tx, scope: Backend.BackendScope, conditions: Backend.ChunkConditions) {
    const { count } = await this.#call('count points', () =>
      this.#client.count(scope.collection.location, {
        filter: qdrantFilter(scope.namespace, conditions),
        exact: true,
      }),
    );
    return count;
  }

  /** Qdrant's query API on the `dense` vector (`exact` searches without the HNSW index); `keepBest` groups by source id. */
  async denseSearch(
    _tx: Tx,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const request = {
      query: Array.from(query.vector),
      using: DENSE_VECTOR,
      filter: qdrantFilter(scope.namespace, query.conditions),
      limit: query.topK,
      with_payload: true,
      params: { exact: query.exact },
    };
    let points: Point[];
    if (query.keepBest) {
      const { groups } = await this.#call('query point groups', () =>
        this.#client.queryGroups(scope.collection.location, {
          ...request,
          group_by: POINT_FIELDS.sourceId,
          group_size: 1,
        }),
      );
      points = groups.flatMap((group) => group.hits.slice(0, 1));
    } else {
      ({ points } = await this.#call('query points', () =>
        this.#client.query(scope.collection.location, request),
      ));
    }
    const rows = points.flatMap((point) => {
      if (!point.payload) return [];
      const { version, embedding: _embedding, ...chunk } = decodePoint(point.payload, false);
      return [{ chunk, score: point.score ?? Number.NaN, version } satisfies Backend.ScoredChunk];
    });
    return withSourceNames(this, scope, rows);
  }

  async lexicalSearch(): Promise<Backend.ScoredChunk[]> {
    throw new Error('qdrant: lexical search is declared absent (capabilities.lexical is none)');
  }

  // Document records.

  async writeDocument(_tx: Tx, scope: Backend.BackendScope, record: Backend.BackendDocument): Promise<void> {
    await this.#upsert(this.#registry, 'write a document record', [
      {
        id: documentPoint(scope, record.documentId),
        vector: {},
        payload: {
          kind: 'document',
          loc: scope.collection.location,
          ns: scope.namespace,
          doc: record.documentId,
          src: record.sourceId,
          record: JSON.stringify(record),
        },
      },
    ]);
  }

  #documentsFilter(scope: Backend.BackendScope, extra: Schemas['Condition'][] = []): QdrantFilter {
    return {
      must: [
        { key: 'kind', match: { value: 'document' } },
        { key: 'loc', match: { value: scope.collection.location } },
        { key: 'ns', match: { value: scope.namespace } },
        ...extra,
      ],
    };
  }

  async readDocuments(_tx: Tx, scope: Backend.BackendScope, documentIds?: readonly string[]) {
    let points: Point[];
    if (documentIds === undefined)
      points = await this.#scrollAll(this.#registry, this.#documentsFilter(scope), true);
    else {
      if (documentIds.length === 0) return [];
      const ids = documentIds.map((id) => documentPoint(scope, id));
      points = await this.#call('read document records', () =>
        this.#client.retrieve(this.#registry, { ids, with_payload: true }),
      );
    }
    return points
      .flatMap((point) =>
        point.payload ? [JSON.parse(String(point.payload.record)) as Backend.BackendDocument] : [],
      )
      .sort((a, b) => compareCodePoints(a.documentId, b.documentId));
  }

  async deleteDocuments(
    _tx: Tx,
    scope: Backend.BackendScope,
    selection: { documentIds?: readonly string[]; sourceIds?: readonly string[] },
  ): Promise<number> {
    const extra: Schemas['Condition'][] = [];
    if (selection.documentIds !== undefined)
      extra.push({ key: 'doc', match: { any: [...selection.documentIds] } });
    if (selection.sourceIds !== undefined)
      extra.push({ key: 'src', match: { any: [...selection.sourceIds] } });
    const points = await this.#scrollAll(this.#registry, this.#documentsFilter(scope, extra));
    await this.#deletePoints(
      this.#registry,
      'delete document records',
      points.map(({ id }) => id),
    );
    return points.length;
  }

  async countDocuments(_tx: Tx, scope: Backend.BackendScope): Promise<number> {
    const { count } = await this.#call('count document records', () =>
      this.#client.count(this.#registry, { filter: this.#documentsFilter(scope), exact: true }),
    );
    return count;
  }

  async recountDocuments(_tx: Tx, scope: Backend.BackendScope, documentIds: readonly string[]) {
    return recountRecords(this, scope, documentIds, (ids) => this.#matching(scope, { documentIds: ids }));
  }

  /** Every point matching `filter`, scrolled page by page, with the payload fields asked for. */
  async #scrollAll(
    collection: string,
    filter: QdrantFilter,
    payload: boolean | string[] = false,
  ): Promise<Point[]> {
    const points: Point[] = [];
    let offset: Schemas['ExtendedPointId'] | undefined;
    const withPayload: Schemas['WithPayloadInterface'] = Array.isArray(payload)
      ? { include: payload }
      : payload;
    for (;;) {
      const page = await this.#call('scroll points', () =>
        this.#client.scroll(collection, {
          filter,
          limit: PAGE,
          with_payload: withPayload,
          with_vector: false,
          ...(offset === undefined ? {} : { offset }),
        }),
      );
      points.push(...page.points);
      const next = page.next_page_offset;
      if (next === undefined || next === null || typeof next === 'object') return points;
      offset = next;
    }
  }
}

function documentPoint(scope: Backend.BackendScope, documentId: string): string {
  return uuidFrom('document', scope.collection.location, scope.namespace, documentId);
}

/** The payload of a chunk point. */
function chunkPayload(namespace: string, prepared: PreparedChunk, version: string, now: string): Payload {
  const { chunk } = prepared;
  const terms = metadataTerms(chunk.metadata);
  const payload: Payload = {
    [POINT_FIELDS.namespace]: namespace,
    [POINT_FIELDS.id]: chunk.id,
    [POINT_FIELDS.documentId]: chunk.documentId,
    [POINT_FIELDS.sourceId]: chunk.sourceId,
    [POINT_FIELDS.version]: versionValue(version),
    [POINT_FIELDS.text]: chunk.text,
    [POINT_FIELDS.body]: chunkBody(prepared, now),
    [POINT_FIELDS.equals]: terms.equals,
    [POINT_FIELDS.present]: terms.present,
  };
  for (const [key, numbers] of terms.numbers) payload[numbersField(key)] = numbers;
  if (prepared.embedding !== null) payload[POINT_FIELDS.embedding] = embeddingToBase64(prepared.embedding);
  return payload;
}

function decodePoint(payload: Payload, embeddings: boolean, times = false): Backend.BackendChunk {
  const encoded = payload[POINT_FIELDS.embedding];
  return chunkFromFields({
    id: String(payload[POINT_FIELDS.id]),
    documentId: String(payload[POINT_FIELDS.documentId]),
    sourceId: String(payload[POINT_FIELDS.sourceId]),
    version: String(payload[POINT_FIELDS.version]).slice(1),
    text: String(payload[POINT_FIELDS.text] ?? ''),
    body: String(payload[POINT_FIELDS.body]),
    embedding: embeddings && typeof encoded === 'string' ? embeddingFromBase64(encoded) : undefined,
    times,
  });
}
