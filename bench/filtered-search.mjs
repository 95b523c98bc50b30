#!/usr/bin/env node
// Filtered dense top-10 search latency on the SQLite store at N chunks × D dimensions, with
// metadata filters matching 1%, 10% and 100% of rows (and no filter); also insert throughput.
// Vectors are clustered (64 Gaussian clusters), like real embeddings, and L2-normalised.
// Usage: node bench/filtered-search.mjs [--chunks 100000] [--dimension 384] [--queries 30]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quantile } from '../dist/exports/eval.js';
import { openSqliteStore } from '../dist/index.js';
import { syntheticData } from './support/synthetic-data.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000' },
    dimension: { type: 'string', default: '384' },
    queries: { type: 'string', default: '30' },
  },
});
const n = Number(values.chunks);
const dim = Number(values.dimension);

const { clustered } = syntheticData(dim);

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-bench-'));
const store = await openSqliteStore({ path: path.join(dir, 'filtered.db') });
await store.ensureRegistry();
await store.createCollection('bench', { model: 'synthetic', dimension: dim });
const scope = { collection: 'bench' };

const batch = 1000;
let began = performance.now();
for (let start = 0; start < n; start += batch) {
  const chunks = [];
  for (let i = start; i < Math.min(n, start + batch); i++) {
    chunks.push({
      id: `c${i}`,
      documentId: `d${Math.floor(i / 10)}`,
      sourceId: `d${Math.floor(i / 10)}`,
      ordinal: i % 10,
      text: `chunk ${i}`,
      headingPath: [],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 2,
      metadata: { bucket: i % 100, tenth: i % 10, all: true },
      embedding: clustered(),
    });
  }
  await store.upsertChunks(scope, chunks);
}
const insertSeconds = (performance.now() - began) / 1000;

const filters = { '1%': { bucket: 7 }, '10%': { tenth: 3 }, '100%': { all: true }, none: undefined };
const results = {
  date: new Date().toISOString(),
  chunks: n,
  dimension: dim,
  insert: { seconds: +insertSeconds.toFixed(2), chunksPerSecond: +(n / insertSeconds).toFixed(0) },
  search: {},
};
for (const [label, filter] of Object.entries(filters)) {
  const latencies = [];
  let returned = 0;
  for (let q = 0; q < Number(values.queries); q++) {
    const vector = clustered();
    began = performance.now();
    const hits = await store.denseSearch({ ...scope, vector, topK: 10, filter });
    latencies.push(performance.now() - began);
    returned += hits.length;
  }
  results.search[label] = {
    filter: filter ?? null,
    p50Ms: +quantile(latencies, 0.5).toFixed(1),
    p95Ms: +quantile(latencies, 0.95).toFixed(1),
    meanHits: returned / latencies.length,
  };
}
await store.close();
writeResult('bench/results/filtered-search.json', results);
console.log(JSON.stringify(results, null, 2));
