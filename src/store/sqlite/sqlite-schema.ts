/**
 * The SQLite layout: registry and documents tables, one chunk table and one FTS5 index per
 * collection, and the numbered upgrade steps between collection schema versions.
 *
 * Chunk table `<t>` (STRICT): `seq` (INTEGER PRIMARY KEY, the stable rowid the full-text index
 * points at; `VACUUM` keeps it), `namespace`, `id` (UNIQUE with `namespace`: the logical key),
 * `document_id`, `source_id`, `ordinal`, `content`, `heading_path` (JSON array), `page_start`,
 * `page_end`, `token_count`, `indivisible` (0/1), `metadata` (JSON object), `embedding` (float32
 * BLOB as sqlite-vec reads it; its byte length is checked against the dimension, `NULL` in a
 * lexical-only collection), `created_at`, `updated_at` (ISO-8601), `lexical_document` (the
 * document's title and source name) and `context` (the chunk's contextualizer text), both only
 * indexed (schema version 2).
 *
 * Full-text index `<t>_fts`: a contentless FTS5 table (`content=''`) over `content`, `headings`
 * (the heading path joined by newlines), `document` and `context`, tokenizer
 * {@link FTS_TOKENIZER}, rowid = `seq`. The backend's chunk writes keep it in step, one statement
 * per batch, in the same transaction (schema version 3; versions 1 and 2 used triggers); deletes
 * pass the old values to FTS5's `'delete'` command, so the BM25 statistics (row count, token
 * totals) count live rows only. (`contentless_delete=1` would keep counting deleted rows, and
 * scores would drift with every re-ingest.)
 *
 * Schema version 3 adds what the approximate index and the filter planner read:
 * - `<t>.version`: the write sequence number of the last write of the row (indexed), so an
 *   approximate index at sequence `s` catches up with `version > s`;
 * - `<t>_state`: one row — `epoch` (random, new with every created collection, so an index file
 *   of a dropped namesake is never taken for this one), `version` (the last write sequence
 *   number, bumped once per written or deleted batch) and `floor` (tombstones at or below it are
 *   pruned: an index older than it cannot catch up and is reloaded or rebuilt);
 * - `<t>_removed`: tombstones, `seq` → the `version` that deleted it;
 * - `<t>_fields`: the metadata index's field ids, one per (namespace, JSON path, JSON type class).
 *
 * Schema version 6 keeps the metadata index — one entry per scalar of a chunk's metadata, array
 * elements included, so filter conditions are answered before any distance is computed
 * (`sqlite-metadata-index.ts`) — as posting lists per block of seqs in `<t>_postings`
 * (`sqlite-postings.ts`); versions 3 to 5 kept one `(field, value, seq)` row per entry in `<t>_meta`.
 *
 * Schema version 7 indexes chunks by source only where the source is not the chunk's document
 * (`<t>_source_other`, partial: `WHERE source_id <> document_id`); versions 1 to 6 indexed every
 * chunk by `(namespace, source_id)` in `<t>_source`. An ingest writes a file's chunks with the
 * source id equal to the document id, so those chunks add no entry to a source index; a lookup by
 * source reads them through the document index ({@link sourceCondition}). Measured: 2 to 3% of
 * the insert CPU and 2.5 to 4% of the bytes written (docs/dense-build.md, "The embedding in a
 * table of its own, fewer secondary indexes").
 * @module
 */

import { nodeCrypto } from '../../core/node-crypto.js';
import type { SchemaUpgrade, StoredCollection } from '../collection/backend.js';
import type { SqlConnection } from '../sql/sql-dialect.js';
import {
  byteSizeColumnDdl,
  DOCUMENTS_DATE_INDEX,
  DOCUMENTS_TABLE,
  nameTermsColumnDdl,
  REGISTRY_TABLE,
  sharedTablesDdl,
} from '../sql/sql-rows.js';
import { quoteIdentifier } from './sqlite-dialect.js';
import { postingsDdl } from './sqlite-postings.js';

export { DOCUMENTS_TABLE, REGISTRY_TABLE };

/** Layout version of collections this library creates and reads. */
export const CURRENT_SCHEMA_VERSION = 7;
/** FTS5 tokenizer of every collection's full-text index. */
export const FTS_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** DDL of the registry and documents tables; idempotent. */
export const REGISTRY_DDL = `${sharedTablesDdl({
  key: 'TEXT',
  text: 'TEXT',
  integer: 'INTEGER',
  bigInteger: 'INTEGER',
  json: 'TEXT',
  timestamp: 'TEXT',
  tableSuffix: ' STRICT',
}).join(';\n')};`;

