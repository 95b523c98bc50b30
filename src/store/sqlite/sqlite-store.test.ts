import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { cosine, documentWrite, storedChunk } from '../../../test/support/store-records.js';
import { compileStoreWorker } from '../../../test/support/store-worker.js';
import type { Filter } from '../../core/filter/filter.js';
import type { Scope } from '../../core/ports.js';
import type { StoredChunk } from '../../core/types.js';
import { orderTies } from '../collection/tie-order.js';
import { tableNameFor } from '../sql/table-name.js';
import { runStoreContract } from '../store.contract.js';
import { SQLITE_APPROXIMATE_CAPABILITIES, SQLITE_CAPABILITIES } from './sqlite-backend.js';
import { rowsPerStatement } from './sqlite-chunk-writes.js';
import { metadataEntries } from './sqlite-metadata-index.js';
import { parseSqliteStoreOptions } from './sqlite-options.js';
import { CURRENT_SCHEMA_VERSION, REGISTRY_TABLE, sourceCondition } from './sqlite-schema.js';
import { openSqliteStore } from './sqlite-store.js';
import { loadUsearch } from './usearch-module.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-sqlite-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const freshPath = (folder = 'tests') => join(root, folder, `${++files}.db`);

runStoreContract(
  'sqlite, exact',
  () => openSqliteStore({ path: freshPath('contract'), vectorIndex: false }),
  SQLITE_CAPABILITIES,
);
if (loadUsearch() === undefined) {
  describe.skip('Store contract: sqlite with the approximate index (the optional package usearch is not installed)', () => {});
} else {
  runStoreContract(
    'sqlite, approximate index (planned)',
    () => openSqliteStore({ path: freshPath('contract') }),
    SQLITE_APPROXIMATE_CAPABILITIES,
  );
  // Every search goes through the partitioned index: no candidate set is small enough to scan.
  runStoreContract(
    'sqlite, approximate index (index only)',
    () =>
      openSqliteStore({
        path: freshPath('contract'),
        vectorIndex: { scanBelow: 0, breadth: 1, partitionAbove: 32 },
      }),
    SQLITE_APPROXIMATE_CAPABILITIES,
  );
}

/** A copy of a real version-2 file, written by cairn before schema version 3 (see `__fixtures__/README.md`). */
function versionTwoFile(): string {
  const path = freshPath('v2');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'layout-v2.db')),
  );
  return path;
}

const S: Scope = { collection: 'docs' };

function chunk(documentId: string, ordinal: number, text = `text ${ordinal} of ${documentId}`): StoredChunk {
  return storedChunk(documentId, ordinal, { text, headingPath: ['Heading'], metadata: { ordinal } });
}

function write(documentId: string, chunks: StoredChunk[], contentHash = 'h1') {
  return documentWrite(documentId, chunks, { contentHash, sourceId: documentId, parserFingerprint: 'p' });
}

/** Names and SQL of every schema object, to show that nothing was created or changed. */
function schemaOf(path: string): Array<{ name: string; sql: string | null }> {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT name, sql FROM sqlite_schema ORDER BY name').all() as Array<{
      name: string;
      sql: string;
    }>;
  } finally {
    db.close();
  }
}

function withRaw<T>(path: string, work: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Every entry of a collection's metadata index as `namespace path kind value seq`, sorted, decoded
 * from its posting lists (`sqlite-postings.ts`: per block of 4,096 seqs, `uint16` offsets).
 */
function postedEntries(db: Database.Database, table: string): string[] {
  const rows = db
    .prepare(
      `SELECT f.namespace, f.path, f.kind, p.value, p.block, p.seqs FROM "${table}_postings" AS p ` +
        `JOIN "${table}_fields" AS f ON f.id = p.field`,
    )
    .all() as Array<{
    namespace: string;
    path: string;
    kind: string;
    value: unknown;
    block: number;
    seqs: Buffer;
  }>;
  return rows
    .flatMap((row) =>
      Array.from(new Uint16Array(new Uint8Array(row.seqs).buffer), (offset) =>
        [row.namespace, row.path, row.kind, row.value, row.block * 4096 + offset].join(' '),
      ),
    )
    .sort();
}

/** What {@link postedEntries} should hold: the entries of every stored chunk's metadata. */
function metadataIndexOf(db: Database.Database, table: string): string[] {
  const rows = db.prepare(`SELECT seq, namespace, metadata FROM "${table}"`).all() as Array<{
    seq: number;
    namespace: string;
    metadata: string;
  }>;
  return rows
    .flatMap((row) =>
      metadataEntries(JSON.parse(row.metadata)).map((entry) =>
        [row.namespace, entry.path, entry.kind, entry.value, row.seq].join(' '),
      ),
    )
    .sort();
}

async function populated(path: string) {
  const store = await openSqliteStore({ path });
  await store.createCollection('docs', { model: 'm', dimension: 3 });
  await store.replaceDocument(S, write('d', [chunk('d', 0), chunk('d', 1)]));
  return store;
}

describe('openSqliteStore', () => {
  it('creates the parent folder and turns on WAL mode', async () => {
    const path = join(root, 'deep', 'er', 'store.db');
    const store = await openSqliteStore({ path });
    await store.ensureRegistry();
    await store.close();
    expect(existsSync(path)).toBe(true);
    expect(withRaw(path, (db) => db.pragma('journal_mode', { simple: true }))).toBe('wal');
  });

  it('creates no table until one is needed', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    expect(await store.listCollections()).toEqual([]);
    expect(await store.getCollection('docs')).toBeUndefined();
    expect((await store.getStats()).collections).toBe(0);
    await expect(store.countChunks(S)).rejects.toMatchObject({ code: 'COLLECTION_NOT_FOUND' });
    await store.close();
    expect(schemaOf(path)).toEqual([]);
  });

  it('works in memory', async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    await store.createCollection('docs', { model: 'm', dimension: 3 });
    await store.replaceDocument(S, write('d', [chunk('d', 0)]));
    expect(await store.countChunks(S)).toBe(1);
    await store.close();
  });

  it('gives new files 32 KiB pages and leaves existing files their page size', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    await store.ensureRegistry();
    await store.close();
    expect(withRaw(path, (db) => db.pragma('page_size', { simple: true }))).toBe(32768);
    const small = freshPath();
    await (await openSqliteStore({ path: small, pageSizeBytes: 4096 })).ensureRegistry();
    const reopened = await openSqliteStore({ path: small });
    await reopened.close();
    expect(withRaw(small, (db) => db.pragma('page_size', { simple: true }))).toBe(4096);
    await expect(openSqliteStore({ path: freshPath(), pageSizeBytes: 5000 })).rejects.toMatchObject({
      argument: 'options.pageSizeBytes',
    });
  });

  it('maps 256 MiB by default, or what CAIRN_SQLITE_MMAP_BYTES says, and refuses a malformed value', async () => {
    const mapped = async (options: { mmapSizeBytes?: number } = {}) => {
      const path = freshPath();
      const store = await openSqliteStore({ path, ...options });
      await store.ensureRegistry();
      await store.close();
      return path;
    };
    expect(parseSqliteStoreOptions({ path: 'x.db' }).mmapSizeBytes).toBe(256 * 1024 * 1024);
    process.env.CAIRN_SQLITE_MMAP_BYTES = '0';
    try {
      expect(parseSqliteStoreOptions({ path: 'x.db' }).mmapSizeBytes).toBe(0);
      expect(parseSqliteStoreOptions({ path: 'x.db', mmapSizeBytes: 4096 }).mmapSizeBytes).toBe(4096);
      process.env.CAIRN_SQLITE_MMAP_BYTES = 'lots';
      await expect(mapped()).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
      await expect(mapped()).rejects.toThrow(/CAIRN_SQLITE_MMAP_BYTES/);
    } finally {
      delete process.env.CAIRN_SQLITE_MMAP_BYTES;
    }
  });

  it('refuses malformed options, naming them', async () => {
    await expect(openSqliteStore({ path: freshPath(), busyTimeoutMs: -1 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'options.busyTimeoutMs',
    });
    await expect(openSqliteStore({ path: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    // Inside `vectorIndex` (false or settings): the setting, whatever is wrong with it.
    for (const [vectorIndex, argument] of [
      [{ lists: 1.5 }, 'options.vectorIndex.lists'],
      [{ probes: 'all' }, 'options.vectorIndex.probes'],
      [{ probes: -1 }, 'options.vectorIndex.probes'],
      [{ partitionAbove: null }, 'options.vectorIndex.partitionAbove'],
    ] as const) {
      await expect(
        openSqliteStore({ path: freshPath(), vectorIndex: vectorIndex as never }),
      ).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        argument,
      });
    }
    // The HNSW graph's settings are gone.
    await expect(
      openSqliteStore({ path: freshPath(), vectorIndex: { connectivity: 16 } as never }),
    ).rejects.toThrow(/options\.vectorIndex.*connectivity/);
    await expect(openSqliteStore({ path: freshPath(), vectorIndex: 'on' as never })).rejects.toThrow(
      /options\.vectorIndex.*expected false.*or.*expected object/,
    );
  });
});

