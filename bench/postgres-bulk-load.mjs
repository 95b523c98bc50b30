#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createPglite, openPostgresStore } from '../dist/store/postgres/index.js';
import { syntheticData } from './support/synthetic-data.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '10000' },
    dimension: { type: 'string', default: '384' },
    queries: { type: 'string', default: '30' },
  },
});
const n = Number(values.chunks);
const dim = Number(values.dimension);
const queryCount = Number(values.queries);
const BATCH = 500;

const { clustered, sentence } = syntheticData(dim);

const chunks = Array.from({ length: n }, (_, i) => ({
  id: `c${i}`,
  documentId: `d${Math.floor(i / 10)}`,
  sourceId: `d${Math.floor(i / 10)}`,
  ordinal: i % 10,
  text: sentence(60),
  headingPath: [sentence(3)],
  pageStart: 1,
  pageEnd: 1,
  tokenCount: 60,
  metadata: { bucket: i % 100 },
  embedding: clustered(),
}));
const queries = Array.from({ length: queryCount }, clustered);
const scope = { collection: 'bench' };

async function fresh() {
  const db = await createPglite();
  const store = await openPostgresStore({ pglite: db });
  await store.migrate();
  await store.createCollection('bench', { model: 'synthetic', dimension: dim });
  const { rows } = await db.query(
    "SELECT indexname, indexdef FROM pg_indexes WHERE indexdef LIKE '%USING hnsw%' OR indexdef LIKE '%USING gin%' ORDER BY indexdef LIKE '%USING hnsw%'",
  );
  if (rows.length !== 2) throw new Error('expected one GIN and one HNSW index');
  return { db, store, gin: rows[0], hnsw: rows[1] };
}

async function seconds(work) {
  const began = performance.now();
  await work();
  return (performance.now() - began) / 1000;
}

async function inBatches(store) {
  for (let first = 0; first < n; first += BATCH) {
    await store.upsertChunks(scope, chunks.slice(first, first + BATCH));
  }
}

async function recall(store) {
  let found = 0;
  for (const vector of queries) {
    const exact = await store.denseSearch({ ...scope, vector, topK: 10, exact: true });
    const approximate = await store.denseSearch({ ...scope, vector, topK: 10 });
    const truth = new Set(exact.map((hit) => hit.chunk.id));
    found += approximate.filter((hit) => truth.has(hit.chunk.id)).length;
  }
  return +(found / (queries.length * 10)).toFixed(3);
}

const results = {
  date: new Date().toISOString(),
  node: process.version,
  machine: '2 shared cores (other engineers working in parallel)',
  backend: 'postgres on PGlite (in-process, pgvector HNSW m=16 ef_construction=64, ef_search=40)',
  chunks: n,
  dimension: dim,
};

{
  const { db, store } = await fresh();
  const s = await seconds(() => inBatches(store));
  results.rows = {
    note: `upserts of ${BATCH}: the HNSW index kept up to date row by row`,
    seconds: +s.toFixed(1),
    chunksPerSecond: Math.round(n / s),
    recallAt10: await recall(store),
  };
  await store.close();
  await db.close();
  console.error('rows', JSON.stringify(results.rows));
}
{
  const { db, store } = await fresh();
  const s = await seconds(() => store.upsertChunks(scope, chunks));
  results.bulk = {
    note: 'one upsertChunks of every chunk: index dropped, rows inserted, index built, one transaction',
    seconds: +s.toFixed(1),
    chunksPerSecond: Math.round(n / s),
    recallAt10: await recall(store),
  };
  await store.close();
  await db.close();
  console.error('bulk', JSON.stringify(results.bulk));
}
{
  const { db, store, gin, hnsw } = await fresh();
  await db.exec(`DROP INDEX "${hnsw.indexname}"; DROP INDEX "${gin.indexname}"`);
  const insert = await seconds(() => inBatches(store));
  const hnswBuild = await seconds(() => db.exec(hnsw.indexdef));
  const ginBuild = await seconds(() => db.exec(gin.indexdef));
  results.parts = {
    note: `both indexes dropped by hand, upserts of ${BATCH}, then each CREATE INDEX`,
    insertSeconds: +insert.toFixed(1),
    insertChunksPerSecond: Math.round(n / insert),
    hnswBuildSeconds: +hnswBuild.toFixed(1),
    ginBuildSeconds: +ginBuild.toFixed(1),
  };
  await store.close();
  await db.close();
  console.error('parts', JSON.stringify(results.parts));
}
results.speedup = +(results.bulk.chunksPerSecond / results.rows.chunksPerSecond).toFixed(1);
writeResult('bench/results/postgres-bulk-load.json', results);
console.log(JSON.stringify(results, null, 2));
