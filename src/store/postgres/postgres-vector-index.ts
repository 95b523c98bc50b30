/**
 * A collection's approximate vector index on PostgreSQL: which one it has (pgvector's HNSW or
 * IVFFlat), and the DDL that builds either on demand.
 * @module
 */
import type { StoredCollection } from '../collection/backend.js';
import { quoteIdentifier } from './postgres-identifiers.js';
import { vectorOperatorClass } from './postgres-metric.js';
import { hnswIndexName } from './postgres-schema.js';

/** pgvector's approximate index methods. */
export type VectorIndexMethod = 'hnsw' | 'ivfflat';

/** The vector index a collection table has. */
export interface VectorIndexInfo {
  /** The index's name. */
  name: string;
  method: VectorIndexMethod;
}

/** SQL listing the HNSW and IVFFlat indexes of table `$1` (name, method). */
export const VECTOR_INDEX_QUERY =
  'SELECT i.relname AS name, am.amname AS method FROM pg_index x ' +
  'JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am am ON am.oid = i.relam ' +
  "WHERE x.indrelid = to_regclass(quote_ident($1::text)) AND am.amname IN ('hnsw', 'ivfflat') ORDER BY i.relname";

/**
 * IVFFlat lists for `rows` rows, as pgvector's README advises: rows / 1000 up to a million rows,
 * √rows beyond; at least 1.
 */
export function ivfflatLists(rows: number): number {
  return Math.max(1, Math.round(rows <= 1_000_000 ? rows / 1000 : Math.sqrt(rows)));
}

/**
 * DDL building a collection's vector index with `method` (its metric's operators for its vector
 * type), under the name the HNSW index has, so a bulk load rebuilds whichever is there.
 */
export function vectorIndexStatement(
  info: Pick<StoredCollection, 'location' | 'vectorType' | 'metric'>,
  method: VectorIndexMethod,
  lists: number,
): string {
  const operators = vectorOperatorClass(info.vectorType, info.metric);
  const using =
    method === 'ivfflat'
      ? `ivfflat (embedding ${operators}) WITH (lists = ${lists})`
      : `hnsw (embedding ${operators})`;
  return `CREATE INDEX ${quoteIdentifier(hnswIndexName(info.location))} ON ${quoteIdentifier(info.location)} USING ${using}`;
}
