/**
 * The memory store's private records and the copies it hands out. Nothing a caller passes in or
 * gets back shares memory with what the store keeps: metadata goes through JSON (as it does through
 * the SQLite store's JSON columns, so values come back alike), arrays and vectors are copied.
 * @module
 */
import type { CollectionInfo } from '../../core/ports.js';
import type { Chunk, DocumentRecord, Hit, Metadata, StoredChunk } from '../../core/types.js';
import type { LexicalFields, PreparedChunk } from '../collection/validation.js';
import { type TermVector, termVector } from './memory-bm25.js';

/** A stored chunk. Immutable once stored, except `seq`, which its namespace assigns on insert. */
export interface ChunkRecord {
  /** Insertion sequence within the namespace; kept when the chunk is overwritten by id. */
  seq: number;
  readonly id: string;
  readonly documentId: string;
  readonly sourceId: string;
  readonly ordinal: number;
  readonly text: string;
  readonly headingPath: readonly string[];
  readonly pageStart: number;
  readonly pageEnd: number;
  readonly tokenCount: number;
  readonly indivisible: boolean;
  /** Parsed once for filtering; never handed out. */
  readonly metadata: Metadata;
  /** What copies are parsed from. */
  readonly metadataJson: string;
  /** A private float32 copy, or `null` in a lexical-only collection. */
  readonly embedding: Float32Array | null;
  /** Euclidean length of `embedding` (0 without one). */
  readonly norm: number;
  /** The lexical document and context fields (indexed, never handed out). */
  readonly lexical: LexicalFields;
  /** ISO-8601 time the id was first written (kept when it is overwritten). */
  createdAt: string;
  /** ISO-8601 time of the last write. */
  readonly updatedAt: string;
}

/** A chunk ready to store: its record, and its full-text terms for the index (not kept with the record). */
export interface NewChunk {
  record: ChunkRecord;
  terms: TermVector;
}

/** Makes a validated chunk ready to store: copies every field, measures the embedding, tokenises the text. */
export function newChunk({ chunk, embedding, lexical }: PreparedChunk, now: string): NewChunk {
  const metadataJson = JSON.stringify(chunk.metadata);
  const headingPath = [...chunk.headingPath];
  // toEmbedding hands back the caller's own Float32Array when given one; copy that one only.
  const stored = embedding !== null && embedding === chunk.embedding ? embedding.slice() : embedding;
  const record: ChunkRecord = {
    seq: 0,
    id: chunk.id,
    documentId: chunk.documentId,
    sourceId: chunk.sourceId,
    ordinal: chunk.ordinal,
    text: chunk.text,
    headingPath,
    pageStart: chunk.pageStart,
    pageEnd: chunk.pageEnd,
    tokenCount: chunk.tokenCount,
    indivisible: chunk.indivisible === true,
    metadata: JSON.parse(metadataJson) as Metadata,
    metadataJson,
    embedding: stored,
    norm: stored === null ? 0 : Math.sqrt(dot(stored, stored)),
    lexical: { ...lexical },
    createdAt: now,
    updatedAt: now,
  };
  return { record, terms: recordTerms(record) };
}

/** The full-text terms of a record: its text, heading path and lexical fields. */
export function recordTerms(record: ChunkRecord): TermVector {
  return termVector(record.text, record.headingPath, record.lexical);
}

/** The dot product of two vectors of equal length, summed in double precision. */
export function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += left[i]! * right[i]!;
  return sum;
}

/** A fresh copy of a record as a chunk (no embedding); `indivisible` is present only when true. */
export function chunkOf(record: ChunkRecord): Chunk & { sourceId: string } {
  const chunk: Chunk & { sourceId: string } = {
    id: record.id,
    documentId: record.documentId,
    sourceId: record.sourceId,
    ordinal: record.ordinal,
    text: record.text,
    headingPath: [...record.headingPath],
    pageStart: record.pageStart,
    pageEnd: record.pageEnd,
    tokenCount: record.tokenCount,
    metadata: JSON.parse(record.metadataJson) as Metadata,
  };
  if (record.indivisible) chunk.indivisible = true;
  return chunk;
}

/** A fresh copy of a record as a stored chunk, with its embedding as numbers when asked and present. */
export function storedChunkOf(record: ChunkRecord, includeEmbedding: boolean): StoredChunk {
  const chunk: StoredChunk = chunkOf(record);
  if (record.lexical.context !== '') chunk.context = record.lexical.context;
  if (includeEmbedding && record.embedding !== null) chunk.embedding = Array.from(record.embedding);
  return chunk;
}

/** A hit for a record; `sourceName` is present when the chunk's document has a record. */
export function hitOf(
  record: ChunkRecord,
  score: number,
  scores: Hit['scores'],
  sourceName: string | undefined,
): Hit {
  const hit: Hit = { chunk: chunkOf(record), score, scores };
  if (sourceName !== undefined) hit.sourceName = sourceName;
  return hit;
}

/** A deep copy of validated metadata, through JSON. */
export function copyMetadata(metadata: Metadata): Metadata {
  return JSON.parse(JSON.stringify(metadata)) as Metadata;
}

/** A deep copy of a document record; `title` is present only when set. */
export function copyDocument(record: DocumentRecord): DocumentRecord {
  const copy = { ...record, metadata: copyMetadata(record.metadata) };
  if (record.nameTerms) copy.nameTerms = [...record.nameTerms];
  return copy;
}

/** A deep copy of a registry entry. */
export function copyCollection(info: CollectionInfo): CollectionInfo {
  return { ...info, metadata: copyMetadata(info.metadata) };
}
