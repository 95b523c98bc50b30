#!/usr/bin/env node
// Fuzzes ingestion: `npm run fuzz -- --seed S --count N [--batch B] [--timeout-ms T] [--memory-mb M]
// [--out FILE]`. Mutates the repository's fixture files of every format and ingests them through
// the built engine (dist/) in batches, then prints the counts; exits 1 when a batch crashed, hung,
// or a file got no outcome. With --out, writes the results as JSON (bench/results/fuzz.json is the
// committed 2,000-file run).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { disposeOcr } from '../dist/exports/ingest.js';
import { createEngine, openStore } from '../dist/index.js';
import { runFuzz } from './fuzz/harness.mjs';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '200' },
    batch: { type: 'string', default: '50' },
    'timeout-ms': { type: 'string', default: '20000' },
    'memory-mb': { type: 'string', default: '512' },
    out: { type: 'string' },
  },
});

const results = await runFuzz({
  createEngine: async (store, parseLimits) => createEngine({ store: await openStore(store), parseLimits }),
  seed: Number(values.seed),
  count: Number(values.count),
  batchSize: Number(values.batch),
  timeoutMs: Number(values['timeout-ms']),
  memoryMb: Number(values['memory-mb']),
  onBatch: (r) => process.stderr.write(`batch ${r.batches}: ${JSON.stringify(r.byStatus)}\n`),
});
await disposeOcr();
results.date = new Date().toISOString();
results.node = process.version;
results.loadAverage = (await import('node:os')).loadavg().map((x) => +x.toFixed(2));
if (values.out) {
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
}
console.log(JSON.stringify(results, null, 2));
if (
  results.crashedBatches > 0 ||
  results.hangs > 0 ||
  results.filesWithoutOutcome > 0 ||
  results.reasonsMissing > 0
) {
  process.exitCode = 1;
}
