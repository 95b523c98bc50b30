/**
 * Chunks and document writes for store tests, with defaults each suite overrides.
 */
import type { DocumentWrite } from '../../src/core/ports.js';
import type { StoredChunk } from '../../src/core/types.js';

/** A chunk `documentId:ordinal` of `documentId`, with a 3-dimensional embedding unless overridden. */
export function storedChunk(
  documentId: string,
  ordinal: number,
  overrides: Partial<StoredChunk> = {},
): StoredChunk {
  return {
    id: `${documentId}:${ordinal}`,
    documentId,
    sourceId: documentId,
    ordinal,
    text: `text ${ordinal} of ${documentId}`,
    headingPath: [],
    pageStart: 1,
    pageEnd: 1,
    tokenCount: 3,
    metadata: {},
    embedding: [1, ordinal + 1, 0.5],
    ...overrides,
  };
}

/** A document write of `chunks`, its source id taken from the first chunk. */
export function documentWrite(
  documentId: string,
  chunks: StoredChunk[],
  overrides: Partial<DocumentWrite['document']> = {},
): DocumentWrite {
  return {
    document: {
      documentId,
      contentHash: 'h1',
      sourceId: chunks[0]?.sourceId ?? documentId,
      sourceName: `${documentId}.txt`,
      mediaType: 'text/plain',
      metadata: {},
      pageCount: 1,
      parserFingerprint: 'p@1',
      ...overrides,
    },
    chunks,
  };
}

/** Cosine similarity in double precision. */
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
