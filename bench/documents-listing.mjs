#!/usr/bin/env node
// The explorer's documents view on a 10,000-document collection: `GET …/documents` with search
// (`q`), sort, order, limit and offset, over real HTTP on loopback against a SQLite file, as the
// page asks for it (25 per page). Each request kind runs 30 times after 3 warm-ups (the server
// keeps a collection's records for 10 s, so these pages are served from them); the result gives
// median, p95 and max milliseconds per page (target: under 200 ms per page on this machine), and
// the cold first page of a fresh server, which reads the 10,000 records from the store.
// Run after `npm run build`. Usage: node bench/documents-listing.mjs [--documents 10000] [--runs 30]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, openStore } from '../dist/index.js';
import { serveCairn } from '../dist/interfaces/http/index.js';

const { values } = parseArgs({
  options: { documents: { type: 'string', default: '10000' }, runs: { type: 'string', default: '30' } },
});
const total = Number(values.documents);
const runs = Number(values.runs);
const KEY = 'bench-read-key-00000000001';
const words = [
  'annual',
  'report',
  'safety',
  'budget',
  'minutes',
  'protocol',
  'filing',
  'survey',
  'notes',
  'plan',
];

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-documents-bench-'));
const engine = await createEngine({ store: await openStore(path.join(dir, 'bench.db')) });
const began = performance.now();
for (let i = 0; i < total; i++) {
  const title = `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`;
  await engine.ingestSource(
    {
      name: `folder-${i % 50}/doc-${String(i).padStart(5, '0')}.md`,
      bytes: new TextEncoder().encode(`# ${title}\n\n${'Body text of the document. '.repeat(1 + (i % 5))}`),
      mediaType: 'text/markdown',
    },
    { documentId: `doc-${String(i).padStart(5, '0')}`, collection: 'many', namespace: 'bench' },
  );
}
const ingestSeconds = (performance.now() - began) / 1000;
const running = await serveCairn(engine, { port: 0, keys: `${KEY}:bench:read` });

const kinds = {
  'first page by name': 'sort=name&order=asc&limit=25&offset=0',
  'last page by name': `sort=name&order=asc&limit=25&offset=${total - 25}`,
  'page 200 by date, newest first': 'sort=date&order=desc&limit=25&offset=5000',
  'by chunks, descending': 'sort=chunks&order=desc&limit=25&offset=0',
  'by size (pages)': 'sort=size&order=asc&limit=25&offset=100',
  'search "budget" by name': 'q=budget&sort=name&limit=25&offset=0',
  'search "doc-099" (few matches)': 'q=doc-099&sort=name&limit=25',
  'search with no match': 'q=zzzz-none&sort=name&limit=25',
};

async function time(query) {
  const start = performance.now();
  const response = await fetch(`${running.url}/v1/collections/many/documents?${query}`, {
    headers: { Authorization: `Bearer ${KEY}` },
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - start, body };
}

const results = {};
for (const [name, query] of Object.entries(kinds)) {
  for (let i = 0; i < 3; i++) await time(query);
  const samples = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const { ms, body } = await time(query);
    samples.push(ms);
    last = body;
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  results[name] = {
    query,
    returned: last.documents.length,
    matching: last.total,
    medianMs: Number(at(0.5).toFixed(1)),
    p95Ms: Number(at(0.95).toFixed(1)),
    maxMs: Number(samples.at(-1).toFixed(1)),
  };
  console.log(
    `${name.padEnd(34)} ${String(results[name].medianMs).padStart(7)} ms median  ${String(results[name].p95Ms).padStart(7)} ms p95  (${last.total} matching)`,
  );
}
await running.close();

// Cold: the first page from a fresh server, whose listing is read from the store (as after a write).
const cold = [];
for (let i = 0; i < 5; i++) {
  const fresh = await serveCairn(engine, { port: 0, keys: `${KEY}:bench:read` });
  const start = performance.now();
  const response = await fetch(`${fresh.url}/v1/collections/many/documents?sort=name&limit=25`, {
    headers: { Authorization: `Bearer ${KEY}` },
  });
  await response.json();
  cold.push(performance.now() - start);
  await fresh.close();
}
cold.sort((a, b) => a - b);
results['first page, cold (records read from the store)'] = {
  query: 'sort=name&limit=25',
  runs: cold.length,
  medianMs: Number(cold[Math.floor(cold.length / 2)].toFixed(1)),
  maxMs: Number(cold.at(-1).toFixed(1)),
};
console.log(
  `cold first page: ${results['first page, cold (records read from the store)'].medianMs} ms median`,
);
await engine.close();

const worst = Math.max(
  ...Object.values(results)
    .filter((r) => r.p95Ms !== undefined)
    .map((r) => r.p95Ms),
);
const out = {
  bench: 'documents-listing',
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverage1m: loadavg()[0] },
  documents: total,
  ingestSeconds: Number(ingestSeconds.toFixed(1)),
  runsPerKind: runs,
  pageSize: 25,
  results,
  worstP95Ms: worst,
  target: 'under 200 ms per page',
  met: worst < 200,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/documents-listing.json', `${JSON.stringify(out, null, 2)}\n`);
console.log(`worst p95 ${worst} ms; ingest of ${total} documents took ${out.ingestSeconds} s`);
