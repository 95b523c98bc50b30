/**
 * The SQLite dialect: `?` placeholders, JSON text for lists and metadata, `json_extract` filters,
 * and the namespace named in every statement (SQLite has no row-level security).
 * @module
 */
import type { FilterNode } from '../../core/filter/filter-node.js';
import type { NamespaceAccess, SqlDialect, SqlParams, SqlType } from '../sql/sql-dialect.js';
import { compileSqliteFilter } from './sqlite-filter.js';

/** Parameters as better-sqlite3 binds them: booleans as 0/1, JSON and lists as JSON text. */
class SqliteParams implements SqlParams {
  readonly values: unknown[] = [];

  bind(value: unknown, type: SqlType): string {
    if (value === null || value === undefined) this.values.push(null);
    else if (type === 'bool') this.values.push(value ? 1 : 0);
    else if (type === 'json' || type === 'text[]') this.values.push(JSON.stringify(value));
    else this.values.push(value);
    return '?';
  }
}

/** Quotes an SQL identifier (our own generated names; quoting is belt and braces). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The float32 numbers of an embedding BLOB (copied, so alignment does not matter). */
export function embeddingFromBlob(blob: Uint8Array): number[] {
  return Array.from(new Float32Array(new Uint8Array(blob).buffer));
}

/** The float32 BLOB of an embedding, sharing its memory. */
export function embeddingBlob(embedding: Float32Array): Buffer {
  return Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength);
}

/** The SQLite {@link SqlDialect}. */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  params: () => new SqliteParams(),
  quote: quoteIdentifier,
  inList(column, values, params) {
    return `${column} IN (SELECT value FROM json_each(${params.bind(values, 'text[]')}))`;
  },
  namespaceCondition(alias: string, namespace: string, params: SqlParams, access: NamespaceAccess) {
    // `+c.namespace` keeps SQLite from reading a whole-namespace scan through the namespace index.
    return `${access === 'scan' ? '+' : ''}${alias}.namespace = ${params.bind(namespace, 'text')}`;
  },
  filter(filter: FilterNode, column: string, params: SqlParams) {
    return compileSqliteFilter(filter, column, (value) => params.bind(value, 'text'));
  },
  trueLiteral: '1',
  forShare: '',
  embeddingColumn: 'c.embedding',
  readJson: <T>(value: unknown) => JSON.parse(String(value)) as T,
  readBool: (value) => value === 1,
  readTime: (value) => String(value),
  readEmbedding: (value) => embeddingFromBlob(value as Uint8Array),
};
