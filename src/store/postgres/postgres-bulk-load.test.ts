import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../../test/support/pglite.js';
import { describeOnPostgresServer, onServer } from '../../../test/support/postgres-server.js';
import { documentWrite, storedChunk } from '../../../test/support/store-records.js';
import type { StoredChunk } from '../../core/types.js';
import { tableNameFor } from '../sql/table-name.js';
import { openPostgresStore, type PostgresStore } from './postgres-store.js';

/** A seeded linear congruential generator in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = [
  'river',
  'engine',
  'failure',
  'takeoff',
  'protein',
  'cell',
  'filing',
  'revenue',
  'pump',
  'valve',
  'wing',
  'landing',
  'gear',
  'brake',
  'signal',
  'sample',
  'trial',
  'dose',
  'patient',
  'report',
];
const DIMENSION = 8;

/** `count` chunks of documents `prefix0…`, 4 per document, with seeded words and vectors. */
function chunks(prefix: string, count: number, seed: number): StoredChunk[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from(
      { length: 6 + Math.floor(next() * 10) },
      () => WORDS[Math.floor(next() * WORDS.length)],
    );
    return storedChunk(`${prefix}${Math.floor(i / 4)}`, i % 4, {
      text: words.join(' '),
      headingPath: next() < 0.3 ? [WORDS[Math.floor(next() * WORDS.length)]!] : [],
      embedding: Array.from({ length: DIMENSION }, () => next() - 0.5),
    });
  });
}

function* inBatches(all: StoredChunk[], size: number): Generator<StoredChunk[]> {
  for (let start = 0; start < all.length; start += size) yield all.slice(start, start + size);
}

const QUERIES = ['engine failure', 'protein cell trial', 'landing gear brake', 'river pump valve signal'];

/** Each query's lexical ranking: ids with scores to 6 digits. */
async function rankings(store: PostgresStore, collection: string, namespace?: string) {
  const result: Array<Array<[string, string]>> = [];
  for (const query of QUERIES) {
    const hits = await store.lexicalSearch({ collection, namespace, query, topK: 20 });
    result.push(hits.map((hit) => [hit.chunk.id, hit.score.toFixed(6)]));
  }
  return result;
}

type Sql = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** The collection's term statistics and totals, per namespace, as rows of text. */
async function statistics(sql: Sql, collection: string): Promise<string[]> {
  const table = tableNameFor(collection);
  const terms = await sql(
    `SELECT namespace, term, chunks FROM "${table}_tstats" WHERE chunks > 0 ORDER BY 1, 2`,
  );
  const totals = await sql(`SELECT namespace, chunks, tokens FROM "${table}_lstats" ORDER BY 1`);
  return [...terms, ...totals].map((row) => Object.values(row).join(' '));
}

/** The collection's index definitions (the chunk table's and the postings'), table names made alike. */
async function indexes(sql: Sql, collection: string): Promise<string[]> {
  const table = tableNameFor(collection);
  const rows = await sql(
    `SELECT indexdef FROM pg_indexes WHERE tablename IN ('${table}', '${table}_terms') ORDER BY indexname`,
  );
  return rows.map((row) => String(row.indexdef).replaceAll(table, 'T'));
}

