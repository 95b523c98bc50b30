/**
 * Conversions between PostgreSQL rows and the engine's records, and the text form of vectors.
 * @module
 */
import type { CollectionInfo } from '../../core/ports.js';
import type { Chunk, DocumentRecord, Metadata, StoredChunk } from '../../core/types.js';

/** Chunk columns every chunk read selects, from the chunk table aliased `c`. */
export const CHUNK_COLUMNS =
  'c.id, c.document_id, c.source_id, c.ordinal, c.content, c.heading_path, c.page_start, c.page_end, ' +
  'c.token_count, c.indivisible, c.metadata';

/** The embedding as pgvector text with float32 values (a `halfvec` is widened first, exactly). */
export const EMBEDDING_TEXT = 'c.embedding::vector::text AS embedding';

/** Registry columns, in the order {@link collectionFromRow} reads them. */
export const COLLECTION_COLUMNS =
  'name, table_name, model, dimension, vector_type, schema_version, created_at, metadata';

/** Documents-table columns, in the order {@link documentFromRow} reads them. */
export const DOCUMENT_COLUMNS =
  'document_id, content_hash, source_id, source_name, media_type, title, metadata, chunk_count, page_count, ' +
  'parser_fingerprint, ingested_at';

/** A row selected with {@link CHUNK_COLUMNS} (plus {@link EMBEDDING_TEXT} when asked for). */
export interface ChunkRow {
  id: string;
  document_id: string;
  source_id: string;
  ordinal: number;
  content: string;
  heading_path: string[];
  page_start: number;
  page_end: number;
  token_count: number;
  indivisible: boolean;
  metadata: Metadata;
  embedding?: string | null;
}

/** A registry row. */
export interface CollectionRow {
  name: string;
  table_name: string;
  model: string | null;
  dimension: number | null;
  vector_type: 'float32' | 'float16';
  schema_version: number;
  created_at: Date | string;
  metadata: Metadata;
}

/** A documents-table row. */
export interface DocumentRow {
  document_id: string;
  content_hash: string;
  source_id: string;
  source_name: string;
  media_type: string;
  title: string | null;
  metadata: Metadata;
  chunk_count: number;
  page_count: number;
  parser_fingerprint: string;
  ingested_at: Date | string;
}

/**
 * pgvector's text form of an embedding, `[x,y,…]`. Each float32 is written as the shortest decimal
 * that reads back as the same double, so PostgreSQL's float parser returns the same float32.
 */
export function vectorLiteral(embedding: Float32Array): string {
  return `[${Array.from(embedding).join(',')}]`;
}

/** The numbers of pgvector text, rounded to float32 (the precision they were stored with). */
export function vectorFromText(text: string): number[] {
  const body = text.slice(1, -1);
  if (body.length === 0) return [];
  return body.split(',').map((value) => Math.fround(Number(value)));
}

/** An ISO-8601 string of a `timestamptz` as either driver returns it. */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A chunk read back from a row. `indivisible` is present only when true. */
export function chunkFromRow(row: ChunkRow): Chunk & { sourceId: string } {
  const chunk: Chunk & { sourceId: string } = {
    id: row.id,
    documentId: row.document_id,
    sourceId: row.source_id,
    ordinal: row.ordinal,
    text: row.content,
    headingPath: row.heading_path,
    pageStart: row.page_start,
    pageEnd: row.page_end,
    tokenCount: row.token_count,
    metadata: row.metadata,
  };
  if (row.indivisible) chunk.indivisible = true;
  return chunk;
}

/** A stored chunk read back from a row, with its embedding when the row carries one. */
export function storedChunkFromRow(row: ChunkRow): StoredChunk {
  const chunk: StoredChunk = chunkFromRow(row);
  if (typeof row.embedding === 'string') chunk.embedding = vectorFromText(row.embedding);
  return chunk;
}

/** The registry entry of a row. */
export function collectionFromRow(row: CollectionRow): CollectionInfo {
  return {
    name: row.name,
    tableName: row.table_name,
    model: row.model,
    dimension: row.dimension,
    vectorType: row.vector_type,
    schemaVersion: row.schema_version,
    createdAt: isoTime(row.created_at),
    metadata: row.metadata,
  };
}

/** The document record of a row. `title` is present only when stored. */
export function documentFromRow(row: DocumentRow): DocumentRecord {
  const record: DocumentRecord = {
    documentId: row.document_id,
    contentHash: row.content_hash,
    sourceId: row.source_id,
    sourceName: row.source_name,
    mediaType: row.media_type,
    metadata: row.metadata,
    chunkCount: row.chunk_count,
    pageCount: row.page_count,
    parserFingerprint: row.parser_fingerprint,
    ingestedAt: isoTime(row.ingested_at),
  };
  if (row.title !== null) record.title = row.title;
  return record;
}
