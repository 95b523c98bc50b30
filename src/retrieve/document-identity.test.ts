import { describe, expect, it } from 'vitest';
import { DocumentIdentityIndex, identityTerms, seriesKey } from './document-identity.js';

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

/** Protocols titled the way trial registries title them: many share "Phase II Study" or "University". */
const protocols = [
  { documentId: 'NCT01000001_Prot.pdf', title: 'A Phase II Study of Dendritic Cells in Melanoma' },
  { documentId: 'NCT01000002_Prot.pdf', title: 'A Phase II Study of Nivolumab in Lung Cancer' },
  { documentId: 'NCT01000003_Prot.pdf', title: 'A Phase II Study of Statins in Heart Failure' },
  { documentId: 'NCT01000004_Prot.pdf', title: 'Pilonidal Sinus Surgery at Assiut University' },
  { documentId: 'NCT01000005_Prot.pdf', title: 'Knee Rehabilitation at Cairo University' },
  { documentId: 'NCT01000006_Prot.pdf', title: 'Sleep Quality of Nurses at Tanta University' },
  { documentId: 'NCT01000007_Prot.pdf', title: 'NCT01000007' },
];

describe('DocumentIdentityIndex.named on titles that share words', () => {
  const index = new DocumentIdentityIndex(protocols);

  it('never fires on words many titles share', () => {
    expect(index.named('a phase II study of vitamin D in asthma')).toEqual([]);
    expect(index.named('hernia repair outcomes at a university hospital')).toEqual([]);
  });

  it('fires on a word that singles one document out, naming only that one', () => {
    expect(index.named('pilonidal sinus surgery at Assiut University').map((d) => d.documentId)).toEqual([
      'NCT01000004_Prot.pdf',
    ]);
    expect(index.named('a phase II study of dendritic cells in melanoma').map((d) => d.documentId)).toEqual([
      'NCT01000001_Prot.pdf',
    ]);
  });
});

describe('seriesKey and DocumentIdentityIndex.series', () => {
  it('groups the versions of one document by name without the words that say when', () => {
    expect(seriesKey({ documentId: 'filings/2023 Q3 ACME.pdf' })).toBe('acme');
    expect(seriesKey({ documentId: 'policy/privacy-policy-2024-03.md' })).toBe('privacy policy');
    expect(seriesKey({ documentId: 'release-notes-v2.4.md' })).toBe('release notes');
    expect(seriesKey({ documentId: '2023-07-01.md', title: 'Travel Policy' })).toBe('travel policy');
    expect(seriesKey({ documentId: '2023-07-01.md' })).toBe('#2023-07-01.md');
  });

  it('dates documents from their metadata and lists a series', () => {
    const index = new DocumentIdentityIndex([
      { documentId: 'a/privacy-policy-2023.md', metadata: { date: '2023-01-01' } },
      { documentId: 'b/privacy-policy-2024.md', metadata: { date: '2024-03-01' } },
      { documentId: 'travel-policy.md', metadata: { date: 'soon' } },
    ]);
    expect(index.series('a/privacy-policy-2023.md')).toEqual([
      'a/privacy-policy-2023.md',
      'b/privacy-policy-2024.md',
    ]);
    expect(index.date('b/privacy-policy-2024.md')).toBe('2024-03-01');
    expect(index.date('travel-policy.md')).toBeUndefined();
    expect(index.series('travel-policy.md')).toEqual(['travel-policy.md']);
  });
});
