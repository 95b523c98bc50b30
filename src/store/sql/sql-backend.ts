/**
 * The hooks every SQL backend shares, written once over a {@link SqlDialect}: registry reads and
 * writes, document records, and the chunk statements whose SQL differs only in placeholders,
 * list membership and the namespace condition. A backend extends {@link SqlBackend} with its DDL,
 * its chunk writes and its searches.
 * @module
 */
import type {
  DocumentFacet,
  DocumentFacetsOptions,
  DocumentPage,
  ResolvedDocumentQuery,
} from '../../core/document-query.js';
import type { DocumentRecord, StoredChunk } from '../../core/types.js';
import { firstPageText, OPENING_CHUNKS, type OpeningChunk, openingTerms } from '../../retrieve/name-terms.js';
import type {
  BackendScope,
  ChunkConditions,
  ChunkPage,
  DenseQuery,
  LexicalQuery,
  SchemaUpgrade,
  ScoredChunk,
  StoreBackend,
  StoredCollection,
  TransactionMode,
} from '../collection/backend.js';
import { documentField, documentIdentity, type PreparedChunk } from '../collection/validation.js';
import type { NamespaceAccess, SqlConnection, SqlDialect, SqlParams } from './sql-dialect.js';
import { type DocumentListingSql, queryDocumentFacets, queryDocumentPage } from './sql-documents.js';
import {
  CHUNK_COLUMNS,
  type ChunkRow,
  COLLECTION_COLUMNS,
  type CollectionRow,
  DOCUMENT_COLUMNS,
  DOCUMENTS_TABLE,
  type DocumentRow,
  REGISTRY_TABLE,
  SqlRows,
} from './sql-rows.js';
import { tableNameFor } from './table-name.js';

/** A chunk row with the score a search ranked it by, and its document's name. */
export type ScoredRow = ChunkRow & { score: number; source_name: string | null };

/** The shared part of a SQL backend; see the module notes. */
export abstract class SqlBackend implements StoreBackend<SqlConnection> {
  abstract readonly name: string;
  abstract readonly capabilities: StoreBackend['capabilities'];
  abstract readonly provision: boolean;
  abstract readonly schemaVersion: number;
  abstract readonly upgrades: readonly SchemaUpgrade<SqlConnection>[];

  protected readonly dialect: SqlDialect;
  protected readonly rows: SqlRows;

  constructor(dialect: SqlDialect) {
    this.dialect = dialect;
    this.rows = new SqlRows(dialect);
  }

  abstract transaction<T>(mode: TransactionMode, work: (tx: SqlConnection) => Promise<T>): Promise<T>;
  abstract ping(): Promise<boolean>;
  abstract close(): Promise<void>;
  abstract hasRegistry(tx: SqlConnection): Promise<boolean>;
  abstract createRegistry(tx: SqlConnection): Promise<void>;
  abstract lockRegistry(tx: SqlConnection): Promise<void>;
  /** Creates the collection's chunk table, indexes and whatever else it needs (not the registry row). */
  protected abstract createCollectionStorage(tx: SqlConnection, collection: StoredCollection): Promise<void>;
  /** Drops the collection's chunk table and what goes with it. */
  protected abstract dropCollectionStorage(tx: SqlConnection, collection: StoredCollection): Promise<void>;
  abstract enterNamespace(tx: SqlConnection, namespace: string): Promise<void>;
  abstract writeChunks(
    tx: SqlConnection,
    scope: BackendScope,
    chunks: readonly PreparedChunk[],
    now: string,
  ): Promise<void>;
  abstract denseSearch(tx: SqlConnection, scope: BackendScope, query: DenseQuery): Promise<ScoredChunk[]>;
  abstract lexicalSearch(tx: SqlConnection, scope: BackendScope, query: LexicalQuery): Promise<ScoredChunk[]>;
  abstract storageBytes(tx: SqlConnection): Promise<number | undefined>;

  /** The quoted chunk table of a collection. */
  protected table(collection: StoredCollection): string {
    return this.dialect.quote(collection.location);
  }

  locationFor(name: string): string {
    return tableNameFor(name);
  }

