#!/usr/bin/env node
// Retrieval quality on SciFact (BEIR format) through `cairn eval`: nDCG@10, recall@100, MRR@10
// and query latency for every available mode. Run after `npm run build`.
// Usage: node bench/scifact-eval.mjs [--dir ../shared/data/scifact] [--split train]
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
  },
});
const dataset = await loadBeir(values.dir, values.split);
const engine = await createEngine({
  store: await openStore(path.join(mkdtempSync(path.join(tmpdir(), 'cairn-eval-')), 'eval.db')),
});
const report = await evaluate(engine, dataset, { collection: `eval-${dataset.name}`, split: values.split });
await engine.close();
const results = { date: new Date().toISOString(), node: process.version, ...report };
writeResult('bench/results/scifact-eval.json', results);
console.log(JSON.stringify(results, null, 2));
