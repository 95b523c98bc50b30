#!/usr/bin/env node
// Side-by-side retrieval and answer figures of documents-eval runs that differ only in chunking,
// written as bench/results/page-bounded-chunks.json (chunks packed across pages vs never across a
// page boundary) and bench/results/large-tables.json (an over-budget table cut by rows with its
// header repeated vs kept whole). Reads the runs' result files; make them first with
//   node bench/documents-eval.mjs --page-bounds document --cache /tmp/parse.db --out documents-eval-page-bounds-document
//   node bench/documents-eval.mjs --page-bounds page --cache /tmp/parse.db --out documents-eval-page-bounds-page
//   node bench/documents-eval.mjs --large-tables whole --cache /tmp/parse.db --out documents-eval-large-tables-whole
// (the cache makes the later runs parse nothing, so only chunking differs).
import { readFileSync, writeFileSync } from 'node:fs';

const read = (name) => JSON.parse(readFileSync(`bench/results/${name}.json`, 'utf8'));
const SETS = ['sec-10-q', 'ntsb', 'nih', 'ntsb-negative', 'nih-negative'];

function figures(run) {
  return Object.fromEntries(
    SETS.filter((set) => run[set]).map((set) => {
      const { documents, questions, retrieval, answers } = run[set];
      return [
        set,
        {
          documents,
          questions,
          hitAt1: retrieval.all.hitAt1,
          hitAt5: retrieval.all.hitAt5,
          mrrAt10: retrieval.all.mrrAt10,
          coverageAt10: retrieval.all.coverageAt10,
          keyFigure: answers.all.keyFigure,
          firstCitation: answers.all.firstCitation,
          notFound: answers.all.notFound,
        },
      ];
    }),
  );
}

function compare(title, runs, note) {
  return {
    comparison: title,
    note,
    runs: Object.fromEntries(
      Object.entries(runs).map(([label, name]) => [
        label,
        { file: `${name}.json`, date: read(name).date, sets: figures(read(name)) },
      ]),
    ),
  };
}

writeFileSync(
  'bench/results/page-bounded-chunks.json',
  `${JSON.stringify(
    compare(
      'chunks packed across page boundaries (pageBounds document) vs never across one (page)',
      { document: 'documents-eval-page-bounds-document', page: 'documents-eval-page-bounds-page' },
      'lexical retrieval, extractive answers, chunkSize 512 / overlap 64, tables cut by rows; same parses (shared parse cache)',
    ),
    null,
    2,
  )}\n`,
);
writeFileSync(
  'bench/results/large-tables.json',
  `${JSON.stringify(
    compare(
      'an over-budget table cut between rows with its header repeated (largeTables rows) vs kept whole (whole)',
      { rows: 'documents-eval-page-bounds-page', whole: 'documents-eval-large-tables-whole' },
      'lexical retrieval, extractive answers, page-bounded chunks, chunkSize 512 / overlap 64; same parses (shared parse cache)',
    ),
    null,
    2,
  )}\n`,
);