function bulkLoadCases(open: () => { store: PostgresStore; sql: Sql }) {
  const before = chunks('old', 24, 1);
  const loaded = [...chunks('new', 150, 2), ...chunks('old', 8, 3)]; // 8 overwrite stored chunks

  it('stores what upsertChunks stores: same BM25 scores, statistics, dense hits and indexes', async () => {
    const { store, sql } = open();
    for (const name of ['bulk', 'plain']) {
      await store.createCollection(name, { model: 'm', dimension: DIMENSION });
      await store.upsertChunks({ collection: name }, before);
      await store.upsertChunks({ collection: name, namespace: 'other' }, chunks('tenant', 12, 4));
    }
    const indexesBefore = await indexes(sql, 'bulk');
    const progress: number[] = [];
    const result = await store.bulkLoad({ collection: 'bulk' }, inBatches(loaded, 40), {
      onBatch: (written) => progress.push(written),
      maintenanceWorkMem: '64MB',
    });
    await store.upsertChunks({ collection: 'plain' }, loaded);
    expect(result).toEqual({ chunks: loaded.length, documents: 38 + 2 });
    expect(progress).toEqual([40, 80, 120, 158]);
    expect(await store.countChunks({ collection: 'bulk' })).toBe(
      await store.countChunks({ collection: 'plain' }),
    );
    expect(await rankings(store, 'bulk')).toEqual(await rankings(store, 'plain'));
    expect((await rankings(store, 'bulk'))[0]!.length).toBeGreaterThan(0);
    expect(await statistics(sql, 'bulk')).toEqual(await statistics(sql, 'plain'));
    expect(await indexes(sql, 'bulk')).toEqual(indexesBefore);
    expect(await store.vectorIndex('bulk')).toMatchObject({ method: 'hnsw' });
    const vector = loaded[5]!.embedding!;
    const dense = async (collection: string) =>
      (await store.denseSearch({ collection, vector, topK: 5, exact: true })).map((hit) => hit.chunk.id);
    expect(await dense('bulk')).toEqual(await dense('plain'));
    expect((await store.denseSearch({ collection: 'bulk', vector, topK: 1 }))[0]!.chunk.id).toBe(
      loaded[5]!.id,
    );
  });

  it('into an empty namespace, overwrites ids a later batch repeats and replaces documents as upsertChunks and replaceDocument do', async () => {
    const { store, sql } = open();
    const first = chunks('a', 40, 5);
    const repeated = chunks('a', 10, 6); // the ids of a0…a2, new text and vectors
    const ofDoc = (count: number, seed: number) =>
      chunks('d', count, seed).map((chunk, i) => ({
        ...chunk,
        id: `doc:${i}`,
        documentId: 'doc',
        sourceId: 'doc',
        ordinal: i,
      }));
    const long = documentWrite('doc', ofDoc(6, 7));
    const short = documentWrite('doc', ofDoc(3, 8)); // doc replaced: 3 chunks, not 6
    for (const name of ['fresh', 'freshplain'])
      await store.createCollection(name, { model: 'm', dimension: DIMENSION });
    const result = await store.bulkLoad({ collection: 'fresh' }, [
      first,
      { documents: [long] },
      repeated,
      { documents: [short] },
    ]);
    await store.upsertChunks({ collection: 'freshplain' }, first);
    await store.replaceDocument({ collection: 'freshplain' }, long);
    await store.upsertChunks({ collection: 'freshplain' }, repeated);
    await store.replaceDocument({ collection: 'freshplain' }, short);
    expect(result.chunks).toBe(40 + 6 + 10 + 3);
    expect(await store.countChunks({ collection: 'fresh' })).toBe(40 + 3);
    expect(await store.countChunks({ collection: 'freshplain' })).toBe(40 + 3);
    expect((await store.getDocument({ collection: 'fresh' }, 'doc'))?.chunkCount).toBe(3);
    expect(await rankings(store, 'fresh')).toEqual(await rankings(store, 'freshplain'));
    expect(await statistics(sql, 'fresh')).toEqual(await statistics(sql, 'freshplain'));
    const text = async (collection: string) =>
      (await store.getChunks({ collection }, ['a0:0', 'a2:1', 'doc:0'])).map((chunk) => chunk.text);
    expect(await text('fresh')).toEqual(await text('freshplain'));
  });

  it('refuses a document whose chunk id another document of the load holds, storing nothing', async () => {
    const { store } = open();
    await store.createCollection('taken', { model: 'm', dimension: DIMENSION });
    const thief = documentWrite('thief', [
      storedChunk('thief', 0, { id: 'x0:0', embedding: Array(DIMENSION).fill(0.3) }),
    ]);
    await expect(
      store.bulkLoad({ collection: 'taken' }, [chunks('x', 4, 9), { documents: [thief] }]),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('already belongs to document "x0"'),
    });
    expect(await store.countChunks({ collection: 'taken' })).toBe(0);
  });

  it("leaves other namespaces' chunks and scores alone", async () => {
    const { store } = open();
    const other = await rankings(store, 'plain', 'other');
    expect(await rankings(store, 'bulk', 'other')).toEqual(other);
    expect(other.flat().length).toBeGreaterThan(0);
  });

  it('recounts the document records of documents that gained chunks', async () => {
    const { store } = open();
    await store.replaceDocument(
      { collection: 'bulk' },
      documentWrite('rec', [storedChunk('rec', 0, { embedding: Array(DIMENSION).fill(0.1) })]),
    );
    await store.bulkLoad({ collection: 'bulk' }, [
      [storedChunk('rec', 1, { embedding: Array(DIMENSION).fill(0.2) })],
    ]);
    expect((await store.getDocument({ collection: 'bulk' }, 'rec'))?.chunkCount).toBe(2);
  });

  it('rolls the whole load back, indexes included, when a later batch holds a bad chunk', async () => {
    const { store, sql } = open();
    const count = await store.countChunks({ collection: 'bulk' });
    const scores = await rankings(store, 'bulk');
    const stats = await statistics(sql, 'bulk');
    const defined = await indexes(sql, 'bulk');
    async function* batches() {
      yield chunks('late', 40, 5);
      yield [storedChunk('late-bad', 0, { embedding: [1, 2, 3] })];
    }
    await expect(store.bulkLoad({ collection: 'bulk' }, batches())).rejects.toMatchObject({
      code: 'DIMENSION_MISMATCH',
    });
    expect(await store.countChunks({ collection: 'bulk' })).toBe(count);
    expect(await rankings(store, 'bulk')).toEqual(scores);
    expect(await statistics(sql, 'bulk')).toEqual(stats);
    expect(await indexes(sql, 'bulk')).toEqual(defined);
  });

  it('keeps the indexes with rebuildIndexes: false, with the same scores', async () => {
    const { store, sql } = open();
    await store.createCollection('kept', { model: 'm', dimension: DIMENSION });
    await store.upsertChunks({ collection: 'kept' }, before);
    await store.bulkLoad({ collection: 'kept' }, inBatches(loaded, 64), { rebuildIndexes: false });
    expect(await rankings(store, 'kept')).toEqual(await rankings(store, 'plain'));
    expect(await statistics(sql, 'kept')).toEqual(
      (await statistics(sql, 'plain')).filter((row) => !row.startsWith('other ')),
    );
  });

  it('refuses a malformed maintenanceWorkMem and a missing collection', async () => {
    const { store } = open();
    expect(() => store.bulkLoad({ collection: 'bulk' }, [], { maintenanceWorkMem: "1GB'; DROP" })).toThrow(
      /maintenanceWorkMem/,
    );
    await expect(store.bulkLoad({ collection: 'missing' }, [])).rejects.toMatchObject({
      code: 'COLLECTION_NOT_FOUND',
    });
  });
}

