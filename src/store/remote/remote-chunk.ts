/**
 * How remote backends keep a chunk: the fields every engine filters on (namespace, chunk id,
 * document id, source id, version) as top-level fields, the text as the engine's text, and
 * everything else as one JSON body that round-trips exactly.
 * @module
 */
import type { StoredChunk } from '../../core/types.js';
import type { BackendChunk } from '../collection/backend.js';
import type { PreparedChunk } from '../collection/validation.js';

/** The fields of a chunk that are not filtered on, as kept in its JSON body. */
export interface ChunkBody {
  ordinal: number;
  headingPath: string[];
  pageStart: number;
  pageEnd: number;
  tokenCount: number;
  indivisible?: boolean;
  metadata: StoredChunk['metadata'];
  /**
   * ISO-8601 time of the write that stored this body. Remote engines overwrite a point whole, so
   * a chunk id written again starts a new `createdAt`; `updatedAt` is the same time.
   */
  createdAt: string;
}

/** The body of a prepared chunk. */
export function chunkBody(prepared: PreparedChunk, createdAt: string): string {
  const { chunk } = prepared;
  const body: ChunkBody = {
    ordinal: chunk.ordinal,
    headingPath: chunk.headingPath,
    pageStart: chunk.pageStart,
    pageEnd: chunk.pageEnd,
    tokenCount: chunk.tokenCount,
    metadata: chunk.metadata,
    createdAt,
  };
  if (chunk.indivisible !== undefined) body.indivisible = chunk.indivisible;
  return JSON.stringify(body);
}

/**
 * A chunk rebuilt from its stored fields; with `times`, `createdAt` and `updatedAt` are both the
 * time of the write that stored it (see {@link ChunkBody.createdAt}).
 */
export function chunkFromFields(fields: {
  id: string;
  documentId: string;
  sourceId: string;
  version: string;
  text: string;
  body: string;
  embedding?: ArrayLike<number> | null;
  /** Set `createdAt`/`updatedAt` (iteration reads them; lookups and searches leave them out). */
  times?: boolean;
}): BackendChunk {
  const body = JSON.parse(fields.body) as ChunkBody;
  const chunk: BackendChunk = {
    id: fields.id,
    documentId: fields.documentId,
    sourceId: fields.sourceId,
    ordinal: body.ordinal,
    text: fields.text,
    headingPath: body.headingPath,
    pageStart: body.pageStart,
    pageEnd: body.pageEnd,
    tokenCount: body.tokenCount,
    metadata: body.metadata,
    version: fields.version,
  };
  if (body.indivisible !== undefined) chunk.indivisible = body.indivisible;
  if (fields.times === true && typeof body.createdAt === 'string') {
    chunk.createdAt = body.createdAt;
    chunk.updatedAt = body.createdAt;
  }
  if (fields.embedding !== undefined && fields.embedding !== null) {
    chunk.embedding = Array.from(Float32Array.from(fields.embedding));
  }
  return chunk;
}

/** Cosine similarity of two vectors, in double precision. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}
