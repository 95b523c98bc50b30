/**
 * Recounting document records on versioned backends, from the chunk rows of their documents.
 * @module
 */
import type { BackendDocument, BackendScope, StoreBackend } from '../collection/backend.js';

/** The document-record hooks of a backend without transactions (`tx` is always `null`). */
export type RecordHooks = Pick<StoreBackend<null>, 'readDocuments' | 'writeDocument' | 'deleteDocuments'>;

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

/**
 * `recountDocuments` for a versioned backend: reads the listed records, the document id and
 * version of their chunks (through `chunkVersions`), rewrites the counts that changed and deletes
 * the records left with no chunk. @returns How many records were deleted.
 */
export async function recountRecords(
  backend: RecordHooks,
  scope: BackendScope,
  documentIds: readonly string[],
  chunkVersions: (documentIds: string[]) => Promise<ReadonlyArray<{ documentId: string; version: string }>>,
): Promise<number> {
  if (documentIds.length === 0) return 0;
  const records = await backend.readDocuments(null, scope, documentIds);
  if (records.length === 0) return 0;
  const rows = await chunkVersions(records.map((record) => record.documentId));
  const { update, remove } = recount(records, rows);
  for (const record of update) await backend.writeDocument(null, scope, record);
  if (remove.length > 0) await backend.deleteDocuments(null, scope, { documentIds: remove });
  return remove.length;
}

/**
 * Sets each hit's `sourceName` from its document's record (remote backends keep the name on the
 * record, not on every chunk), reading each document's record once. @returns `rows`, changed in place.
 */
export async function withSourceNames<Row extends { chunk: { documentId: string }; sourceName?: string }>(
  backend: Pick<RecordHooks, 'readDocuments'>,
  scope: BackendScope,
  rows: Row[],
): Promise<Row[]> {
  const documentIds = [...new Set(rows.map((row) => row.chunk.documentId))];
  if (documentIds.length === 0) return rows;
  const names = new Map(
    (await backend.readDocuments(null, scope, documentIds)).map((record) => [
      record.documentId,
      record.sourceName,
    ]),
  );
  for (const row of rows) {
    const name = names.get(row.chunk.documentId);
    if (name !== undefined) row.sourceName = name;
  }
  return rows;
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