describe('PostgresStore.bulkLoad on PGlite', () => {
  let store: PostgresStore;
  let sql: Sql;
  beforeAll(async () => {
    const db = await freshPglite();
    store = await openPostgresStore({ pglite: db });
    await store.migrate();
    sql = async (text) => (await db.query<Record<string, unknown>>(text)).rows;
  });
  afterAll(() => store?.close());
  bulkLoadCases(() => ({ store, sql }));
});

describeOnPostgresServer('PostgresStore.bulkLoad on the server (CAIRN_TEST_POSTGRES_URL)', (database) => {
  let store: PostgresStore;
  beforeAll(async () => {
    store = await openPostgresStore({ url: database().url });
    await store.migrate();
  });
  afterAll(() => store?.close());
  bulkLoadCases(() => ({ store, sql: (text) => onServer(database().url, text) }));

  it('a large write keeps the indexes while another transaction rebuilds them, instead of waiting on it', async () => {
    // A write of at least 1,000 chunks into a table no larger drops and rebuilds the indexes
    // (beginBulkWrite). Here another client holds the collection's rebuild lock and reads the
    // table, as a load in another namespace does just before its drop: the write must not ask
    // for the table exclusively (both would wait for each other, a deadlock).
    await store.createCollection('large', { model: 'm', dimension: DIMENSION });
    const table = tableNameFor('large');
    const pg = await import('pg');
    const other = new pg.default.Client({ connectionString: database().url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(hashtext($1::text))', [`cairn.rebuild:${table}`]);
      await other.query(`SELECT 1 FROM "${table}" LIMIT 1`);
      const written = chunks('w', 1200, 40);
      await store.upsertChunks({ collection: 'large', namespace: 'p' }, written);
      await other.query('COMMIT');
      const probe = written[7]!;
      const hits = await store.denseSearch({
        collection: 'large',
        namespace: 'p',
        vector: probe.embedding!,
        topK: 1,
      });
      expect(hits.map((hit) => hit.chunk.id)).toEqual([probe.id]);
      const sql: Sql = (text) => onServer(database().url, text);
      await store.createCollection('unwritten', { model: 'm', dimension: DIMENSION });
      expect(await indexes(sql, 'large')).toEqual(await indexes(sql, 'unwritten'));
    } finally {
      await other.end();
    }
  });

  it('runs loads into one collection at once, each in its namespace, without a deadlock', async () => {
    // Separate clients, as separate `cairn migrate` processes would be: each load drops and
    // rebuilds the collection's indexes, which needs the table to itself.
    const namespaces = ['a', 'b', 'c', 'd', 'e', 'f'];
    const stores = [
      store,
      ...(await Promise.all(namespaces.slice(1).map(() => openPostgresStore({ url: database().url })))),
    ];
    try {
      await store.createCollection('shared', { model: 'm', dimension: DIMENSION });
      const loads = namespaces.map((namespace, i) => chunks(namespace, 80, 10 + i));
      const results = await Promise.allSettled(
        namespaces.map((namespace, i) =>
          stores[i]!.bulkLoad({ collection: 'shared', namespace }, inBatches(loads[i]!, 20)),
        ),
      );
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(
        namespaces.map(() => 'ok'),
      );
      for (const [i, namespace] of namespaces.entries()) {
        const hits = await store.lexicalSearch({
          collection: 'shared',
          namespace,
          query: 'engine',
          topK: 500,
        });
        const withWord = loads[i]!.filter((chunk) =>
          /\bengine\b/.test(`${chunk.text} ${chunk.headingPath.join(' ')}`),
        );
        expect(new Set(hits.map((hit) => hit.chunk.id))).toEqual(new Set(withWord.map((chunk) => chunk.id)));
      }
      // Every load rebuilt what it dropped: the indexes of a collection never loaded.
      await store.createCollection('plain', { model: 'm', dimension: DIMENSION });
      const sql: Sql = (text) => onServer(database().url, text);
      expect(await indexes(sql, 'shared')).toEqual(await indexes(sql, 'plain'));
    } finally {
      await Promise.all(stores.slice(1).map((other) => other.close()));
    }
  });
});
