#!/usr/bin/env node
// Dense query latency as a user sees it: top-10 searches through the public collection service
// (`createCollectionService(...).query(collection, text)`) of a SQLite store, with an injected
// embedder that returns the stored query vectors (so the embedding call path, row fetches,
// metadata parsing and result shaping are all counted, but no model), beside a plain JavaScript
// brute-force loop over the same Float32Array vectors in the same process. Reports p50/p95 of
// both, their ratio and cairn's recall@10 against the loop's exact answers, unfiltered and with
// 10% and 1% metadata filters. The collection is written through `indexEmbedded` once and kept
// in --data, so later runs only measure queries (--rebuild writes it again).
// Run after `npm run build`; `nice` it on a shared machine. Profile with
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/dense-service-check.mjs
// Usage: node bench/dense-service-check.mjs [--chunks 200000] [--queries 50] [--warmup 5]
//          [--distribution clustered|realistic] [--data /tmp/cairn-dense-service] [--rebuild]
//          [--out bench/results/dense-service-check.json]
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DISTRIBUTIONS, generateVectors, loopTopK } from './support/dense-vectors.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '200000' },
    dimension: { type: 'string', default: '384' },
    queries: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    distribution: { type: 'string', default: 'clustered' },
    data: { type: 'string', default: path.join(tmpdir(), 'cairn-dense-service') },
    rebuild: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const n = Number(values.chunks);
const dim = Number(values.dimension);
const queryCount = Number(values.queries);
const warmup = Number(values.warmup);
const TOP_K = 10;
const FILTERS = [
  { label: 'none', filter: undefined, test: () => true },
  { label: '10%', filter: { tenth: 3 }, test: (i) => i % 10 === 3 },
  { label: '1%', filter: { bucket: 7 }, test: (i) => i % 100 === 7 },
];

const { openSqliteStore, createCollectionService } = await import('../dist/index.js');

const base = path.join(values.data, `${values.distribution}-${n}x${dim}`);
const file = `${base}.db`;
// Warm-up queries come first, so `queries + warmup` query vectors.
const { vectors, queries } = generateVectors({
  distribution: values.distribution,
  dimension: dim,
  count: n,
  queries: queryCount + warmup,
});
const queryVector = (q) => queries.subarray(q * dim, (q + 1) * dim);

/** The injected embedder: `query <q>` is the q-th query vector; it embeds nothing else. */
const embedder = {
  specificationVersion: 'v1',
  provider: 'bench',
  model: 'bench-stored-vectors',
  dimension: dim,
  maxBatchSize: 256,
  async doEmbed({ texts }) {
    return {
      embeddings: texts.map((text) => {
        const match = /^query (\d+)$/.exec(text);
        if (match === null) throw new Error(`the bench embedder embeds only queries, not ${text}`);
        return Array.from(queryVector(Number(match[1])));
      }),
    };
  },
};

if (values.rebuild || !existsSync(file)) {
  mkdirSync(values.data, { recursive: true });
  rmSync(file, { force: true });
  rmSync(path.join(values.data, `.${path.basename(file)}.vectors`), { recursive: true, force: true });
}
let store = await openSqliteStore({ path: file });
let service = createCollectionService({ store, embedder });
const setup = {};
if ((await service.countEntries('bench')) !== n) {
  const began = performance.now();
  for (let start = 0; start < n; start += 1000) {
    const entries = [];
    const embeddings = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      entries.push({ id: `c${i}`, content: `chunk ${i}`, metadata: { bucket: i % 100, tenth: i % 10 } });
      embeddings.push(vectors.subarray(i * dim, (i + 1) * dim));
    }
    await service.indexEmbedded('bench', entries, embeddings);
  }
  setup.insertSeconds = +((performance.now() - began) / 1000).toFixed(1);
  // The user's first query starts training the index (in bounded background steps, the old
  // lists answering meanwhile); the bench finishes it here, so the timed queries meet the
  // trained index and no training step runs between them.
  const trained = performance.now();
  await service.query('bench', 'query 0');
  setup.firstQuerySeconds = +((performance.now() - trained) / 1000).toFixed(1);
  await store.refreshVectorIndex('bench');
  setup.trainingSeconds = +((performance.now() - trained) / 1000).toFixed(1);
  await store.close();
  store = await openSqliteStore({ path: file });
  service = createCollectionService({ store, embedder });
}
// A collection left untrained by an earlier run (or one whose saved index is refused) trains
// before the timed queries too.
await store.refreshVectorIndex('bench');
setup.index = await store.vectorIndexState('bench');

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50Ms: +quantile(sorted, 0.5).toFixed(3), p95Ms: +quantile(sorted, 0.95).toFixed(3) };
};

