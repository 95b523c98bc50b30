import { describe, expect, it } from 'vitest';
import { documentLabel, embeddingTextFor } from './embedding-text.js';

describe('documentLabel', () => {
  it('names the document by title, and by file name where that says more', () => {
    expect(documentLabel({ title: 'Apple Inc.', name: 'filings/2023 Q1 AAPL.pdf' })).toBe(
      'Apple Inc. (2023 Q1 AAPL)',
    );
    expect(documentLabel({ title: 'Marmot Field Guide', name: 'marmot_field_guide.md' })).toBe(
      'Marmot Field Guide',
    );
    expect(documentLabel({ name: 'NCT06145295_Prot_SAP_000.pdf' })).toBe('NCT06145295 Prot SAP 000');
    expect(documentLabel({ title: 'Acme Corporation', name: '2023 Q1 ACME.md' })).toBe(
      'Acme Corporation (2023 Q1 ACME)',
    );
    expect(documentLabel({ name: '12345' })).toBeUndefined();
    expect(documentLabel({ title: 'Minutes', name: '2023-05-01.md' })).toBe('Minutes');
    expect(documentLabel({ title: 'Apple Inc.', name: '2023 Q1 AAPL.pdf' }, true)).toBe('2023 Q1 AAPL');
  });
});

describe('embeddingTextFor', () => {
  const chunk = { headingPath: ['Apple Inc.', 'Item 2. MD&A'], text: 'Net sales rose 2%.' };

  it('prefixes the document label and the heading path, leaving the text as it is', () => {
    expect(embeddingTextFor(chunk, { title: 'Apple Inc.', name: '2023 Q1 AAPL.pdf' })).toBe(
      '2023 Q1 AAPL\nApple Inc. > Item 2. MD&A\n\nNet sales rose 2%.',
    );
    expect(
      embeddingTextFor(
        { headingPath: [], text: 'Net sales rose 2%.' },
        { title: 'Q3 Report', name: 'q3.pdf' },
      ),
    ).toBe('Q3 Report\n\nNet sales rose 2%.');
  });

  it('is the heading path and the text without a document', () => {
    expect(embeddingTextFor(chunk)).toBe('Apple Inc. > Item 2. MD&A\n\nNet sales rose 2%.');
    expect(embeddingTextFor({ headingPath: [], text: 'Plain.' })).toBe('Plain.');
  });
});
