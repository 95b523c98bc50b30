#!/usr/bin/env node
// Retrieval quality on SciFact (BEIR format) through `cairn eval`: nDCG@10, recall@100, MRR@10
// and query latency for every available mode. Run after `npm run build`.
// --page-bounds sets the chunker's (default page; SciFact's abstracts are one page each, so
// both give the same chunks); --out names the result file.
// Usage: node bench/scifact-eval.mjs [--dir ../shared/data/scifact] [--split train] [--page-bounds page|document] [--out scifact-eval]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate, loadBeir } from '../dist/exports/eval.js';
import { createEngine, openStore } from '../dist/index.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/scifact' },
    split: { type: 'string', default: 'train' },
    'page-bounds': { type: 'string', default: 'page' },
    out: { type: 'string', default: 'scifact-eval' },
  },
});
const dataset = await loadBeir(values.dir, values.split);
const engine = await createEngine({
  store: await openStore(path.join(mkdtempSync(path.join(tmpdir(), 'cairn-eval-')), 'eval.db')),
  pageBounds: values['page-bounds'],
});
const report = await evaluate(engine, dataset, { collection: `eval-${dataset.name}`, split: values.split });
await engine.close();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  pageBounds: values['page-bounds'],
  ...report,
};
writeResult(`bench/results/${values.out}.json`, results);
console.log(JSON.stringify(results, null, 2));