describe('provision: false', () => {
  it('refuses a missing file without creating it', async () => {
    const path = join(root, 'absent', 'store.db');
    await expect(openSqliteStore({ path, provision: false })).rejects.toMatchObject({ code: 'SCHEMA_ERROR' });
    expect(existsSync(path)).toBe(false);
  });

  it('creates nothing on the side, and says how to; the explicit admin calls still issue their DDL', async () => {
    const path = freshPath();
    await (await openSqliteStore({ path })).close();
    const store = await openSqliteStore({ path, provision: false });
    expect(store.provision).toBe(false);
    expect(await store.listCollections()).toEqual([]);
    await expect(store.countChunks(S)).rejects.toMatchObject({ code: 'COLLECTION_NOT_FOUND' });
    await expect(store.countChunks(S)).rejects.toThrow(/provision: false.*nothing creates it on first write/);
    expect(schemaOf(path)).toEqual([]);
    await store.ensureRegistry();
    expect(await store.createCollection('docs', { model: 'm', dimension: 3 })).toMatchObject({
      name: 'docs',
    });
    expect(await store.countChunks(S)).toBe(0);
    await store.close();
    expect(schemaOf(path).length).toBeGreaterThan(0);
  });

  it('reads and writes existing collections and changes no schema; admin calls still create and drop', async () => {
    const path = freshPath();
    await (await populated(path)).close();
    const before = schemaOf(path);
    const store = await openSqliteStore({ path, provision: false });
    await store.replaceDocument(S, write('e', [chunk('e', 0, 'fresh words')]));
    await store.upsertChunks(S, [chunk('u', 0)]);
    expect(await store.deleteChunks(S, { ids: ['d:0'] })).toEqual({ chunks: 1, documents: 0 });
    expect((await store.lexicalSearch({ ...S, query: 'fresh', topK: 3 })).map((hit) => hit.chunk.id)).toEqual(
      ['e:0'],
    );
    expect(await store.denseSearch({ ...S, vector: [1, 1, 1], topK: 10 })).toHaveLength(3);
    expect(await store.createCollection('docs', { model: 'm', dimension: 3 })).toMatchObject({
      name: 'docs',
    });
    await expect(store.createCollection('docs', { model: 'm', dimension: 4 })).rejects.toMatchObject({
      code: 'COLLECTION_CONFLICT',
    });
    expect(schemaOf(path)).toEqual(before);
    expect(await store.createCollection('other', { model: 'm', dimension: 3 })).toMatchObject({
      name: 'other',
    });
    expect(await store.dropCollection('other')).toBe(true);
    expect(await store.dropCollection('never-existed')).toBe(false);
    await store.close();
    expect(schemaOf(path)).toEqual(before);
  });
});

