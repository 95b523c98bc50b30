#!/usr/bin/env node
// Dense top-10 search at scale, side by side in one run: cairn's SQLite store (approximate index,
// and exact), LanceDB (IVF_PQ index), hnswlib-node (HNSW), sqlite-vec's vec0 table (exact; file
// size reference) and a plain JavaScript Float32Array loop, on the same clustered unit vectors
// (64 Gaussian clusters, as bench/filtered-search.mjs) and the same queries, unfiltered and with
// filters matching 10% (`tenth = 3`) and 1% (`bucket = 7`). Prints recall@10 (against the exact
// top 10 of the same filter) beside every latency, and insert throughput, build time and on-disk
// size. Each system runs in a child process of its own, so memory and timings do not mix; the
// vectors and the exact answers are generated once per size and reused from --data.
// Each entry records its insert and build wall and CPU seconds and the 1-minute load average
// before and after it; `growth` gives, per system, how insert and build times grow between
// consecutive sizes (exponent 1 = linear). Run after `npm run build`.
// --distribution realistic draws vectors that behave more like text embeddings (see
// realisticSampler) and writes bench/results/dense-at-scale-realistic.json.
// Usage: node bench/dense-at-scale.mjs [--chunks 100000,1000000] [--queries 50] [--distribution clustered|realistic]
//          [--systems cairn,cairn-exact,lancedb,hnswlib,vec0,js-loop] [--data /tmp/cairn-dense-data]
//          [--sweep all|default] (`default`: cairn's default settings only, without the fixed-probe rows)
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { requireEngines } from './support/bench-engines.mjs';
import { generateVectors, loopTopK } from './support/dense-vectors.mjs';
import { syntheticChunk } from './support/synthetic-chunk.mjs';
import { createVec0Table, insertVec0 } from './support/vec0-table.mjs';
import { writeResult } from './support/write-result.mjs';

const DIM_DEFAULT = '384';
const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000,1000000' },
    dimension: { type: 'string', default: DIM_DEFAULT },
    queries: { type: 'string', default: '50' },
    systems: { type: 'string', default: 'js-loop,cairn,cairn-exact,hnswlib,lancedb,vec0' },
    data: { type: 'string', default: path.join(tmpdir(), 'cairn-dense-data') },
    distribution: { type: 'string', default: 'clustered' },
    sweep: { type: 'string', default: 'all' },
    worker: { type: 'string' },
    n: { type: 'string' },
    out: { type: 'string' },
  },
});
const dim = Number(values.dimension);
const queryCount = Number(values.queries);
const TOP_K = 10;
const FILTERS = [
  { label: 'none', cairn: undefined, sql: undefined, test: () => true },
  { label: '10%', cairn: { tenth: 3 }, sql: 'tenth = 3', test: (i) => i % 10 === 3 },
  { label: '1%', cairn: { bucket: 7 }, sql: 'bucket = 7', test: (i) => i % 100 === 7 },
];

// ---------- data ----------
if (!['clustered', 'realistic'].includes(values.distribution)) {
  throw new Error(`--distribution is clustered or realistic, not ${values.distribution}`);
}

function generate(n) {
  return generateVectors({
    distribution: values.distribution,
    dimension: dim,
    count: n,
    queries: queryCount,
  });
}

function dataFiles(n) {
  const base = path.join(values.data, `${values.distribution}-${n}x${dim}-q${queryCount}`);
  return { vectors: `${base}.vectors.f32`, queries: `${base}.queries.f32`, truth: `${base}.truth.json` };
}

function loadData(n) {
  const files = dataFiles(n);
  const read = (file) => {
    const buffer = readFileSync(file);
    return new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
  };
  return {
    vectors: read(files.vectors),
    queries: read(files.queries),
    truth: JSON.parse(readFileSync(files.truth, 'utf8')),
  };
}