  async readCollection(
    tx: SqlConnection,
    name: string,
    lock: boolean,
  ): Promise<StoredCollection | undefined> {
    const params = this.dialect.params();
    const [row] = await tx.all<CollectionRow>({
      sql: `SELECT ${COLLECTION_COLUMNS} FROM ${REGISTRY_TABLE} WHERE name = ${params.bind(name, 'text')}${lock ? this.dialect.forShare : ''}`,
      params: params.values,
    });
    return row === undefined ? undefined : this.rows.collection(row);
  }

  async readCollections(tx: SqlConnection): Promise<StoredCollection[]> {
    const rows = await tx.all<CollectionRow>({
      sql: `SELECT ${COLLECTION_COLUMNS} FROM ${REGISTRY_TABLE} ORDER BY name`,
      params: [],
    });
    return rows.map((row) => this.rows.collection(row));
  }

  async createCollection(tx: SqlConnection, collection: StoredCollection): Promise<void> {
    await this.createCollectionStorage(tx, collection);
    const params = this.dialect.params();
    const values = [
      params.bind(collection.name, 'text'),
      params.bind(collection.location, 'text'),
      params.bind(collection.model, 'text'),
      params.bind(collection.dimension, 'int'),
      params.bind(collection.vectorType, 'text'),
      params.bind(collection.schemaVersion, 'int'),
      params.bind(collection.createdAt, 'timestamp'),
      params.bind(collection.metadata, 'json'),
    ];
    await tx.run({
      sql: `INSERT INTO ${REGISTRY_TABLE} (${COLLECTION_COLUMNS}) VALUES (${values.join(', ')})`,
      params: params.values,
    });
  }

  async dropCollection(tx: SqlConnection, collection: StoredCollection): Promise<void> {
    await this.dropCollectionStorage(tx, collection);
    for (const table of [DOCUMENTS_TABLE, REGISTRY_TABLE]) {
      const params = this.dialect.params();
      const column = table === DOCUMENTS_TABLE ? 'collection' : 'name';
      await tx.run({
        sql: `DELETE FROM ${table} WHERE ${column} = ${params.bind(collection.name, 'text')}`,
        params: params.values,
      });
    }
  }

  async recordSchemaVersion(tx: SqlConnection, collection: StoredCollection, version: number): Promise<void> {
    const params = this.dialect.params();
    await tx.run({
      sql: `UPDATE ${REGISTRY_TABLE} SET schema_version = ${params.bind(version, 'int')} WHERE name = ${params.bind(collection.name, 'text')}`,
      params: params.values,
    });
  }

  async chunkOwners(
    tx: SqlConnection,
    scope: BackendScope,
    ids: readonly string[],
  ): Promise<Map<string, string>> {
    const params = this.dialect.params();
    const where = this.where(scope, { ids }, params, 'index');
    const rows = await tx.all<{ id: string; document_id: string }>({
      sql: `SELECT c.id, c.document_id FROM ${this.table(scope.collection)} AS c WHERE ${where}`,
      params: params.values,
    });
    return new Map(rows.map((row) => [row.id, row.document_id]));
  }

  async deleteChunks(tx: SqlConnection, scope: BackendScope, conditions: ChunkConditions): Promise<string[]> {
    const params = this.dialect.params();
    const where = this.where(scope, conditions, params, scanAccess(conditions));
    const rows = await tx.all<{ document_id: string }>({
      sql: `DELETE FROM ${this.table(scope.collection)} AS c WHERE ${where} RETURNING document_id`,
      params: params.values,
    });
    return rows.map((row) => row.document_id);
  }

  async readChunks(
    tx: SqlConnection,
    scope: BackendScope,
    ids: readonly string[],
    embeddings: boolean,
  ): Promise<StoredChunk[]> {
    const params = this.dialect.params();
    const where = this.where(scope, { ids }, params, 'index');
    const rows = await tx.all<ChunkRow>({
      sql: `SELECT ${this.chunkColumns(embeddings)} FROM ${this.table(scope.collection)} AS c WHERE ${where}`,
      params: params.values,
    });
    return rows.map((row) => this.rows.storedChunk(row));
  }