describe('schema versions', () => {
  const setVersion = (path: string, version: number) =>
    withRaw(path, (db) => db.prepare(`UPDATE ${REGISTRY_TABLE} SET schema_version = ?`).run(version));

  it('refuses a collection newer than this library', async () => {
    const path = freshPath();
    await (await populated(path)).close();
    setVersion(path, CURRENT_SCHEMA_VERSION + 1);
    const store = await openSqliteStore({ path });
    await expect(store.countChunks(S)).rejects.toMatchObject({ code: 'SCHEMA_ERROR' });
    await expect(store.lexicalSearch({ ...S, query: 'text', topK: 1 })).rejects.toThrow(
      /newer than this cairn/,
    );
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION + 1);
    await store.close();
  });

  it('refuses an outdated collection when it may not upgrade it', async () => {
    const path = freshPath();
    await (await populated(path)).close();
    setVersion(path, CURRENT_SCHEMA_VERSION - 1);
    const store = await openSqliteStore({ path, provision: false });
    await expect(store.countChunks(S)).rejects.toThrow(/needs an upgrade[\s\S]*provision: true/);
    await store.close();
  });

  it('upgrades a version-3 collection: byte sizes unknown for old records, kept for new ones', async () => {
    const path = freshPath();
    await (await populated(path)).close();
    withRaw(path, (db) => {
      db.exec('DROP INDEX cairn_documents_ingested; ALTER TABLE cairn_documents DROP COLUMN byte_size');
    });
    setVersion(path, 3);
    const store = await openSqliteStore({ path });
    expect(await store.getDocument(S, 'd')).not.toHaveProperty('byteSize');
    expect((await store.queryDocuments(S, { sort: 'size' })).documents.map((doc) => doc.documentId)).toEqual([
      'd',
    ]);
    await store.replaceDocument(S, {
      ...write('e', [chunk('e', 0)]),
      document: { ...write('e', [chunk('e', 0)]).document, byteSize: 42 },
    });
    expect((await store.getDocument(S, 'e'))?.byteSize).toBe(42);
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    const indexes = withRaw(path, (db) =>
      db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'cairn_documents'")
        .all(),
    );
    expect(indexes).toContainEqual({ name: 'cairn_documents_ingested' });
    await store.close();
  });

  it('upgrades a version-4 collection: name terms read from each stored first page, kept for new records', async () => {
    const path = freshPath();
    const store0 = await openSqliteStore({ path });
    await store0.createCollection('docs', { model: 'm', dimension: 3 });
    // A cover page over two chunks, a ninth chunk past the first eight, and a page-2 chunk.
    const cover = [
      chunk('acme', 0, 'FORM 10-Q'),
      chunk('acme', 1, 'ACME ROCKETS, INC. (Exact name of registrant)'),
      ...Array.from({ length: 6 }, (_, i) => chunk('acme', i + 2, 'running text')),
      chunk('acme', 8, 'Beyond Eight'),
    ];
    cover.push({ ...chunk('acme', 9, 'Second Page'), pageStart: 2, pageEnd: 2 });
    await store0.replaceDocument(S, write('acme', cover));
    await store0.replaceDocument(S, write('late', [{ ...chunk('late', 0, 'Only Later'), pageStart: 2 }]));
    const other = { collection: 'docs', namespace: 'other' };
    await store0.replaceDocument(other, write('acme', [chunk('acme', 0, 'Initech Report')]));
    await store0.close();
    withRaw(path, (db) => {
      db.exec('ALTER TABLE cairn_documents DROP COLUMN name_terms');
    });
    setVersion(path, 4);
    const store = await openSqliteStore({ path });
    expect((await store.getDocument(S, 'acme'))?.nameTerms).toEqual([
      'form',
      'acm',
      'rocket',
      'inc',
      'exact',
    ]);
    expect((await store.getDocument(S, 'late'))?.nameTerms).toEqual([]);
    expect((await store.getDocument(other, 'acme'))?.nameTerms).toEqual(['initech', 'report']);
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    await store.replaceDocument(S, {
      ...write('e', [chunk('e', 0)]),
      document: { ...write('e', [chunk('e', 0)]).document, nameTerms: ['globex'] },
    });
    expect((await store.getDocument(S, 'e'))?.nameTerms).toEqual(['globex']);
    expect((await store.listDocuments(S)).map((d) => d.nameTerms)).toEqual([
      ['form', 'acm', 'rocket', 'inc', 'exact'],
      ['globex'],
      [],
    ]);
    await store.close();
  });

  it('names the missing step when an outdated collection cannot be upgraded', async () => {
    const path = freshPath();
    await (await populated(path)).close();
    setVersion(path, 0);
    const store = await openSqliteStore({ path });
    await expect(store.countChunks(S)).rejects.toThrow(/no upgrade step/);
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(0);
    await store.close();
  });

  it('upgrades a version-1 collection in place: title and file name become searchable', async () => {
    const path = versionTwoFile();
    // Turn the version-2 collection back into the version-1 layout: two full-text columns, no lexical fields.
    const table = tableNameFor('docs');
    withRaw(path, (db) => {
      db.exec(`DELETE FROM "${table}"; DELETE FROM cairn_documents`);
      db.prepare(
        `INSERT INTO "${table}" (namespace, id, document_id, source_id, ordinal, content, page_start, page_end, token_count, created_at, updated_at, embedding) VALUES ('default', 'd:0', 'd', 'd', 0, 'body words only', 1, 1, 3, 't', 't', ?)`,
      ).run(Buffer.from(new Float32Array([1, 2, 0.5]).buffer));
      db.exec(
        "INSERT INTO cairn_documents (collection, namespace, document_id, content_hash, source_id, source_name, media_type, title, chunk_count, page_count, parser_fingerprint, ingested_at) VALUES ('docs', 'default', 'd', 'h', 'd', 'acme-10q.pdf', 'application/pdf', 'Quarterly Report', 1, 1, 'p', 't')",
      );
      db.exec(`DROP TRIGGER "${table}_fts_insert"; DROP TRIGGER "${table}_fts_delete"; DROP TRIGGER "${table}_fts_update";
        DROP TABLE "${table}_fts";
        ALTER TABLE "${table}" DROP COLUMN lexical_document; ALTER TABLE "${table}" DROP COLUMN context;
        CREATE VIRTUAL TABLE "${table}_fts" USING fts5(content, headings, content = '', tokenize = 'porter unicode61 remove_diacritics 2');
        INSERT INTO "${table}_fts" (rowid, content, headings) SELECT seq, content, '' FROM "${table}";`);
      db.prepare(`UPDATE ${REGISTRY_TABLE} SET schema_version = 1`).run();
    });
    const store = await openSqliteStore({ path });
    expect(
      (await store.lexicalSearch({ ...S, query: 'quarterly', topK: 5 })).map((hit) => hit.chunk.id),
    ).toEqual(['d:0']);
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect((await store.lexicalSearch({ ...S, query: 'acme', topK: 5 })).map((hit) => hit.chunk.id)).toEqual([
      'd:0',
    ]);
    await store.upsertChunks(S, [chunk('e', 0, 'fresh words')]);
    expect((await store.lexicalSearch({ ...S, query: 'fresh', topK: 5 })).map((hit) => hit.chunk.id)).toEqual(
      ['e:0'],
    );
    await store.close();
  });

  it('upgrades a real version-5 file to version 6: every metadata index entry kept as postings, filters agree', async () => {
    const path = freshPath('v5');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      readFileSync(join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'layout-v5.db')),
    );
    const table = tableNameFor('docs');
    // The version-5 index: one (field, value, seq) row per entry.
    const before = withRaw(path, (db) => {
      expect(
        db.prepare('SELECT count(*) FROM cairn_collections WHERE schema_version = 5').pluck().get(),
      ).toBe(2);
      return (
        db
          .prepare(
            `SELECT f.namespace, f.path, f.kind, m.value, m.seq FROM "${table}_meta" AS m JOIN "${table}_fields" AS f ON f.id = m.field`,
          )
          .all() as Array<Record<string, unknown>>
      )
        .map((row) => [row.namespace, row.path, row.kind, row.value, row.seq].join(' '))
        .sort();
    });
    expect(before).toHaveLength(7175);
    expect(new Set(before.map((entry) => Number(entry.split(' ').at(-1)!) >= 4096))).toEqual(
      new Set([true, false]),
    );
    // Filters matching fewer chunks than scanBelow are answered from the postings' members.
    const store = await openSqliteStore({ path, vectorIndex: { scanBelow: 100 } });
    expect(await store.countChunks(S)).toBe(566);
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    // A collection is upgraded when it is first used.
    expect(await store.lexicalSearch({ collection: 'notes', query: 'granite', topK: 5 })).toHaveLength(1);
    expect((await store.getCollection('notes'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    const other = { collection: 'docs', namespace: 'other' };
    const filters = [
      { 'nested.level.deep': 'L1', tags: 't2' },
      { list: 'one' },
      { none: null },
      { team: 'moved' },
      { $or: [{ list: true }, { team: 'moved' }] },
      { score: { $gt: 3 }, 'nested.flag': true, team: { $in: ['qa', 'dev'] }, tags: 't0' },
    ];
    let narrowed = 0;
    for (const scope of [S, other]) {
      for (const filter of filters) {
        const query = { ...scope, vector: [1, 2, 0.5], topK: 200, filter };
        const ids = async (exact: boolean) =>
          (await store.denseSearch({ ...query, exact })).map((hit) => hit.chunk.id).sort();
        const planned = await ids(false);
        expect(planned).toEqual(await ids(true));
        expect(planned.length).toBeLessThanOrEqual(100);
        narrowed += planned.length;
      }
    }
    expect(narrowed).toBeGreaterThan(100);
    await store.close();
    withRaw(path, (db) => {
      expect(
        db.prepare("SELECT name FROM sqlite_schema WHERE name LIKE '%\\_meta' ESCAPE '\\'").all(),
      ).toEqual([]);
      expect(postedEntries(db, table)).toEqual(before);
      const notes = tableNameFor('notes');
      expect(postedEntries(db, notes)).toEqual(metadataIndexOf(db, notes));
      expect(postedEntries(db, notes)).toHaveLength(1);
    });
    // Writes after the upgrade keep the postings equal to the chunks' metadata.
    const again = await openSqliteStore({ path });
    await again.upsertChunks(S, [
      storedChunk('doc0', 0, { metadata: { team: 'back', tags: ['x'] } }),
      storedChunk('fresh', 0, { metadata: { team: 'new', rank: 1 } }),
    ]);
    await again.deleteChunks(other, { filter: { rank: 0 } });
    expect(
      (await again.denseSearch({ ...S, vector: [1, 1, 1], topK: 5, filter: { team: 'new' } })).map(
        (h) => h.chunk.id,
      ),
    ).toEqual(['fresh:0']);
    await again.close();
    withRaw(path, (db) => {
      expect(postedEntries(db, table)).toEqual(metadataIndexOf(db, table));
      db.prepare(`INSERT INTO "${table}_fts" ("${table}_fts", rank) VALUES ('integrity-check', 0)`).run();
    });
  });

  it('upgrades a real version-2 file to version 3: searches, filters and the full-text index agree', async () => {
    const path = versionTwoFile();
    const before = withRaw(path, (db) =>
      db.prepare('SELECT count(*) AS n FROM cairn_collections WHERE schema_version = 2').get(),
    );
    expect(before).toEqual({ n: 2 });
    const store = await openSqliteStore({ path });
    if (store.capabilities.dense === 'approximate') expect(await store.refreshVectorIndex('docs')).toBe(10);
    const other = { collection: 'docs', namespace: 'other' };
    const lexical = await store.lexicalSearch({ ...S, query: 'granite', topK: 10, filter: { rank: 1 } });
    expect(lexical.map((hit) => hit.chunk.id).sort()).toEqual(['a:1', 'b:1', 'c:1']);
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    const dense = await store.denseSearch({
      ...other,
      vector: [1, 1, 2],
      topK: 10,
      filter: { 'nested.flag': true },
    });
    expect(dense.map((hit) => hit.chunk.id).sort()).toEqual(['a:0', 'z:0']);
    const exact = await store.denseSearch({
      ...other,
      vector: [1, 1, 2],
      topK: 10,
      exact: true,
      filter: { 'nested.flag': true },
    });
    expect(dense.map((hit) => [hit.chunk.id, hit.score])).toEqual(
      exact.map((hit) => [hit.chunk.id, hit.score]),
    );
    expect(await store.countChunks({ ...S, filter: { tags: 't1' } })).toBe(3);
    // Writes after the upgrade keep the full-text index exact (no triggers are left to double them).
    await store.replaceDocument(S, write('a', [chunk('a', 0, 'granite anew')], 'h2'));
    await store.deleteChunks(S, { documentIds: ['b'] });
    expect((await store.lexicalSearch({ ...S, query: 'anew', topK: 5 })).map((hit) => hit.chunk.id)).toEqual([
      'a:0',
    ]);
    expect(
      await store.lexicalSearch({ ...S, query: 'granite', topK: 10, filter: { team: 'ops' } }),
    ).toHaveLength(2);
    expect((await store.lexicalSearch({ collection: 'notes', query: 'note', topK: 5 })).length).toBe(1);
    expect((await store.getCollection('notes'))?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    await store.close();
    const table = tableNameFor('docs');
    withRaw(path, (db) => {
      db.prepare(`INSERT INTO "${table}_fts" ("${table}_fts", rank) VALUES ('integrity-check', 0)`).run();
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count(`SELECT count(*) AS n FROM "${table}_fts"`)).toBe(
        count(`SELECT count(*) AS n FROM "${table}"`),
      );
      expect(count(`SELECT count(*) AS n FROM sqlite_schema WHERE type = 'trigger'`)).toBe(0);
    });
  });
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** A copy of the real version-6 file (see `__fixtures__/README.md`). */
function versionSixFile(): string {
  const path = freshPath('v6');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, readFileSync(join(fixtures, 'layout-v6.db')));
  return path;
}

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__');

/** What the version-6 build answered on `layout-v6.db` (written with it by `make-layout-v6.mjs`). */
interface VersionSixAnswers {
  chunks: Record<string, Array<StoredChunk & { embedding: number[] | null }>>;
  cases: Array<{
    namespace: string;
    condition: { filter?: Filter; sourceIds?: string[]; documentIds?: string[] };
    count: number;
    lexical: Array<[string, number]>;
    dense: Array<[string, number]>;
    keepBest: Array<[string, number]>;
  }>;
}

/**
 * Holds a top-k ranking to one recorded by an older build: the same scores in order and, for every
 * score, the same chunks, in tie order (chunk id). A run of tied scores at the
 * cut of a full top k may go on past it, so there only the scores are held: the older build kept
 * the tied chunks it wrote first, this one keeps the first in tie order.
 */
function expectSameRanking(
  received: Array<[string, number]>,
  recorded: Array<[string, number]>,
  topK: number,
  label: string,
  digits = 12,
): void {
  const round = (score: number) => Number(score.toFixed(digits));
  expect(
    received.map(([, score]) => round(score)),
    label,
  ).toEqual(recorded.map(([, score]) => round(score)));
  const cut = recorded.length === topK ? round(recorded.at(-1)![1]) : undefined;
  const inOrder = (list: Array<[string, number]>) =>
    list.filter(([, score]) => round(score) !== cut).map(([id]) => id);
  const tieOrdered = (list: Array<[string, number]>) =>
    orderTies(
      list.map(([id, score]) => {
        const at = id.lastIndexOf(':');
        return {
          score: round(score),
          chunk: { id, documentId: id.slice(0, at), ordinal: Number(id.slice(at + 1)) },
        };
      }),
    ).map((row) => [row.chunk.id, row.score] as [string, number]);
  expect(inOrder(received), label).toEqual(inOrder(tieOrdered(recorded)));
}

/** The chunk table's rows (every column), its full-text index's size and every index of the file. */
function rawLayout(path: string, table: string) {
  return withRaw(path, (db) => ({
    rows: db.prepare(`SELECT * FROM "${table}" ORDER BY seq`).all(),
    fts: db.prepare(`SELECT count(*) FROM "${table}_fts"`).pluck().get(),
    indexes: db
      .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
      .all() as Array<{ name: string; sql: string }>,
    versions: db.prepare('SELECT name, schema_version FROM cairn_collections ORDER BY name').all(),
  }));
}

describe('schema version 7: the partial source index', () => {
  const answers = JSON.parse(
    readFileSync(join(fixtures, 'layout-v6.expected.json'), 'utf8'),
  ) as VersionSixAnswers;
  const table = tableNameFor('docs');

  it('upgrades a real version-6 file: every chunk, embedding, count, lexical and dense answer as the version-6 build gave them', async () => {
    const path = versionSixFile();
    const before = rawLayout(path, table);
    expect(before.versions).toEqual([
      { name: 'docs', schema_version: 6 },
      { name: 'notes', schema_version: 6 },
    ]);
    expect(before.indexes.map((index) => index.name)).toContain(`${table}_source`);
    // The fixture has chunks of every kind a source lookup must find.
    const rows = before.rows as Array<{ document_id: string; source_id: string }>;
    expect(rows.filter((row) => row.source_id === row.document_id).length).toBeGreaterThan(100);
    expect(rows.filter((row) => row.source_id !== row.document_id).length).toBeGreaterThan(100);
    expect(
      answers.cases.filter((c) => c.condition.sourceIds !== undefined && c.count > 0).length,
    ).toBeGreaterThan(8);

    // Exact dense search, as the version-6 build answered (its scores from sqlite-vec).
    const store = await openSqliteStore({ path, vectorIndex: false });
    for (const namespace of ['default', 'other']) {
      const stored = (await collect(store.iterChunks({ ...S, namespace, batchSize: 100 }))).flat();
      expect(
        stored.map((chunk) => ({
          ...chunk,
          embedding: chunk.embedding === undefined ? null : Array.from(chunk.embedding),
        })),
      ).toEqual(answers.chunks[namespace]);
    }
    for (const { namespace, condition, count, lexical, dense, keepBest } of answers.cases) {
      const where = { ...S, namespace, ...condition };
      const hits = (found: Array<{ chunk: { id: string }; score: number }>) =>
        found.map((hit): [string, number] => [hit.chunk.id, hit.score]);
      const label = JSON.stringify(where);
      expect(await store.countChunks(where), label).toBe(count);
      const words = await store.lexicalSearch({ ...where, query: 'granite marble', topK: 20 });
      expectSameRanking(hits(words), lexical, 20, label);
      const nearest = await store.denseSearch({ ...where, vector: [1, 3, -1], topK: 20 });
      expectSameRanking(hits(nearest), dense, 20, label);
      const best = await store.denseSearch({ ...where, vector: [1, 3, -1], topK: 20, keepBest: true });
      expectSameRanking(hits(best), keepBest, 20, label);
    }
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(7);
    expect(await store.lexicalSearch({ collection: 'notes', query: 'granite', topK: 5 })).toHaveLength(1);
    await store.close();

    const after = rawLayout(path, table);
    expect(after.versions).toEqual([
      { name: 'docs', schema_version: 7 },
      { name: 'notes', schema_version: 7 },
    ]);
    // Only the source index changed: the same rows (every column, seqs included), the same
    // full-text rows, every other index as it was.
    expect(after.rows).toEqual(before.rows);
    expect(after.fts).toBe(before.fts);
    const other = (indexes: typeof before.indexes) =>
      indexes.filter((index) => !/_source(_other)?$/.test(index.name));
    expect(other(after.indexes)).toEqual(other(before.indexes));
    const names = after.indexes.map((index) => index.name);
    expect(names).not.toContain(`${table}_source`);
    expect(names).toContain(`${table}_source_other`);
    expect(after.indexes.find((index) => index.name === `${table}_source_other`)?.sql).toMatch(
      /WHERE source_id <> document_id$/,
    );
    withRaw(path, (db) => {
      expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
      db.prepare(`INSERT INTO "${table}_fts" ("${table}_fts", rank) VALUES ('integrity-check', 0)`).run();
      // Only chunks of another source than their document are in the partial index.
      expect(
        db
          .prepare(
            `SELECT count(*) FROM "${table}" INDEXED BY "${table}_source_other" WHERE source_id <> document_id`,
          )
          .pluck()
          .get(),
      ).toBe(rows.filter((row) => row.source_id !== row.document_id).length);
    });

    // The approximate index answers the same chunks (its scores come from its own rescoring).
    if (loadUsearch() !== undefined) {
      const planned = await openSqliteStore({ path });
      for (const { namespace, condition, dense } of answers.cases) {
        const found = await planned.denseSearch({
          ...S,
          namespace,
          ...condition,
          vector: [1, 3, -1],
          topK: 20,
        });
        const label = JSON.stringify({ namespace, ...condition });
        expectSameRanking(
          found.map((hit): [string, number] => [hit.chunk.id, hit.score]),
          dense,
          20,
          label,
          5,
        );
      }
      await planned.close();
    }
  });

  it('finds chunks by source after writes that move them between sources', async () => {
    const path = versionSixFile();
    const store = await openSqliteStore({ path, vectorIndex: false });
    const sourced = (documentId: string, ordinal: number, sourceId: string) => ({
      ...storedChunk(documentId, ordinal, { metadata: { team: 'w' } }),
      sourceId,
    });
    // A new document of its own source, one of a shared source, and a chunk moved from a shared
    // source to its own document's.
    await store.upsertChunks(S, [
      sourced('fresh', 0, 'fresh'),
      sourced('fresh', 1, 'fresh'),
      sourced('pulled', 0, 'src1'),
    ]);
    await store.upsertChunks(S, [sourced('doc1', 0, 'doc1'), sourced('doc0', 0, 'doc0')]);
    const idsOf = async (sourceIds: string[]) =>
      (await collect(store.iterChunks({ ...S, sourceIds, includeEmbeddings: false })))
        .flat()
        .map((chunk) => chunk.id)
        .sort();
    expect(await idsOf(['fresh'])).toEqual(['fresh:0', 'fresh:1']);
    expect(await idsOf(['src1'])).toContain('pulled:0');
    expect(await idsOf(['doc0'])).toContain('doc0:0');
    const srcOne = answers.cases.find(
      (c) => c.namespace === 'default' && c.condition.sourceIds?.join() === 'src1',
    );
    expect(await store.countChunks({ ...S, sourceIds: ['src1'] })).toBe(srcOne!.count + 1);
    expect(await store.deleteChunks(S, { sourceIds: ['fresh', 'src1'] })).toMatchObject({
      chunks: srcOne!.count + 3,
    });
    expect(await idsOf(['fresh', 'src1'])).toEqual([]);
    expect(await store.countChunks({ ...S, sourceIds: ['doc0'] })).toBe(8);
    await store.close();
  });

  it('leaves the version-6 file as it was when the upgrade fails part way, and upgrades it once the cause is gone', async () => {
    const path = versionSixFile();
    const before = rawLayout(path, table);
    // A table under the new index's name: the step drops the old index, then cannot create the new one.
    withRaw(path, (db) => db.exec(`CREATE TABLE "${table}_source_other" (x INTEGER)`));
    const store = await openSqliteStore({ path, vectorIndex: false });
    await expect(store.countChunks(S)).rejects.toThrow(/already a table named/);
    await store.close();
    const failed = rawLayout(path, table);
    expect(failed.versions).toEqual(before.versions);
    expect(failed.indexes).toEqual(before.indexes);
    expect(failed.rows).toEqual(before.rows);
    withRaw(path, (db) => db.exec(`DROP TABLE "${table}_source_other"`));
    const again = await openSqliteStore({ path, vectorIndex: false });
    const counted = answers.cases.filter((c) => c.namespace === 'default');
    for (const { condition, count } of counted)
      expect(await again.countChunks({ ...S, ...condition })).toBe(count);
    expect((await again.getCollection('docs'))?.schemaVersion).toBe(7);
    await again.close();
  });

  it('leaves the version-6 file usable when the process dies inside the upgrade transaction', async () => {
    const path = versionSixFile();
    // Open once with the version-6 layout untouched, so the file is in WAL mode as a store leaves it.
    withRaw(path, (db) => db.pragma('journal_mode = WAL'));
    const before = rawLayout(path, table);
    // A process that runs the upgrade's statements in one transaction and is killed before COMMIT.
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(process.argv[1]);
      db.exec('BEGIN IMMEDIATE');
      db.exec('DROP INDEX "${table}_source"');
      db.exec('CREATE INDEX "${table}_source_other" ON "${table}" (namespace, source_id) WHERE source_id <> document_id');
      db.exec("UPDATE cairn_collections SET schema_version = 7 WHERE name = 'docs'");
      process.kill(process.pid, 'SIGKILL');`;
    await expect(promisify(execFile)(process.execPath, ['-e', script, path])).rejects.toMatchObject({
      signal: 'SIGKILL',
    });
    expect(rawLayout(path, table)).toEqual(before);
    withRaw(path, (db) => expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok'));
    const store = await openSqliteStore({ path, vectorIndex: false });
    for (const { namespace, condition, count } of answers.cases) {
      expect(await store.countChunks({ ...S, namespace, ...condition })).toBe(count);
    }
    expect((await store.getCollection('docs'))?.schemaVersion).toBe(7);
    await store.close();
  });

  it('reads a source lookup through the document index and the partial source index, never the whole table', async () => {
    const path = versionSixFile();
    const store = await openSqliteStore({ path, vectorIndex: false });
    await store.countChunks(S);
    await store.close();
    withRaw(path, (db) => {
      const sourceIds = ['src1', 'doc4', 'mixed'];
      const expected = (
        db
          .prepare(
            `SELECT id FROM "${table}" WHERE namespace = 'default' AND source_id IN (SELECT value FROM json_each(?))`,
          )
          .pluck()
          .all(JSON.stringify(sourceIds)) as string[]
      ).sort();
      expect(expected.length).toBeGreaterThan(40);
      // As the backend writes them: the lookup driving the query (the namespace term in its scan
      // form), the lookup beside a filter, beside listed documents, and the row form of a scan.
      const cases = [
        { outer: '+c.namespace = ?', extra: '', form: 'index', drives: true },
        {
          outer: '+c.namespace = ?',
          extra: " AND json_extract(c.metadata, '$.team') IS NOT NULL",
          form: 'index',
          drives: true,
        },
        {
          outer: 'c.namespace = ?',
          extra: ` AND c.document_id IN ('doc4', 'mixed', 'doc15')`,
          form: 'index',
          drives: false,
        },
        { outer: '+c.namespace = ?', extra: '', form: 'row', drives: false },
      ] as const;
      for (const { outer, extra, form, drives } of cases) {
        const values: unknown[] = ['default'];
        const bind = (value: unknown) => {
          values.push(value);
          return '?';
        };
        const sql =
          `SELECT c.id FROM "${table}" AS c WHERE ${outer}${extra} AND ` +
          sourceCondition(form, 'default', sourceIds, bind);
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as Array<{ detail: string }>)
          .map((row) => row.detail)
          .join('\n');
        if (drives) {
          expect(plan).toContain('MULTI-INDEX OR');
          expect(plan).toContain(`USING INDEX ${table}_document (namespace=? AND document_id=?)`);
          expect(plan).toContain(`USING INDEX ${table}_source_other (namespace=? AND source_id=?)`);
          expect(plan).not.toMatch(/SCAN c\b/);
        } else if (extra !== '') {
          expect(plan).toContain(`USING INDEX ${table}_document (namespace=? AND document_id=?)`);
        }
        const ids = (
          db
            .prepare(sql)
            .pluck()
            .all(...values) as string[]
        ).sort();
        const documents = extra.includes('document_id') ? ['doc4', 'mixed', 'doc15'] : undefined;
        expect(ids).toEqual(
          documents === undefined
            ? expected
            : expected.filter((id) => documents.includes(id.slice(0, id.indexOf(':')))),
        );
      }
    });
  });
});

describe('collection tables', () => {
  it('lives in the derived table and its full-text index, never under the raw name', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    const names = ['My Docs', 'my_docs', "x'; DROP TABLE cairn_collections; --"];
    for (const name of names) {
      const info = await store.createCollection(name);
      expect(info).not.toHaveProperty('tableName');
    }
    await store.close();
    const tables = schemaOf(path).map((entry) => entry.name);
    for (const name of names) {
      expect(tables).toContain(tableNameFor(name));
      expect(tables).toContain(`${tableNameFor(name)}_fts`);
      expect(tables).not.toContain(name);
    }
    expect(tables).toContain(REGISTRY_TABLE);
  });
});

describe('full-text index', () => {
  it('stays in step with the chunk table through every kind of write', async () => {
    const path = freshPath();
    const store = await populated(path);
    await store.replaceDocument(S, write('d', [chunk('d', 0, 'alpha words')], 'h2'));
    await store.upsertChunks(S, [chunk('u', 0, 'upserted once'), chunk('u', 1, 'another one')]);
    await store.upsertChunks(S, [chunk('u', 0, 'upserted twice')]);
    await store.replaceChunks(S, { sourceIds: ['u'] }, [chunk('u', 2, 'omega chunk')]);
    await store.replaceDocument(S, write('gone', [chunk('gone', 0, 'soon deleted')]));
    await store.deleteChunks(S, { sourceIds: ['gone'] });
    const table = tableNameFor('docs');
    await store.close();
    withRaw(path, (db) => {
      db.prepare(`INSERT INTO "${table}_fts" ("${table}_fts", rank) VALUES ('integrity-check', 0)`).run();
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count(`SELECT count(*) AS n FROM "${table}_fts"`)).toBe(
        count(`SELECT count(*) AS n FROM "${table}"`),
      );
      const matches = (word: string) =>
        db.prepare(`SELECT rowid FROM "${table}_fts" WHERE "${table}_fts" MATCH ?`).all(`"${word}"`).length;
      for (const gone of ['once', 'deleted', 'another']) expect(matches(gone)).toBe(0);
      for (const present of ['alpha', 'omega']) expect(matches(present)).toBe(1);
    });
  });
});

describe('chunk writes', () => {
  it("take a power of two of rows per statement, within SQLite's parameter limit", () => {
    expect(rowsPerStatement(1000, 19)).toEqual([512, 256, 128, 64, 32, 8]);
    expect(rowsPerStatement(3000, 3)).toEqual([1024, 1024, 512, 256, 128, 32, 16, 8]);
    expect(rowsPerStatement(1, 19)).toEqual([1]);
    expect(rowsPerStatement(0, 5)).toEqual([]);
    // 32,766 / 40 = 819 rows at most, so 512.
    expect(rowsPerStatement(900, 40)).toEqual([512, 256, 128, 4]);
    // Named parameters shared by every row count against the limit once each.
    expect(rowsPerStatement(2, 16_383)).toEqual([2]);
    expect(rowsPerStatement(2, 16_383, 1)).toEqual([1, 1]);
  });

  it("store a new row's shared values once per statement and its embedding's own bytes", async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    await store.createCollection('docs', { model: 'm', dimension: 3 });
    const scope = { ...S, namespace: 'tenant-x' };
    // Views at an offset into one buffer, as a caller slicing a matrix of vectors passes them.
    const matrix = new Float32Array(3 * 1101 + 1).map((_, i) => (i % 7) + 0.25);
    const count = 1100; // past one statement: 1,024 + 64 + 8 + 4 rows
    await store.upsertChunks(
      scope,
      Array.from({ length: count }, (_, i) =>
        storedChunk('a', i, {
          headingPath: i % 2 === 0 ? [] : ['Part', `Section ${i}`],
          metadata: { i },
          embedding: matrix.subarray(1 + 3 * i, 4 + 3 * i),
        }),
      ),
    );
    await store.upsertChunks(S, [storedChunk('b', 0, { embedding: [1, 0, 0] })]);
    await store.close();
    withRaw(path, (db) => {
      const table = tableNameFor('docs');
      const rows = db
        .prepare(
          `SELECT id, namespace, created_at, updated_at, version, heading_path, metadata, embedding FROM "${table}" ORDER BY seq`,
        )
        .all() as Array<Record<string, unknown>>;
      expect(rows).toHaveLength(count + 1);
      const first = rows[0]!;
      for (const [i, row] of rows.slice(0, count).entries()) {
        expect(row.id).toBe(`a:${i}`);
        expect(row.namespace).toBe('tenant-x');
        expect(row.created_at).toBe(first.created_at);
        expect(row.updated_at).toBe(first.created_at);
        expect(row.version).toBe(1);
        expect(row.heading_path).toBe(i % 2 === 0 ? '[]' : `["Part","Section ${i}"]`);
        expect(row.metadata).toBe(`{"i":${i}}`);
        const bytes = matrix.subarray(1 + 3 * i, 4 + 3 * i);
        expect(row.embedding).toEqual(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
      const last = rows[count]!;
      expect([last.namespace, last.version]).toEqual(['default', 2]);
      expect(last.updated_at).toBe(last.created_at);
      expect(typeof first.created_at === 'string' && !Number.isNaN(Date.parse(first.created_at))).toBe(true);
    });
  });

  it('write a batch past one statement, new and overwritten ids mixed, as row-by-row upserts would', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    await store.createCollection('docs', { model: 'm', dimension: 3 });
    const first = Array.from({ length: 1500 }, (_, i) =>
      storedChunk('a', i, { text: `first${i} common`, metadata: { round: 1, i }, embedding: [1, i + 1, 0] }),
    );
    await store.upsertChunks(S, first);
    const table = tableNameFor('docs');
    const createdAt = (db: Database.Database, id: string) =>
      db.prepare(`SELECT created_at FROM "${table}" WHERE id = ?`).pluck().get(id);
    const firstWritten = withRaw(path, (db) => createdAt(db, 'a:6'));
    // A later timestamp for the second write, so that a creation time it overwrote would show.
    await new Promise((resolve) => setTimeout(resolve, 5));
    // 700 overwrites (every other id of the first 1,400), 1,400 new ids, and one id twice: the later wins.
    const second = [
      ...Array.from({ length: 700 }, (_, k) =>
        storedChunk('a', 2 * k, {
          text: `second${2 * k} common`,
          metadata: { round: 2, i: 2 * k },
          embedding: [2, 1, k + 1],
        }),
      ),
      ...Array.from({ length: 1400 }, (_, k) =>
        storedChunk('b', k, {
          text: `second${k} fresh`,
          metadata: { round: 2, i: k },
          embedding: [3, k + 1, 1],
        }),
      ),
    ];
    second.push(
      storedChunk('b', 5, { text: 'last word wins', metadata: { round: 3 }, embedding: [-1, 0, 0] }),
    );
    await expect(store.upsertChunks(S, second)).rejects.toThrow(/repeats/);
    second.pop();
    await store.upsertChunks(S, second);
    await store.upsertChunks(S, [
      storedChunk('b', 5, { text: 'last word wins', metadata: { round: 3 }, embedding: [-1, 0, 0] }),
    ]);

    expect(await store.countChunks(S)).toBe(1500 + 1400);
    const [overwritten, kept, fresh] = await store
      .getChunks(S, ['a:6', 'a:7', 'b:5'])
      .then((chunks) => ['a:6', 'a:7', 'b:5'].map((id) => chunks.find((c) => c.id === id)!));
    expect(overwritten!.text).toBe('second6 common');
    expect(kept!.text).toBe('first7 common');
    expect(fresh!.text).toBe('last word wins');
    const ids = async (query: string) =>
      (await store.lexicalSearch({ ...S, query, topK: 10 })).map((hit) => hit.chunk.id).sort();
    expect(await ids('first6')).toEqual([]);
    expect(await ids('second6')).toEqual(['a:6', 'b:6']);
    expect(await ids('first7')).toEqual(['a:7']);
    expect(await store.countChunks({ ...S, filter: { round: 1 } })).toBe(800);
    expect(await store.countChunks({ ...S, filter: { round: 2 } })).toBe(2099);
    expect(await store.countChunks({ ...S, filter: { round: 3 } })).toBe(1);
    const dense = await store.denseSearch({ ...S, vector: [-1, 0, 0], topK: 1 });
    expect(dense[0]!.chunk.id).toBe('b:5');
    await store.close();
    withRaw(path, (db) => {
      db.prepare(`INSERT INTO "${table}_fts" ("${table}_fts", rank) VALUES ('integrity-check', 0)`).run();
      const one = (sql: string) => db.prepare(sql).pluck().get();
      // An overwrite keeps the creation time and takes the write's time as its update time.
      expect(createdAt(db, 'a:6')).toBe(firstWritten);
      expect(one(`SELECT updated_at FROM "${table}" WHERE id = 'a:6'`)).toBe(createdAt(db, 'b:0'));
      expect(createdAt(db, 'b:0')).not.toBe(firstWritten);
      expect(one(`SELECT count(*) FROM "${table}_fts"`)).toBe(2900);
      // New rows numbered one past the largest, without gaps, as SQLite numbers them.
      expect(one(`SELECT max(seq) FROM "${table}"`)).toBe(2900);
      expect(one(`SELECT seq FROM "${table}" WHERE id = 'a:6'`)).toBe(7);
      expect(postedEntries(db, table)).toHaveLength(2 * 2899 + 1);
      expect(postedEntries(db, table)).toEqual(metadataIndexOf(db, table));
    });
  });

  it('give a new row the seq of a deleted last row, and the vector index follows', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    await store.createCollection('docs', { model: 'm', dimension: 3 });
    await store.upsertChunks(
      S,
      [0, 1, 2].map((i) => storedChunk('a', i, { embedding: [1, i, 0] })),
    );
    expect((await store.denseSearch({ ...S, vector: [1, 2, 0], topK: 1 }))[0]!.chunk.id).toBe('a:2');
    await store.deleteChunks(S, { ids: ['a:2'] });
    await store.upsertChunks(S, [storedChunk('b', 0, { text: 'newcomer', embedding: [0, 0, 1] })]);
    const hits = await store.denseSearch({ ...S, vector: [0, 0, 1], topK: 3 });
    expect(hits.map((hit) => hit.chunk.id)).toEqual(['b:0', 'a:0', 'a:1']);
    expect(hits[0]!.score).toBeCloseTo(1, 6);
    expect((await store.lexicalSearch({ ...S, query: 'newcomer', topK: 3 })).map((h) => h.chunk.id)).toEqual([
      'b:0',
    ]);
    await store.close();
    withRaw(path, (db) => {
      const table = tableNameFor('docs');
      expect(db.prepare(`SELECT seq FROM "${table}" WHERE id = 'b:0'`).pluck().get()).toBe(3);
    });
  });
});

describe('BM25 statistics', () => {
  it('count live rows only: rewriting a chunk many times leaves scores as on a fresh index', async () => {
    const texts = ['granite marmot burrow', 'granite pika hay', 'otter river', 'heron river'];
    const build = async (rewrites: number) => {
      const store = await populated(freshPath());
      await store.upsertChunks(
        S,
        texts.map((t, i) => chunk('s', i, t)),
      );
      for (let r = 0; r < rewrites; r++) await store.upsertChunks(S, [chunk('s', 0, texts[0]!)]);
      const hits = await store.lexicalSearch({ ...S, query: 'granite marmot', topK: 10 });
      await store.close();
      return hits.filter((h) => h.chunk.sourceId === 's').map((h) => [h.chunk.id, h.score]);
    };
    const fresh = await build(0);
    const rewritten = await build(50);
    expect(rewritten.map(([id]) => id)).toEqual(fresh.map(([id]) => id));
    for (const [i, [, score]] of rewritten.entries()) {
      expect(score as number).toBeCloseTo(fresh[i]![1] as number, 9);
    }
  });
});

describe('options.lexicalWeights', () => {
  it('weights the heading column against the content column in BM25', async () => {
    const file = freshPath();
    const seed = await populated(file);
    const inHeading = { ...chunk('h', 0, 'a note about several unrelated things'), headingPath: ['Glacier'] };
    const inContent = {
      ...chunk('c', 0, 'a note about a glacier and several things'),
      headingPath: ['Misc'],
    };
    await seed.upsertChunks(S, [inHeading, inContent]);
    await seed.close();
    const top = async (headings: number) => {
      const store = await openSqliteStore({ path: file, lexicalWeights: { content: 1, headings } });
      const hits = await store.lexicalSearch({ ...S, query: 'glacier', topK: 2 });
      await store.close();
      return hits.map((h) => h.chunk.id);
    };
    expect((await top(0))[0]).toBe('c:0');
    expect((await top(10))[0]).toBe('h:0');
    await expect(openSqliteStore({ path: file, lexicalWeights: { headings: -1 } })).rejects.toThrow(
      /options\.lexicalWeights\.headings/,
    );
  });
});

describe('transactions', () => {
  it('roll back a document replacement that fails inside the database', async () => {
    const path = freshPath();
    const store = await populated(path);
    const table = tableNameFor('docs');
    withRaw(path, (db) =>
      db.exec(
        `CREATE TRIGGER boom BEFORE INSERT ON "${table}" WHEN new.content = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`,
      ),
    );
    const before = await store.getDocument(S, 'd');
    const next = [chunk('d', 0, 'new zero'), chunk('d', 1, 'boom'), chunk('d', 2, 'new two')];
    await expect(store.replaceDocument(S, write('d', next, 'h2'))).rejects.toThrow(/boom/);
    expect(await store.getDocument(S, 'd')).toEqual(before);
    expect((await store.getChunks(S, ['d:0', 'd:1', 'd:2'])).map((c) => c.text)).toEqual([
      'text 0 of d',
      'text 1 of d',
    ]);
    expect(await store.lexicalSearch({ ...S, query: 'new', topK: 5 })).toEqual([]);
    await store.close();
  });
});

describe('durability', () => {
  it('keeps collections, documents and chunks across reopening', async () => {
    const path = freshPath();
    await (await populated(path)).close();
    const store = await openSqliteStore({ path });
    expect(await store.countChunks(S)).toBe(2);
    expect((await store.getDocument(S, 'd'))?.chunkCount).toBe(2);
    expect(await store.lexicalSearch({ ...S, query: 'text', topK: 5 })).toHaveLength(2);
    expect((await store.getEmbeddings(S, ['d:1'])).get('d:1')).toEqual([1, 2, 0.5]);
    await store.close();
  });
});

describe('store.denseSearch', () => {
  it('agrees with cosine similarity computed in JavaScript', async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    const dimension = 384;
    await store.createCollection('docs', { model: 'm', dimension });
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647 - 0.5;
    };
    const vectors = Array.from({ length: 50 }, () => Float32Array.from({ length: dimension }, random));
    await store.upsertChunks(
      S,
      vectors.map((embedding, i) => ({ ...chunk('d', i), embedding })),
    );
    const query = Float32Array.from({ length: dimension }, random);
    const expected = vectors.map((vector, i) => ({ id: `d:${i}`, score: cosine(query, vector) }));
    expected.sort((a, b) => b.score - a.score);
    const hits = await store.denseSearch({ ...S, vector: query, topK: 5 });
    expect(hits.map((hit) => hit.chunk.id)).toEqual(expected.slice(0, 5).map((entry) => entry.id));
    hits.forEach((hit, i) => {
      expect(hit.score).toBeCloseTo(expected[i]!.score, 5);
    });
    await store.close();
  });
});

describe('concurrent createCollection', () => {
  it('lets exactly one definition win across two processes', async () => {
    const worker = compileStoreWorker(root, RACE_WORKER);
    const path = freshPath('race');
    const rounds = 6;
    const startAt = Date.now() + 1500;
    const run = (dimensionBase: number) =>
      promisify(execFile)(
        process.execPath,
        [worker, path, String(startAt), String(rounds), String(dimensionBase)],
        {
          timeout: 150_000,
        },
      );
    const [first, second] = await Promise.all([run(3), run(4)]);
    const parse = (stdout: string) =>
      stdout
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as { round: number; ok: boolean; code?: string; info?: { dimension: number } },
        );
    const a = parse(first.stdout);
    const b = parse(second.stdout);
    expect(a).toHaveLength(rounds);
    expect(b).toHaveLength(rounds);
    const store = await openSqliteStore({ path });
    for (let round = 0; round < rounds; round++) {
      const pair = [a[round]!, b[round]!];
      const registered = await store.getCollection(`race-${round}`);
      if (round % 2 === 0) {
        // Different dimensions: one creates, the other is told about the conflict.
        expect(pair.filter((result) => result.ok)).toHaveLength(1);
        expect(pair.filter((result) => result.code === 'COLLECTION_CONFLICT')).toHaveLength(1);
        expect(registered?.dimension).toBe(pair.find((result) => result.ok)!.info!.dimension);
      } else {
        // Same definition: both get the one collection.
        expect(pair.every((result) => result.ok)).toBe(true);
        expect(pair[0]!.info).toEqual(pair[1]!.info);
        expect(pair[0]!.info).toEqual(registered);
      }
    }
    expect(await store.listCollections()).toHaveLength(rounds);
    await store.close();
  });
});

/** Creates collections in rounds, racing another process; prints one JSON line per round. */
const RACE_WORKER = `import { openSqliteStore } from './store/sqlite/sqlite-store.js';
const [path, startAt, rounds, dimensionBase] = process.argv.slice(2);
const store = await openSqliteStore({ path });
for (let round = 0; round < Number(rounds); round++) {
  const dimension = round % 2 === 0 ? Number(dimensionBase) : 8;
  while (Date.now() < Number(startAt) + round * 100) {}
  try {
    const info = await store.createCollection('race-' + round, { model: 'model-' + dimension, dimension });
    console.log(JSON.stringify({ round, ok: true, info }));
  } catch (error) {
    console.log(JSON.stringify({ round, ok: false, code: error.code, message: error.message }));
  }
}
await store.close();
`;

describe('two store objects on one file', () => {
  it('racing createCollection: one definition wins, the other gets a typed conflict, not SQLITE_BUSY', async () => {
    const path = freshPath();
    const first = await openSqliteStore({ path, busyTimeoutMs: 200 });
    const second = await openSqliteStore({ path, busyTimeoutMs: 200 });
    try {
      const outcomes = await Promise.allSettled([
        first.createCollection('race', { model: 'm', dimension: 3 }),
        second.createCollection('race', { model: 'm', dimension: 4 }),
        first.createCollection('same', { model: 'm', dimension: 3 }),
        second.createCollection('same', { model: 'm', dimension: 3 }),
      ]);
      expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { dimension: 3 } });
      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { code: 'COLLECTION_CONFLICT' } });
      expect(outcomes[2]).toMatchObject({ status: 'fulfilled', value: { dimension: 3 } });
      expect(outcomes[3]).toMatchObject({ status: 'fulfilled', value: { dimension: 3 } });
      expect((await second.getCollection('race'))?.dimension).toBe(3);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
