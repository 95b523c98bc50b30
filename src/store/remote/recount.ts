/**
 * Recounting document records on versioned backends, from the chunk rows of their documents.
 * @module
 */
import type { BackendDocument } from '../collection/backend.js';

/** What recounting decides per record: the records to rewrite with their count, and those to delete. */
export interface Recount {
  update: BackendDocument[];
  remove: string[];
}

/**
 * Counts, per record, its document's chunks of its current version and those without a version.
 * @param rows The document id and version of every chunk of these documents.
 */
export function recount(
  records: readonly BackendDocument[],
  rows: ReadonlyArray<{ documentId: string; version: string }>,
): Recount {
  const result: Recount = { update: [], remove: [] };
  for (const record of records) {
    const current = record.version ?? '';
    const count = rows.filter(
      (row) => row.documentId === record.documentId && (row.version === '' || row.version === current),
    ).length;
    if (count === 0) result.remove.push(record.documentId);
    else if (count !== record.chunkCount) result.update.push({ ...record, chunkCount: count });
  }
  return result;
}

/** Little-endian float32 bytes of an embedding, as base64 (the exact form remote backends keep). */
export function embeddingToBase64(embedding: Float32Array): string {
  return Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString('base64');
}

/** The embedding {@link embeddingToBase64} encoded. */
export function embeddingFromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
