import { describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import type { Hit } from '../core/types.js';
import { answerSources } from './answer-sources.js';

function hit(id: string, text: string, headingPath: string[] = []): Hit {
  const [documentId, ordinal] = id.split(':');
  return testHit(documentId!, text, { id, ordinal: Number(ordinal ?? 0), headingPath });
}

const NOTICE =
  'This quarterly report includes forward-looking statements about net sales and margins, which involve risks and uncertainties that could cause results to differ.';

describe('answerSources', () => {
  it('opens with search’s best specific hit, orders the rest by how well they answer, copies last and once', () => {
    const hits = [
      hit('a.pdf:1', `${NOTICE} Filed in May.`),
      hit('b.pdf:1', `${NOTICE} Filed in June.`),
      hit('a.pdf:4', 'Net sales for the quarter are discussed below.'),
      hit('a.pdf:5', 'Net sales margins were stable.'),
      hit('a.pdf:6', '|  | 2023 |\n| --- | --- |\n| Net sales margins | 41.2 % |'),
    ];
    const sources = answerSources('What were net sales margins?', hits);
    expect(sources.map((h) => h.chunk.id)).toEqual(['a.pdf:4', 'a.pdf:6', 'a.pdf:5', 'a.pdf:1']);
  });

  it('orders the rest by the score the answer quotes by: a figure in the words that accompany the asked term', () => {
    // "debt" is written beside "senior notes" and "borrowings"; the sentence with the figure says
    // only those, and a passage holding more of the question's own words states nothing.
    const hits = [
      hit('contoso.md:0', 'The debt the Contoso harbour carries is described below.'),
      hit('contoso.md:1', 'Contoso harbour debt consists of senior notes and borrowings.'),
      hit('contoso.md:2', 'The Contoso harbour pilots held their annual meeting.'),
      hit('contoso.md:3', 'In May 2024 Contoso placed $45.0 million of senior notes and borrowings.'),
    ];
    const sources = answerSources('What debt does the Contoso harbour carry?', hits, { maxSources: 3 });
    expect(sources.map((h) => h.chunk.id)).toEqual(['contoso.md:0', 'contoso.md:3', 'contoso.md:1']);
  });

  it('takes the boilerplate it is told about, and hits that support but do not clear the floor', () => {
    const hits = [
      hit('a.pdf:0', 'Marmots hibernate in burrows under granite boulders.'),
      hit('b.pdf:0', 'Marmots hibernate in burrows all winter long.'),
      hit('c.pdf:0', 'Marmots whistle loudly.'),
      hit('d.pdf:0', 'Pikas gather hay.'),
    ];
    const sources = answerSources('Where and when do marmots hibernate in burrows?', hits, {
      boilerplate: new Set(['a.pdf:0']),
    });
    expect(sources.map((h) => h.chunk.id)).toEqual(['b.pdf:0', 'c.pdf:0', 'a.pdf:0']);
    expect(answerSources('boiling point of nitrogen', hits)).toEqual([]);
  });

  it('opens with the chunk whose passage states what is asked, before better-worded hits, unless it is boilerplate', () => {
    const hits = [
      hit('a.pdf:7', 'Any significant change in internal control in the reported quarter is disclosed.'),
      hit('a.pdf:8', 'Significant changes reported each quarter are reviewed by the audit committee.'),
      hit('a.pdf:3', 'Operating expenses increased 14% to $8.2 million, driven by the new terminal.'),
    ];
    const question =
      'Has there been any significant change in operating expenses over the reported quarters?';
    expect(answerSources(question, hits)[0]!.chunk.id).not.toBe('a.pdf:3');
    expect(answerSources(question, hits, { leading: 'a.pdf:3' })[0]!.chunk.id).toBe('a.pdf:3');
    // Boilerplate never leads, even when its passage states it.
    const told = answerSources(question, hits, { leading: 'a.pdf:3', boilerplate: new Set(['a.pdf:3']) });
    expect(told[0]!.chunk.id).not.toBe('a.pdf:3');
    // Nor does a version other than the one the retriever preferred.
    const asked = { kind: 'period' as const, weight: 1.25, reason: 'the version asked for' };
    const versions = [
      {
        ...hit('v2.md:7', 'Operating expenses in the reported quarter showed no significant change.'),
        boosts: [asked],
      },
      hit('v1.md:3', 'Operating expenses increased 14% to $8.2 million, driven by the new terminal.'),
    ];
    expect(answerSources(question, versions, { leading: 'v1.md:3' })[0]!.chunk.id).toBe('v2.md:7');
  });

  it('lets the stating chunk lead past a near-copy without its figures, not past a copy in full (stop 57)', () => {
    const cover = (id: string, shares: string) =>
      hit(
        id,
        `Indicate by check mark whether the registrant has filed all reports required to be filed during the preceding 12 months. As of October 28, 2026, the registrant had ${shares} shares of common stock outstanding.`,
      );
    const question = 'How many shares of common stock did the registrant have outstanding?';
    const other = hit('a.pdf:3', 'Shares of common stock repurchased in the quarter: none.');
    // Another filing's cover repeats the text around its own count: the stating cover leads.
    const own = [other, cover('a.pdf:0', '47,538,104'), cover('b.pdf:0', '18,221,417')];
    expect(answerSources(question, own, { leading: 'a.pdf:0' })[0]!.chunk.id).toBe('a.pdf:0');
    // A copy with the same figures (a second certification) keeps it from leading.
    const copies = [other, cover('a.pdf:0', '47,538,104'), cover('a.pdf:9', '47,538,104')];
    expect(answerSources(question, copies, { leading: 'a.pdf:0' })[0]!.chunk.id).not.toBe('a.pdf:0');
  });

  it('puts the documents the retriever preferred before another issuer’s better-worded passage', () => {
    const focus = { kind: 'focus' as const, weight: 2, reason: 'the query names this document' };
    const period = { kind: 'period' as const, weight: 1.25, reason: 'dated in the asked period' };
    const named = (h: Hit, ...boosts: Array<typeof focus | typeof period>) => ({ ...h, boosts });
    const hits = [
      named(hit('2023 Q1 ACME.pdf:3', 'Acme share repurchase program remaining availability.'), focus),
      hit(
        '2023 Q1 GLOBEX.pdf:9',
        'Globex share repurchase program: repurchased shares of common stock for $4.6 billion.',
      ),
      named(hit('2023 Q2 ACME.pdf:8', 'Acme repurchased common stock for $18.0 billion.'), focus, period),
      hit('2023 Q1 ACME.pdf:5', 'Acme share repurchase activity, common stock retired.'),
    ];
    const sources = answerSources(
      'Has Acme repurchased common stock under its share repurchase program?',
      hits,
    );
    // The version the retriever preferred for the period leads, then the named documents' other
    // hits, then the other issuer's.
    expect(sources.map((h) => h.chunk.id)).toEqual([
      '2023 Q2 ACME.pdf:8',
      '2023 Q1 ACME.pdf:5',
      '2023 Q1 ACME.pdf:3',
      '2023 Q1 GLOBEX.pdf:9',
    ]);
  });

  it('opens with the asked version’s best specific hit when search’s best is another version', () => {
    const period = { kind: 'period' as const, weight: 1.25, reason: 'dated in the asked period' };
    const hits = [
      hit(
        '2023 Q3 ACME.pdf:7',
        'Foreign exchange risk: Acme hedges foreign currency exposure with forwards.',
      ),
      {
        ...hit('2023 Q2 ACME.pdf:4', 'Foreign currency weakness reduced Acme net sales by 4%.'),
        boosts: [period],
      },
    ];
    const sources = answerSources('How did foreign currency affect Acme in Q2 2023?', hits);
    expect(sources.map((h) => h.chunk.id)).toEqual(['2023 Q2 ACME.pdf:4', '2023 Q3 ACME.pdf:7']);
  });
});
