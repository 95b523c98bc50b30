/**
 * The write paths of scoped transactions: bulk inserts, deletes that report what they removed,
 * and keeping document records in step with their chunks. Every statement runs as the application
 * role inside one namespace; none names the namespace in its `WHERE` clause.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import type { CollectionInfo } from '../../core/ports.js';
import type { PreparedChunk } from '../store-validation.js';
import type { PostgresQueryable } from './postgres-driver.js';
import type { SqlParams } from './postgres-params.js';
import { vectorLiteral } from './postgres-rows.js';
import { cleanText, metadataJson } from './postgres-sanitize.js';
import { DOCUMENTS_TABLE, embeddingType } from './postgres-schema.js';

/** Rows per `INSERT … SELECT FROM unnest(…)` statement when writing chunks. */
export const INSERT_BATCH_SIZE = 1000;

/** One namespaced transaction's view of its collection. */
export interface Scoped {
  tx: PostgresQueryable;
  info: CollectionInfo;
  /** The chunk table, quoted. */
  table: string;
  namespace: string;
  /** Chunk rows this transaction inserted or updated (for {@link PostgresStore.analyze} scheduling). */
  written: number;
}

/**
 * Writes validated chunks with `INSERT … SELECT FROM unnest(…)`, {@link INSERT_BATCH_SIZE} rows per
 * statement; an existing id of the namespace is overwritten (its `created_at` kept).
 */
export async function insertChunks(scoped: Scoped, prepared: PreparedChunk[], now: string): Promise<void> {
  const vectorType = embeddingType(scoped.info);
  for (let start = 0; start < prepared.length; start += INSERT_BATCH_SIZE) {
    const batch = prepared.slice(start, start + INSERT_BATCH_SIZE);
    const columns = {
      id: batch.map(({ chunk }) => chunk.id),
      document_id: batch.map(({ chunk }) => chunk.documentId),
      source_id: batch.map(({ chunk }) => chunk.sourceId),
      ordinal: batch.map(({ chunk }) => chunk.ordinal),
      content: batch.map(({ chunk }) => cleanText(chunk.text)),
      heading_path: batch.map(({ chunk }) => JSON.stringify(chunk.headingPath.map(cleanText))),
      page_start: batch.map(({ chunk }) => chunk.pageStart),
      page_end: batch.map(({ chunk }) => chunk.pageEnd),
      token_count: batch.map(({ chunk }) => chunk.tokenCount),
      indivisible: batch.map(({ chunk }) => chunk.indivisible === true),
      metadata: batch.map(({ chunk }) => metadataJson(chunk.metadata)),
    };
    const types = ['text', 'text', 'text', 'int', 'text', 'text', 'int', 'int', 'int', 'boolean', 'text'];
    const values: unknown[] = Object.values(columns);
    const names = Object.keys(columns);
    if (vectorType !== null) {
      names.push('embedding');
      types.push('text');
      values.push(batch.map(({ embedding }) => vectorLiteral(embedding!)));
    }
    const unnest = names.map((_, index) => `$${index + 3}::${types[index]}[]`).join(', ');
    const select = names.map((name) => {
      if (name === 'heading_path' || name === 'metadata') return `u.${name}::jsonb`;
      if (name === 'embedding') return `u.embedding::${vectorType}`;
      return `u.${name}`;
    });
    const updates = names
      .filter((name) => name !== 'id')
      .map((name) => `${name} = excluded.${name}`)
      .join(', ');
    await scoped.tx.query(
      `INSERT INTO ${scoped.table} (namespace, ${names.join(', ')}, created_at, updated_at) ` +
        `SELECT $1::text, ${select.join(', ')}, $2::timestamptz, $2::timestamptz FROM unnest(${unnest}) AS u(${names.join(', ')}) ` +
        `ON CONFLICT (namespace, id) DO UPDATE SET ${updates}, updated_at = excluded.updated_at`,
      [scoped.namespace, now, ...values],
    );
    scoped.written += batch.length;
  }
}

/** Refuses a document write whose chunk ids belong to another document of the namespace. */
export async function refuseTakenIds(scoped: Scoped, prepared: PreparedChunk[]): Promise<void> {
  if (prepared.length === 0) return;
  const { rows } = await scoped.tx.query<{ id: string; document_id: string }>(
    `SELECT id, document_id FROM ${scoped.table} WHERE id = ANY($1::text[]) LIMIT 1`,
    [prepared.map(({ chunk }) => chunk.id)],
  );
  const taken = rows[0];
  if (taken !== undefined) {
    throw new InvalidArgumentError(
      'chunks',
      `chunk id "${taken.id}" already belongs to document "${taken.document_id}" in namespace "${scoped.namespace}"`,
    );
  }
}

/** Deletes the namespace's chunks that pass `where` (over `c`). @returns The document id of each deleted chunk. */
export async function deleteWhere(scoped: Scoped, where: string, params: SqlParams): Promise<string[]> {
  const { rows } = await scoped.tx.query<{ document_id: string }>(
    `DELETE FROM ${scoped.table} AS c WHERE ${where} RETURNING c.document_id`,
    params.values,
  );
  return rows.map((row) => row.document_id);
}

/** {@link deleteWhere}, then recounts the documents that lost chunks. @returns The number deleted. */
export async function deleteAndRecount(scoped: Scoped, where: string, params: SqlParams): Promise<number> {
  const documentIds = await deleteWhere(scoped, where, params);
  await recountDocuments(scoped, documentIds);
  return documentIds.length;
}

/** Sets `chunk_count` of these documents' records to their chunks' count; drops records left with none. */
export async function recountDocuments(scoped: Scoped, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  const ids = [...new Set(documentIds)];
  await scoped.tx.query(
    `UPDATE ${DOCUMENTS_TABLE} AS d SET chunk_count = (SELECT count(*) FROM ${scoped.table} AS c ` +
      'WHERE c.namespace = d.namespace AND c.document_id = d.document_id) ' +
      'WHERE d.collection = $1::text AND d.document_id = ANY($2::text[])',
    [scoped.info.name, ids],
  );
  await scoped.tx.query(
    `DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = $1::text AND chunk_count = 0 AND document_id = ANY($2::text[])`,
    [scoped.info.name, ids],
  );
}

/** Runs a `DELETE` and returns how many rows it removed, the same way on every driver. */
export async function countDeleted(
  tx: PostgresQueryable,
  deleteSql: string,
  params: unknown[],
): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH deleted AS (${deleteSql} RETURNING 1) SELECT count(*)::int AS n FROM deleted`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Refuses an id PostgreSQL cannot store as given (it contains NUL).
 * @throws {InvalidArgumentError} naming `argument`.
 */
export function refuseUnstorableId(id: string, argument: string): void {
  if (id.includes('\u0000')) {
    throw new InvalidArgumentError(
      argument,
      'must not contain NUL characters (PostgreSQL cannot store them)',
    );
  }
}

/** {@link refuseUnstorableId} for every chunk's id, document id and source id. */
export function refuseUnstorableIds(prepared: PreparedChunk[]): void {
  prepared.forEach(({ chunk }, index) => {
    refuseUnstorableId(chunk.id, `chunks[${index}].id`);
    refuseUnstorableId(chunk.documentId, `chunks[${index}].documentId`);
    refuseUnstorableId(chunk.sourceId, `chunks[${index}].sourceId`);
  });
}
