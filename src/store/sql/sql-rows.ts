/**
 * The shared SQL layout's columns and the conversions between rows and records. Every SQL backend
 * keeps the same tables and column names (`cairn_collections`, `cairn_documents`, one chunk table
 * per collection); the dialect decodes what its driver returns.
 * @module
 */
import type { Chunk, DocumentRecord, Metadata, StoredChunk } from '../../core/types.js';
import type { StoredCollection } from '../collection/backend.js';
import type { SqlDialect } from './sql-dialect.js';

/** The collection registry. */
export const REGISTRY_TABLE = 'cairn_collections';
/** One row per ingested document, keyed by collection, namespace and document id. */
export const DOCUMENTS_TABLE = 'cairn_documents';

/** How one engine spells the column types of the shared tables. */
export interface SharedTableTypes {
  /** A key text column (ids, names), compared by code point, e.g. `text COLLATE "C"`. */
  key: string;
  text: string;
  integer: string;
  /** A 64-bit integer column (byte sizes), e.g. `bigint`. */
  bigInteger: string;
  json: string;
  timestamp: string;
  /** Appended to each `CREATE TABLE (…)`, e.g. ` STRICT`. */
  tableSuffix: string;
}

/**
 * The DDL of the registry and documents tables (and the documents' source index), the same
 * layout on every SQL engine; idempotent.
 */
export function sharedTablesDdl(types: SharedTableTypes): string[] {
  const { key, text, integer, bigInteger, json, timestamp, tableSuffix } = types;
  return [
    `CREATE TABLE IF NOT EXISTS ${REGISTRY_TABLE} (
  name ${key} NOT NULL PRIMARY KEY,
  table_name ${text} NOT NULL UNIQUE,
  model ${text},
  dimension ${integer} CHECK (dimension IS NULL OR dimension > 0),
  vector_type ${text} NOT NULL DEFAULT 'float32' CHECK (vector_type IN ('float32', 'float16')),
  schema_version ${integer} NOT NULL,
  created_at ${timestamp} NOT NULL,
  metadata ${json} NOT NULL DEFAULT '{}'
)${tableSuffix}`,
    `CREATE TABLE IF NOT EXISTS ${DOCUMENTS_TABLE} (
  collection ${key} NOT NULL,
  namespace ${key} NOT NULL,
  document_id ${key} NOT NULL,
  content_hash ${text} NOT NULL,
  source_id ${key} NOT NULL,
  source_name ${text} NOT NULL,
  media_type ${text} NOT NULL,
  title ${text},
  metadata ${json} NOT NULL DEFAULT '{}',
  chunk_count ${integer} NOT NULL,
  page_count ${integer} NOT NULL,
  byte_size ${bigInteger},
  name_terms ${json},
  parser_fingerprint ${text} NOT NULL,
  ingested_at ${timestamp} NOT NULL,
  PRIMARY KEY (collection, namespace, document_id)
)${tableSuffix}`,
    `CREATE INDEX IF NOT EXISTS ${DOCUMENTS_TABLE}_source ON ${DOCUMENTS_TABLE} (collection, namespace, source_id)`,
    DOCUMENTS_DATE_INDEX,
  ];
}

/** Pages a namespace's records by ingested time (the explorer's newest-first listing) without a sort. */
export const DOCUMENTS_DATE_INDEX = `CREATE INDEX IF NOT EXISTS ${DOCUMENTS_TABLE}_ingested ON ${DOCUMENTS_TABLE} (collection, namespace, ingested_at, document_id)`;

/** Chunk columns every chunk read selects, from the chunk table aliased `c`. */
export const CHUNK_COLUMNS =
  'c.id, c.document_id, c.source_id, c.ordinal, c.content, c.heading_path, c.page_start, c.page_end, ' +
  'c.token_count, c.indivisible, c.metadata';

/** Registry columns, in the order the insert binds them. */
export const COLLECTION_COLUMNS =
  'name, table_name, model, dimension, vector_type, schema_version, created_at, metadata';

/** Documents-table columns after `collection, namespace`, in the order the upsert binds them. */
export const DOCUMENT_COLUMNS =
  'document_id, content_hash, source_id, source_name, media_type, title, metadata, chunk_count, page_count, ' +
  'byte_size, name_terms, parser_fingerprint, ingested_at';

/**
 * The documents table's `byte_size` column (a collection layout of version 4 or later relies on
 * it), added to a table created before it existed; `bigInteger` as in {@link SharedTableTypes}.
 */
export function byteSizeColumnDdl(bigInteger: string): string {
  return `ALTER TABLE ${DOCUMENTS_TABLE} ADD COLUMN byte_size ${bigInteger}`;
}