  async scanChunks(
    tx: SqlConnection,
    scope: BackendScope,
    conditions: ChunkConditions,
    page: ChunkPage,
  ): Promise<StoredChunk[]> {
    const params = this.dialect.params();
    let where = this.where(scope, conditions, params, 'index');
    if (page.after !== undefined) where += ` AND c.id > ${params.bind(page.after, 'text')}`;
    const rows = await tx.all<ChunkRow>({
      sql:
        `SELECT ${this.chunkColumns(page.embeddings)}, c.created_at, c.updated_at FROM ${this.table(scope.collection)} AS c ` +
        `WHERE ${where} ORDER BY c.id LIMIT ${params.bind(page.limit, 'int')}`,
      params: params.values,
    });
    return rows.map((row) => this.rows.storedChunk(row));
  }

  async countChunks(tx: SqlConnection, scope: BackendScope, conditions: ChunkConditions): Promise<number> {
    const params = this.dialect.params();
    const access = conditions.filter === undefined ? 'index' : scanAccess(conditions);
    const where = this.where(scope, conditions, params, access);
    const [row] = await tx.all<{ n: number | string }>({
      sql: `SELECT count(*) AS n FROM ${this.table(scope.collection)} AS c WHERE ${where}`,
      params: params.values,
    });
    return Number(row?.n ?? 0);
  }

  async writeDocument(tx: SqlConnection, scope: BackendScope, record: DocumentRecord): Promise<void> {
    const params = this.dialect.params();
    const values = [
      params.bind(scope.collection.name, 'text'),
      params.bind(scope.namespace, 'text'),
      params.bind(record.documentId, 'text'),
      params.bind(record.contentHash, 'text'),
      params.bind(record.sourceId, 'text'),
      params.bind(record.sourceName, 'text'),
      params.bind(record.mediaType, 'text'),
      params.bind(record.title ?? null, 'text'),
      params.bind(record.metadata, 'json'),
      params.bind(record.chunkCount, 'int'),
      params.bind(record.pageCount, 'int'),
      params.bind(record.byteSize ?? null, 'real'),
      params.bind(record.nameTerms ?? null, 'json'),
      params.bind(record.parserFingerprint, 'text'),
      params.bind(record.ingestedAt, 'timestamp'),
    ];
    await tx.run({
      sql:
        `INSERT INTO ${DOCUMENTS_TABLE} (collection, namespace, ${DOCUMENT_COLUMNS}) VALUES (${values.join(', ')}) ` +
        'ON CONFLICT (collection, namespace, document_id) DO UPDATE SET ' +
        'content_hash = excluded.content_hash, source_id = excluded.source_id, source_name = excluded.source_name, ' +
        'media_type = excluded.media_type, title = excluded.title, metadata = excluded.metadata, ' +
        'chunk_count = excluded.chunk_count, page_count = excluded.page_count, byte_size = excluded.byte_size, ' +
        'name_terms = excluded.name_terms, ' +
        'parser_fingerprint = excluded.parser_fingerprint, ingested_at = excluded.ingested_at',
      params: params.values,
    });
  }

  async readDocuments(
    tx: SqlConnection,
    scope: BackendScope,
    documentIds?: readonly string[],
  ): Promise<DocumentRecord[]> {
    const params = this.dialect.params();
    const parts = this.documentScope(scope, params);
    if (documentIds !== undefined) parts.push(this.dialect.inList('d.document_id', documentIds, params));
    const rows = await tx.all<DocumentRow>({
      sql: `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_TABLE} AS d WHERE ${parts.join(' AND ')} ORDER BY d.document_id`,
      params: params.values,
    });
    return rows.map((row) => this.rows.document(row));
  }

  /** The engine's pieces of the listing and facet statements. */
  protected abstract readonly listingSql: DocumentListingSql;

  async queryDocuments(
    tx: SqlConnection,
    scope: BackendScope,
    query: ResolvedDocumentQuery,
  ): Promise<DocumentPage> {
    return queryDocumentPage(tx, {
      sql: this.listingSql,
      params: () => this.dialect.params(),
      scope: (params) => this.documentScope(scope, params),
      read: (row) => this.rows.document(row),
      query,
    });
  }

  async documentFacets(
    tx: SqlConnection,
    scope: BackendScope,
    options: Required<DocumentFacetsOptions>,
  ): Promise<DocumentFacet[]> {
    return queryDocumentFacets(tx, {
      sql: this.listingSql,
      params: () => this.dialect.params(),
      scope: (params) => this.documentScope(scope, params),
      options,
    });
  }

