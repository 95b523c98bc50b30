#!/usr/bin/env node
// How many cores a PDF ingest keeps busy: the SEC 10-Q filings (or --dir) ingested lexically into
// a new SQLite file through `engine.ingestPaths`, with the CPU time of this process and of its
// parsing processes (reaped children, from /proc/self/stat) divided by the wall time, and pages
// per second. Run after `npm run build`, on an idle machine for the cores figure; the load
// average before and after is recorded.
// Usage: node bench/ingest-cores.mjs [--dir ../shared/data/sec-10-q] [--limit 20]
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, openStore } from '../dist/index.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/sec-10-q' },
    limit: { type: 'string', default: '20' },
  },
});
const files = readdirSync(values.dir)
  .filter((name) => name.endsWith('.pdf'))
  .sort()
  .slice(0, Number(values.limit));
const work = mkdtempSync(path.join(tmpdir(), 'cairn-ingest-cores-'));
const folder = path.join(work, 'pdfs');
mkdirSync(folder);
for (const name of files) writeFileSync(path.join(folder, name), readFileSync(path.join(values.dir, name)));

/** CPU seconds of this process and of its reaped children (utime, stime, cutime, cstime). */
function cpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / 100;
}

const loadBefore = loadavg()[0];
const engine = await createEngine({ store: await openStore(path.join(work, 'cairn.db')) });
const cpuBefore = cpuSeconds();
const began = performance.now();
const report = await engine.ingestPaths([folder]);
await engine.close();
const seconds = (performance.now() - began) / 1000;
// The parsing processes are stopped by close(); their CPU counts once they are reaped.
await new Promise((resolve) => setTimeout(resolve, 500));
const cpu = cpuSeconds() - cpuBefore;
rmSync(work, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  node: process.version,
  machine: '2 cores, 24 GiB',
  loadAverage: { before: +loadBefore.toFixed(2), after: +loadavg()[0].toFixed(2) },
  files: files.length,
  ingested: report.totals.ingested,
  failed: report.totals.failed,
  pages: report.totals.pages,
  chunks: report.totals.chunks,
  wallSeconds: +seconds.toFixed(1),
  cpuSeconds: +cpu.toFixed(1),
  coresBusy: +(cpu / seconds).toFixed(2),
  pagesPerSecond: +(report.totals.pages / seconds).toFixed(1),
};
writeResult('bench/results/ingest-cores.json', result);
console.log(JSON.stringify(result, null, 2));