function prepare(n) {
  const files = dataFiles(n);
  if (existsSync(files.truth)) return;
  mkdirSync(values.data, { recursive: true });
  const began = performance.now();
  const { vectors, queries } = generate(n);
  writeFileSync(files.vectors, Buffer.from(vectors.buffer));
  writeFileSync(files.queries, Buffer.from(queries.buffer));
  const truth = {};
  for (const filter of FILTERS) {
    truth[filter.label] = [];
    for (let q = 0; q < queryCount; q++) {
      truth[filter.label].push(
        loopTopK(vectors, n, dim, queries.subarray(q * dim, (q + 1) * dim), filter.test, TOP_K),
      );
    }
  }
  writeFileSync(files.truth, JSON.stringify(truth));
  console.error(`data ${n}: generated in ${((performance.now() - began) / 1000).toFixed(0)} s`);
}

// ---------- measuring ----------
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Runs `search(q) → ids` for every query and filter; p50/p95 latency and recall@10. */
async function measure(data, filterLabels, search, wanted = queryCount) {
  const count = Math.min(wanted, queryCount);
  const out = {};
  for (const filter of FILTERS.filter((f) => filterLabels.includes(f.label))) {
    const latencies = [];
    let found = 0;
    for (let q = 0; q < count; q++) {
      const query = data.queries.subarray(q * dim, (q + 1) * dim);
      const began = performance.now();
      const ids = await search(query, filter);
      latencies.push(performance.now() - began);
      const truth = new Set(data.truth[filter.label][q]);
      found += ids.filter((id) => truth.has(id)).length;
    }
    latencies.sort((a, b) => a - b);
    out[filter.label] = {
      p50Ms: +quantile(latencies, 0.5).toFixed(2),
      p95Ms: +quantile(latencies, 0.95).toFixed(2),
      recallAt10: +(found / (count * TOP_K)).toFixed(3),
      queries: count,
    };
  }
  return out;
}

function sizeOf(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}
const mib = (bytes) => +(bytes / 2 ** 20).toFixed(1);

/** CPU seconds (user + system, every thread of this process) since `from` (`process.cpuUsage()`). */
function cpuSeconds(from) {
  const used = process.cpuUsage(from);
  return +((used.user + used.system) / 1e6).toFixed(1);
}

/**
 * How insert and build times grow with the collection, per system, between each pair of
 * consecutive sizes measured: the exponent `log(t2 / t1) / log(n2 / n1)` (1 = linear, 2 =
 * quadratic) of the wall time and of the CPU time, beside the times. Sizes measured in different
 * runs (each entry says when and at what load) are compared too; read the load beside them.
 */
function growth(sizes) {
  const out = {};
  const ns = Object.keys(sizes)
    .map(Number)
    .sort((a, b) => a - b);
  const systemsSeen = new Set(ns.flatMap((n) => Object.keys(sizes[n])));
  const exponent = (a, b, n1, n2) =>
    a > 0 && b > 0 ? +(Math.log(b / a) / Math.log(n2 / n1)).toFixed(2) : undefined;
  for (const system of systemsSeen) {
    const phases = {
      insert: (entry) => [entry.insert?.seconds, entry.insert?.cpuSeconds],
      build: (entry) => [entry.buildSeconds, entry.buildCpuSeconds],
    };
    for (const [phase, read] of Object.entries(phases)) {
      const rows = [];
      for (let i = 1; i < ns.length; i++) {
        const [a, b] = [sizes[ns[i - 1]][system], sizes[ns[i]][system]];
        if (a === undefined || b === undefined) continue;
        const [wa, ca] = read(a);
        const [wb, cb] = read(b);
        if (wa === undefined || wb === undefined) continue;
        rows.push({
          from: ns[i - 1],
          to: ns[i],
          seconds: [wa, wb],
          wallExponent: exponent(wa, wb, ns[i - 1], ns[i]),
          cpuSeconds: [ca, cb],
          cpuExponent: exponent(ca, cb, ns[i - 1], ns[i]),
          loadAverage: [a.loadAverageBefore ?? a.loadAverage, b.loadAverageBefore ?? b.loadAverage],
        });
      }
      if (rows.length > 0) out[`${system} ${phase}`] = rows;
    }
  }
  return out;
}