  async countDocuments(tx: SqlConnection, scope: BackendScope): Promise<number> {
    const params = this.dialect.params();
    const parts = this.documentScope(scope, params);
    const [row] = await tx.all<{ n: number | string }>({
      sql: `SELECT count(*) AS n FROM ${DOCUMENTS_TABLE} AS d WHERE ${parts.join(' AND ')}`,
      params: params.values,
    });
    return Number(row?.n ?? 0);
  }

  async deleteDocuments(
    tx: SqlConnection,
    scope: BackendScope,
    selection: { documentIds?: readonly string[]; sourceIds?: readonly string[] },
  ): Promise<number> {
    const params = this.dialect.params();
    const parts = this.documentScope(scope, params);
    if (selection.documentIds !== undefined) {
      parts.push(this.dialect.inList('d.document_id', selection.documentIds, params));
    }
    if (selection.sourceIds !== undefined) {
      parts.push(this.dialect.inList('d.source_id', selection.sourceIds, params));
    }
    const rows = await tx.all<{ document_id: string }>({
      sql: `DELETE FROM ${DOCUMENTS_TABLE} AS d WHERE ${parts.join(' AND ')} RETURNING document_id`,
      params: params.values,
    });
    return rows.length;
  }

  async recountDocuments(
    tx: SqlConnection,
    scope: BackendScope,
    documentIds: readonly string[],
  ): Promise<number> {
    if (documentIds.length === 0) return 0;
    const chunks = this.table(scope.collection);
    const update = this.dialect.params();
    const updateWhere = [
      ...this.documentScope(scope, update),
      this.dialect.inList('d.document_id', documentIds, update),
    ];
    await tx.run({
      sql:
        `UPDATE ${DOCUMENTS_TABLE} AS d SET chunk_count = (SELECT count(*) FROM ${chunks} AS c ` +
        `WHERE c.namespace = d.namespace AND c.document_id = d.document_id) WHERE ${updateWhere.join(' AND ')}`,
      params: update.values,
    });
    const remove = this.dialect.params();
    const removeWhere = [
      ...this.documentScope(scope, remove),
      this.dialect.inList('d.document_id', documentIds, remove),
    ];
    const rows = await tx.all<{ document_id: string }>({
      sql: `DELETE FROM ${DOCUMENTS_TABLE} AS d WHERE ${removeWhere.join(' AND ')} AND d.chunk_count = 0 RETURNING document_id`,
      params: remove.values,
    });
    return rows.length;
  }

  /**
   * Sets every chunk's lexical `document` field from its document's record (as `documentField`
   * builds it), in every namespace: for upgrade steps, run as the owner of the tables.
   */
  protected async fillDocumentFields(tx: SqlConnection, collection: StoredCollection): Promise<void> {
    const select = this.dialect.params();
    const rows = await tx.all<{
      namespace: string;
      id: string;
      heading_path: unknown;
      title: string | null;
      source_name: string;
    }>({
      sql:
        `SELECT c.namespace, c.id, c.heading_path, d.title, d.source_name FROM ${this.table(collection)} AS c ` +
        `JOIN ${DOCUMENTS_TABLE} AS d ON d.collection = ${select.bind(collection.name, 'text')} ` +
        'AND d.namespace = c.namespace AND d.document_id = c.document_id',
      params: select.values,
    });
    for (const row of rows) {
      const params = this.dialect.params();
      const identity = documentIdentity({ title: row.title ?? undefined, sourceName: row.source_name });
      const field = documentField(identity, this.dialect.readJson<string[]>(row.heading_path));
      await tx.run({
        sql:
          `UPDATE ${this.table(collection)} SET lexical_document = ${params.bind(field, 'text')} ` +
          `WHERE namespace = ${params.bind(row.namespace, 'text')} AND id = ${params.bind(row.id, 'text')}`,
        params: params.values,
      });
    }
  }

