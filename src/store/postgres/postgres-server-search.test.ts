import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPostgresServer, onServer } from '../../../test/support/postgres-server.js';
import { cosine, storedChunk } from '../../../test/support/store-records.js';
import { validateFilter } from '../../core/filter/validate-filter.js';
import { tableNameFor } from '../sql/table-name.js';
import { createPgDriver } from './pg-driver.js';
import { PostgresBackend } from './postgres-backend.js';
import type { PostgresDriver } from './postgres-driver.js';
import { compilePostgresFilter } from './postgres-filter.js';
import { parsePostgresStoreOptions } from './postgres-options.js';
import { PostgresParams } from './postgres-params.js';
import { vectorLiteral } from './postgres-rows.js';
import { isolationStatements } from './postgres-schema.js';
import { denseSearchSql } from './postgres-search.js';
import { PostgresStore } from './postgres-store.js';

/** A seeded linear congruential generator in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `value` rounded to the nearest IEEE 754 half-precision number (normal range). */
function float16(value: number): number {
  if (value === 0) return 0;
  const exponent = Math.max(Math.floor(Math.log2(Math.abs(value))), -14);
  const step = 2 ** (exponent - 10);
  return Math.round(value / step) * step;
}

/** A `pg` driver on `url` that records every statement the store sends through it. */
async function recordingStore(url: string): Promise<{ store: PostgresStore; statements: string[] }> {
  const options = parsePostgresStoreOptions({ url });
  const driver = await createPgDriver(url, options.pool);
  const statements: string[] = [];
  const recording: PostgresDriver = {
    kind: driver.kind,
    transaction: (work) =>
      driver.transaction((tx) =>
        work({
          query: (sql, params) => {
            statements.push(sql);
            return tx.query(sql, params);
          },
        }),
      ),
    ping: () => driver.ping(),
    close: () => driver.close(),
  };
  return { store: new PostgresStore(new PostgresBackend(recording, options)), statements };
}

