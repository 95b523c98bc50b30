import { randomBytes } from 'node:crypto';
import { openStore } from '../dist/index.js';
import { adminQuery, postgresServerUrl } from './support/postgres-server.mjs';
import { syntheticData } from './support/synthetic-data.mjs';
const n = Number(process.argv[2] ?? 30000);
const dimension = 64, batch = 1000;
const serverUrl = postgresServerUrl();
const { clustered, sentence } = syntheticData(dimension);
function chunkAt(i) {
  const document = `d${Math.floor(i / 10)}`;
  return { id: `${document}:${i % 10}`, documentId: document, sourceId: document, ordinal: i % 10, text: sentence(40),
    headingPath: [], pageStart: 1, pageEnd: 1, tokenCount: 40, metadata: {}, embedding: clustered() };
}
const database = `cairn_bench_prof_${randomBytes(4).toString('hex')}`;
await adminQuery(serverUrl, `CREATE DATABASE ${database}`);
import { execSync } from 'node:child_process';
if (process.env.PROFILE_LOG) execSync(`su postgres -c "psql -c \\"ALTER DATABASE ${database} SET session_preload_libraries = 'auto_explain'\\" -c \\"ALTER DATABASE ${database} SET auto_explain.log_min_duration = 200\\" -c \\"ALTER DATABASE ${database} SET auto_explain.log_nested_statements = on\\" -c \\"ALTER DATABASE ${database} SET auto_explain.log_analyze = on\\""`);
const url = new URL(serverUrl); url.pathname = `/${database}`;
const store = await openStore(url.toString());
try {
  await store.createCollection('scale', { model: 'synthetic', dimension });
  const all = [];
  for (let f = 0; f < n; f += batch) { const c = []; for (let i = f; i < Math.min(n, f + batch); i++) c.push(chunkAt(i)); all.push(c); }
  let last = performance.now(); const began = last;
  await store.bulkLoad({ collection: 'scale' }, all, { maintenanceWorkMem: '512MB', onBatch: (w) => {
    const now = performance.now(); if (w % 5000 === 0) console.error(w, ((now - last)/1000).toFixed(2)); last = now; } });
  const end = performance.now();
  console.error('batches', ((last - began) / 1000).toFixed(1), 'finish', ((end - last) / 1000).toFixed(1), 'rate', (n / ((end - began) / 1000)).toFixed(0));
} finally {
  await store.close();
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