  /**
   * Writes the name terms (see `openingTerms`) of every document of `collection` that has none,
   * read from its stored first chunks on page 1 (at most `OPENING_CHUNKS` a document): what the
   * ingest pipeline records since schema version 5, for the records written before. A document
   * without chunks on page 1 gets an empty list (read: no names).
   */
  protected async fillNameTerms(tx: SqlConnection, collection: StoredCollection): Promise<void> {
    const select = this.dialect.params();
    const rows = await tx.all<{
      namespace: string;
      document_id: string;
      ordinal: number;
      page_start: number;
      content: string;
    }>({
      sql:
        `SELECT c.namespace, c.document_id, c.ordinal, c.page_start, c.content FROM ${this.table(collection)} AS c ` +
        `WHERE c.ordinal < ${select.bind(OPENING_CHUNKS, 'int')} ORDER BY c.namespace, c.document_id, c.ordinal`,
      params: select.values,
    });
    const openings = new Map<string, { namespace: string; documentId: string; chunks: OpeningChunk[] }>();
    for (const row of rows) {
      const key = JSON.stringify([row.namespace, row.document_id]);
      let entry = openings.get(key);
      if (!entry) {
        entry = { namespace: row.namespace, documentId: row.document_id, chunks: [] };
        openings.set(key, entry);
      }
      entry.chunks.push({ ordinal: row.ordinal, pageStart: row.page_start, text: row.content });
    }
    for (const { namespace, documentId, chunks } of openings.values()) {
      const params = this.dialect.params();
      await tx.run({
        sql:
          `UPDATE ${DOCUMENTS_TABLE} SET name_terms = ${params.bind(openingTerms(firstPageText(chunks)), 'json')} ` +
          `WHERE collection = ${params.bind(collection.name, 'text')} AND namespace = ${params.bind(namespace, 'text')} ` +
          `AND document_id = ${params.bind(documentId, 'text')} AND name_terms IS NULL`,
        params: params.values,
      });
    }
    const rest = this.dialect.params();
    await tx.run({
      sql:
        `UPDATE ${DOCUMENTS_TABLE} SET name_terms = ${rest.bind([], 'json')} ` +
        `WHERE collection = ${rest.bind(collection.name, 'text')} AND name_terms IS NULL`,
      params: rest.values,
    });
  }

  /** The select list of a stored-chunk read: its context, and its embedding when asked for. */
  protected chunkColumns(embeddings: boolean): string {
    const columns = `${CHUNK_COLUMNS}, c.context`;
    return embeddings ? `${columns}, ${this.dialect.embeddingColumn}` : columns;
  }

  /** The conditions on the documents table aliased `d`: this collection, and the namespace where the dialect names it. */
  protected documentScope(scope: BackendScope, params: SqlParams): string[] {
    const parts = [`d.collection = ${params.bind(scope.collection.name, 'text')}`];
    const namespace = this.dialect.namespaceCondition('d', scope.namespace, params, 'index');
    if (namespace !== undefined) parts.push(namespace);
    return parts;
  }

  /**
   * The `WHERE` clause over the chunk table aliased `c`: the namespace (where the dialect names
   * it), then ids, document ids, source ids and the filter; the true literal when nothing applies.
   */
  protected where(
    scope: BackendScope,
    conditions: ChunkConditions,
    params: SqlParams,
    access: NamespaceAccess,
  ): string {
    const parts: string[] = [];
    const namespace = this.dialect.namespaceCondition('c', scope.namespace, params, access);
    if (namespace !== undefined) parts.push(namespace);
    if (conditions.ids !== undefined) parts.push(this.dialect.inList('c.id', conditions.ids, params));
    if (conditions.documentIds !== undefined) {
      parts.push(this.dialect.inList('c.document_id', conditions.documentIds, params));
    }
    if (conditions.sourceIds !== undefined) {
      parts.push(this.dialect.inList('c.source_id', conditions.sourceIds, params));
    }
    if (conditions.filter !== undefined)
      parts.push(this.dialect.filter(conditions.filter, 'c.metadata', params));
    return parts.length === 0 ? this.dialect.trueLiteral : parts.join(' AND ');
  }

  /** A ranked row as the collection model expects it. */
  protected scored(row: ScoredRow, score: number): ScoredChunk {
    const scored: ScoredChunk = { chunk: this.rows.chunk(row), score };
    if (row.source_name !== null) scored.sourceName = row.source_name;
    return scored;
  }
}

/**
 * Whether a scan over these conditions should use the namespace index: yes when it is narrowed to
 * listed ids, documents or sources; otherwise it reads the whole namespace anyway.
 */
export function scanAccess(conditions: ChunkConditions): NamespaceAccess {
  return conditions.ids !== undefined ||
    conditions.documentIds !== undefined ||
    conditions.sourceIds !== undefined
    ? 'index'
    : 'scan';
}
