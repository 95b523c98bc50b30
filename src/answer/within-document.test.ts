import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/corpus.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { askWithHistory, WITHIN_DOCUMENT_TOP_K, withinDocumentHits } from './ask-with-history.js';

/** A debt table whose rows repeat a debt question's words, as a long report's schedules do. */
const debtTable = (entity: string, year: number) =>
  [
    `## ${entity} debt schedule ${year}`,
    '',
    `Debt and interest obligations of ${entity} at year end (in thousands):`,
    '',
    '| Debt | 2024 | 2023 |',
    '| --- | --- | --- |',
    `| Long-term debt, current portion | ${year},10 | 3,100 |`,
    `| Long-term debt, non-current | 88,${year % 1000} | 91,200 |`,
    `| Interest on debt | 4,${year % 1000} | 4,020 |`,
    `| Total debt | 96,${year % 1000} | 98,320 |`,
    '',
  ].join('\n');

const filler = (topic: string) =>
  `## ${topic}\n\n${`The ${topic.toLowerCase()} programme continued through the year with routine maintenance, staff training and public meetings held each month in the district offices. `.repeat(12)}\n`;

/**
 * A long report (Contoso) whose one sentence telling its borrowing sits deep in the document, after
 * debt tables; two other reports whose debt tables repeat the question's words.
 */
const CORPUS: Record<string, string> = {
  'contoso-annual-report.md': [
    '# Contoso Harbour Board annual report 2024',
    '',
    debtTable('Contoso Harbour Board', 2024),
    filler('Dredging'),
    filler('Pilotage'),
    filler('Moorings'),
    '## Financing events',
    '',
    'In May 2024 the Board issued $45.0 million of harbour revenue bonds due 2049 to replace its maturing notes.',
    '',
    filler('Safety'),
    filler('Lighthouses'),
  ].join('\n'),
  'fabrikam-annual-report.md': [
    '# Fabrikam Ferries annual report 2024',
    '',
    debtTable('Fabrikam Ferries', 2023),
    debtTable('Fabrikam Ferries debt and interest', 2022),
  ].join('\n'),
  'northwind-annual-report.md': [
    '# Northwind Port annual report 2024',
    '',
    debtTable('Northwind Port', 2021),
    debtTable('Northwind Port debt and interest', 2020),
  ].join('\n'),
};

describe('the within-document pass of an offline answer', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(`${tempDir()}/within.db`) });
    for (const [documentId, markdown] of Object.entries(CORPUS)) {
      await engine.ingestSource(
        { name: documentId, bytes: new TextEncoder().encode(markdown), mediaType: 'text/markdown' },
        { documentId },
      );
    }
  });
  afterAll(() => engine.close());

  const question = 'What changes in debt did Contoso Harbour Board disclose?';

  it('quotes the sentence stating the figure that the search over all documents left out', async () => {
    const { hits } = await engine.search(question, { topK: 2, mode: 'lexical' });
    const texts = hits.map((hit) => hit.chunk.text).join('\n');
    expect(texts).not.toContain('$45.0 million');
    const answer = await askWithHistory(engine, question, { topK: 2, mode: 'lexical' });
    expect(answer.notFound).toBe(false);
    expect(answer.sources[0]!.hit.chunk.documentId).toBe('contoso-annual-report.md');
    expect(answer.text).toContain('$45.0 million');
  });

  it('adds only chunks of the first source document that the hits lack', async () => {
    const { hits } = await engine.search(question, { topK: 2, mode: 'lexical' });
    const first = hits.find((hit) => hit.chunk.documentId === 'contoso-annual-report.md');
    const within = await withinDocumentHits(engine, question, first, hits, { mode: 'lexical' });
    expect(within.length).toBeGreaterThan(0);
    expect(within.length).toBeLessThanOrEqual(WITHIN_DOCUMENT_TOP_K);
    const seen = new Set(hits.map((hit) => hit.chunk.id));
    for (const hit of within) {
      expect(hit.chunk.documentId).toBe('contoso-annual-report.md');
      expect(seen.has(hit.chunk.id)).toBe(false);
    }
    expect(await withinDocumentHits(engine, question, undefined, hits, {})).toEqual([]);
  });
});
