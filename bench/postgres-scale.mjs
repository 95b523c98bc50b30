#!/usr/bin/env node
// The PostgreSQL server beside SQLite at scale, in one run (issue 23, ask 7): write rate and the
// p50 of lexical, dense and hybrid search with recall@10, on the same synthetic chunks and queries.
//
// Data (bench/support/synthetic-data.mjs, seeded, the same every run): `--chunks` chunks of 40
// words drawn from a 5,000-word vocabulary by Zipf's law (word r with probability ∝ 1/r, so a few
// words are in most chunks, as stop words are), 10 chunks per document and source, each with a
// unit vector of `--dimension` components near one of 64 Gaussian cluster centres. Queries: 4
// words drawn the same way and a vector from the same clusters.
// Writes: SQLite, `store.upsertChunks` in batches of `--batch` chunks (one transaction each).
// PostgreSQL with `--load bulk` (default): `store.bulkLoad` fed the same batches (one transaction;
// HNSW and postings indexes built once at the end, term statistics counted once), then
// `store.analyze`; with `--load upsert`: `upsertChunks` like SQLite, the first batch on an empty
// collection, so the HNSW index is kept up to date throughout.
// Recall@10 against exact references computed here: dense, brute-force cosine over every vector;
// lexical, the other store's BM25 ranking (both compute Okapi BM25 exactly, so this is their
// agreement; SQLite's is the reference); hybrid, reciprocal rank fusion (k = 60, 100 candidates
// each) of the exact dense list and the reference lexical list. SQLite has no native hybrid
// search: it runs the two searches and fuses them in JavaScript, as cairn's retriever does.
// Needs a server: CAIRN_TEST_POSTGRES_URL; makes a database of its own there and drops it after.
// Run after `npm run build`, with `nice`.
// Usage: node bench/postgres-scale.mjs [--chunks 100000] [--dimension 64] [--queries 50] [--batch 1000]
//   [--load bulk|upsert] [--maintenance-work-mem 512MB]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../dist/index.js';
import { reciprocalRankFusion } from '../dist/retrieve/reciprocal-rank-fusion.js';
import { adminQuery, postgresServerUrl } from './support/postgres-server.mjs';
import { syntheticData } from './support/synthetic-data.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000' },
    dimension: { type: 'string', default: '64' },
    queries: { type: 'string', default: '50' },
    batch: { type: 'string', default: '1000' },
    load: { type: 'string', default: 'bulk' },
    'maintenance-work-mem': { type: 'string', default: '512MB' },
    out: { type: 'string', default: 'bench/results/postgres-scale.json' },
  },
});
const n = Number(values.chunks);
const dimension = Number(values.dimension);
const queryCount = Number(values.queries);
const batch = Number(values.batch);
const serverUrl = postgresServerUrl();

const { clustered, sentence } = syntheticData(dimension);

const vectors = new Float32Array(n * dimension);
function chunkAt(i) {
  const embedding = clustered();
  vectors.set(embedding, i * dimension);
  const document = `d${Math.floor(i / 10)}`;
  return {
    id: `${document}:${i % 10}`,
    documentId: document,
    sourceId: document,
    ordinal: i % 10,
    text: sentence(40),
    headingPath: [],
    pageStart: 1,
    pageEnd: 1,
    tokenCount: 40,
    metadata: {},
    embedding,
  };
}
const queries = Array.from({ length: queryCount }, () => ({ text: sentence(4), vector: clustered() }));

function exactDense(vector, k) {
  const scores = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let dot = 0;
    for (let d = 0; d < dimension; d++) dot += vectors[i * dimension + d] * vector[d];
    scores[i] = dot;
  }
  const order = Array.from(scores.keys()).sort((a, b) => scores[b] - scores[a]);
  return order.slice(0, k).map((i) => `d${Math.floor(i / 10)}:${i % 10}`);
}
const recall = (got, expected) => got.filter((id) => expected.includes(id)).length / expected.length;
const quantile = (samples, q) => [...samples].sort((a, b) => a - b)[Math.floor(q * (samples.length - 1))];

const admin = (sql) => adminQuery(serverUrl, sql);

