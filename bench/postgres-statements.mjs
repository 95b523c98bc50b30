#!/usr/bin/env node
// Where the time of a PostgreSQL ingest and search goes, statement by statement: SciFact
// abstracts ingested through the engine into a server, then lexical searches (topK 100, one hit
// per source, as `cairn eval` runs them). Every statement the `pg` driver sends is counted and
// timed from send to reply (round trip and server time together), grouped by its first words.
// The latency an engine search adds around its statements (query analysis, result assembly) is
// the search's p50 minus the statements' time per search.
// Needs a server: CAIRN_TEST_POSTGRES_URL; makes a database of its own there and drops it after.
// Run after `npm run build`, with `nice`.
// Usage: node bench/postgres-statements.mjs [--documents 300] [--queries 50] [--dir ../shared/data/scifact]
//   [--synchronous-commit on|off] [--out bench/results/postgres-statements.json]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadBeir } from '../dist/exports/eval.js';
import { createEngine } from '../dist/index.js';
import { openPostgresStore } from '../dist/store/postgres/index.js';
import { adminQuery, postgresServerUrl } from './support/postgres-server.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '300' },
    queries: { type: 'string', default: '50' },
    dir: { type: 'string', default: '../shared/data/scifact' },
    'synchronous-commit': { type: 'string', default: 'on' },
    out: { type: 'string', default: 'bench/results/postgres-statements.json' },
  },
});
const serverUrl = postgresServerUrl();

let statements = new Map();
let counting = false;
const send = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  if (!counting || typeof args[0] !== 'string') return send.apply(this, args);
  const kind = args[0]
    .replace(/\s+/g, ' ')
    .replace(/"[^"]*"/g, 'T')
    .slice(0, 48);
  const began = performance.now();
  const reply = send.apply(this, args);
  reply.then(
    () => {
      const entry = statements.get(kind) ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += performance.now() - began;
      statements.set(kind, entry);
    },
    () => {},
  );
  return reply;
};
const admin = (sql) => adminQuery(serverUrl, sql);
function report(per) {
  const rows = [...statements]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([statement, { count, ms }]) => ({ statement, perItem: count / per, msPerItem: ms / per }));
  statements = new Map();
  return {
    statementsPerItem: rows.reduce((sum, row) => sum + row.perItem, 0),
    statementMsPerItem: rows.reduce((sum, row) => sum + row.msPerItem, 0),
    statements: rows,
  };
}
const quantile = (samples, q) => [...samples].sort((a, b) => a - b)[Math.floor(q * (samples.length - 1))];

const dataset = await loadBeir(values.dir, 'train');
const documents = dataset.corpus.slice(0, Number(values.documents));
const queries = dataset.queries.slice(0, Number(values.queries));
const database = `cairn_bench_${randomBytes(5).toString('hex')}`;
await admin(`CREATE DATABASE ${database}`);
const url = new URL(serverUrl);
url.pathname = `/${database}`;
const synchronousCommit = values['synchronous-commit'] !== 'off';
const engine = await createEngine({
  store: await openPostgresStore({ url: url.toString(), pool: { synchronousCommit } }),
});
const collection = 'statements';
let ingest;
let search;
try {
  await engine.ingestSource(
    {
      name: 'warm-up',
      bytes: new TextEncoder().encode('# warm-up\n\ncreates the collection'),
      mediaType: 'text/markdown',
    },
    { documentId: 'warm-up', collection },
  );
  counting = true;
  let began = performance.now();
  for (const doc of documents) {
    await engine.ingestSource(
      {
        name: doc.id,
        bytes: new TextEncoder().encode(`# ${doc.title}\n\n${doc.text}`),
        mediaType: 'text/markdown',
      },
      { documentId: doc.id, collection },
    );
  }
  ingest = {
    documents: documents.length,
    msPerDocument: (performance.now() - began) / documents.length,
    ...report(documents.length),
  };
  const latencies = [];
  for (const query of queries) {
    began = performance.now();
    await engine.search(query.text, { collection, mode: 'lexical', topK: 100, keepBest: true });
    latencies.push(performance.now() - began);
  }
  search = {
    queries: queries.length,
    p50Ms: quantile(latencies, 0.5),
    meanMs: latencies.reduce((a, b) => a + b, 0) / latencies.length,
    ...report(queries.length),
  };
} finally {
  counting = false;
  await engine.close();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
writeResult(values.out, {
  date: new Date().toISOString(),
  dataset: dataset.name,
  synchronousCommit,
  ingest,
  search,
});
console.log(JSON.stringify({ ingest, search }, null, 2));