describeOnPostgresServer('dense search on the PostgreSQL server (CAIRN_TEST_POSTGRES_URL)', (database) => {
  let store: PostgresStore;
  let statements: string[];
  beforeAll(async () => {
    ({ store, statements } = await recordingStore(database().url));
  });
  afterAll(async () => {
    await store?.close();
  });

  describe('a filter matching 1% of rows, through the HNSW index', () => {
    const dimension = 24;
    const rows = 3000;
    const next = random(11);
    const gaussian = () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
    const centres = Array.from({ length: 16 }, () => Array.from({ length: dimension }, gaussian));
    const clustered = () => centres[Math.floor(next() * centres.length)]!.map((x) => x + 0.3 * gaussian());
    const vectors = Array.from({ length: rows }, clustered);
    const id = (i: number) => `doc${Math.floor(i / 10)}:${i % 10}`;

    beforeAll(async () => {
      await store.createCollection('big', { model: 'm', dimension });
      await store.upsertChunks(
        { collection: 'big' },
        vectors.map((embedding, i) =>
          storedChunk(`doc${Math.floor(i / 10)}`, i % 10, { embedding, metadata: { bucket: i % 100 } }),
        ),
      );
      await store.analyze('big');
    });

    /** Runs pgvector's search for `filter` as the runtime role, with `settings` set in the transaction. */
    async function rawSearch(query: number[], settings: Record<string, string>): Promise<string[]> {
      const params = new PostgresParams();
      const where = compilePostgresFilter(validateFilter({ bucket: 7 }), 'c.metadata', params);
      const statement = denseSearchSql({
        target: { location: tableNameFor('big'), collection: 'big', params, where },
        vector: vectorLiteral(Float32Array.from(query)),
        vectorType: `vector(${dimension})`,
        topK: 10,
        keepBest: false,
      });
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: database().url });
      await client.connect();
      try {
        await client.query('BEGIN');
        for (const isolation of isolationStatements(store.settings, 'default'))
          await client.query(isolation.sql, isolation.params as unknown[]);
        for (const [name, value] of Object.entries(settings))
          await client.query('SELECT set_config($1, $2, true)', [name, value]);
        const plan = await client.query(`EXPLAIN ${statement.sql}`, statement.params as unknown[]);
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
          /Index Scan using \S+_embedding/,
        );
        const { rows: found } = await client.query<{ id: string }>(
          statement.sql,
          statement.params as unknown[],
        );
        return found.map((row) => row.id);
      } finally {
        await client.query('ROLLBACK');
        await client.end();
      }
    }

    it('returns exactly topK passing hits: the index scan goes on (hnsw.iterative_scan) until that many pass', async () => {
      const query = clustered();
      const exact = vectors
        .map((vector, i) => ({ i, score: cosine(query, vector) }))
        .filter(({ i }) => i % 100 === 7)
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map(({ i }) => id(i));

      // Without iterative scans the index hands over its ef_search nearest rows, of which about
      // 1% pass: fewer than topK. With them (as the store sets them) it reads on until 10 pass.
      const plain = await rawSearch(query, { 'hnsw.ef_search': '40', 'hnsw.iterative_scan': 'off' });
      expect(plain.length).toBeLessThan(10);
      const iterative = await rawSearch(query, {
        'hnsw.ef_search': '40',
        'hnsw.iterative_scan': 'relaxed_order',
        'hnsw.max_scan_tuples': '20000',
      });
      expect(iterative).toHaveLength(10);

      statements.length = 0;
      const hits = await store.denseSearch({
        collection: 'big',
        vector: query,
        topK: 10,
        filter: { bucket: 7 },
      });
      expect(hits).toHaveLength(10);
      expect(hits.every((hit) => hit.chunk.metadata.bucket === 7)).toBe(true);
      expect(hits.filter((hit) => exact.includes(hit.chunk.id)).length).toBeGreaterThanOrEqual(8);
      expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
      // The store's search was answered by the index scan, not by its exact fallback (which turns
      // index scans off for its transaction).
      expect(statements.filter((sql) => sql.includes('hnsw.iterative_scan'))).toHaveLength(1);
      expect(statements.filter((sql) => sql.includes("'enable_indexscan', 'off'"))).toEqual([]);
    });

    it('returns every passing row when fewer than topK pass', async () => {
      const few = await store.denseSearch({
        collection: 'big',
        vector: clustered(),
        topK: 50,
        filter: { bucket: 7 },
      });
      expect(few).toHaveLength(30);
      expect(new Set(few.map((hit) => hit.chunk.id)).size).toBe(30);
    });
  });

  describe('vectorType float16', () => {
    it('stores halfvec with a halfvec HNSW index, searches it and reads float16 values back, as on PGlite', async () => {
      await store.createCollection('half', { model: 'm', dimension: 4, vectorType: 'float16' });
      const location = tableNameFor('half');
      const [column] = await onServer<{ type: string }>(
        database().url,
        `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = '${location}'::regclass AND attname = 'embedding'`,
      );
      expect(column?.type).toBe('halfvec(4)');
      const indexes = await onServer<{ indexdef: string }>(
        database().url,
        `SELECT indexdef FROM pg_indexes WHERE tablename = '${location}'`,
      );
      expect(indexes.some((row) => /hnsw \(embedding halfvec_cosine_ops\)/.test(row.indexdef))).toBe(true);
      const embedding = [0.1, -0.333333, 1 / 3, 12.34567];
      await store.upsertChunks({ collection: 'half' }, [
        storedChunk('h', 0, { embedding }),
        storedChunk('h', 1, { embedding: [-0.1, 0.333333, -1 / 3, -12.34567] }),
        storedChunk('h', 2, { embedding: [1, 0, 0, 0], metadata: { kind: 'other' } }),
      ]);
      const stored = (await store.getEmbeddings({ collection: 'half' }, ['h:0'])).get('h:0')!;
      expect(stored).toEqual(embedding.map(float16));
      expect(stored).not.toEqual(embedding.map(Math.fround));
      const hits = await store.denseSearch({ collection: 'half', vector: embedding, topK: 2 });
      expect(hits.map((hit) => hit.chunk.id)).toEqual(['h:0', 'h:2']);
      expect(hits[0]!.score).toBeCloseTo(1, 3);
      const filtered = await store.denseSearch({
        collection: 'half',
        vector: embedding,
        topK: 2,
        filter: { kind: 'other' },
      });
      expect(filtered.map((hit) => hit.chunk.id)).toEqual(['h:2']);
      const hybrid = await store.hybridSearch({
        collection: 'half',
        query: 'text',
        vector: embedding,
        topK: 3,
      });
      expect(hybrid).toHaveLength(3);
      await expect(
        store.createCollection('half', { model: 'm', dimension: 4, vectorType: 'float32' }),
      ).rejects.toMatchObject({ code: 'COLLECTION_CONFLICT' });
    });
  });
});
