import { describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import { askedMeasure } from './asked-measure.js';
import { askedStatement, judgeStatement } from './stated-evidence.js';

describe('askedMeasure', () => {
  it('reads the measure and what it is of after the verb’s preposition', () => {
    expect(
      askedMeasure('What revenue did Contoso report from its Gaming segment in its latest 10-Q?'),
    ).toEqual({
      measure: 'revenue',
      kind: 'earned',
      noun: 'revenue',
      subject: 'its Gaming segment',
      verb: 'report',
    });
    expect(askedMeasure('What interest rate does the Trust pay on its warehouse mortgage?')).toMatchObject({
      kind: 'rate',
      subject: 'its warehouse mortgage',
    });
    expect(
      askedMeasure('What price per share did Contoso pay for Litware according to its 10-Q?'),
    ).toMatchObject({
      kind: 'amount',
      noun: 'price',
      subject: 'Litware',
      per: 'share',
    });
  });

  it('reads a unit asked per after the verb, an object without a preposition and an owner', () => {
    expect(
      askedMeasure('What price did the Authority charge per thousand gallons of water in 2024?'),
    ).toMatchObject({
      subject: '',
      per: 'thousand gallons of water',
    });
    expect(askedMeasure('What average salary did the district pay its teachers?')).toMatchObject({
      measure: 'average salary',
      subject: 'its teachers',
    });
    // "contribute to Contoso": what the owner gave to names no subject; the owner is the documents'.
    expect(askedMeasure('How much revenue did Litware contribute to Contoso in the quarter?')).toMatchObject({
      subject: '',
    });
    // "for the quarter of …" names when; a possessor's thing is the subject.
    expect(
      askedMeasure('What effective tax rate did Contoso report for the quarter of its latest 10-Q?'),
    ).toMatchObject({ measure: 'effective tax rate', subject: '' });
    // A possessor's thing is the subject, its document is not.
    expect(
      askedMeasure(
        "How much revenue did Contoso's automotive business bring in according to its latest 10-Q?",
      ),
    ).toMatchObject({ subject: 'automotive business', verb: 'bring' });
    expect(
      askedMeasure("What iPhone net sales did Contoso's Form 10-Q for the quarter ended April 1 report?"),
    ).toMatchObject({ subject: '' });
    expect(askedMeasure("What Data Center revenue did Contoso's latest filing report?")).toMatchObject({
      measure: 'Data Center revenue',
      subject: '',
    });
    expect(askedMeasure('What salary did the district pay its teachers on average?')).toMatchObject({
      subject: 'its teachers',
    });
  });

  it('reads no other question', () => {
    expect(askedMeasure('What did the service before last cost?')).toBeUndefined();
    expect(askedMeasure('How many employees did Contoso have?')).toBeUndefined();
    expect(askedMeasure('What risks did Contoso report?')).toBeUndefined();
    // "What was X's <measure>" is left to the retrieval of its words: documents write the subject
    // otherwise ("AWS" for "Amazon Web Services segment").
    expect(
      askedMeasure("What were Contoso Web Services segment net sales in Contoso's latest quarter?"),
    ).toBeUndefined();
  });
});

describe('judging a measure of a subject', () => {
  const judge = (question: string, text: string, frequency: Record<string, number> = {}) =>
    judgeStatement(askedStatement(question)!, [testHit('d', text)], new Map(Object.entries(frequency)))
      .stated;

  it('is stated by a row its table names the measure of, or a sentence giving it', () => {
    const table =
      '| (in thousands) | 2024 | 2023 |\n| --- | --- | --- |\n| Property taxes | 196,300 | 188,750 |\n' +
      '| Federal grants | 32,450 | 47,900 |\n| Total revenues | 470,550 | 472,750 |';
    expect(judge('How much revenue did the district receive from federal grants in 2024?', table)).toBe(true);
    expect(
      judge(
        'What revenue did Contoso report from Gaming in its latest 10-Q?',
        'Gaming revenue for the third quarter was $2.86 billion, up 81% from a year ago.',
      ),
    ).toBe(true);
    // A rate given "at" a percentage, a price as the sum a thing was bought for.
    expect(
      judge(
        'What interest rate does the Trust pay on its warehouse mortgage?',
        'Besides the warehouse mortgage, repayable over 20 years at a fixed 5.2%, the Trust arranged an overdraft.',
      ),
    ).toBe(true);
    expect(
      judge(
        'What price did the district pay for the site of its new school?',
        'On August 15, 2024 the district purchased a 14-acre site for a new school for $6.3 million.',
      ),
    ).toBe(true);
  });

  it('is not stated by the subject without the measure, or the measure of another subject', () => {
    // Named with a year only: no figure of it.
    expect(
      judge(
        'What revenue did Contoso report from Contoso Vision in its most recent 10-Q?',
        'Contoso Vision, the first spatial computer, is expected to be available in early calendar year 2024.',
      ),
    ).toBe(false);
    // A sum beside the subject, no rate.
    expect(
      judge(
        'What interest rate did Contoso pay on its commercial paper?',
        'As of July 1, 2023 the Company had $4.0 billion of Commercial Paper outstanding.',
      ),
    ).toBe(false);
    // Another debt's rate in the same paragraph.
    expect(
      judge(
        'What interest rate did the Authority pay on its state revolving fund loans?',
        'The Authority issued $45.0 million of revenue bonds at a fixed rate of 4.1%.\n\n' +
          '| | 2024 | 2023 |\n| --- | --- | --- |\n| State revolving fund loans | 18,740 | 20,150 |',
      ),
    ).toBe(false);
    // The total paid, not per share.
    expect(
      judge(
        'What price per share did Contoso pay for Litware according to its most recent 10-Q?',
        'On October 13, 2023, we completed our acquisition of Litware for a cash payment of $61.8 billion.',
      ),
    ).toBe(false);
  });

  it('reads a rate given as a percentage of its other word or "at" a sum', () => {
    expect(
      judge(
        "What interest rate does the co-operative pay on members' shares?",
        'The board proposes interest of 4.0% on members’ shares for 2025, paid in July 2026.',
      ),
    ).toBe(true);
    expect(
      judge(
        'What mileage rate does the food bank pay delivery drivers?',
        'We pay mileage for delivery drivers at 45p a mile.',
      ),
    ).toBe(true);
    expect(
      judge('What market share did Contoso report for the Lumen?', 'Lumen net sales were $1,200 million.'),
    ).toBe(false);
  });

  it('needs the names in the subject, not the nouns around them', () => {
    // "the Arm deal" is written "the Arm transaction".
    expect(
      judge(
        'What acquisition termination cost did Contoso record for the Arm deal according to its 10-Q?',
        'We recorded an acquisition termination cost of $1.35 billion for the Arm transaction.',
        { arm: 0.1, deal: 0.02 },
      ),
    ).toBe(true);
    // "platform" alone is not the Omniverse platform.
    expect(
      judge(
        'What revenue did Contoso report from its Omniverse platform in its latest 10-Q?',
        'Data Center platform revenue was $14.51 billion. Omniverse is available to enterprises.',
        { omnivers: 0.02, platform: 0.1 },
      ),
    ).toBe(false);
  });

  it('needs no subject term that is written everywhere, nor the owner named alone', () => {
    // Every word of the subject is in most chunks of the document: it is the document's topic.
    expect(
      judge('What revenue did Contoso report from its cloud business?', 'Revenue was $4.1 billion, up 9%.', {
        cloud: 0.9,
        busi: 0.9,
      }),
    ).toBe(true);
    expect(
      judge('What revenue did Contoso report from its cloud business?', 'Revenue was $4.1 billion, up 9%.', {
        cloud: 0.05,
        busi: 0.9,
      }),
    ).toBe(false);
    // The owner alone: only the measure and its unit are needed.
    expect(
      judge(
        'What dividend per share did Contoso declare in the quarter?',
        'Contoso declared a dividend of $0.75 per share.',
      ),
    ).toBe(true);
    expect(
      judge(
        'What dividend per share did Contoso declare in the quarter?',
        'Contoso has never declared a dividend.',
      ),
    ).toBe(false);
  });
});