/** The quoted names of a collection's tables. */
export interface CollectionTables {
  chunks: string;
  fts: string;
  /** The one-row write state: epoch, last write sequence number, tombstone floor. */
  state: string;
  /** Tombstones of deleted rows. */
  removed: string;
  /** Metadata field ids. */
  fields: string;
  /** The metadata index's posting lists (schema version 6). */
  postings: string;
}

/** Quoted table names for the collection stored in `tableName`. */
export function collectionTables(tableName: string): CollectionTables {
  const name = (suffix: string) => quoteIdentifier(`${tableName}_${suffix}`);
  return {
    chunks: quoteIdentifier(tableName),
    fts: name('fts'),
    state: name('state'),
    removed: name('removed'),
    fields: name('fields'),
    postings: name('postings'),
  };
}

/** The full-text columns, in the order `bm25()` takes their weights. */
export const FTS_COLUMNS = ['content', 'headings', 'document', 'context'] as const;

/**
 * The triggers that keep a collection's full-text index in step with its chunk table, in the same
 * transaction. Deletes pass the old values to FTS5's `'delete'` command, so the BM25 statistics
 * (row count, token totals) count live rows only.
 */
function ftsTriggers(tableName: string): string[] {
  const { chunks, fts } = collectionTables(tableName);
  const name = (suffix: string) => quoteIdentifier(`${tableName}_${suffix}`);
  const values = (row: 'new' | 'old') =>
    `${row}.seq, ${row}.content, (SELECT group_concat(value, char(10)) FROM json_each(${row}.heading_path)), ` +
    `${row}.lexical_document, ${row}.context`;
  const columns = `rowid, ${FTS_COLUMNS.join(', ')}`;
  return [
    `CREATE TRIGGER ${name('fts_insert')} AFTER INSERT ON ${chunks} BEGIN
  INSERT INTO ${fts} (${columns}) VALUES (${values('new')});
END`,
    `CREATE TRIGGER ${name('fts_delete')} AFTER DELETE ON ${chunks} BEGIN
  INSERT INTO ${fts} (${fts}, ${columns}) VALUES ('delete', ${values('old')});
END`,
    `CREATE TRIGGER ${name('fts_update')} AFTER UPDATE OF content, heading_path, lexical_document, context ON ${chunks} BEGIN
  INSERT INTO ${fts} (${fts}, ${columns}) VALUES ('delete', ${values('old')});
  INSERT INTO ${fts} (${columns}) VALUES (${values('new')});
END`,
  ];
}

/** The contentless FTS5 table of a collection. */
function ftsTable(tableName: string): string {
  const { fts } = collectionTables(tableName);
  return `CREATE VIRTUAL TABLE ${fts} USING fts5(
  ${FTS_COLUMNS.join(', ')}, content = '', tokenize = '${FTS_TOKENIZER}'
);`;
}

/**
 * DDL creating a collection's chunk table, its indexes, its full-text index and the triggers
 * that keep the index in step.
 * @param tableName From `tableNameFor`.
 * @param dimension The pinned dimension (a validated integer), or `null` for lexical-only.
 */
