#!/usr/bin/env node
// Tunes RM3 pseudo-relevance feedback (src/retrieve/pseudo-relevance-feedback.ts) on SciFact's
// train queries, split deterministically in two: a tune part (the queries whose SHA-256 of the id
// has an even first byte) on which settings are chosen, and a measure part (the others) on which
// they are only reported. Lexical mode, chunk size and field weights at the defaults, 100 hits
// per query ranked per source document, as `cairn eval`. Reports nDCG@10, recall@100, MRR@10 and
// query latency p50/p95 per setting and part. Run after `npm run build`.
// With --demotion it instead compares BM25 with and without boilerplate demotion (the retriever's
// `demoteCopies`) on both parts, into bench/results/copy-demotion-scifact.json.
// Usage: nice node bench/tune-prf.mjs [--dir ../shared/data/scifact] [--grid] [--demotion]
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate, loadBeir, mrrAt, ndcgAt, quantile, recallAt } from '../dist/exports/eval.js';
import { createEngine, openStore } from '../dist/index.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/scifact' },
    grid: { type: 'boolean', default: false },
    demotion: { type: 'boolean', default: false },
  },
});
const dataset = await loadBeir(values.dir, 'train');
const part = (id) => (createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'tune' : 'measure');
const parts = {
  tune: dataset.queries.filter((q) => part(q.id) === 'tune'),
  measure: dataset.queries.filter((q) => part(q.id) === 'measure'),
};
const engine = await createEngine({
  store: await openStore(path.join(mkdtempSync(path.join(tmpdir(), 'cairn-prf-')), 'eval.db')),
});
// Ingest only (no queries): the same Markdown per document as `cairn eval`.
await evaluate(engine, { ...dataset, queries: [] }, { collection: 'scifact', split: 'train', modes: [] });

async function measure(queries, feedback, extra = {}) {
  let ndcg = 0;
  let recall = 0;
  let mrr = 0;
  const latencies = [];
  for (const query of queries) {
    const start = performance.now();
    const { hits } = await engine.search(query.text, {
      collection: 'scifact',
      mode: 'lexical',
      topK: 100,
      keepBest: true,
      reranker: false,
      pseudoRelevanceFeedback: feedback,
      ...extra,
    });
    latencies.push(performance.now() - start);
    const ranking = hits.map((h) => h.chunk.sourceId);
    const judgments = dataset.qrels.get(query.id);
    ndcg += ndcgAt(10, ranking, judgments);
    recall += recallAt(100, ranking, judgments);
    mrr += mrrAt(10, ranking, judgments);
  }
  const n = Math.max(1, queries.length);
  return {
    queries: queries.length,
    ndcgAt10: +(ndcg / n).toFixed(4),
    recallAt100: +(recall / n).toFixed(4),
    mrrAt10: +(mrr / n).toFixed(4),
    latencyMs: { p50: +quantile(latencies, 0.5).toFixed(2), p95: +quantile(latencies, 0.95).toFixed(2) },
  };
}

if (values.demotion) {
  const rows = [];
  for (const [name, extra] of [
    ['bm25, copies demoted (default)', {}],
    ['bm25, no copy demotion', { demoteCopies: false }],
  ]) {
    const row = {
      name,
      tune: await measure(parts.tune, false, extra),
      measure: await measure(parts.measure, false, extra),
    };
    rows.push(row);
    console.error(JSON.stringify(row));
  }
  await engine.close();
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/copy-demotion-scifact.json',
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, dataset: dataset.name, split: 'train', settings: rows }, null, 2)}\n`,
  );
  process.exit(0);
}
const settings = [
  { name: 'bm25', feedback: false },
  { name: 'rm3-default', feedback: true },
];
// The grid: the original query's weight (Anserini's default 0.5 is in the defaults above), with
// 10 feedback hits, 10 terms and 3 groups; --grid adds feedback depth and term count.
for (const originalQueryWeight of [0.7, 0.8, 0.9]) {
  settings.push({
    name: `rm3 d10 t10 a${originalQueryWeight} g3`,
    feedback: { originalQueryWeight },
  });
}
if (values.grid) {
  for (const feedbackDocuments of [5, 20]) {
    for (const feedbackTerms of [5, 20]) {
      settings.push({
        name: `rm3 d${feedbackDocuments} t${feedbackTerms} a0.8 g3`,
        feedback: { feedbackDocuments, feedbackTerms, originalQueryWeight: 0.8 },
      });
    }
  }
}
const rows = [];
for (const setting of settings) {
  const row = {
    name: setting.name,
    feedback: setting.feedback,
    tune: await measure(parts.tune, setting.feedback),
  };
  rows.push(row);
  console.error(JSON.stringify({ name: row.name, tune: row.tune }));
}
// Choose on the tune part only, then measure the baseline and the chosen setting on the other.
const best = rows.reduce((a, b) => (b.tune.ndcgAt10 > a.tune.ndcgAt10 ? b : a));
for (const row of rows) {
  if (row === rows[0] || row === rows[1] || row === best)
    row.measure = await measure(parts.measure, row.feedback);
}
await engine.close();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  dataset: dataset.name,
  split: 'train',
  parts: {
    rule: 'sha256(query id)[0] even: tune; odd: measure',
    tune: parts.tune.length,
    measure: parts.measure.length,
  },
  settings: rows,
  bestOnTune: best.name,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/tune-prf.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
