import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { evaluateDocuments } from './documents-eval.js';
import { parseQuestions } from './questions.js';

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cairn-docs-eval-'));
  mkdirSync(path.join(dir, 'birds'));
  const docs: Record<string, string> = {
    'marmots.md': '# Marmots\n\nMarmots hibernate in burrows for 7.5 months each winter.\n',
    'pikas.md': '# Pikas\n\nPikas gather hay piles weighing 6,400 grams for the winter.\n',
    'birds/ravens.md': '# Ravens\n\nRavens cache food and remember 1,200 hiding places.\n',
    'birds/jays.md': '# Jays\n\nJays cache acorns across the forest floor in autumn.\n',
  };
  for (const [name, text] of Object.entries(docs)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const questions = parseQuestions(
  [
    {
      id: 'burrow',
      question: 'how long do marmots hibernate in burrows',
      sources: 'marmots.md',
      answer: 'About 7.5 months.',
    },
    {
      id: 'hay',
      question: 'how heavy are pika hay piles',
      sources: ['pikas.md'],
      answer: 'They weigh 6,400 grams.',
    },
    { id: 'cache', question: 'which birds cache food or acorns', sources: ['birds/*.md'] },
    { id: 'ghost', question: 'what do ghosts eat', sources: ['ghosts.md'] },
  ]
    .map((q) => JSON.stringify(q))
    .join('\n'),
  'questions.jsonl',
);

describe('evaluateDocuments', () => {
  it('ingests the folder, ranks by document and reports hits, coverage and answer figures', async () => {
    const dir = folder();
    const questionsFile = path.join(dir, 'questions.jsonl');
    writeFileSync(questionsFile, '{"question": "not a document", "sources": ["x"]}\n');
    const engine = await createEngine({ store: await openStore(path.join(dir, 'eval.db')) });
    try {
      const report = await evaluateDocuments(engine, dir, questions, { collection: 'eval', questionsFile });
      // The questions file and the database are not documents.
      expect(report.documents).toBe(4);
      expect(report.unmatched).toEqual(['ghost']);
      expect(report.questions).toBe(3);
      expect(report.retrieval.single).toMatchObject({ questions: 2, hitAt1: 1, hitAt5: 1, mrrAt10: 1 });
      const cache = report.perQuestion.find((q) => q.id === 'cache')!;
      expect(cache.documents).toEqual(['birds/jays.md', 'birds/ravens.md']);
      expect(report.retrieval.multi).toMatchObject({ questions: 1, coverageAt10: 1 });
      expect(report.answers!.single).toMatchObject({ withKeyFigure: 2, keyFigure: 1, firstCitation: 1 });
      expect(report.answers!.multi).toMatchObject({ withKeyFigure: 0, firstCitation: 1 });

      const again = await evaluateDocuments(engine, dir, questions, { collection: 'eval', questionsFile });
      expect(again.ingest).toMatchObject({ ingested: 0, unchanged: 4 });
      const searchOnly = await evaluateDocuments(engine, dir, questions, {
        collection: 'eval',
        questionsFile,
        answers: false,
      });
      expect(searchOnly.answers).toBeUndefined();
      expect(searchOnly.perQuestion[0]!.answer).toBeUndefined();
    } finally {
      await engine.close();
    }
  });

  it('counts a wrong first document, a miss and a not-found answer against the figures', async () => {
    const dir = folder();
    const engine = await createEngine({ store: await openStore(path.join(dir, 'eval.db')) });
    try {
      const tricky = parseQuestions(
        [
          // Words of the pikas document, but the question says it is about the ravens one.
          { id: 'wrong', question: 'pikas hay piles winter', sources: ['birds/ravens.md'], answer: '1,200' },
          { id: 'none', question: 'volcano eruption lava', sources: ['marmots.md'] },
        ]
          .map((q) => JSON.stringify(q))
          .join('\n'),
        'q.jsonl',
      );
      const report = await evaluateDocuments(engine, dir, tricky, { collection: 'eval' });
      expect(report.perQuestion.map((q) => q.firstRank)).toEqual([null, null]);
      expect(report.retrieval.single).toMatchObject({ hitAt1: 0, hitAt10: 0, mrrAt10: 0 });
      expect(report.answers!.single).toMatchObject({ keyFigure: 0, firstCitation: 0, notFound: 0.5 });
      expect(report.perQuestion[0]!.answer).toMatchObject({
        firstCitation: 'pikas.md',
        statesKeyFigure: false,
      });
    } finally {
      await engine.close();
    }
  });

  it('refuses questions none of which names an ingested document', async () => {
    const dir = folder();
    const engine = await createEngine({ store: await openStore(path.join(dir, 'eval.db')) });
    try {
      const lost = parseQuestions('{"question": "q", "sources": ["nowhere.pdf"]}', 'q.jsonl');
      await expect(evaluateDocuments(engine, dir, lost, { collection: 'eval' })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(
          /no question's sources name a document ingested from .* \(4 documents\)/,
        ),
      });
    } finally {
      await engine.close();
    }
  });
});
