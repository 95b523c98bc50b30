#!/usr/bin/env node
// SciFact (BEIR) lexical retrieval on the PostgreSQL server beside SQLite, in one run: nDCG@10,
// recall@100, MRR@10, query latency (p50/p95) and ingest time per store, through the same
// `evaluate` that `cairn eval` runs. Both stores rank with Okapi BM25 (FTS5 in SQLite; postings
// and term statistics inside PostgreSQL), so the figures should agree.
// Needs a server: CAIRN_TEST_POSTGRES_URL (from `scripts/setup-postgres.sh`); the script makes a
// database of its own there and drops it afterwards. Run after `npm run build`.
// The results file records the machine's load average at the start and the end (run with `nice`).
// Usage: node bench/postgres-scifact.mjs [--dir ../shared/data/scifact] [--split train]
// (`cairn eval` defaults to the test split; only the train split's qrels ship in ../shared/data.)
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate, loadBeir } from '../dist/exports/eval.js';
import { createEngine, openStore } from '../dist/index.js';
import { adminQuery, postgresServerUrl } from './support/postgres-server.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/scifact' },
    split: { type: 'string', default: 'train' },
  },
});
const serverUrl = postgresServerUrl();

const admin = (sql) => adminQuery(serverUrl, sql);

const dataset = await loadBeir(values.dir, values.split);
const database = `cairn_bench_${randomBytes(5).toString('hex')}`;
await admin(`CREATE DATABASE ${database}`);
const postgresUrl = new URL(serverUrl);
postgresUrl.pathname = `/${database}`;

const stores = [
  ['sqlite', path.join(mkdtempSync(path.join(tmpdir(), 'cairn-eval-')), 'eval.db')],
  ['postgres', postgresUrl.toString()],
];
const results = {};
try {
  for (const [name, location] of stores) {
    const engine = await createEngine({ store: await openStore(location) });
    try {
      const report = await evaluate(engine, dataset, {
        collection: `eval-${dataset.name}`,
        split: values.split,
        modes: ['lexical'],
      });
      results[name] = { ingestSeconds: report.ingestSeconds, ...report.results[0] };
      console.error(name, JSON.stringify(results[name]));
    } finally {
      await engine.close();
    }
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
const { rows } = await admin('SELECT version() AS version');
const out = {
  date: new Date().toISOString(),
  node: process.version,
  server: rows[0].version,
  dataset: dataset.name,
  split: values.split,
  documents: dataset.corpus.length,
  queries: results.sqlite.queries,
  results,
  postgresMinusSqliteNdcgAt10: results.postgres.ndcgAt10 - results.sqlite.ndcgAt10,
  postgresOverSqliteLexicalP50: results.postgres.latencyMs.p50 / results.sqlite.latencyMs.p50,
};
writeResult('bench/results/postgres-scifact.json', out);
console.log(JSON.stringify(out, null, 2));
