#!/usr/bin/env node
// Tunes the weight of the document focus (a lexical search in the documents a query names by
// title or path, fused with the search over all documents; `SearchRequest.documentFocus`) on the
// development questions of the SEC 10-Q filings (hit@1, hit@5 for single-document questions,
// coverage@10 for multi-document ones) and on SciFact's train queries (lexical nDCG@10), which must
// not lose. Run after `npm run build`.
// Usage: node bench/tune-document-focus.mjs [--data ../shared/data]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate, evaluateDocuments, loadBeir, loadQuestions } from '../dist/exports/eval.js';
import { createEngine, openStore } from '../dist/index.js';

const { values } = parseArgs({ options: { data: { type: 'string', default: '../shared/data' } } });
const root = mkdtempSync(path.join(tmpdir(), 'cairn-focus-'));
const scifact = await loadBeir(path.join(values.data, 'scifact'), 'train');
const filings = path.join(values.data, 'sec-10-q');
const questions = await loadQuestions(path.join(filings, 'questions.dev.jsonl'));
const sciEngine = await createEngine({ store: await openStore(path.join(root, 'scifact.db')) });
const secEngine = await createEngine({ store: await openStore(path.join(root, 'sec.db')) });
const settings = [];
for (const weight of [0, 0.5, 1, 2, 3]) {
  const documentFocus = weight === 0 ? false : weight;
  const sci = await evaluate(sciEngine, scifact, {
    collection: 'scifact',
    split: 'train',
    modes: ['lexical'],
    documentFocus,
  });
  const sec = await evaluateDocuments(secEngine, filings, questions, {
    collection: 'sec',
    include: ['*.pdf'],
    answers: false,
    documentFocus,
  });
  const row = {
    documentFocus: weight,
    scifactNdcgAt10: +sci.results[0].ndcgAt10.toFixed(4),
    secSingleHitAt1: +sec.retrieval.single.hitAt1.toFixed(4),
    secSingleHitAt5: +sec.retrieval.single.hitAt5.toFixed(4),
    secMultiCoverageAt10: +sec.retrieval.multi.coverageAt10.toFixed(4),
  };
  settings.push(row);
  console.log(JSON.stringify(row));
}
await sciEngine.close();
await secEngine.close();
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/tune-document-focus.json',
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, mode: 'lexical', settings }, null, 2)}\n`,
);