// ---------- systems ----------
const systems = {
  'js-loop': async (n, data) => ({
    search: await measure(
      data,
      ['none', '10%', '1%'],
      (query, filter) => loopTopK(data.vectors, n, dim, query, filter.test, TOP_K),
      10,
    ),
  }),

  cairn: (n, data) => cairn(n, data, false),
  'cairn-exact': (n, data) => cairn(n, data, true),

  hnswlib: async (n, data) => {
    const { HierarchicalNSW } = requireEngines('hnswlib-node')['hnswlib-node'];
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-hnswlib-'));
    const index = new HierarchicalNSW('cosine', dim);
    const M = 16;
    const efConstruction = 100;
    index.initIndex({ maxElements: n, m: M, efConstruction });
    const began = performance.now();
    for (let i = 0; i < n; i++) index.addPoint(Array.from(data.vectors.subarray(i * dim, (i + 1) * dim)), i);
    const buildSeconds = (performance.now() - began) / 1000;
    const file = path.join(dir, 'index.hnsw');
    index.writeIndexSync(file);
    const result = {
      settings: { M, efConstruction },
      insert: { note: 'the graph is built while inserting', chunksPerSecond: Math.round(n / buildSeconds) },
      buildSeconds: +buildSeconds.toFixed(1),
      fileMiB: mib(sizeOf(file)),
      search: {},
    };
    for (const ef of [50, 100, 200, 400]) {
      index.setEf(ef);
      result.search[`ef ${ef}`] = await measure(data, ['none', '10%', '1%'], (vector, filter) => {
        const query = Array.from(vector);
        const found =
          filter.label === 'none'
            ? index.searchKnn(query, TOP_K)
            : index.searchKnn(query, TOP_K, filter.test);
        return found.neighbors;
      });
    }
    rmSync(dir, { recursive: true, force: true });
    return result;
  },

  lancedb: async (n, data) => {
    const { '@lancedb/lancedb': lancedb, 'apache-arrow': arrow } = requireEngines(
      '@lancedb/lancedb',
      'apache-arrow',
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-lancedb-'));
    const db = await lancedb.connect(dir);
    const schema = new arrow.Schema([
      new arrow.Field('id', new arrow.Int32(), false),
      new arrow.Field('bucket', new arrow.Int32(), false),
      new arrow.Field('tenth', new arrow.Int32(), false),
      new arrow.Field(
        'vector',
        new arrow.FixedSizeList(dim, new arrow.Field('item', new arrow.Float32(), true)),
        false,
      ),
    ]);
    const batch = (start, end) => {
      const rows = [];
      for (let i = start; i < end; i++) {
        rows.push({
          id: i,
          bucket: i % 100,
          tenth: i % 10,
          vector: Array.from(data.vectors.subarray(i * dim, (i + 1) * dim)),
        });
      }
      return lancedb.makeArrowTable(rows, { schema });
    };
    const step = 20_000;
    let began = performance.now();
    let cpu = process.cpuUsage();
    const table = await db.createTable('bench', batch(0, Math.min(step, n)));
    for (let start = step; start < n; start += step) await table.add(batch(start, Math.min(n, start + step)));
    const insertSeconds = (performance.now() - began) / 1000;
    const insertCpu = cpuSeconds(cpu);
    began = performance.now();
    cpu = process.cpuUsage();
    await table.createIndex('vector', { config: lancedb.Index.ivfPq({ distanceType: 'cosine' }) });
    const buildSeconds = (performance.now() - began) / 1000;
    const result = {
      settings: { index: 'IVF_PQ, defaults, cosine' },
      insert: {
        chunksPerSecond: Math.round(n / insertSeconds),
        seconds: +insertSeconds.toFixed(1),
        cpuSeconds: insertCpu,
      },
      buildSeconds: +buildSeconds.toFixed(1),
      buildCpuSeconds: cpuSeconds(cpu),
      fileMiB: mib(sizeOf(dir)),
      search: {},
    };
    for (const [label, nprobes, refine] of [
      ['nprobes 20 (default)', 20, undefined],
      ['nprobes 20, refine 10', 20, 10],
      ['nprobes 100, refine 10', 100, 10],
    ]) {
      result.search[label] = await measure(data, ['none', '10%', '1%'], async (query, filter) => {
        let search = table.search(Array.from(query)).distanceType('cosine').limit(TOP_K).nprobes(nprobes);
        if (refine !== undefined) search = search.refineFactor(refine);
        if (filter.sql !== undefined) search = search.where(filter.sql);
        const rows = await search.select(['id', '_distance']).toArray();
        return rows.map((row) => row.id);
      });
    }
    rmSync(dir, { recursive: true, force: true });
    return result;
  },

  vec0: async (n, data) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-vec0-'));
    const file = path.join(dir, 'vec0.db');
    const db = createVec0Table(file, dim);
    const inserted = insertVec0(db, data.vectors, dim, n);
    const insertSeconds = inserted.seconds;
    const insertCpu = +inserted.cpuSeconds.toFixed(1);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const result = {
      settings: { table: 'vec0, float32, cosine, metadata columns bucket and tenth' },
      insert: {
        chunksPerSecond: Math.round(n / insertSeconds),
        seconds: +insertSeconds.toFixed(1),
        cpuSeconds: insertCpu,
      },
      fileMiB: mib(sizeOf(file)),
    };
    const knn = db.prepare('SELECT rowid FROM v WHERE embedding MATCH ? AND k = 10');
    const knnWhere = {
      '10%': db.prepare('SELECT rowid FROM v WHERE embedding MATCH ? AND k = 10 AND tenth = 3'),
      '1%': db.prepare('SELECT rowid FROM v WHERE embedding MATCH ? AND k = 10 AND bucket = 7'),
    };
    result.search = await measure(
      data,
      ['none', '10%', '1%'],
      (query, filter) =>
        (filter.label === 'none' ? knn : knnWhere[filter.label])
          .all(Buffer.from(query.buffer, query.byteOffset, query.byteLength))
          .map((row) => Number(row.rowid)),
      n > 200_000 ? 5 : 20,
    );
    db.close();
    rmSync(dir, { recursive: true, force: true });
    return result;
  },
};

