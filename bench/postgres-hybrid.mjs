#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createPglite, openPostgresStore } from '../dist/store/postgres/index.js';
import { syntheticData } from './support/synthetic-data.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '20000' },
    dimension: { type: 'string', default: '384' },
    queries: { type: 'string', default: '50' },
    batch: { type: 'string', default: '500' },
  },
});
const n = Number(values.chunks);
const dim = Number(values.dimension);
const queries = Number(values.queries);
const batch = Number(values.batch);

const { clustered, sentence } = syntheticData(dim);

function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const began = performance.now();
const db = await createPglite();
const store = await openPostgresStore({ pglite: db });
await store.migrate();
await store.createCollection('bench', { model: 'synthetic', dimension: dim });
const scope = { collection: 'bench' };
const setupSeconds = (performance.now() - began) / 1000;

let start = performance.now();
for (let first = 0; first < n; first += batch) {
  const chunks = [];
  for (let i = first; i < Math.min(n, first + batch); i++) {
    chunks.push({
      id: `c${i}`,
      documentId: `d${Math.floor(i / 10)}`,
      sourceId: `d${Math.floor(i / 10)}`,
      ordinal: i % 10,
      text: sentence(60),
      headingPath: [sentence(3)],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 60,
      metadata: { bucket: i % 100, tenth: i % 10 },
      embedding: clustered(),
    });
  }
  await store.upsertChunks(scope, chunks);
}
const insertSeconds = (performance.now() - start) / 1000;

async function measure(label, run) {
  const latencies = [];
  let returned = 0;
  for (let q = 0; q < queries; q++) {
    const vector = clustered();
    const text = sentence(3);
    start = performance.now();
    const hits = await run(vector, text);
    latencies.push(performance.now() - start);
    returned += hits.length;
  }
  return [
    label,
    {
      p50Ms: +quantile(latencies, 0.5).toFixed(1),
      p95Ms: +quantile(latencies, 0.95).toFixed(1),
      meanHits: returned / queries,
    },
  ];
}

const onePercent = { bucket: 7 };
const search = Object.fromEntries([
  await measure('hybrid', (vector, query) => store.hybridSearch({ ...scope, vector, query, topK: 10 })),
  await measure('hybrid, 1% filter', (vector, query) =>
    store.hybridSearch({ ...scope, vector, query, topK: 10, filter: onePercent }),
  ),
  await measure('dense', (vector) => store.denseSearch({ ...scope, vector, topK: 10 })),
  await measure('dense, 1% filter', (vector) =>
    store.denseSearch({ ...scope, vector, topK: 10, filter: onePercent }),
  ),
  await measure('lexical', (_, query) => store.lexicalSearch({ ...scope, query, topK: 10 })),
  await measure('dense + lexical, fused in JS', async (vector, query) => {
    const [dense, lexical] = [
      await store.denseSearch({ ...scope, vector, topK: 50 }),
      await store.lexicalSearch({ ...scope, query, topK: 50 }),
    ];
    return [...dense, ...lexical].slice(0, 10);
  }),
]);

const stats = await store.getStats();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  backend: 'postgres on PGlite (in-process, pgvector HNSW m=16 ef_construction=64, ef_search=40)',
  chunks: n,
  dimension: dim,
  batch,
  setupSeconds: +setupSeconds.toFixed(2),
  insert: { seconds: +insertSeconds.toFixed(2), chunksPerSecond: Math.round(n / insertSeconds) },
  megabytes: +((stats.bytes ?? 0) / 2 ** 20).toFixed(1),
  search,
};
await store.close();
await db.close();
writeResult('bench/results/postgres-hybrid.json', results);
console.log(JSON.stringify(results, null, 2));
