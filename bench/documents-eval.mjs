#!/usr/bin/env node
// Retrieval and answer quality on folders of documents through `cairn eval <folder> --questions`:
// hit@1/5/10 and MRR@10 by document, coverage@10 for multi-document questions, and for the
// offline (extractive) answers how often they state the reference's key figure and cite a right
// document first. Sets: the 20 SEC 10-Q filings with their development questions, the 10 NTSB
// reports and the 3 NIH protocols with the questions in bench/questions/, and questions about the
// same reports and protocols that none of them answers (bench/questions/*-negative.jsonl: the
// answer should be "not found"). `notFound` is the share of answers that said so; on the sets with
// answers it is the false "not found" count. Run after `npm run build`.
// --page-bounds and --large-tables set the chunker's (defaults: page, rows); --cache keeps parsed
// pages in a SQLite file so that runs differing only in chunking parse each PDF once; --sets picks
// sets by name (comma-separated).
// Usage: node bench/documents-eval.mjs [--data ../shared/data] [--out documents-eval] [--prf] [--no-demote-copies]
//   [--page-bounds page|document] [--large-tables rows|whole] [--cache file] [--sets ntsb,nih]
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateDocuments, loadQuestions } from '../dist/exports/eval.js';
import { createEngine, openSqliteCache, openStore } from '../dist/index.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data' },
    out: { type: 'string', default: 'documents-eval' },
    prf: { type: 'boolean', default: false },
    'no-demote-copies': { type: 'boolean', default: false },
    'page-bounds': { type: 'string', default: 'page' },
    'large-tables': { type: 'string', default: 'rows' },
    cache: { type: 'string' },
    sets: { type: 'string' },
  },
});

const sets = [
  {
    name: 'sec-10-q',
    folder: path.join(values.data, 'sec-10-q'),
    questions: path.join(values.data, 'sec-10-q', 'questions.dev.jsonl'),
  },
  { name: 'ntsb', folder: path.join(values.data, 'pdfs', 'ntsb'), questions: 'bench/questions/ntsb.jsonl' },
  { name: 'nih', folder: path.join(values.data, 'pdfs', 'nih'), questions: 'bench/questions/nih.jsonl' },
  {
    name: 'ntsb-negative',
    folder: path.join(values.data, 'pdfs', 'ntsb'),
    questions: 'bench/questions/ntsb-negative.jsonl',
  },
  {
    name: 'nih-negative',
    folder: path.join(values.data, 'pdfs', 'nih'),
    questions: 'bench/questions/nih-negative.jsonl',
  },
];

const round = (value) => (typeof value === 'number' ? +value.toFixed(4) : value);
const rounded = (figures) => Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(v)]));

const results = {
  date: new Date().toISOString(),
  node: process.version,
  mode: 'lexical',
  answerer: 'extractive',
  pseudoRelevanceFeedback: values.prf,
  demoteCopies: !values['no-demote-copies'],
  pageBounds: values['page-bounds'],
  largeTables: values['large-tables'],
};
const chosen = values.sets?.split(',');
for (const set of sets) {
  if (chosen && !chosen.includes(set.name)) continue;
  if (!existsSync(set.folder)) {
    console.error(`skipping ${set.name}: ${set.folder} is absent`);
    continue;
  }
  const cache = values.cache ? openSqliteCache(values.cache) : undefined;
  const engine = await createEngine({
    store: await openStore(path.join(mkdtempSync(path.join(tmpdir(), 'cairn-docs-eval-')), 'eval.db')),
    pageBounds: values['page-bounds'],
    largeTables: values['large-tables'],
    ...(cache ? { cache, owned: [cache] } : {}),
  });
  const questions = await loadQuestions(set.questions);
  const report = await evaluateDocuments(engine, set.folder, questions, {
    collection: set.name,
    include: ['**/*.pdf'],
    ...(values.prf ? { pseudoRelevanceFeedback: true } : {}),
    ...(values['no-demote-copies'] ? { demoteCopies: false } : {}),
  });
  await engine.close();
  const groups = (figures) => Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, rounded(v)]));
  results[set.name] = {
    documents: report.documents,
    questions: report.questions,
    ingestSeconds: round(report.ingest.seconds),
    retrieval: groups(report.retrieval),
    answers: groups(report.answers),
    perQuestion: report.perQuestion.map((q) => ({
      id: q.id,
      documents: q.documents.length,
      firstRank: q.firstRank,
      coverageAt10: round(q.coverageAt10),
      top3: q.ranking.slice(0, 3),
      keyFigure: q.answer.keyFigure,
      statesKeyFigure: q.answer.statesKeyFigure,
      firstCitation: q.answer.firstCitation,
      notFound: q.answer.notFound,
      answer: q.answer.text.length > 400 ? `${q.answer.text.slice(0, 400)}…` : q.answer.text,
    })),
  };
  const { single, multi } = report.retrieval;
  console.log(
    `${set.name}: single hit@1 ${single.hitAt1.toFixed(3)} hit@5 ${single.hitAt5.toFixed(3)}; ` +
      `multi coverage@10 ${multi.coverageAt10.toFixed(3)}; key figure ${report.answers.all.keyFigure.toFixed(3)} ` +
      `of ${report.answers.all.withKeyFigure}; first citation ${report.answers.all.firstCitation.toFixed(3)}; ` +
      `not found ${Math.round(report.answers.all.notFound * report.questions)} of ${report.questions}`,
  );
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/${values.out}.json`, `${JSON.stringify(results, null, 2)}\n`);