const database = `cairn_bench_${randomBytes(5).toString('hex')}`;
await admin(`CREATE DATABASE ${database}`);
const postgresUrl = new URL(serverUrl);
postgresUrl.pathname = `/${database}`;
const folder = mkdtempSync(path.join(tmpdir(), 'cairn-scale-'));
const stores = {
  sqlite: await openStore(path.join(folder, 'scale.db')),
  postgres: await openStore(postgresUrl.toString()),
};
const collection = 'scale';
const results = {};
const CANDIDATES = 100;
try {
  for (const store of Object.values(stores)) {
    await store.createCollection(collection, { model: 'synthetic', dimension });
  }
  // Writes: the same batches to each store (generated once, so both get the same chunks).
  const writeSeconds = { sqlite: 0, postgres: 0 };
  const phases = {};
  function* batches() {
    for (let first = 0; first < n; first += batch) {
      const chunks = [];
      for (let i = first; i < Math.min(n, first + batch); i++) chunks.push(chunkAt(i));
      yield chunks;
    }
  }
  if (values.load === 'bulk') {
    // SQLite writes each batch as the bulk load asks for it; the time spent in the generator
    // (making the batch, SQLite's write) is taken out of the bulk load's.
    let outside = 0;
    let lastBatchAt = 0;
    async function* feed() {
      const source = batches();
      for (;;) {
        const entered = performance.now();
        const { value: chunks, done } = source.next();
        if (done) return;
        const began = performance.now();
        await stores.sqlite.upsertChunks({ collection }, chunks);
        writeSeconds.sqlite += (performance.now() - began) / 1000;
        outside += performance.now() - entered;
        yield chunks;
      }
    }
    const began = performance.now();
    await stores.postgres.bulkLoad({ collection }, feed(), {
      maintenanceWorkMem: values['maintenance-work-mem'],
      onBatch: (written) => {
        lastBatchAt = performance.now();
        if (written % (10 * batch) === 0) console.error(`written ${written}`, writeSeconds);
      },
    });
    const loaded = performance.now();
    await stores.postgres.analyze(collection);
    const analyzed = performance.now();
    writeSeconds.postgres = (analyzed - began - outside) / 1000;
    phases.postgres = {
      batchesSeconds: (lastBatchAt - began - outside) / 1000,
      indexesAndStatisticsSeconds: (loaded - lastBatchAt) / 1000,
      analyzeSeconds: (analyzed - loaded) / 1000,
    };
    console.error('postgres load phases', phases.postgres);
  } else {
    let first = 0;
    for (const chunks of batches()) {
      for (const [name, store] of Object.entries(stores)) {
        const began = performance.now();
        await store.upsertChunks({ collection }, chunks);
        writeSeconds[name] += (performance.now() - began) / 1000;
      }
      if (first % (10 * batch) === 0) console.error(`written ${first + chunks.length}`, writeSeconds);
      first += chunks.length;
    }
  }
  const references = queries.map((query) => ({ dense: exactDense(query.vector, CANDIDATES) }));
  for (const [name, store] of Object.entries(stores)) {
    const latency = { lexical: [], dense: [], hybrid: [] };
    const recalls = { lexical: [], dense: [], hybrid: [] };
    for (const [q, query] of queries.entries()) {
      const scope = { collection };
      let began = performance.now();
      const lexical = await store.lexicalSearch({ ...scope, query: query.text, topK: CANDIDATES });
      latency.lexical.push(performance.now() - began);
      began = performance.now();
      const dense = await store.denseSearch({ ...scope, vector: query.vector, topK: CANDIDATES });
      latency.dense.push(performance.now() - began);
      began = performance.now();
      const hybrid =
        name === 'postgres'
          ? await store.hybridSearch({
              ...scope,
              query: query.text,
              vector: query.vector,
              topK: 10,
              candidates: CANDIDATES,
            })
          : reciprocalRankFusion([
              await store.denseSearch({ ...scope, vector: query.vector, topK: CANDIDATES }),
              await store.lexicalSearch({ ...scope, query: query.text, topK: CANDIDATES }),
            ]).slice(0, 10);
      latency.hybrid.push(performance.now() - began);
      const reference = references[q];
      if (name === 'sqlite') {
        reference.lexical = lexical.map((hit) => hit.chunk.id);
        const denseHits = reference.dense.map((id) => ({ chunk: { id }, score: 0, scores: {} }));
        const lexicalHits = reference.lexical.map((id) => ({ chunk: { id }, score: 0, scores: {} }));
        reference.hybrid = reciprocalRankFusion([denseHits, lexicalHits])
          .slice(0, 10)
          .map((hit) => hit.chunk.id);
      }
      recalls.lexical.push(
        recall(
          lexical.slice(0, 10).map((hit) => hit.chunk.id),
          reference.lexical.slice(0, 10),
        ),
      );
      recalls.dense.push(
        recall(
          dense.slice(0, 10).map((hit) => hit.chunk.id),
          reference.dense.slice(0, 10),
        ),
      );
      recalls.hybrid.push(
        recall(
          hybrid.map((hit) => hit.chunk.id),
          reference.hybrid,
        ),
      );
    }
    const mean = (samples) => samples.reduce((sum, x) => sum + x, 0) / samples.length;
    results[name] = {
      writeSeconds: writeSeconds[name],
      chunksPerSecond: n / writeSeconds[name],
      write:
        name === 'postgres' && values.load === 'bulk'
          ? { method: 'bulkLoad', ...phases.postgres }
          : { method: 'upsertChunks' },
      ...Object.fromEntries(
        ['lexical', 'dense', 'hybrid'].map((mode) => [
          mode,
          {
            p50Ms: quantile(latency[mode], 0.5),
            p95Ms: quantile(latency[mode], 0.95),
            recallAt10: mean(recalls[mode]),
          },
        ]),
      ),
    };
    console.error(name, JSON.stringify(results[name]));
  }
} finally {
  for (const store of Object.values(stores)) await store.close();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  rmSync(folder, { recursive: true, force: true });
}
const { rows } = await admin('SELECT version() AS version');
writeResult(values.out, {
  date: new Date().toISOString(),
  server: rows[0].version,
  chunks: n,
  dimension,
  queries: queryCount,
  batch,
  load: values.load,
  maintenanceWorkMem: values.load === 'bulk' ? values['maintenance-work-mem'] : undefined,
  candidates: CANDIDATES,
  data: 'synthetic: 40 Zipf-distributed words per chunk from 5,000, 10 chunks per document, clustered unit vectors (bench/support/synthetic-data.mjs)',
  results,
  postgresOverSqlite: Object.fromEntries(
    ['lexical', 'dense', 'hybrid'].map((mode) => [
      mode,
      results.postgres[mode].p50Ms / results.sqlite[mode].p50Ms,
    ]),
  ),
});
console.log(JSON.stringify(results, null, 2));