const search = {};
for (const { label, filter, test } of FILTERS) {
  for (let q = 0; q < warmup; q++) {
    loopTopK(vectors, n, dim, queryVector(q), test, TOP_K);
    await service.query('bench', `query ${q}`, { topK: TOP_K, filter });
  }
  const cairnMs = [];
  const loopMs = [];
  const cairnCpuMs = [];
  const loopCpuMs = [];
  const cpuMs = (since) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  let found = 0;
  const truths = [];
  // In alternating blocks of 10 queries, so that a change in the machine's load touches both
  // alike, while neither runs right after the other's every query (the loop streams 300 MB
  // through the CPU caches, which would leave each cairn query to start cold). CPU time (this
  // process's, user + system) beside wall time: on a busy machine wall time is mostly waiting
  // for a core, CPU time much less so.
  const BLOCK = 10;
  for (let start = warmup; start < warmup + queryCount; start += BLOCK) {
    const end = Math.min(warmup + queryCount, start + BLOCK);
    for (let q = start; q < end; q++) {
      const began = performance.now();
      const cpu = process.cpuUsage();
      truths[q] = new Set(loopTopK(vectors, n, dim, queryVector(q), test, TOP_K));
      loopMs.push(performance.now() - began);
      loopCpuMs.push(cpuMs(cpu));
    }
    for (let q = start; q < end; q++) {
      const began = performance.now();
      const cpu = process.cpuUsage();
      const matches = await service.query('bench', `query ${q}`, { topK: TOP_K, filter });
      cairnMs.push(performance.now() - began);
      cairnCpuMs.push(cpuMs(cpu));
      found += matches.filter((match) => truths[q].has(Number(match.id.slice(1)))).length;
    }
  }
  const cairn = { ...summary(cairnMs), cpuP50Ms: summary(cairnCpuMs).p50Ms };
  const loop = { ...summary(loopMs), cpuP50Ms: summary(loopCpuMs).p50Ms };
  search[label] = {
    cairn,
    jsLoop: loop,
    p50Ratio: +(cairn.p50Ms / loop.p50Ms).toFixed(4),
    cpuP50Ratio: +(cairn.cpuP50Ms / loop.cpuP50Ms).toFixed(4),
    recallAt10: +(found / (queryCount * TOP_K)).toFixed(3),
  };
  console.error(`${label}: ${JSON.stringify(search[label])}`);
}
await store.close();

const outFile =
  values.out ??
  `bench/results/dense-service-check${values.distribution === 'clustered' ? '' : `-${values.distribution}`}.json`;
const results = {
  date: new Date().toISOString(),
  what: `top-${TOP_K} through createCollectionService(...).query with an injected embedder returning stored query vectors, ${queryCount} queries after ${warmup} warm-ups per filter, against a plain JS brute-force loop over the same vectors in the same process, in alternating blocks of 10 queries`,
  machine: '2 shared cores (other engineers working in parallel)',
  data: `${n} × ${dim} ${DISTRIBUTIONS[values.distribution]}; filters tenth = 3 (10%), bucket = 7 (1%)`,
  setup,
  search,
};
writeResult(outFile, results);
console.log(JSON.stringify(results, null, 2));
