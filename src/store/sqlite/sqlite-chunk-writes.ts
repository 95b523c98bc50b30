/**
 * Chunk writes and deletes on a SQLite collection (schema version 7), batch by batch: per batch
 * one bump of the write sequence number, one read of the rows being overwritten (skipped when
 * the collection model knows none of the ids is stored), then multi-row statements: the new rows
 * (their `seq` numbered here, as SQLite itself would: one past the largest), one `UPDATE` per
 * overwritten row (which keeps its `seq` and creation time), the full-text rows, the metadata index
 * postings (one row per block and distinct value: `sqlite-postings.ts`) and the tombstones.
 * Multi-row statements take 2^k rows each (1,024 at most), so a batch of any size runs through at
 * most eleven statement texts per table, each prepared once. Every write
 * runs inside the caller's transaction, so the chunk table, the full-text index (with exact BM25
 * statistics: old values are passed to FTS5's `'delete'`), the metadata index and the write state
 * change together or not at all.
 *
 * Why: one upsert per chunk returning its `seq` cost about 14 µs a chunk more than multi-row
 * inserts of the same rows (3.9 against 2.1 s of CPU per 100,000 × 384; docs/dense-build.md,
 * "Inserts").
 * @module
 */
import type { BackendScope, WriteChunksOptions } from '../collection/backend.js';
import type { PreparedChunk } from '../collection/validation.js';
import type { SqlConnection } from '../sql/sql-dialect.js';
import { type MetadataEntry, metadataEntries } from './sqlite-metadata-index.js';
import { type PostingEntry, updatePostings } from './sqlite-postings.js';
import { type CollectionTables, collectionTables, FTS_COLUMNS } from './sqlite-schema.js';

/** A chunk row as the full-text and metadata indexes need it, to remove its entries. */
export interface IndexedRow {
  seq: number;
  id: string;
  namespace: string;
  content: string;
  heading_path: string;
  lexical_document: string;
  context: string;
  metadata: string;
}

const ROW_COLUMNS =
  'c.seq, c.id, c.namespace, c.content, c.heading_path, c.lexical_document, c.context, c.metadata';

/** The chunk table's columns a write sets, in the order {@link pushChunkRowValues} gives them. */
const WRITTEN_COLUMNS = [
  'document_id',
  'source_id',
  'ordinal',
  'content',
  'heading_path',
  'page_start',
  'page_end',
  'token_count',
  'indivisible',
  'metadata',
  'embedding',
  'updated_at',
  'lexical_document',
  'context',
  'version',
] as const;

/**
 * The values a new chunk row takes, in order: a `?` takes the row's next value (pushed by
 * {@link pushNewRowValues}), a named parameter one value shared by every row of the batch
 * (`:namespace`, `:now` for both timestamps, `:version`), bound once per statement instead of once
 * per row. better-sqlite3 binds a string or blob by copying it (`SQLITE_TRANSIENT`, a `malloc`
 * each), so the shared values saved four copies a row; see docs/dense-build.md ("Fewer values
 * per row").
 */
const INSERT_ROW = '(?, :namespace, ?, :now, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, :now, ?, ?, :version)';
const INSERT_COLUMNS = ['seq', 'namespace', 'id', 'created_at', ...WRITTEN_COLUMNS];
/** Values of one new row that {@link INSERT_ROW} takes from the row (its `?` marks). */
const INSERT_ROW_WIDTH = 15;

/** Most bound parameters per multi-row statement (SQLite's `SQLITE_MAX_VARIABLE_NUMBER`, 32,766). */
const MAX_PARAMS = 32_766;
/** Most rows per multi-row statement. */
const MAX_ROWS = 1024;
/** Rows deleted per round of a large delete. */
const DELETE_PAGE = 2000;
/** Chunk rows read per round of the metadata index fill. */
const FILL_PAGE = 16_384;

/** Bumps the collection's write sequence number. @returns The new number. */
export async function nextVersion(tx: SqlConnection, tables: CollectionTables): Promise<number> {
  const [row] = await tx.all<{ version: number }>({
    sql: `UPDATE ${tables.state} SET version = version + 1 RETURNING version`,
    params: [],
  });
  return row!.version;
}

