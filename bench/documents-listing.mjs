#!/usr/bin/env node
// The explorer's documents view on a 10,000-document collection: `GET …/documents` with search
// (`q`), metadata filter, sort, order, limit and offset, and `GET …/facets`, over real HTTP on
// loopback against a SQLite file, as the page asks for it (25 per page). The store answers each
// page in SQL (nothing is cached between requests). Each request kind runs 30 times after 3
// warm-ups; the result gives median, p95 and max milliseconds per page (target: under 200 ms per
// page on this machine), and the first page right after a write (a document re-ingested just
// before each request).
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
const teams = ['ops', 'dev', 'legal', 'sales', 'research'];
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
    {
      documentId: `doc-${String(i).padStart(5, '0')}`,
      collection: 'many',
      namespace: 'bench',
      metadata: { team: teams[i % teams.length], year: 2020 + (i % 4) },
    },
  );
}
const ingestSeconds = (performance.now() - began) / 1000;
const running = await serveCairn(engine, { port: 0, keys: `${KEY}:bench:read` });

const kinds = {
  'first page by name': 'sort=name&order=asc&limit=25&offset=0',
  'last page by name': `sort=name&order=asc&limit=25&offset=${total - 25}`,
  'page 200 by date, newest first': 'sort=date&order=desc&limit=25&offset=5000',
  'by chunks, descending': 'sort=chunks&order=desc&limit=25&offset=0',
  'by size (bytes)': 'sort=size&order=asc&limit=25&offset=100',
  'filter team=ops, by name': `metadata=${encodeURIComponent('{"team":"ops"}')}&sort=name&limit=25&offset=25`,
  'search "budget" by name': 'q=budget&sort=name&limit=25&offset=0',
  'search "doc-099" (few matches)': 'q=doc-099&sort=name&limit=25',
  'search with no match': 'q=zzzz-none&sort=name&limit=25',
};

async function time(query, route = 'documents') {
  const start = performance.now();
  const response = await fetch(`${running.url}/v1/collections/many/${route}?${query}`, {
    headers: { Authorization: `Bearer ${KEY}` },
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - start, body };
}

function summary(query, samples, extra) {
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return {
    query,
    ...extra,
    medianMs: Number(at(0.5).toFixed(1)),
    p95Ms: Number(at(0.95).toFixed(1)),
    maxMs: Number(samples.at(-1).toFixed(1)),
  };
}

function report(name) {
  const r = results[name];
  console.log(
    `${name.padEnd(40)} ${String(r.medianMs).padStart(7)} ms median  ${String(r.p95Ms).padStart(7)} ms p95`,
  );
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
  results[name] = summary(query, samples, { returned: last.documents.length, matching: last.total });
  report(name);
}

// The facets the documents and search views draw their filters from.
{
  const samples = [];
  let last;
  for (let i = 0; i < 3; i++) await time('', 'facets');
  for (let i = 0; i < runs; i++) {
    const { ms, body } = await time('', 'facets');
    samples.push(ms);
    last = body;
  }
  results['facets (fields and commonest values)'] = summary('GET …/facets', samples, {
    fields: last.facets.length,
  });
  report('facets (fields and commonest values)');
}

// The first page right after a write: a document re-ingested (new bytes) before each request.
{
  const samples = [];
  for (let i = 0; i < runs; i++) {
    await engine.ingestSource(
      {
        name: 'folder-0/doc-00000.md',
        bytes: new TextEncoder().encode(`# annual report 0\n\nRevision ${i}.`),
      },
      {
        documentId: 'doc-00000',
        collection: 'many',
        namespace: 'bench',
        metadata: { team: 'ops', year: 2020 },
      },
    );
    samples.push((await time('sort=name&limit=25')).ms);
  }
  results['first page right after a write'] = summary('sort=name&limit=25', samples, {});
  report('first page right after a write');
}
await running.close();

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
