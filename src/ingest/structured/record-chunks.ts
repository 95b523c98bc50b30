/**
 * Chunks of a structured source: one per record (or group of records), each carrying the
 * record's metadata over the document's, and its id as the heading path. A record whose text
 * exceeds the chunker's budget is split by the chunker into several chunks with the same metadata.
 * @module
 */
import type { Chunker } from '../../core/ports.js';
import type { Chunk, Metadata, ParsedRecord } from '../../core/types.js';

/** Input of {@link recordChunks}. */
export interface RecordChunksInput {
  documentId: string;
  records: readonly ParsedRecord[];
  /** The document's metadata; a record's own fields win over it. */
  metadata?: Metadata;
}

/** Chunks of `records` in record order, with ordinals (and ids `documentId:ordinal`) across the document. */
export function recordChunks(chunker: Chunker, input: RecordChunksInput): Chunk[] {
  const chunks: Chunk[] = [];
  for (const record of input.records) {
    const metadata = { ...input.metadata, ...record.metadata };
    const pieces = chunker.chunk({
      documentId: input.documentId,
      pages: [{ pageNumber: 1, markdown: record.text }],
      metadata,
    });
    for (const piece of pieces) {
      const ordinal = chunks.length;
      chunks.push({
        ...piece,
        id: `${input.documentId}:${ordinal}`,
        ordinal,
        headingPath: [...record.headingPath, ...piece.headingPath],
        metadata,
      });
    }
  }
  return chunks;
}
