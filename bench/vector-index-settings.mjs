#!/usr/bin/env node
// The HNSW settings behind the SQLite store's approximate index, measured on usearch directly:
// graph precision (i8, f16) × connectivity (M) × efConstruction, on the first --chunks vectors of
// bench/dense-at-scale.mjs's clustered data (run that first at 1M, or pass --data), with each
// query's best 40 graph candidates rescored exactly, as the store does. Prints build time and,
// per search breadth, recall@10 and p50 latency. Results in bench/results/vector-index-settings.json.
// Usage: node bench/vector-index-settings.mjs [--chunks 200000] [--queries 30] [--data /tmp/cairn-dense-data]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '200000' },
    queries: { type: 'string', default: '30' },
    data: { type: 'string', default: path.join(tmpdir(), 'cairn-dense-data') },
  },
});
const { Index } = createRequire(import.meta.url)('usearch');
const D = 384;
const N = Number(values.chunks);
const Q = Number(values.queries);
const base = path.join(values.data, 'clustered-1000000x384-q50');
const read = (file) => {
  const buffer = readFileSync(file);
  return new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
};
const vectors = read(`${base}.vectors.f32`).subarray(0, N * D);
const queries = read(`${base}.queries.f32`);
const dot = (a, offset, q) => {
  let sum = 0;
  for (let j = 0; j < D; j++) sum += a[offset + j] * q[j];
  return sum;
};
function exactTop(q) {
  const best = [];
  let floor = -Infinity;
  for (let i = 0; i < N; i++) {
    const d = dot(vectors, i * D, q);
    if (best.length === 10 && d <= floor) continue;
    best.push([d, i]);
    best.sort((a, b) => b[0] - a[0]);
    if (best.length > 10) best.pop();
    floor = best[best.length - 1][0];
  }
  return best.map((entry) => entry[1]);
}
const truth = Array.from({ length: Q }, (_, q) => exactTop(queries.subarray(q * D, (q + 1) * D)));
// As the store does: each unit vector scaled so that its largest component is ±1.
const scaled = (v) => {
  let peak = 0;
  for (const x of v) peak = Math.max(peak, Math.abs(x));
  return v.map((x) => x / peak);
};
const results = { date: new Date().toISOString(), chunks: N, queries: Q, rescored: 40, runs: [] };
for (const [quantization, connectivity, expansionAdd] of [
  ['i8', 16, 64],
  ['f16', 16, 64],
  ['i8', 32, 64],
  ['i8', 16, 128],
]) {
  const index = new Index({
    dimensions: D,
    metric: 'cos',
    quantization,
    connectivity,
    expansion_add: expansionAdd,
    expansion_search: 64,
  });
  const began = performance.now();
  for (let start = 0; start < N; start += 50_000) {
    const end = Math.min(N, start + 50_000);
    const matrix = new Float32Array((end - start) * D);
    for (let i = start; i < end; i++)
      matrix.set(scaled(vectors.subarray(i * D, (i + 1) * D)), (i - start) * D);
    index.add(
      BigUint64Array.from({ length: end - start }, (_, i) => BigInt(start + i)),
      matrix,
      0,
    );
  }
  const run = {
    quantization,
    connectivity,
    expansionAdd,
    buildSeconds: +((performance.now() - began) / 1000).toFixed(1),
    breadth: {},
  };
  for (const breadth of [100, 400, 1600]) {
    let found = 0;
    const latencies = [];
    for (let q = 0; q < Q; q++) {
      const query = queries.subarray(q * D, (q + 1) * D);
      const start = performance.now();
      const matches = index.search(scaled(query), breadth, 1);
      latencies.push(performance.now() - start);
      const top = Array.from(matches.keys.slice(0, 40), Number)
        .map((i) => [dot(vectors, i * D, query), i])
        .sort((a, b) => b[0] - a[0])
        .slice(0, 10)
        .map((entry) => entry[1]);
      const wanted = new Set(truth[q]);
      found += top.filter((i) => wanted.has(i)).length;
    }
    latencies.sort((a, b) => a - b);
    run.breadth[breadth] = {
      recallAt10: +(found / (Q * 10)).toFixed(3),
      p50Ms: +latencies[Q >> 1].toFixed(2),
    };
  }
  results.runs.push(run);
  console.error(JSON.stringify(run));
}
writeFileSync('bench/results/vector-index-settings.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
