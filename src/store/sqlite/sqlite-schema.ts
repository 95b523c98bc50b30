/**
 * The SQLite layout: registry and documents tables, one chunk table and one FTS5 index per
 * collection, and the numbered upgrade steps between collection schema versions.
 *
 * Chunk table `<t>` (STRICT): `seq` (INTEGER PRIMARY KEY, the stable rowid the full-text index
 * points at; `VACUUM` keeps it), `namespace`, `id` (UNIQUE with `namespace`: the logical key),
 * `document_id`, `source_id`, `ordinal`, `content`, `heading_path` (JSON array), `page_start`,
 * `page_end`, `token_count`, `indivisible` (0/1), `metadata` (JSON object), `embedding` (float32
 * BLOB as sqlite-vec reads it; its byte length is checked against the dimension, `NULL` in a
 * lexical-only collection), `created_at`, `updated_at` (ISO-8601).
 *
 * Full-text index `<t>_fts`: a contentless FTS5 table (`content=''`) over `content` and
 * `headings` (the heading path joined by newlines), tokenizer {@link FTS_TOKENIZER}, rowid =
 * `seq`. Triggers on the chunk table keep it in step under every insert, update and delete, in
 * the same transaction; deletes pass the old values to FTS5's `'delete'` command, so the BM25
 * statistics (row count, token totals) count live rows only. (`contentless_delete=1` would
 * keep counting deleted rows, and scores would drift with every re-ingest.)
 * @module
 */
import type { SchemaUpgrade } from '../collection/backend.js';
import type { SqlConnection } from '../sql/sql-dialect.js';
import { DOCUMENTS_TABLE, REGISTRY_TABLE, sharedTablesDdl } from '../sql/sql-rows.js';
import { quoteIdentifier } from './sqlite-dialect.js';

export { DOCUMENTS_TABLE, REGISTRY_TABLE };

/** Layout version of collections this library creates and reads. */
export const CURRENT_SCHEMA_VERSION = 1;
/** FTS5 tokenizer of every collection's full-text index. */
export const FTS_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** DDL of the registry and documents tables; idempotent. */
export const REGISTRY_DDL = `${sharedTablesDdl({
  key: 'TEXT',
  text: 'TEXT',
  integer: 'INTEGER',
  json: 'TEXT',
  timestamp: 'TEXT',
  tableSuffix: ' STRICT',
}).join(';\n')};`;

/** The quoted names of a collection's chunk table and full-text index. */
export interface CollectionTables {
  chunks: string;
  fts: string;
}

/** Quoted table names for the collection stored in `tableName`. */
export function collectionTables(tableName: string): CollectionTables {
  return { chunks: quoteIdentifier(tableName), fts: quoteIdentifier(`${tableName}_fts`) };
}

/**
 * DDL creating a collection's chunk table, its indexes, its full-text index and the triggers
 * that keep the index in step.
 * @param tableName From `tableNameFor`.
 * @param dimension The pinned dimension (a validated integer), or `null` for lexical-only.
 */
export function collectionDdl(tableName: string, dimension: number | null): string {
  const { chunks, fts } = collectionTables(tableName);
  const name = (suffix: string) => quoteIdentifier(`${tableName}_${suffix}`);
  const embeddingCheck =
    dimension === null
      ? 'embedding IS NULL'
      : `embedding IS NOT NULL AND length(embedding) = ${4 * dimension}`;
  const headingsOf = (row: 'new' | 'old') =>
    `(SELECT group_concat(value, char(10)) FROM json_each(${row}.heading_path))`;
  const headings = headingsOf('new');
  return `
CREATE TABLE ${chunks} (
  seq INTEGER PRIMARY KEY,
  namespace TEXT NOT NULL,
  id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  source_id TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  content TEXT NOT NULL,
  heading_path TEXT NOT NULL DEFAULT '[]',
  page_start INTEGER NOT NULL,
  page_end INTEGER NOT NULL,
  token_count INTEGER NOT NULL,
  indivisible INTEGER NOT NULL DEFAULT 0,
  metadata TEXT NOT NULL DEFAULT '{}',
  embedding BLOB CHECK (${embeddingCheck}),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (namespace, id)
) STRICT;
CREATE INDEX ${name('document')} ON ${chunks} (namespace, document_id);
CREATE INDEX ${name('source')} ON ${chunks} (namespace, source_id);
CREATE VIRTUAL TABLE ${fts} USING fts5(
  content, headings, content = '', tokenize = '${FTS_TOKENIZER}'
);
CREATE TRIGGER ${name('fts_insert')} AFTER INSERT ON ${chunks} BEGIN
  INSERT INTO ${fts} (rowid, content, headings) VALUES (new.seq, new.content, ${headings});
END;
CREATE TRIGGER ${name('fts_delete')} AFTER DELETE ON ${chunks} BEGIN
  INSERT INTO ${fts} (${fts}, rowid, content, headings) VALUES ('delete', old.seq, old.content, ${headingsOf('old')});
END;
CREATE TRIGGER ${name('fts_update')} AFTER UPDATE OF content, heading_path ON ${chunks} BEGIN
  INSERT INTO ${fts} (${fts}, rowid, content, headings) VALUES ('delete', old.seq, old.content, ${headingsOf('old')});
  INSERT INTO ${fts} (rowid, content, headings) VALUES (new.seq, new.content, ${headings});
END;
`;
}

/** DDL dropping a collection's tables (indexes and triggers go with them). */
export function dropCollectionDdl(tableName: string): string {
  const { chunks, fts } = collectionTables(tableName);
  return `DROP TABLE IF EXISTS ${fts}; DROP TABLE IF EXISTS ${chunks};`;
}

/**
 * The upgrade steps, in order; each brings a collection from version `from` to `from + 1` and runs
 * inside the upgrade transaction. Version 1 is the first layout, so there are none yet.
 */
export const SCHEMA_UPGRADES: readonly SchemaUpgrade<SqlConnection>[] = [];