/**
 * Inserts or overwrites chunks by id; see the module notes. A later chunk with the same id wins.
 * @param options.absent The collection model's word that no chunk of these ids is stored in the
 *   namespace: the read of overwritten rows is skipped (were it wrong, the `UNIQUE (namespace, id)`
 *   constraint refuses the insert and the transaction rolls back).
 */
export async function writeChunkBatch(
  tx: SqlConnection,
  scope: BackendScope,
  chunks: readonly PreparedChunk[],
  now: string,
  options?: WriteChunksOptions,
): Promise<void> {
  const tables = collectionTables(scope.collection.location);
  const latest = new Map<string, PreparedChunk>();
  for (const prepared of chunks) {
    latest.delete(prepared.chunk.id);
    latest.set(prepared.chunk.id, prepared);
  }
  const batch = [...latest.values()];
  const version = await nextVersion(tx, tables);
  const stored = new Map<string, number>();
  if (options?.absent !== true) {
    const old = await tx.all<IndexedRow>({
      sql: `SELECT ${ROW_COLUMNS} FROM ${tables.chunks} AS c WHERE c.namespace = ? AND c.id IN (SELECT value FROM json_each(?))`,
      params: [scope.namespace, JSON.stringify(batch.map(({ chunk }) => chunk.id))],
    });
    await removeIndexEntries(tx, tables, old);
    for (const row of old) stored.set(row.id, row.seq);
  }
  // A new row's seq is one past the largest, as SQLite numbers an INTEGER PRIMARY KEY itself.
  const [top] = await tx.all<{ seq: number | null }>({
    sql: `SELECT max(seq) AS seq FROM ${tables.chunks}`,
    params: [],
  });
  let next = (top?.seq ?? 0) + 1;
  const written: Array<{ seq: number; prepared: PreparedChunk }> = [];
  // The new rows' values, row after row, in one flat array of its final length (no array per
  // row, and none grown push by push: fewer allocations and copies).
  const inserted: unknown[] = new Array((batch.length - stored.size) * INSERT_ROW_WIDTH);
  let at = 0;
  for (const prepared of batch) {
    const overwritten = stored.get(prepared.chunk.id);
    if (overwritten !== undefined) {
      const params: unknown[] = [];
      pushChunkRowValues(params, prepared, now, version);
      params.push(overwritten);
      await tx.run({
        sql: `UPDATE ${tables.chunks} SET ${WRITTEN_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE seq = ?`,
        params,
      });
      written.push({ seq: overwritten, prepared });
      continue;
    }
    const seq = next++;
    at = setNewRowValues(inserted, at, seq, prepared);
    written.push({ seq, prepared });
  }
  await insertMany(
    tx,
    `INSERT INTO ${tables.chunks} (${INSERT_COLUMNS.join(', ')}) VALUES `,
    INSERT_ROW_WIDTH,
    inserted,
    INSERT_ROW,
    { namespace: scope.namespace, now, version },
  );
  const ftsRows: unknown[] = new Array(written.length * 5);
  at = 0;
  for (const { seq, prepared } of written) {
    const { chunk, lexical } = prepared;
    ftsRows[at++] = seq;
    ftsRows[at++] = chunk.text;
    ftsRows[at++] = headingsText(chunk.headingPath);
    ftsRows[at++] = lexical.document;
    ftsRows[at++] = lexical.context;
  }
  await insertMany(tx, `INSERT INTO ${tables.fts} (rowid, ${FTS_COLUMNS.join(', ')}) VALUES `, 5, ftsRows);
  const entries = written.map(({ seq, prepared }) => ({
    seq,
    entries: metadataEntries(prepared.chunk.metadata),
  }));
  await updatePostings(
    tx,
    tables.postings,
    await postingEntries(tx, tables, scope.namespace, entries, true),
    [],
  );
}

/**
 * The posting entries of chunks' metadata entries in one namespace, creating missing field ids
 * when `create` is set (else skipping entries of unknown fields).
 */
