import { describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import { answerSources } from './answer-sources.js';
import { extractAnswer } from './extractive-answerer.js';
import { headingSection, isReferenceMaterial, pointedSections, statesEvent } from './reference-material.js';

const sentence = (text: string) => ({ kind: 'sentence' as const, text });
const row = (header: string, text: string) => ({ kind: 'row' as const, text, table: { header } });

describe('isReferenceMaterial', () => {
  it('finds index rows, certifications and cross-references by their form', () => {
    expect(
      isReferenceMaterial(
        row(
          '| Exhibit Number | Description | Filed With | Date |',
          '| 4.2 | Supplemental indenture | Form CR | March 2024 |',
        ),
      ),
    ).toBe(true);
    expect(isReferenceMaterial(row('| Section | Page |', '| Item 3. Legal Proceedings | 9 |'))).toBe(true);
    expect(isReferenceMaterial(row('| | |', '| Item 3. Legal Proceedings | 9 |'))).toBe(true);
    expect(
      isReferenceMaterial(
        sentence(
          'I, Maria Ortega, certify that I have reviewed this annual report of Contoso Water Authority.',
        ),
      ),
    ).toBe(true);
    expect(isReferenceMaterial(sentence('/s/ Daniel Reyes, Chief Financial Officer'))).toBe(true);
    expect(
      isReferenceMaterial(sentence('Refer to Note 6, Long-term Debt, for a description of our bonds.')),
    ).toBe(true);
    expect(isReferenceMaterial(sentence('See Item 7 for further information about liquidity.'))).toBe(true);
  });

  it('keeps statements, tables of figures and sentences with an amount of their own', () => {
    expect(
      isReferenceMaterial(row('| (in thousands) | 2024 | 2023 |', '| Revenue bonds | 45,000 | — |')),
    ).toBe(false);
    expect(isReferenceMaterial(row('| | |', '| Note 6 balance | 45,000 |'))).toBe(false);
    expect(
      isReferenceMaterial(sentence('In March 2024 the Authority issued $45.0 million of revenue bonds.')),
    ).toBe(false);
    expect(
      isReferenceMaterial(sentence('As described in Note 6, we repaid $9.5 million of bonds in June 2024.')),
    ).toBe(false);
    expect(isReferenceMaterial(sentence('We see strong demand for water in the summer.'))).toBe(false);
  });
});

describe('statesEvent', () => {
  it('is a sentence with an amount, a date and a past-tense verb that tells an event', () => {
    expect(statesEvent(sentence('In March 2024 the Authority issued $45.0 million of revenue bonds.'))).toBe(
      true,
    );
    expect(statesEvent(sentence('In September 2024 the Trust bought a warehouse for £2.15 million.'))).toBe(
      true,
    );
    expect(
      statesEvent(sentence('Interest expense was $472 million in the three months ended March 31, 2023.')),
    ).toBe(false);
    expect(
      statesEvent(sentence('As of April 1, 2023 we had $1.0 billion of commercial paper outstanding.')),
    ).toBe(false);
    expect(statesEvent(sentence('The Authority issued revenue bonds to fund the plant.'))).toBe(false);
    expect(statesEvent({ kind: 'row', text: '| Issued in March 2024 | $45.0 million |' })).toBe(false);
  });
});

describe('pointedSections and headingSection', () => {
  it('read the sections a cross-reference points to and the section a heading opens', () => {
    expect(
      pointedSections('Refer to Note 9, Commitments and Contingencies, in Item 8 for a description.'),
    ).toEqual(['note 9', 'item 8']);
    expect(pointedSections('Note 9 shows commitments of $31.6 million.')).toEqual([]);
    expect(headingSection('Note 9. Commitments and Contingencies')).toBe('note 9');
    expect(headingSection('Item 1A. Risk Factors')).toBe('item 1a');
    expect(headingSection('Liquidity')).toBeUndefined();
  });
});

describe('answers to broad questions', () => {
  const report = [
    '| Exhibit Number | Description | Filed With | Date |',
    '|---|---|---|---|',
    '| 4.1 | Indenture for the notes, debt of Contoso | Form CR | March 2024 |',
    '| 10.1 | Credit agreement, debt facility of Contoso | Form CR | June 2024 |',
    '',
    'Refer to Note 6, Debt, for a description of the changes in debt of Contoso.',
    '',
    'I, Jane Doe, certify that I have reviewed this report of Contoso and its debt disclosures.',
    '',
    'In March 2024 Contoso issued $45.0 million of notes due 2049, its largest change in debt since 2019.',
  ].join('\n');

  it('lead with the sentence that states the event, reference material after it', () => {
    const { text } = extractAnswer('What changes in debt did Contoso disclose?', [
      testHit('contoso.md', report),
    ]);
    expect(text.startsWith('In March 2024 Contoso issued $45.0 million of notes')).toBe(true);
    const index = text.indexOf('Exhibit Number');
    if (index >= 0) expect(index).toBeGreaterThan(text.indexOf('$45.0 million'));
  });

  it('read a section a cross-reference points to as about what the reference names', () => {
    const item = testHit(
      'contoso.md',
      'Refer to Note 9, Contingencies, for a description of our legal proceedings.',
      {
        ordinal: 1,
        headingPath: ['Contoso Annual Report', 'Item 3. Legal Proceedings'],
      },
    );
    const costs = testHit(
      'contoso.md',
      'Legal and audit fees of the year were $2.2 million. The proceedings of the annual meeting were published.',
      { ordinal: 3, headingPath: ['Contoso Annual Report', 'Item 7. Operating Costs'] },
    );
    const note = testHit(
      'contoso.md',
      'In October 2023 a former contractor filed suit seeking $3.4 million; Contoso recorded a liability of $0.6 million.',
      { ordinal: 7, headingPath: ['Contoso Annual Report', 'Note 9. Contingencies'] },
    );
    const sources = answerSources('What legal proceedings did Contoso disclose?', [item, costs, note]);
    expect(sources.map((s) => s.chunk.ordinal)).toEqual([1, 7, 3]);
    const { text } = extractAnswer('What legal proceedings did Contoso disclose?', sources);
    expect(text).toContain('$3.4 million');
  });
});

describe('the lead quote', () => {
  it('is the best stating quote of the first source, not another source’s', () => {
    const first = testHit(
      'contoso.md',
      'Contoso keeps a credit facility for its plant. In June 2024 Contoso borrowed $20.0 million under a new credit facility for its plant.',
    );
    const other = testHit(
      'fabrikam.md',
      'In May 2024 Fabrikam borrowed $9.0 million under a new credit facility, its first credit facility borrowing.',
    );
    const { text } = extractAnswer('What did Contoso borrow under its credit facility?', [first, other]);
    expect(text.startsWith('In June 2024 Contoso borrowed $20.0 million')).toBe(true);
  });
});

describe('isReferenceMaterial: a sentence telling what its own document covers (stop 74)', () => {
  const sentence = (text: string) => isReferenceMaterial({ kind: 'sentence', text });
  it('reads a page or handbook describing itself as reference material, not what it states', () => {
    expect(
      sentence('Everything you need to know about joining Pendlewick Library and borrowing from us.'),
    ).toBe(true);
    expect(
      sentence(
        'Whether you are training for your first 5K or your tenth marathon, this handbook tells you how the club works.',
      ),
    ).toBe(true);
    expect(sentence('This guide explains how to claim a refund.')).toBe(true);
    // It states a sum: no description only.
    expect(sentence('This guide explains why membership costs £30 a year.')).toBe(false);
    expect(sentence('To join, bring one form of photo ID to any library.')).toBe(false);
  });
});
