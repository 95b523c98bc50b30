#!/usr/bin/env node
// Chroma's local server (`chroma run`, from the npm package chromadb) against the embedded SQLite
// store, in one run on the same data: insert throughput, and top-10 dense search latency (p50/p95)
// with recall@10 against the exact top 10 (brute force here), unfiltered and with a filter
// matching 10% of chunks. Vectors are clustered (64 Gaussian clusters), like real embeddings, and
// L2-normalised. Writes bench/results/chroma-vs-sqlite.json.
// Usage: npm run build && node bench/chroma-vs-sqlite.mjs [--chunks 100000] [--dimension 384] [--queries 50]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { quantile } from '../dist/exports/eval.js';
import { openSqliteStore } from '../dist/index.js';
import { openChromaStore } from '../dist/store/chroma/index.js';
import { syntheticData } from './support/synthetic-data.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000' },
    dimension: { type: 'string', default: '384' },
    queries: { type: 'string', default: '50' },
  },
});
const n = Number(values.chunks);
const dim = Number(values.dimension);
const queryCount = Number(values.queries);
const topK = 10;

const { clustered: clusteredArray } = syntheticData(dim);
const clustered = () => Float32Array.from(clusteredArray());

const vectors = Array.from({ length: n }, clustered);
const queries = Array.from({ length: queryCount }, clustered);
const filters = { none: undefined, '10%': { tenth: 3 } };
const passes = { none: () => true, '10%': (i) => i % 10 === 3 };

/** The exact top-10 ids of each query under each filter (float64 dot products of unit vectors). */
function exactTop(query, pass) {
  const best = [];
  for (let i = 0; i < n; i++) {
    if (!pass(i)) continue;
    const v = vectors[i];
    let dot = 0;
    for (let j = 0; j < dim; j++) dot += query[j] * v[j];
    if (best.length < topK || dot > best[best.length - 1][1]) {
      best.push([`c${i}`, dot]);
      best.sort((a, b) => b[1] - a[1]);
      if (best.length > topK) best.pop();
    }
  }
  return best.map(([id]) => id);
}
const truth = Object.fromEntries(
  Object.entries(passes).map(([label, pass]) => [label, queries.map((query) => exactTop(query, pass))]),
);

function chunk(i) {
  return {
    id: `c${i}`,
    documentId: `d${Math.floor(i / 10)}`,
    sourceId: `d${Math.floor(i / 10)}`,
    ordinal: i % 10,
    text: `chunk ${i}`,
    headingPath: [],
    pageStart: 1,
    pageEnd: 1,
    tokenCount: 2,
    metadata: { tenth: i % 10 },
    embedding: vectors[i],
  };
}

async function measure(store) {
  await store.createCollection('bench', { model: 'synthetic', dimension: dim });
  const scope = { collection: 'bench' };
  const batch = 1000;
  const began = performance.now();
  for (let start = 0; start < n; start += batch) {
    const chunks = [];
    for (let i = start; i < Math.min(n, start + batch); i++) chunks.push(chunk(i));
    await store.upsertChunks(scope, chunks);
  }
  const insertSeconds = (performance.now() - began) / 1000;
  const search = {};
  for (const [label, filter] of Object.entries(filters)) {
    const latencies = [];
    let found = 0;
    for (const [q, query] of queries.entries()) {
      const start = performance.now();
      const hits = await store.denseSearch({ ...scope, vector: query, topK, filter });
      latencies.push(performance.now() - start);
      const expected = new Set(truth[label][q]);
      found += hits.filter((hit) => expected.has(hit.chunk.id)).length;
    }
    search[label] = {
      filter: filter ?? null,
      p50Ms: +quantile(latencies, 0.5).toFixed(1),
      p95Ms: +quantile(latencies, 0.95).toFixed(1),
      recallAt10: +(found / (queries.length * topK)).toFixed(4),
    };
  }
  return {
    backend: store.backend,
    dense: store.capabilities.dense,
    insert: { seconds: +insertSeconds.toFixed(2), chunksPerSecond: +(n / insertSeconds).toFixed(0) },
    search,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-bench-chroma-'));
const results = {
  date: new Date().toISOString(),
  chunks: n,
  dimension: dim,
  queries: queryCount,
  topK,
  stores: [],
};
try {
  const sqlite = await openSqliteStore({ path: path.join(dir, 'bench.db') });
  results.stores.push(await measure(sqlite));
  await sqlite.close();

  const port = await freePort();
  const chroma = spawn(
    path.resolve('node_modules/.bin/chroma'),
    ['run', '--path', path.join(dir, 'chroma'), '--port', String(port), '--host', '127.0.0.1'],
    { stdio: 'ignore' },
  );
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v2/heartbeat`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error('chroma run did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const store = await openChromaStore({ host: '127.0.0.1', port, timeoutMs: 120_000 });
    results.stores.push(await measure(store));
    await store.close();
  } finally {
    chroma.kill('SIGTERM');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
results.note =
  'One run on a shared 2-core machine. SQLite scores every chunk (exact); Chroma answers from its HNSW index ' +
  '(approximate, default ef_search 100), its local server on loopback. Chroma writes also carry each ' +
  "chunk's exact float32 embedding in its metadata and, on this versioned store, a look-up of the chunks' documents.";
writeResult('bench/results/chroma-vs-sqlite.json', results);
console.log(JSON.stringify(results, null, 2));