async function cairn(n, data, exact) {
  const { openSqliteStore } = await import('../dist/index.js');
  const { vectorIndexSchema } = await import('../dist/store/sqlite/index.js');
  const defaults = vectorIndexSchema.parse({});
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cairn-'));
  const file = path.join(dir, 'cairn.db');
  let store = await openSqliteStore({ path: file });
  await store.createCollection('bench', { model: 'synthetic', dimension: dim });
  const scope = { collection: 'bench' };
  let began = performance.now();
  let cpu = process.cpuUsage();
  for (let start = 0; start < n; start += 1000) {
    const chunks = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      chunks.push(
        syntheticChunk(i, { text: `chunk ${i}`, embedding: data.vectors.subarray(i * dim, (i + 1) * dim) }),
      );
    }
    await store.upsertChunks(scope, chunks);
  }
  const insertSeconds = (performance.now() - began) / 1000;
  const result = {
    insert: {
      chunksPerSecond: Math.round(n / insertSeconds),
      seconds: +insertSeconds.toFixed(1),
      cpuSeconds: cpuSeconds(cpu),
    },
  };
  const seqOf = (id) => Number(id.slice(1));
  const search = (options) => async (query, filter) => {
    const hits = await store.denseSearch({
      ...scope,
      vector: query,
      topK: TOP_K,
      filter: filter.cairn,
      ...options,
    });
    return hits.map((hit) => seqOf(hit.chunk.id));
  };
  if (exact) {
    await store.close();
    result.fileMiB = mib(sizeOf(file));
    store = await openSqliteStore({ path: file, vectorIndex: false });
    result.search = await measure(data, ['none', '10%', '1%'], search({ exact: true }), n > 200_000 ? 5 : 20);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    return result;
  }
  began = performance.now();
  cpu = process.cpuUsage();
  // The whole build: every vector read from the chunk table and encoded, the centroids trained
  // and every vector assigned (refreshVectorIndex finishes the training a search would leave to
  // bounded background steps), and the index saved.
  await store.refreshVectorIndex('bench');
  result.buildSeconds = +((performance.now() - began) / 1000).toFixed(1);
  result.buildCpuSeconds = cpuSeconds(cpu);
  await store.close();
  result.fileMiB = {
    database: mib(sizeOf(file)),
    vectorIndex: mib(sizeOf(path.join(dir, '.cairn.db.vectors'))),
  };
  result.settings = { ...defaults, quantization: 'i8' };
  result.search = {};
  // The lists and probes the defaults come to at this size (`vector-index.ts`).
  const lists = n < defaults.partitionAbove ? 1 : Math.min(16_384, Math.max(16, Math.ceil(Math.sqrt(n))));
  const auto = Math.ceil(Math.sqrt(lists));
  result.settings.listsAtThisSize = lists;
  // The defaults (at least `auto` probes, more while they change the best candidates), then
  // fixed probes (adaptiveProbes off).
  const sweep = [...new Set([8, 16, auto, 64, 128])]
    .sort((a, b) => a - b)
    .map((probes) => ({
      label: `probes ${probes} fixed`,
      vectorIndex: { probes, adaptiveProbes: false },
    }));
  // The defaults first: each row reopens the store in this process, and later rows ran slower
  // (the 1M clustered run's 1% filter: 5.8 ms at the first row, 11.5 ms at the sixth, all six
  // taking the same scan path), so the figure the targets name is taken in the freshest state.
  sweep.unshift({ label: `default (adaptive, at least ${auto} probes)`, vectorIndex: {} });
  if (values.sweep === 'default') sweep.splice(1);
  for (const { label, vectorIndex } of sweep) {
    if (lists === 1 && vectorIndex.probes !== undefined && vectorIndex.probes !== auto) continue;
    store = await openSqliteStore({ path: file, vectorIndex });
    began = performance.now();
    await store.refreshVectorIndex('bench');
    const loadSeconds = (performance.now() - began) / 1000;
    result.search[label] = {
      ...(await measure(data, ['none', '10%', '1%'], search({}))),
      indexLoadSeconds: +loadSeconds.toFixed(2),
    };
    await store.close();
  }
  rmSync(dir, { recursive: true, force: true });
  return result;
}

