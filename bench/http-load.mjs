#!/usr/bin/env node
// Load on `cairn serve` over loopback, measured with autocannon: first the CPU the server spends
// per lexical search and per question (extractive answers) at 1, 8 and 32 connections (read from
// /proc, so a busy machine changes the wall time, not the figure) beside the CPU the same calls
// cost in process, then lexical search
// on SciFact at 32 concurrent connections for 20 s (requests/s, latency p50/p99, errors), then 4
// concurrent multipart uploads of 25 documents each (no document may be lost). The server runs as
// its own process (the built CLI), the load generator in this one. Run after `npm run build`.
// Usage: node bench/http-load.mjs [--scifact DIR] [--connections 32] [--duration 20]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadBeir } from '../dist/exports/eval.js';
import { createEngine, openStore } from '../dist/index.js';
import { requireEngines } from './support/bench-engines.mjs';
import { writeResult } from './support/write-result.mjs';

const { autocannon } = requireEngines('autocannon');

const { values } = parseArgs({
  options: {
    scifact: { type: 'string', default: '../shared/data/scifact' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
  },
});
const KEY = 'bench-write-key-0000000001';

// The corpus: SciFact's abstracts, one document each, ingested before the server starts.
const dir = mkdtempSync(path.join(tmpdir(), 'cairn-http-bench-'));
const db = path.join(dir, 'bench.db');
const dataset = await loadBeir(values.scifact, 'train');
const engine = await createEngine({ store: await openStore(db) });
for (const doc of dataset.corpus) {
  await engine.ingestSource(
    {
      name: doc.id,
      bytes: new TextEncoder().encode(`# ${doc.title}\n\n${doc.text}`),
      mediaType: 'text/markdown',
    },
    { documentId: doc.id, collection: 'scifact', namespace: 'bench' },
  );
}

// The same searches and questions in process: CPU milliseconds per call, after a warm-up. Asking
// runs the extractive answerer (no chat model configured, here or in the server), so nothing
// leaves the machine.
const cpuQueries = dataset.queries.slice(0, 400).map((q) => q.text);
// A question costs about 30 searches' CPU (retrieval over more candidates, then the extractive
// answerer reads them), so fewer of them are timed.
const askQueries = cpuQueries.slice(0, 40);
const searchOptions = { topK: 10, mode: 'lexical', collection: 'scifact', namespace: 'bench' };
/** CPU milliseconds per call of `call` over `inputs`, after `warmUp` calls. */
async function inProcessCpu(call, inputs, warmUp) {
  for (const q of inputs.slice(0, warmUp)) await call(q);
  const start = process.cpuUsage();
  for (const q of inputs) await call(q);
  const usage = process.cpuUsage(start);
  return (usage.user + usage.system) / 1000 / inputs.length;
}
const inProcessCpuMs = await inProcessCpu((q) => engine.search(q, searchOptions), cpuQueries, 50);
const inProcessAskCpuMs = await inProcessCpu((q) => engine.ask(q, searchOptions), askQueries, 10);
await engine.close();

// The server: the built CLI, as an operator starts it.
const server = spawn(
  process.execPath,
  [
    'dist/cli/cairn.cjs',
    'serve',
    '--port',
    '0',
    '--db',
    db,
    '--no-access-log',
    '--no-cache',
    // 32 questions at once on a busy machine leave a connection silent for minutes; the default
    // idle timeout (60 s) would close it, and the CPU spent on its question would go uncounted.
    '--idle-timeout',
    '3600',
  ],
  { env: { ...process.env, CAIRN_API_KEYS: `${KEY}:bench:write` }, stdio: ['ignore', 'ignore', 'pipe'] },
);
// A failed run must not leave the server behind.
process.once('exit', () => server.kill('SIGTERM'));
const url = await new Promise((resolve, reject) => {
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(stderr);
    if (match) resolve(match[1]);
  });
  server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code}: ${stderr}`)));
});

/** The server process's CPU time so far, in milliseconds (utime + stime from /proc, 100 ticks/s). */
function serverCpuMs() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// Server CPU per request at 1, 8 and 32 connections: the same queries each time.
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
/**
 * Server CPU per request of `route` at 1, 8 and 32 connections, after `warmUp` requests, against
 * `inProcessMs`.
 */
async function serverCpuPerRequest(route, bodies, inProcessMs, warmUp) {
  const rows = [];
  for (const connections of [1, 8, 32]) {
    let i = 0;
    const run = (amount) =>
      autocannon({
        url: `${url}/v1/collections/scifact/${route}`,
        connections,
        amount,
        method: 'POST',
        // Every request must be answered: one given up on is CPU spent and not counted. 32
        // questions at once on a busy machine take minutes.
        timeout: 600,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, body: bodies[i++ % bodies.length] }) }],
      });
    // autocannon refuses fewer requests than connections.
    await run(Math.max(warmUp, connections));
    i = 0;
    const before = serverCpuMs();
    const measured = await run(bodies.length);
    const perRequest = (serverCpuMs() - before) / measured.requests.total;
    console.error(
      `${route} at ${connections} connections: ${perRequest.toFixed(2)} ms of server CPU per request`,
    );
    rows.push({
      connections,
      requests: measured.requests.total,
      serverCpuMsPerRequest: +perRequest.toFixed(2),
      ratioToInProcess: +(perRequest / inProcessMs).toFixed(2),
      non2xx: measured.non2xx,
      timeouts: measured.timeouts,
      errors: measured.errors,
    });
  }
  return rows;
}
const cpuLoadBefore = loadavg()[0];
const serverCpu = await serverCpuPerRequest(
  'search',
  cpuQueries.map((query) => JSON.stringify({ query, topK: 10, mode: 'lexical' })),
  inProcessCpuMs,
  50,
);
const serverAskCpu = await serverCpuPerRequest(
  'ask',
  askQueries.map((question) => JSON.stringify({ question, topK: 10, mode: 'lexical' })),
  inProcessAskCpuMs,
  10,
);

// Search: each request takes the next training query.
const loadBefore = loadavg()[0];
const queries = dataset.queries.map((q) => JSON.stringify({ query: q.text, topK: 10, mode: 'lexical' }));
let next = 0;
const load = await autocannon({
  url: `${url}/v1/collections/scifact/search`,
  connections: Number(values.connections),
  duration: Number(values.duration),
  method: 'POST',
  // autocannon's default of 10 s counts a slow answer as an error; a client waits longer.
  timeout: 30,
  headers,
  requests: [
    {
      setupRequest: (request) => ({ ...request, body: queries[next++ % queries.length] }),
    },
  ],
});

// Uploads: 4 at once, 25 documents each, then every one of the 100 must be listed.
const uploads = 4;
const perUpload = 25;
const docs = dataset.corpus.slice(0, uploads * perUpload);
const began = performance.now();
const reports = await Promise.all(
  Array.from({ length: uploads }, async (_, u) => {
    const form = new FormData();
    for (const doc of docs.slice(u * perUpload, (u + 1) * perUpload)) {
      form.append('file', new Blob([`# ${doc.title}\n\n${doc.text}`]), `upload-${u}/${doc.id}.md`);
    }
    const response = await fetch(`${url}/v1/collections/uploads/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }),
);
const uploadSeconds = (performance.now() - began) / 1000;
const listed = await (
  await fetch(`${url}/v1/collections/uploads/documents`, { headers: { Authorization: `Bearer ${KEY}` } })
).json();
const expected = new Set(docs.map((doc, i) => `upload-${Math.floor(i / perUpload)}/${doc.id}.md`));
const stored = new Set(listed.documents.map((d) => d.documentId));
const lost = [...expected].filter((id) => !stored.has(id));

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));

const results = {
  date: new Date().toISOString(),
  node: process.version,
  machine: 'the shared 2-core development machine; server and load generator on it together',
  loadAverage: {
    cpuRuns: +cpuLoadBefore.toFixed(2),
    before: +loadBefore.toFixed(2),
    after: +loadavg()[0].toFixed(2),
  },
  corpus: { documents: dataset.corpus.length, queries: queries.length },
  cpu: {
    what: 'CPU per lexical search (topK 10): in process (engine.search) and in the server process per HTTP request',
    inProcessCpuMsPerSearch: +inProcessCpuMs.toFixed(2),
    server: serverCpu,
  },
  askCpu: {
    what: 'CPU per question (topK 10, lexical, extractive answerer): in process (engine.ask) and in the server process per HTTP request to POST /v1/collections/scifact/ask',
    inProcessCpuMsPerAsk: +inProcessAskCpuMs.toFixed(2),
    server: serverAskCpu,
  },
  search: {
    route: 'POST /v1/collections/scifact/search (lexical, topK 10)',
    connections: Number(values.connections),
    durationSeconds: Number(values.duration),
    requests: load.requests.total,
    requestsPerSecond: +load.requests.average.toFixed(1),
    latencyP50Ms: load.latency.p50,
    latencyP90Ms: load.latency.p90,
    latencyP99Ms: load.latency.p99,
    latencyMaxMs: load.latency.max,
    errors: load.errors,
    timeouts: load.timeouts,
    non2xx: load.non2xx,
  },
  uploads: {
    concurrent: uploads,
    documentsEach: perUpload,
    statuses: reports.map((r) => r.status),
    ingested: reports.reduce((n, r) => n + (r.body.totals?.ingested ?? 0), 0),
    failed: reports.reduce((n, r) => n + (r.body.totals?.failed ?? 0), 0),
    stored: [...expected].filter((id) => stored.has(id)).length,
    lost: lost.length,
    seconds: +uploadSeconds.toFixed(2),
  },
};
writeResult('bench/results/http-load.json', results);
console.log(JSON.stringify(results, null, 2));
const cpuNon2xx = [...serverCpu, ...serverAskCpu].some(
  (row) => row.non2xx > 0 || row.timeouts > 0 || row.errors > 0,
);
if (results.search.errors > 0 || results.search.non2xx > 0 || lost.length > 0 || cpuNon2xx)
  process.exitCode = 1;
