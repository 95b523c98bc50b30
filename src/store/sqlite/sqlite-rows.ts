/**
 * Conversions between SQLite rows and the engine's records.
 * @module
 */
import type { CollectionInfo } from '../../core/ports.js';
import type { Chunk, DocumentRecord, Metadata, StoredChunk } from '../../core/types.js';

/** Chunk columns every chunk read selects, from the chunk table aliased `c`. */
export const CHUNK_COLUMNS =
  'c.id, c.document_id, c.source_id, c.ordinal, c.content, c.heading_path, c.page_start, c.page_end, ' +
  'c.token_count, c.indivisible, c.metadata';

/** A row selected with {@link CHUNK_COLUMNS} (plus `embedding` when asked for). */
export interface ChunkRow {
  id: string;
  document_id: string;
  source_id: string;
  ordinal: number;
  content: string;
  heading_path: string;
  page_start: number;
  page_end: number;
  token_count: number;
  indivisible: number;
  metadata: string;
  embedding?: Buffer | null;
}

/** A registry row. */
export interface CollectionRow {
  name: string;
  table_name: string;
  model: string | null;
  dimension: number | null;
  vector_type: 'float32' | 'float16';
  schema_version: number;
  created_at: string;
  metadata: string;
}

/** A documents-table row. */
export interface DocumentRow {
  document_id: string;
  content_hash: string;
  source_id: string;
  source_name: string;
  media_type: string;
  title: string | null;
  metadata: string;
  chunk_count: number;
  page_count: number;
  parser_fingerprint: string;
  ingested_at: string;
}

/** The float32 BLOB of an embedding, sharing its memory. */
export function embeddingBlob(embedding: Float32Array): Buffer {
  return Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength);
}

/** The numbers of a float32 BLOB (copied, so alignment does not matter). */
export function embeddingFromBlob(blob: Buffer): number[] {
  return Array.from(new Float32Array(new Uint8Array(blob).buffer));
}

/** A chunk read back from a row. `indivisible` is present only when true. */
export function chunkFromRow(row: ChunkRow): Chunk & { sourceId: string } {
  const chunk: Chunk & { sourceId: string } = {
    id: row.id,
    documentId: row.document_id,
    sourceId: row.source_id,
    ordinal: row.ordinal,
    text: row.content,
    headingPath: JSON.parse(row.heading_path) as string[],
    pageStart: row.page_start,
    pageEnd: row.page_end,
    tokenCount: row.token_count,
    metadata: JSON.parse(row.metadata) as Metadata,
  };
  if (row.indivisible === 1) chunk.indivisible = true;
  return chunk;
}

/** A stored chunk read back from a row, with its embedding when the row carries one. */
export function storedChunkFromRow(row: ChunkRow): StoredChunk {
  const chunk: StoredChunk = chunkFromRow(row);
  if (row.embedding) chunk.embedding = embeddingFromBlob(row.embedding);
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
    createdAt: row.created_at,
    metadata: JSON.parse(row.metadata) as Metadata,
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
    metadata: JSON.parse(row.metadata) as Metadata,
    chunkCount: row.chunk_count,
    pageCount: row.page_count,
    parserFingerprint: row.parser_fingerprint,
    ingestedAt: row.ingested_at,
  };
  if (row.title !== null) record.title = row.title;
  return record;
}
