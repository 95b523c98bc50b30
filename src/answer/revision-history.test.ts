import { describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import type { Hit } from '../core/types.js';
import { extractAnswer } from './extractive-answerer.js';
import { askedRevision } from './revision-history.js';

const hit = (documentId: string, ordinal: number, text: string, headingPath: string[]): Hit =>
  testHit(documentId, text, { ordinal, headingPath });

const history = hit(
  'pets-policy.docx',
  5,
  [
    '## Revision history',
    '',
    '| **Version** | **Date** | **Change** |',
    '| --- | --- | --- |',
    '| 1.0 | March 2019 | First issue. |',
    '| 2.0 | June 2022 | Dogs allowed in flats with shared entrances. |',
    '| 3.0 | September 2024 | Permission reply time cut from 28 to 15 working days. |',
    '| 3.1 | January 2026 | Fish tank limit raised from 40 to 60 litres. |',
  ].join('\n'),
  ['Revision history'],
);
const body = hit(
  'pets-policy.docx',
  1,
  '## 1. Keeping a pet\n\nTenants may keep up to two cats or one dog without asking permission first. The pets policy applies to every home.',
  ['1. Keeping a pet'],
);

describe('askedRevision', () => {
  it('reads the newest row for "last revised" and "latest version", the oldest for "first issued"', () => {
    expect(askedRevision('When was the pets policy last revised?', [body, history])?.row).toContain(
      '| 3.1 |',
    );
    expect(askedRevision('What changed in the latest version of the pets policy?', [body, history])).toEqual({
      source: 2,
      row: '| 3.1 | January 2026 | Fish tank limit raised from 40 to 60 litres. |',
    });
    expect(askedRevision('When was the pets policy first issued?', [body, history])?.row).toContain(
      '| 1.0 |',
    );
  });

  it('reads the version a question names, and the revision a date cue picks', () => {
    expect(askedRevision('What changed in version 2.0 of the pets policy?', [history])?.row).toContain(
      'June 2022',
    );
    expect(askedRevision('What was changed in the policy before September 2024?', [history])?.row).toContain(
      'June 2022',
    );
    expect(askedRevision('Which change to the policy was made in 2024?', [history])?.row).toContain(
      '| 3.0 |',
    );
  });

  it('reads a table whose header has a version and a date column without a heading', () => {
    const table = hit(
      'pump-manual.md',
      9,
      '| Rev. | Date | Description |\n| --- | --- | --- |\n| A | 2023-02-01 | Initial release |\n| B | 2024-05-20 | Torque values corrected |',
      ['Appendix'],
    );
    expect(
      askedRevision('What was updated in the most recent revision of the pump manual?', [table])?.row,
    ).toContain('Torque values corrected');
  });

  it('reads a release table, and a version number the question writes on its own (stop 59)', () => {
    const releases = hit(
      'support-policy.md',
      1,
      '## Releases\n\n| Version | Release date | Notes |\n| --- | --- | --- |\n| 4.0 | 2025-02-10 | LTS. |\n| 4.1 | 2025-08-18 | Streaming export added. |\n| 4.2 | 2026-02-23 | Plugin API version 2. |',
      ['Releases'],
    );
    expect(askedRevision('What changed in the most recent Tidepool release?', [releases])?.row).toContain(
      '| 4.2 |',
    );
    expect(askedRevision('When was Tidepool 4.1 released?', [releases])?.row).toContain('Streaming export');
    // A price or a size is no version.
    expect(askedRevision('When was the £4.1 fee released?', [releases])?.row).toBeUndefined();
  });

  it('reads nothing for a question about a revision’s content rather than the revision (stop 59)', () => {
    expect(
      askedRevision('What dog rules did the latest version of the pets policy set?', [body, history]),
    ).toBeUndefined();
    expect(
      askedRevision('What did version 2.0 of the policy say about dogs in flats?', [history]),
    ).toBeUndefined();
  });

  it('reads nothing for a question about no revision, a table of another document first, or no history', () => {
    expect(askedRevision('How many cats may a tenant keep?', [body, history])).toBeUndefined();
    const other = hit('parking.pdf', 0, 'Charges from 1 April 2026.', ['Parking']);
    expect(askedRevision('When was the pets policy last revised?', [other, history])).toBeUndefined();
    expect(askedRevision('When was the pets policy last revised?', [body])).toBeUndefined();
    // A dated table under another heading is no revision history.
    const fees = hit(
      'fees.md',
      0,
      '## Fees\n\n| Item | Date | Fee |\n| --- | --- | --- |\n| Joining | 1 March 2025 | £20 |\n| Renewal | 1 March 2026 | £15 |',
      ['Fees'],
    );
    expect(askedRevision('What changed in the latest fees?', [fees])).toBeUndefined();
  });
});

describe('extractAnswer for a revision question', () => {
  it('leads with the asked row of the revision history, which holds none of the question words', () => {
    const { text, cited } = extractAnswer('When was the pets policy last revised?', [body, history]);
    expect(text.split('\n\n')[0]).toContain(
      '| 3.1 | January 2026 | Fish tank limit raised from 40 to 60 litres. |',
    );
    expect(cited[0]).toBe(2);
  });
});