async function postingEntries(
  tx: SqlConnection,
  tables: CollectionTables,
  namespace: string,
  rows: ReadonlyArray<{ seq: number; entries: MetadataEntry[] }>,
  create: boolean,
): Promise<PostingEntry[]> {
  const fields = await fieldIds(tx, tables, namespace, rows, create);
  const out: PostingEntry[] = [];
  for (const { seq, entries } of rows) {
    for (const entry of entries) {
      const field = fields.get(entry.path)?.get(entry.kind);
      if (field !== undefined) out.push({ seq, field, value: entry.value });
    }
  }
  return out;
}

/**
 * Writes the values a new row takes from itself ({@link INSERT_ROW}'s `?` marks) into `params` from
 * index `at`. @returns The index after them.
 */
function setNewRowValues(params: unknown[], at: number, seq: number, prepared: PreparedChunk): number {
  const { chunk, embedding, lexical } = prepared;
  params[at] = seq;
  params[at + 1] = chunk.id;
  params[at + 2] = chunk.documentId;
  params[at + 3] = chunk.sourceId;
  params[at + 4] = chunk.ordinal;
  params[at + 5] = chunk.text;
  params[at + 6] = headingPathJson(chunk.headingPath);
  params[at + 7] = chunk.pageStart;
  params[at + 8] = chunk.pageEnd;
  params[at + 9] = chunk.tokenCount;
  params[at + 10] = chunk.indivisible === true ? 1 : 0;
  params[at + 11] = JSON.stringify(chunk.metadata);
  // The Float32Array itself: better-sqlite3 binds any ArrayBufferView as a BLOB of exactly its
  // bytes (`node::Buffer::HasInstance` is `IsArrayBufferView` in Node), so no Buffer view is
  // allocated per row (checked in sqlite-store.test.ts, "chunk writes").
  params[at + 12] = embedding;
  params[at + 13] = lexical.document;
  params[at + 14] = lexical.context;
  return at + INSERT_ROW_WIDTH;
}

/** The `heading_path` column's JSON: `[]` without serializing when the path is empty. */
function headingPathJson(headingPath: readonly string[]): string {
  return headingPath.length === 0 ? '[]' : JSON.stringify(headingPath);
}

/** Appends the values of {@link WRITTEN_COLUMNS} for one chunk to `params`. */
function pushChunkRowValues(
  params: unknown[],
  { chunk, embedding, lexical }: PreparedChunk,
  now: string,
  version: number,
): void {
  params.push(
    chunk.documentId,
    chunk.sourceId,
    chunk.ordinal,
    chunk.text,
    headingPathJson(chunk.headingPath),
    chunk.pageStart,
    chunk.pageEnd,
    chunk.tokenCount,
    chunk.indivisible === true ? 1 : 0,
    JSON.stringify(chunk.metadata),
    embedding,
    now,
    lexical.document,
    lexical.context,
    version,
  );
}

/**
 * Deletes the rows a `WHERE` fragment over the chunk table aliased `c` selects, with their
 * full-text and metadata entries, leaving tombstones when the collection is dense.
 * @returns The document id of each deleted chunk.
 */
export async function deleteChunkRows(
  tx: SqlConnection,
  scope: BackendScope,
  where: { sql: string; params: unknown[] },
): Promise<string[]> {
  const tables = collectionTables(scope.collection.location);
  const version = await nextVersion(tx, tables);
  const documents: string[] = [];
  let after = 0;
  for (;;) {
    const rows = await tx.all<IndexedRow & { document_id: string }>({
      sql:
        `SELECT ${ROW_COLUMNS}, c.document_id FROM ${tables.chunks} AS c WHERE (${where.sql}) AND c.seq > ? ` +
        `ORDER BY c.seq LIMIT ${DELETE_PAGE}`,
      params: [...where.params, after],
    });
    if (rows.length === 0) break;
    await removeIndexEntries(tx, tables, rows);
    const seqs = JSON.stringify(rows.map((row) => row.seq));
    if (scope.collection.dimension !== null) {
      await tx.run({
        sql:
          `INSERT INTO ${tables.removed} (seq, version) SELECT value, ? FROM json_each(?) WHERE true ` +
          'ON CONFLICT (seq) DO UPDATE SET version = excluded.version',
        params: [version, seqs],
      });
    }
    await tx.run({
      sql: `DELETE FROM ${tables.chunks} WHERE seq IN (SELECT value FROM json_each(?))`,
      params: [seqs],
    });
    for (const row of rows) documents.push(row.document_id);
    after = rows[rows.length - 1]!.seq;
    if (rows.length < DELETE_PAGE) break;
  }
  return documents;
}

