#!/usr/bin/env node
// Slow clients against `cairn serve` (the built CLI, its own process) over loopback: N clients
// each hold a connection open by sending one byte every --every ms — a third never finish their
// headers, a third send a JSON search body (Content-Length 60,000), a third a multipart upload —
// while 50 normal searches are sent. Reports how the normal requests fared (all answered, latency
// p50/p99), and how many slow connections were still open past the configured request timeout
// (the target is 0). Run after `npm run build`.
// Usage: node bench/slow-clients.mjs [--clients 300] [--every 2000] [--request-timeout 10]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '300' },
    every: { type: 'string', default: '2000' },
    'request-timeout': { type: 'string', default: '10' },
    'headers-timeout': { type: 'string', default: '5' },
  },
});
const clients = Number(values.clients);
const everyMs = Number(values.every);
const requestTimeoutS = Number(values['request-timeout']);
const KEY = 'bench-write-key-0000000001';

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-slow-bench-'));
const db = path.join(dir, 'bench.db');
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
    '--request-timeout',
    String(requestTimeoutS),
    '--headers-timeout',
    values['headers-timeout'],
  ],
  { env: { ...process.env, CAIRN_API_KEYS: `${KEY}:bench:write` }, stdio: ['ignore', 'ignore', 'pipe'] },
);
const url = await new Promise((resolve, reject) => {
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(stderr);
    if (match) resolve(match[1]);
  });
  server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code}: ${stderr}`)));
});
const { hostname, port } = new URL(url);

// One document, so searches have something to find.
const form = new FormData();
form.append(
  'file',
  new Blob(['# Marmots\n\nMarmots whistle when an eagle circles the meadow.']),
  'marmots.md',
);
const seeded = await fetch(`${url}/v1/collections/kb/documents`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${KEY}` },
  body: form,
});
if (seeded.status !== 200) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);

const auth = `Authorization: Bearer ${KEY}\r\n`;
const kinds = [
  // Headers that never end.
  {
    head: `GET /v1/collections HTTP/1.1\r\nHost: ${hostname}\r\n${auth}`,
    tail: `X-Pad: ${'p'.repeat(10_000)}`,
  },
  // A JSON body under the limit, a byte at a time.
  {
    head: `POST /v1/collections/kb/search HTTP/1.1\r\nHost: ${hostname}\r\n${auth}Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n`,
    tail: `{"query":"${'x'.repeat(59_990)}"}`,
  },
  // An upload, a byte at a time.
  {
    head: `POST /v1/collections/kb/documents HTTP/1.1\r\nHost: ${hostname}\r\n${auth}Content-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 60000\r\n\r\n`,
    tail: `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n\r\n${'a'.repeat(59_000)}`,
  },
];

const opened = performance.now();
const slow = [];
for (let i = 0; i < clients; i++) {
  const kind = kinds[i % kinds.length];
  const socket = connect(Number(port), hostname);
  const state = { kind: i % kinds.length, closedAt: undefined, status: undefined };
  socket.setEncoding('utf8');
  socket.on('data', (text) => {
    state.status ??= /^HTTP\/1\.1 (\d+)/.exec(text)?.[1];
  });
  socket.on('error', () => {});
  socket.once('connect', () => {
    socket.write(kind.head);
    let at = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || at >= kind.tail.length) return clearInterval(timer);
      socket.write(kind.tail[at++]);
    }, everyMs);
    socket.once('close', () => clearInterval(timer));
  });
  socket.once('close', () => {
    state.closedAt = performance.now();
  });
  slow.push({ socket, state });
}

// Normal searches while the slow clients hang on.
const latencies = [];
let answered = 0;
for (let i = 0; i < 50; i++) {
  const began = performance.now();
  const response = await fetch(`${url}/v1/collections/kb/search`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'marmots whistle', topK: 3 }),
  });
  await response.text();
  latencies.push(performance.now() - began);
  if (response.status === 200) answered++;
}

// Wait past the request timeout (with Node's checking period and some slack), then count.
const deadline = opened + requestTimeoutS * 1000 + 5_000;
await new Promise((r) => setTimeout(r, Math.max(0, deadline - performance.now())));
const alive = slow.filter(({ state }) => state.closedAt === undefined).length;
const closedAfter = slow
  .filter(({ state }) => state.closedAt !== undefined)
  .map(({ state }) => (state.closedAt - opened) / 1000)
  .sort((a, b) => a - b);
const statuses = {};
for (const { state } of slow) statuses[state.status ?? 'none'] = (statuses[state.status ?? 'none'] ?? 0) + 1;
for (const { socket } of slow) socket.destroy();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));

latencies.sort((a, b) => a - b);
const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]);
const result = {
  benchmark: 'slow-clients',
  date: new Date().toISOString(),
  node: process.version,
  loadAverageAtStart: loadavg()[0],
  settings: {
    clients,
    byteEveryMs: everyMs,
    requestTimeoutS,
    headersTimeoutS: Number(values['headers-timeout']),
  },
  normalRequests: { sent: 50, answered200: answered, p50Ms: pct(0.5), p99Ms: pct(0.99) },
  slowClients: {
    aliveAfterTimeout: alive,
    closedWithinSeconds: { first: closedAfter[0], last: closedAfter.at(-1) },
    answerStatuses: statuses,
  },
};
console.log(JSON.stringify(result, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/slow-clients.json', `${JSON.stringify(result, null, 2)}\n`);
if (alive > 0 || answered < 50) process.exitCode = 1;