export function collectionDdl(tableName: string, dimension: number | null): string {
  const { chunks } = collectionTables(tableName);
  const name = (suffix: string) => quoteIdentifier(`${tableName}_${suffix}`);
  const embeddingCheck =
    dimension === null
      ? 'embedding IS NULL'
      : `embedding IS NOT NULL AND length(embedding) = ${4 * dimension}`;
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
  lexical_document TEXT NOT NULL DEFAULT '',
  context TEXT NOT NULL DEFAULT '',
  version INTEGER NOT NULL DEFAULT 0,
  UNIQUE (namespace, id)
) STRICT;
CREATE INDEX ${name('document')} ON ${chunks} (namespace, document_id);
${sourceIndexDdl(tableName)};
${ftsTable(tableName)}
${versionThreeDdl(tableName).join(';\n')};
${postingsDdl(collectionTables(tableName).postings)};
`;
}

/**
 * DDL of the source index of schema version 7: chunks by `(namespace, source_id)`, only those whose
 * source is not their document (the others are found by {@link sourceCondition} through the
 * document index).
 */
function sourceIndexDdl(tableName: string): string {
  const { chunks } = collectionTables(tableName);
  return `CREATE INDEX ${quoteIdentifier(`${tableName}_source_other`)} ON ${chunks} (namespace, source_id) WHERE source_id <> document_id`;
}

/**
 * A condition on the chunk table aliased `c`: the chunk's source is one of `sourceIds`.
 *
 * - `index`: the chunks of the namespace whose document is a listed source and is their own
 *   source, or whose source, another than their document, is listed — `(c.namespace = ? AND
 *   c.document_id IN (…) AND c.source_id = c.document_id) OR (c.namespace = ? AND c.source_id IN
 *   (…) AND c.source_id <> c.document_id)`. Each branch is an equality search of one index (the
 *   document index, the partial source index of schema version 7), which SQLite runs as a
 *   multi-index `OR` when the lookup drives the query; a row reached otherwise (through the
 *   full-text index, by seq) is checked against the two branches.
 * - `row`: `c.source_id IN (…)`, checked on each row (the scan form: the namespace condition
 *   beside it is `+c.namespace`, so no source index could be searched, as before version 7).
 *
 * The namespace is bound inside the branches because SQLite plans each branch of an `OR` on its
 * own terms.
 * @param form `index` or `row`, as above.
 * @param namespace The chunks' namespace (`index` only).
 * @param sourceIds The source ids; an empty list selects nothing.
 * @param bind Binds a value and returns its placeholder; called in the order the placeholders
 *   appear (lists as JSON text).
 */
export function sourceCondition(
  form: 'index' | 'row',
  namespace: string,
  sourceIds: readonly string[],
  bind: (value: unknown) => string,
): string {
  const list = JSON.stringify(sourceIds);
  if (form === 'row') return `c.source_id IN (SELECT value FROM json_each(${bind(list)}))`;
  const own =
    `c.namespace = ${bind(namespace)} AND c.document_id IN (SELECT value FROM json_each(${bind(list)})) ` +
    'AND c.source_id = c.document_id';
  const others =
    `c.namespace = ${bind(namespace)} AND c.source_id IN (SELECT value FROM json_each(${bind(list)})) ` +
    'AND c.source_id <> c.document_id';
  return `((${own}) OR (${others}))`;
}

/**
 * The tables and index schema version 3 adds beside a chunk table (see the module notes), with
 * the state row of a fresh epoch; its metadata index rows (`<t>_meta`) are left to the upgrade to
 * version 6, which keeps them as posting lists.
 */
function versionThreeDdl(tableName: string): string[] {
  const { chunks, state, removed, fields } = collectionTables(tableName);
  const name = (suffix: string) => quoteIdentifier(`${tableName}_${suffix}`);
  return [
    `CREATE INDEX ${name('version')} ON ${chunks} (version)`,
    `CREATE TABLE ${state} (epoch TEXT NOT NULL, version INTEGER NOT NULL, floor INTEGER NOT NULL) STRICT`,
    `INSERT INTO ${state} (epoch, version, floor) VALUES ('${nodeCrypto().randomUUID()}', 0, -1)`,
    `CREATE TABLE ${removed} (seq INTEGER PRIMARY KEY, version INTEGER NOT NULL) STRICT`,
    `CREATE TABLE ${fields} (id INTEGER PRIMARY KEY, namespace TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, UNIQUE (namespace, path, kind)) STRICT`,
  ];
}

/** DDL dropping a collection's tables (indexes and triggers go with them). */
export function dropCollectionDdl(tableName: string): string {
  const { chunks, fts, state, removed, fields, postings } = collectionTables(tableName);
  return [fts, postings, legacyMetaTable(tableName), fields, removed, state, chunks]
    .map((table) => `DROP TABLE IF EXISTS ${table};`)
    .join(' ');
}

/** The quoted `<t>_meta` table of schema versions 3 to 5 (one row per metadata index entry). */
function legacyMetaTable(tableName: string): string {
  return quoteIdentifier(`${tableName}_meta`);
}

/** What the upgrade steps need from the backend. */
export interface UpgradeHooks {
  /** Sets every chunk's lexical document field from its document record. */
  fillDocumentFields(tx: SqlConnection, collection: StoredCollection): Promise<void>;
  /** Writes the metadata index entries of every chunk (its posting lists). */
  fillMetadataIndex(tx: SqlConnection, collection: StoredCollection): Promise<void>;
  /** Writes the first-page name terms of every document that has none, from its stored chunks. */
  fillNameTerms(tx: SqlConnection, collection: StoredCollection): Promise<void>;
}

/**
 * The upgrade steps, in order; each brings a collection from version `from` to `from + 1` and runs
 * inside the upgrade transaction.
 */
export function schemaUpgrades(hooks: UpgradeHooks): SchemaUpgrade<SqlConnection>[] {
  return [
    {
      from: 1,
      description:
        "index each chunk's document title and source name, and its contextualizer text, as full-text fields of their own",
      async apply(tx, collection) {
        const { chunks, fts } = collectionTables(collection.location);
        const name = (suffix: string) => quoteIdentifier(`${collection.location}_${suffix}`);
        for (const trigger of ['fts_insert', 'fts_delete', 'fts_update']) {
          await tx.run({ sql: `DROP TRIGGER IF EXISTS ${name(trigger)}`, params: [] });
        }
        await tx.run({ sql: `DROP TABLE IF EXISTS ${fts}`, params: [] });
        await tx.run({
          sql: `ALTER TABLE ${chunks} ADD COLUMN lexical_document TEXT NOT NULL DEFAULT ''`,
          params: [],
        });
        await tx.run({
          sql: `ALTER TABLE ${chunks} ADD COLUMN context TEXT NOT NULL DEFAULT ''`,
          params: [],
        });
        await hooks.fillDocumentFields(tx, collection);
        await tx.run({ sql: ftsTable(collection.location), params: [] });
        await tx.run({
          sql:
            `INSERT INTO ${fts} (rowid, ${FTS_COLUMNS.join(', ')}) SELECT seq, content, ` +
            `(SELECT group_concat(value, char(10)) FROM json_each(heading_path)), lexical_document, context FROM ${chunks}`,
          params: [],
        });
        for (const trigger of ftsTriggers(collection.location)) await tx.run({ sql: trigger, params: [] });
      },
    },
    {
      from: 2,
      description:
        'write sequence numbers, tombstones and metadata field ids for the approximate vector index and the filter planner; full-text rows written per batch instead of by triggers',
      async apply(tx, collection) {
        const { chunks } = collectionTables(collection.location);
        const name = (suffix: string) => quoteIdentifier(`${collection.location}_${suffix}`);
        for (const trigger of ['fts_insert', 'fts_delete', 'fts_update']) {
          await tx.run({ sql: `DROP TRIGGER IF EXISTS ${name(trigger)}`, params: [] });
        }
        await tx.run({
          sql: `ALTER TABLE ${chunks} ADD COLUMN version INTEGER NOT NULL DEFAULT 0`,
          params: [],
        });
        for (const sql of versionThreeDdl(collection.location)) await tx.run({ sql, params: [] });
        // The metadata index itself is written by the step to version 6.
      },
    },
    {
      from: 3,
      description:
        "keep each document's source size in bytes (unknown for documents ingested before) and index listings by ingested time",
      async apply(tx) {
        await ensureDocumentColumns(tx);
      },
    },
    {
      from: 4,
      description:
        "keep each document's first-page name terms, read once from its stored first chunks, so that naming documents by their first pages reads no text at query time",
      async apply(tx, collection) {
        await ensureDocumentColumns(tx);
        await hooks.fillNameTerms(tx, collection);
      },
    },
    {
      from: 5,
      description:
        'keep the metadata index as posting lists per block of 4,096 chunks instead of one row per entry, so that a batch of chunks writes a few neighbouring rows instead of one row per metadata value on pages all over the index',
      async apply(tx, collection) {
        const { postings } = collectionTables(collection.location);
        // The entries are derived from each chunk's metadata, which the chunk table keeps: they
        // are read again from there (the old rows of a collection upgraded from version 2 never
        // existed), then the old table goes.
        await tx.run({ sql: `DROP TABLE IF EXISTS ${legacyMetaTable(collection.location)}`, params: [] });
        await tx.run({ sql: `DROP TABLE IF EXISTS ${postings}`, params: [] });
        await tx.run({ sql: postingsDdl(postings), params: [] });
        await hooks.fillMetadataIndex(tx, collection);
      },
    },
    {
      from: 6,
      description:
        "index chunks by source only where the source is not the chunk's document (an ingested file's chunks are found by source through the document index), so that writing a file's chunks adds no source index entry",
      async apply(tx, collection) {
        // Only an index changes: the chunk table, its seqs and every other index stay as they are.
        // (Dropping the new index first keeps the step repeatable on a layout that has it.)
        for (const index of ['source', 'source_other']) {
          const name = quoteIdentifier(`${collection.location}_${index}`);
          await tx.run({ sql: `DROP INDEX IF EXISTS ${name}`, params: [] });
        }
        await tx.run({ sql: sourceIndexDdl(collection.location), params: [] });
      },
    },
  ];
}

/**
 * Brings the shared documents table to what version-5 collections rely on: the `byte_size`
 * column (null: unknown), the `name_terms` column (null: not read) and the index that pages
 * listings by ingested time. Idempotent; run by the upgrades to versions 4 and 5 and whenever a
 * collection is created (the table may predate all three).
 */
export async function ensureDocumentColumns(tx: SqlConnection): Promise<void> {
  const columns = new Set(
    (
      await tx.all<{ name: string }>({
        sql: `SELECT name FROM pragma_table_info('${DOCUMENTS_TABLE}')`,
        params: [],
      })
    ).map((row) => row.name),
  );
  if (!columns.has('byte_size')) await tx.run({ sql: byteSizeColumnDdl('INTEGER'), params: [] });
  if (!columns.has('name_terms')) await tx.run({ sql: nameTermsColumnDdl('TEXT'), params: [] });
  await tx.run({ sql: DOCUMENTS_DATE_INDEX, params: [] });
}