/**
 * The documents table's `name_terms` column (a collection layout of version 5 or later relies on
 * it: a JSON array of the first page's name terms, null when not read), added to a table created
 * before it existed; `json` as in {@link SharedTableTypes}.
 */
export function nameTermsColumnDdl(json: string): string {
  return `ALTER TABLE ${DOCUMENTS_TABLE} ADD COLUMN name_terms ${json}`;
}

/** A row selected with {@link CHUNK_COLUMNS} (plus `embedding` when asked for). */
export interface ChunkRow {
  id: string;
  document_id: string;
  source_id: string;
  ordinal: number;
  content: string;
  heading_path: unknown;
  page_start: number;
  page_end: number;
  token_count: number;
  indivisible: unknown;
  metadata: unknown;
  context?: string;
  embedding?: unknown;
  created_at?: unknown;
  updated_at?: unknown;
}

/** A registry row. */
export interface CollectionRow {
  name: string;
  table_name: string;
  model: string | null;
  dimension: number | null;
  vector_type: 'float32' | 'float16';
  schema_version: number;
  created_at: unknown;
  metadata: unknown;
  /** The ranking metric, where the engine keeps one (PostgreSQL); null or absent for cosine. */
  metric?: string | null;
}

/** A documents-table row. */
export interface DocumentRow {
  document_id: string;
  content_hash: string;
  source_id: string;
  source_name: string;
  media_type: string;
  title: string | null;
  metadata: unknown;
  chunk_count: number;
  page_count: number;
  /** Null when unknown; a string where the driver returns 64-bit integers as text. */
  byte_size: number | string | null;
  /** JSON array of name terms; null when not read. */
  name_terms: unknown;
  parser_fingerprint: string;
  ingested_at: unknown;
}

/** Reads rows into records with one dialect's decoders. */
export class SqlRows {
  readonly #dialect: SqlDialect;

  constructor(dialect: SqlDialect) {
    this.#dialect = dialect;
  }

  /** A chunk read back from a row. `indivisible` is present only when true. */
  chunk(row: ChunkRow): Chunk & { sourceId: string } {
    const chunk: Chunk & { sourceId: string } = {
      id: row.id,
      documentId: row.document_id,
      sourceId: row.source_id,
      ordinal: row.ordinal,
      text: row.content,
      headingPath: this.#dialect.readJson<string[]>(row.heading_path),
      pageStart: row.page_start,
      pageEnd: row.page_end,
      tokenCount: row.token_count,
      metadata: this.#dialect.readJson<Metadata>(row.metadata),
    };
    if (this.#dialect.readBool(row.indivisible)) chunk.indivisible = true;
    return chunk;
  }

  /** A stored chunk read back from a row, with its context and embedding when the row carries them. */
  storedChunk(row: ChunkRow): StoredChunk {
    const chunk: StoredChunk = this.chunk(row);
    if (row.context !== undefined && row.context !== '') chunk.context = row.context;
    if (row.embedding !== undefined && row.embedding !== null) {
      chunk.embedding = this.#dialect.readEmbedding(row.embedding);
    }
    if (row.created_at !== undefined && row.created_at !== null) {
      chunk.createdAt = this.#dialect.readTime(row.created_at);
    }
    if (row.updated_at !== undefined && row.updated_at !== null) {
      chunk.updatedAt = this.#dialect.readTime(row.updated_at);
    }
    return chunk;
  }

  /** The registry entry of a row; its table is the collection's location. */
  collection(row: CollectionRow): StoredCollection {
    return {
      name: row.name,
      location: row.table_name,
      model: row.model,
      dimension: row.dimension,
      vectorType: row.vector_type,
      schemaVersion: row.schema_version,
      createdAt: this.#dialect.readTime(row.created_at),
      metadata: this.#dialect.readJson<Metadata>(row.metadata),
      ...(row.metric === 'euclidean' || row.metric === 'dot' ? { metric: row.metric } : {}),
    };
  }

  /** The document record of a row. `title` is present only when stored. */
  document(row: DocumentRow): DocumentRecord {
    const record: DocumentRecord = {
      documentId: row.document_id,
      contentHash: row.content_hash,
      sourceId: row.source_id,
      sourceName: row.source_name,
      mediaType: row.media_type,
      metadata: this.#dialect.readJson<Metadata>(row.metadata),
      chunkCount: row.chunk_count,
      pageCount: row.page_count,
      parserFingerprint: row.parser_fingerprint,
      ingestedAt: this.#dialect.readTime(row.ingested_at),
    };
    if (row.title !== null) record.title = row.title;
    if (row.byte_size !== null && row.byte_size !== undefined) record.byteSize = Number(row.byte_size);
    if (row.name_terms !== null && row.name_terms !== undefined) {
      record.nameTerms = this.#dialect.readJson<string[]>(row.name_terms);
    }
    return record;
  }
}