/**
 * Writes the metadata index entries of every chunk of a collection (schema upgrade 5 → 6), read
 * from the chunks' metadata a page of rows at a time.
 */
export async function fillMetadataIndex(tx: SqlConnection, location: string): Promise<void> {
  const tables = collectionTables(location);
  for (let after = 0; ; ) {
    const rows = await tx.all<{ seq: number; namespace: string; metadata: string }>({
      sql: `SELECT seq, namespace, metadata FROM ${tables.chunks} WHERE seq > ? ORDER BY seq LIMIT ${FILL_PAGE}`,
      params: [after],
    });
    if (rows.length === 0) return;
    const byNamespace = new Map<string, Array<{ seq: number; entries: MetadataEntry[] }>>();
    for (const row of rows) {
      const list = byNamespace.get(row.namespace) ?? [];
      list.push({ seq: row.seq, entries: metadataEntries(JSON.parse(row.metadata)) });
      byNamespace.set(row.namespace, list);
    }
    for (const [namespace, list] of byNamespace) {
      await updatePostings(tx, tables.postings, await postingEntries(tx, tables, namespace, list, true), []);
    }
    after = rows[rows.length - 1]!.seq;
  }
}

/** Removes the full-text rows (passing the old values, so statistics stay exact) and the metadata rows of these chunk rows. */
async function removeIndexEntries(tx: SqlConnection, tables: CollectionTables, rows: readonly IndexedRow[]) {
  if (rows.length === 0) return;
  const ftsRows: unknown[] = [];
  for (const row of rows) {
    ftsRows.push(
      row.seq,
      row.content,
      headingsText(JSON.parse(row.heading_path) as string[]),
      row.lexical_document,
      row.context,
    );
  }
  await insertMany(
    tx,
    `INSERT INTO ${tables.fts} (${tables.fts}, rowid, ${FTS_COLUMNS.join(', ')}) VALUES `,
    5,
    ftsRows,
    "('delete', ?, ?, ?, ?, ?)",
  );
  const byNamespace = new Map<string, IndexedRow[]>();
  for (const row of rows) {
    const list = byNamespace.get(row.namespace) ?? [];
    list.push(row);
    byNamespace.set(row.namespace, list);
  }
  for (const [namespace, list] of byNamespace) {
    const entries = list.map((row) => ({ seq: row.seq, entries: metadataEntries(JSON.parse(row.metadata)) }));
    await updatePostings(
      tx,
      tables.postings,
      [],
      await postingEntries(tx, tables, namespace, entries, false),
    );
  }
}

/**
 * The ids of the (path, kind) fields of the rows' entries in `namespace`, by path and kind,
 * creating missing ones when `create` is set.
 */
async function fieldIds(
  tx: SqlConnection,
  tables: CollectionTables,
  namespace: string,
  rows: ReadonlyArray<{ entries: readonly MetadataEntry[] }>,
  create: boolean,
): Promise<Map<string, Map<string, number>>> {
  const ids = new Map<string, Map<string, number>>();
  // The distinct (path, kind) pairs, by path: a batch repeats the same few for every chunk.
  const distinct = new Map<string, Set<string>>();
  for (const { entries } of rows) {
    for (const { path, kind } of entries) {
      const kinds = distinct.get(path);
      if (kinds === undefined) distinct.set(path, new Set([kind]));
      else kinds.add(kind);
    }
  }
  if (distinct.size === 0) return ids;
  const pairs = JSON.stringify(
    [...distinct].flatMap(([path, kinds]) => [...kinds].map((kind) => [path, kind])),
  );
  if (create) {
    await tx.run({
      sql:
        `INSERT INTO ${tables.fields} (namespace, path, kind) SELECT ?, value ->> 0, value ->> 1 FROM json_each(?) WHERE true ` +
        'ON CONFLICT (namespace, path, kind) DO NOTHING',
      params: [namespace, pairs],
    });
  }
  const found = await tx.all<{ id: number; path: string; kind: MetadataEntry['kind'] }>({
    sql:
      `SELECT f.id, f.path, f.kind FROM ${tables.fields} AS f WHERE f.namespace = ? ` +
      'AND f.path IN (SELECT value ->> 0 FROM json_each(?))',
    params: [namespace, pairs],
  });
  for (const row of found) {
    let kinds = ids.get(row.path);
    if (kinds === undefined) {
      kinds = new Map();
      ids.set(row.path, kinds);
    }
    kinds.set(row.kind, row.id);
  }
  return ids;
}

