#!/usr/bin/env node
// Where the SQLite store's inserts spend their CPU, beside sqlite-vec's vec0 table: --chunks
// clustered unit vectors × 384 (bench/support/dense-vectors.mjs) are written in batches of 1,000
// through `store.upsertChunks` (the chunk records of bench/dense-at-scale.mjs: two metadata
// fields, a two-word text), and into a vec0 table with two metadata columns (as dense-at-scale
// does). Each run is a child process of its own; runs alternate (cairn, vec0, cairn, …) so that a
// busy machine disturbs both alike. Per cairn run: CPU seconds in all, and per kind of statement
// (better-sqlite3's `run`/`all`/`get`/`exec` timed with process.cpuUsage; the rest is
// JavaScript: validation, building rows and parameters). CPU seconds hold up better than wall
// time on a shared machine; the load average is recorded. `--dist /work/main/dist` measures
// another build beside this one (label `cairn-other`). Run after `npm run build`.
// Usage: node bench/insert-statements.mjs [--chunks 100000] [--rounds 2] [--dist path] [--out file]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateVectors } from './support/dense-vectors.mjs';
import { syntheticChunk } from './support/synthetic-chunk.mjs';
import { createVec0Table, insertVec0 } from './support/vec0-table.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '2' },
    dist: { type: 'string' },
    out: { type: 'string', default: 'bench/results/insert-statements.json' },
    worker: { type: 'string' },
    from: { type: 'string' },
  },
});
const n = Number(values.chunks);
const dimension = 384;
const cpuSeconds = (from) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};

async function cairnWorker(distFolder) {
  const require = createRequire(pathToFileURL(path.join(distFolder, 'index.js')));
  const Database = require('better-sqlite3');
  const spent = new Map();
  const kind = (sql) =>
    sql
      .replace(/"[^"]*"/g, 'T')
      .replace(/\(\?(, \?)*\)(, \(\?(, \?)*\))*/g, '(…)')
      .slice(0, 60);
  const wrap = (prototype, method, sqlOf) => {
    const original = prototype[method];
    prototype[method] = function (...args) {
      const began = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const key = `${method} ${kind(sqlOf(this, args))}`;
        spent.set(key, (spent.get(key) ?? 0) + cpuSeconds(began));
      }
    };
  };
  const probe = new Database(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
  probe.close();
  for (const method of ['run', 'all', 'get']) wrap(statement, method, (self) => self.source);
  wrap(Database.prototype, 'exec', (_self, args) => args[0]);
  const { openSqliteStore } = await import(pathToFileURL(path.join(distFolder, 'index.js')).href);
  const { vectors } = generateVectors({ distribution: 'clustered', dimension, count: n, queries: 0 });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-inserts-'));
  const store = await openSqliteStore({ path: path.join(dir, 'cairn.db') });
  await store.createCollection('bench', { model: 'synthetic', dimension });
  spent.clear();
  const began = performance.now();
  const cpu = process.cpuUsage();
  for (let start = 0; start < n; start += 1000) {
    const chunks = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      chunks.push(
        syntheticChunk(i, {
          text: `chunk ${i}`,
          embedding: vectors.subarray(i * dimension, (i + 1) * dimension),
        }),
      );
    }
    await store.upsertChunks({ collection: 'bench' }, chunks);
  }
  const total = cpuSeconds(cpu);
  const seconds = (performance.now() - began) / 1000;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const statements = [...spent].sort((a, b) => b[1] - a[1]);
  const inStatements = statements.reduce((sum, [, s]) => sum + s, 0);
  return {
    seconds: +seconds.toFixed(1),
    cpuSeconds: +total.toFixed(2),
    cpuMicrosecondsPerChunk: +((total / n) * 1e6).toFixed(1),
    statementsCpuSeconds: +inStatements.toFixed(2),
    javascriptCpuSeconds: +(total - inStatements).toFixed(2),
    byStatement: Object.fromEntries(statements.slice(0, 12).map(([key, s]) => [key, +s.toFixed(3)])),
  };
}

async function vec0Worker() {
  const { vectors } = generateVectors({ distribution: 'clustered', dimension, count: n, queries: 0 });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-inserts-'));
  const db = createVec0Table(path.join(dir, 'vec0.db'), dimension);
  const { seconds, cpuSeconds: total } = insertVec0(db, vectors, dimension, n);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    seconds: +seconds.toFixed(1),
    cpuSeconds: +total.toFixed(2),
    cpuMicrosecondsPerChunk: +((total / n) * 1e6).toFixed(1),
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
if (values.worker !== undefined) {
  const result = values.worker === 'vec0' ? await vec0Worker() : await cairnWorker(values.from);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

const systems = [['cairn', path.join(here, '..', 'dist')]];
if (values.dist !== undefined) systems.push(['cairn-other', path.resolve(values.dist)]);
systems.push(['vec0', '']);
const results = {
  date: new Date().toISOString(),
  chunks: n,
  dimension,
  method:
    'batches of 1,000 through store.upsertChunks (bench/dense-at-scale.mjs records) and into a vec0 table; alternating child processes; CPU seconds by process.cpuUsage',
  ...(values.dist === undefined ? {} : { other: path.resolve(values.dist) }),
  runs: [],
};
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [system, dist] of systems) {
    const loadBefore = +loadavg()[0].toFixed(2);
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--worker', system, '--from', dist, '--chunks', String(n)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
    );
    const entry = { system, round, loadAverageBefore: loadBefore, ...JSON.parse(child.stdout) };
    entry.loadAverage = +loadavg()[0].toFixed(2);
    results.runs.push(entry);
    console.error(JSON.stringify(entry));
  }
}
const median = (list) => list.sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
results.medianCpuSeconds = Object.fromEntries(
  systems.map(([system]) => [
    system,
    median(results.runs.filter((run) => run.system === system).map((run) => run.cpuSeconds)),
  ]),
);
writeResult(values.out, results);
console.log(JSON.stringify(results.medianCpuSeconds));
