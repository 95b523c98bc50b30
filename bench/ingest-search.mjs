#!/usr/bin/env node
// Ingest throughput (pages/s, chunks/s) and lexical search latency (p50/p95) on SciFact, plus
// ingest throughput on the 13 shared PDFs. SciFact ingest is also given per CPU second, with the
// load average, since wall time on a shared machine mostly measures the others. Run after `npm run build`.
// Usage: node bench/ingest-search.mjs [--scifact DIR] [--pdfs DIR] [--queries N]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadBeir, quantile } from '../dist/exports/eval.js';
import { createEngine, openStore } from '../dist/index.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    scifact: { type: 'string', default: '../shared/data/scifact' },
    pdfs: { type: 'string', default: '../shared/data/pdfs' },
    queries: { type: 'string', default: '809' },
  },
});

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-bench-'));
const engine = await createEngine({ store: await openStore(path.join(dir, 'bench.db')) });
const results = { date: new Date().toISOString(), node: process.version };

// SciFact: every abstract is one document of one page.
const dataset = await loadBeir(values.scifact, 'train');
let began = performance.now();
let cpu = process.cpuUsage();
let chunks = 0;
for (const doc of dataset.corpus) {
  const item = await engine.ingestSource(
    {
      name: doc.id,
      bytes: new TextEncoder().encode(`# ${doc.title}\n\n${doc.text}`),
      mediaType: 'text/markdown',
    },
    { documentId: doc.id, collection: 'scifact' },
  );
  chunks += item.chunks;
}
let seconds = (performance.now() - began) / 1000;
cpu = process.cpuUsage(cpu);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
results.scifactIngest = {
  documents: dataset.corpus.length,
  pages: dataset.corpus.length,
  chunks,
  seconds: +seconds.toFixed(2),
  pagesPerSecond: +(dataset.corpus.length / seconds).toFixed(1),
  chunksPerSecond: +(chunks / seconds).toFixed(1),
  // CPU time of this process (Markdown is parsed here): the cost when the machine is shared.
  cpuSeconds: +cpuSeconds.toFixed(2),
  pagesPerCpuSecond: +(dataset.corpus.length / cpuSeconds).toFixed(1),
};

const queries = dataset.queries.slice(0, Number(values.queries));
const latencies = [];
for (const query of queries) {
  const start = performance.now();
  await engine.search(query.text, { collection: 'scifact', topK: 10, mode: 'lexical' });
  latencies.push(performance.now() - start);
}
results.scifactLexicalSearch = {
  queries: queries.length,
  topK: 10,
  p50Ms: +quantile(latencies, 0.5).toFixed(2),
  p95Ms: +quantile(latencies, 0.95).toFixed(2),
};

// The shared PDFs (NTSB reports and NIH protocols).
began = performance.now();
const report = await engine.ingestPaths([values.pdfs], { include: ['**/*.pdf'], collection: 'pdfs' });
seconds = (performance.now() - began) / 1000;
results.pdfIngest = {
  documents: report.items.length,
  failed: report.totals.failed,
  pages: report.totals.pages,
  chunks: report.totals.chunks,
  seconds: +seconds.toFixed(2),
  pagesPerSecond: +(report.totals.pages / seconds).toFixed(1),
  chunksPerSecond: +(report.totals.chunks / seconds).toFixed(1),
};
await engine.close();
results.loadAverage = (await import('node:os')).loadavg().map((x) => +x.toFixed(2));
writeResult('bench/results/ingest-search.json', results);
console.log(JSON.stringify(results, null, 2));