/** The full-text `headings` value of a heading path: its parts joined by newlines, `null` when empty. */
export function headingsText(headingPath: readonly string[]): string | null {
  return headingPath.length === 0 ? null : headingPath.join('\n');
}

/**
 * How many rows each multi-row statement of a write of `count` rows of `width` values takes: powers
 * of two, largest first, each at most {@link MAX_ROWS} and (`MAX_PARAMS` − `shared`) / `width`
 * (`shared`: the named parameters every row shares, bound once per statement), so that
 * writes of every size share at most eleven statement texts per table (each prepared once).
 */
export function rowsPerStatement(count: number, width: number, shared = 0): number[] {
  let most = MAX_ROWS;
  while (most > 1 && most * width + shared > MAX_PARAMS) most /= 2;
  const sizes: number[] = [];
  for (let left = count; left > 0; ) {
    let size = most;
    while (size > left) size /= 2;
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/**
 * Runs `prefix` + `(row), (row), …` over `params` (`width` values per row, row after row), in
 * statements of {@link rowsPerStatement} rows.
 * @param row One row's placeholders; default `(?, ?, …)` of `width` marks. Its named parameters
 *   (`:name`, the same in every row) take their values from `shared`.
 * @param shared Values of `row`'s named parameters, bound once per statement (better-sqlite3 takes
 *   them as an object after the positional values).
 */
async function insertMany(
  tx: SqlConnection,
  prefix: string,
  width: number,
  params: unknown[],
  row = placeholders(width),
  shared?: Record<string, unknown>,
) {
  const count = params.length / width;
  if (count === 0) return;
  let start = 0;
  // Named parameters count against SQLite's limit too: one per distinct name.
  const named = shared === undefined ? 0 : Object.keys(shared).length;
  for (const size of rowsPerStatement(count, width, named)) {
    const values = size === count ? params : params.slice(start * width, (start + size) * width);
    if (shared !== undefined) values.push(shared);
    await tx.run({ sql: multiRowSql(prefix, row, size), params: values });
    if (shared !== undefined && values === params) values.pop();
    start += size;
  }
}

/** `(?, ?, …)` of `width` marks. */
function placeholders(width: number): string {
  return `(${Array(width).fill('?').join(', ')})`;
}

/** Multi-row statement texts by `prefix`, `row` and row count; see {@link multiRowSql}. */
const multiRowTexts = new Map<string, Map<number, string>>();
/** Most (prefix, row) pairs whose texts {@link multiRowTexts} keeps (one set per collection table and statement kind). */
const MULTI_ROW_SHAPES = 256;

/**
 * `prefix` + `size` copies of `row` joined by commas, built once per (prefix, row, size) and then
 * reused: the same string object each time, so the statement cache finds it without hashing a
 * new text of up to ~80 KB on every batch (`StatementCache` is keyed by SQL text).
 */
function multiRowSql(prefix: string, row: string, size: number): string {
  const shape = `${prefix}\u0000${row}`;
  let texts = multiRowTexts.get(shape);
  if (texts === undefined) {
    if (multiRowTexts.size >= MULTI_ROW_SHAPES) multiRowTexts.delete(multiRowTexts.keys().next().value!);
    texts = new Map();
    multiRowTexts.set(shape, texts);
  }
  let sql = texts.get(size);
  if (sql === undefined) {
    sql = prefix + Array(size).fill(row).join(', ');
    texts.set(size, sql);
  }
  return sql;
}