// ---------- main ----------
if (values.worker !== undefined) {
  const n = Number(values.n);
  const result = await systems[values.worker](n, loadData(n));
  result.peakRssMiB = mib(process.resourceUsage().maxRSS * 1024);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

const outFile =
  values.out ??
  (values.distribution === 'clustered'
    ? 'bench/results/dense-at-scale.json'
    : `bench/results/dense-at-scale-${values.distribution}.json`);
const results = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : {};
results.date = new Date().toISOString();
results.node = process.version;
results.machine = '2 shared cores (other engineers working in parallel), 24 GiB';
results.loadAverageAtStart = +loadavg()[0].toFixed(2);
results.data =
  values.distribution === 'clustered'
    ? 'clustered unit vectors: 64 Gaussian centres, sigma 0.08 per dimension (bench/filtered-search.mjs); filters tenth = 3 (10%), bucket = 7 (1%)'
    : 'realistic unit vectors: decaying spectrum (1/sqrt(1 + j/8)), 2,000 Zipf-sized clusters of varying spread in 40 topics, randomly rotated (realisticSampler); filters tenth = 3 (10%), bucket = 7 (1%)';
results.sizes ??= {};
const script = fileURLToPath(import.meta.url);
for (const n of values.chunks.split(',').map(Number)) {
  prepare(n);
  results.sizes[n] ??= {};
  for (const system of values.systems.split(',')) {
    const began = performance.now();
    const loadBefore = +loadavg()[0].toFixed(2);
    const child = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=16384',
        script,
        '--worker',
        system,
        '--n',
        String(n),
        '--dimension',
        String(dim),
        '--queries',
        String(queryCount),
        '--data',
        values.data,
        '--distribution',
        values.distribution,
        '--sweep',
        values.sweep,
      ],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let entry;
    try {
      entry = JSON.parse(child.stdout);
    } catch {
      entry = {
        error: `exit ${child.status} ${child.signal ?? ''}`.trim(),
        output: child.stdout.slice(-2000),
      };
    }
    entry.wallSeconds = +((performance.now() - began) / 1000).toFixed(0);
    entry.loadAverageBefore = loadBefore;
    entry.loadAverage = +loadavg()[0].toFixed(2);
    // Runs of some systems only (--systems) keep the others' entries: each entry says when it ran.
    entry.date = new Date().toISOString();
    results.sizes[n][system] = entry;
    results.growth = growth(results.sizes);
    console.error(`${n} ${system}: ${JSON.stringify(entry)}`);
    writeResult(outFile, results);
  }
}
console.log(JSON.stringify(results, null, 2));
