import { describe, expect, it } from 'vitest';
import { DocumentIdentityIndex, identityTerms } from './document-identity.js';

const filings = ['2022 Q3', '2023 Q1', '2023 Q2'].flatMap((quarter) => [
  { documentId: `${quarter} AAPL.pdf`, title: 'Apple Inc.' },
  { documentId: `${quarter} INTC.pdf`, title: 'INTEL CORPORATION' },
  { documentId: `${quarter} NVDA.pdf`, title: 'NVIDIA CORPORATION' },
]);

describe('identityTerms', () => {
  it('reads the title and the path, leaving out single characters and numbers other than years', () => {
    expect(identityTerms({ documentId: 'filings/2023 Q1 AAPL.pdf', title: 'Apple Inc.' })).toEqual([
      'appl',
      'inc',
      'file',
      '2023',
      'q1',
      'aapl',
    ]);
    expect(identityTerms({ documentId: '20071229X02007.pdf' })).toEqual(['20071229x02007']);
    expect(identityTerms({ documentId: '4983', title: 'Form 10-Q filed 10/24/2022' }, false)).toEqual([]);
  });
});

describe('DocumentIdentityIndex.named', () => {
  const index = new DocumentIdentityIndex(filings);

  it('names the document a question names by company and quarter, alone', () => {
    expect(index.titles).toBe(true);
    expect(
      index.named("What legal proceedings did Apple's Q1 2023 10-Q mention?").map((d) => d.documentId),
    ).toEqual(['2023 Q1 AAPL.pdf']);
  });

  it('names every document of a company when only the company is named', () => {
    expect(index.named('How has NVIDIA’s revenue changed over time?').map((d) => d.documentId)).toEqual([
      '2022 Q3 NVDA.pdf',
      '2023 Q1 NVDA.pdf',
      '2023 Q2 NVDA.pdf',
    ]);
  });

  it('names nothing for a question without names, or with names every document shares', () => {
    expect(index.named('What drove operating expenses?')).toEqual([]);
    const shared = new DocumentIdentityIndex([
      { documentId: 'a.md', title: 'Acme Report' },
      { documentId: 'b.md', title: 'Acme Review' },
    ]);
    expect(shared.named('Acme')).toEqual([]);
    expect(new DocumentIdentityIndex([]).named('Apple')).toEqual([]);
  });

  it('leaves titles out when the collection’s titles describe rather than name', () => {
    const papers = new DocumentIdentityIndex([
      { documentId: '101', title: 'Autophagy in neurons protects against degeneration of axons in mice' },
      { documentId: '102', title: 'Tumour necrosis factor alpha drives inflammation in the gut lining' },
      {
        documentId: 'reviews/autophagy.md',
        title: 'A short review of cell recycling pathways and their roles',
      },
    ]);
    expect(papers.titles).toBe(false);
    expect(papers.named('Autophagy protects neurons').map((d) => d.documentId)).toEqual([
      'reviews/autophagy.md',
    ]);
  });
});
