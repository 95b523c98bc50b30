#!/usr/bin/env node
// Tunes the offline lexical retriever's BM25 field weights on SciFact's train queries: the weight
// of the heading column (which carries each abstract's title) and of the document column (title
// and file name), at chunk size 512, against content 1. Reports nDCG@10, recall@100 and MRR@10 per
// setting. FTS5 fixes BM25's k1 = 1.2 and b = 0.75 and the porter/unicode61 tokenizer, so those
// are not varied here. The context column is tuned where a contextualizer runs
// (bench/sec-eval.mjs). Run after `npm run build`.
// Usage: node bench/tune-lexical.mjs [--dir ../shared/data/scifact]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate, loadBeir } from '../dist/exports/eval.js';
import { createEngine, openSqliteStore } from '../dist/index.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string', default: '../shared/data/scifact' } } });
const dataset = await loadBeir(values.dir, 'train');
const root = mkdtempSync(path.join(tmpdir(), 'cairn-tune-'));
const chunkSize = 512;
const file = path.join(root, `chunks-${chunkSize}.db`);
const settings = [];
for (const headings of [1, 2, 4]) {
  for (const document of [0, 0.5, 1, 2]) {
    const store = await openSqliteStore({ path: file, lexicalWeights: { content: 1, headings, document } });
    const engine = await createEngine({ store, chunkSize, chunkOverlap: Math.floor(chunkSize / 8) });
    const report = await evaluate(engine, dataset, {
      collection: 'scifact',
      split: 'train',
      modes: ['lexical'],
    });
    await engine.close();
    const [lexical] = report.results;
    settings.push({
      chunkSize,
      headingWeight: headings,
      documentWeight: document,
      ndcgAt10: +lexical.ndcgAt10.toFixed(4),
      recallAt100: +lexical.recallAt100.toFixed(4),
      mrrAt10: +lexical.mrrAt10.toFixed(4),
    });
    console.error(JSON.stringify(settings.at(-1)));
  }
}
const best = settings.reduce((a, b) => (b.ndcgAt10 > a.ndcgAt10 ? b : a));
const results = {
  date: new Date().toISOString(),
  split: 'train',
  queries: dataset.queries.length,
  settings,
  best,
};
writeResult('bench/results/tune-lexical.json', results);
console.log(JSON.stringify(results, null, 2));
