import { describe, expect, it } from 'vitest';
import type { Hit, HitBoost } from '../core/types.js';
import { extractAnswer } from './extractive-answerer.js';

function filing(
  id: string,
  date: string,
  sales: string,
  boosts?: HitBoost[],
  dateFrom: 'text' | 'metadata' = 'text',
): Hit {
  return {
    chunk: {
      id: `${id}:0`,
      documentId: id,
      sourceId: id,
      ordinal: 0,
      text: `| | Three Months Ended |\n| --- | --- |\n| Total net sales | $ ${sales} |\n`,
      headingPath: ['Condensed Consolidated Statements of Operations'],
      pageStart: 4,
      pageEnd: 4,
      tokenCount: 20,
      metadata: { date, period: { kind: 'quarter', end: date }, dateFrom },
    },
    score: 1,
    scores: { lexical: 1 },
    ...(boosts ? { boosts } : {}),
  };
}

describe('extractAnswer over sources of several periods', () => {
  const older = filing('2023 Q2 ACME.pdf', '2023-04-01', '94,836');
  const newer = filing('2023 Q3 ACME.pdf', '2023-07-01', '81,797');

  it('leads with the newest source for a recency question and says the period of each figure', () => {
    const { text, cited } = extractAnswer('What were total net sales in the latest quarter?', [older, newer]);
    expect(text.indexOf('81,797')).toBeLessThan(text.indexOf('94,836'));
    expect(text).toMatch(/^Quarter ended 2023-07-01: /);
    expect(text).toContain('Quarter ended 2023-04-01: ');
    expect(cited).toEqual([2, 1]);
  });

  it('leads with the source the retriever boosted for the asked period', () => {
    const boosted = filing('2023 Q2 ACME.pdf', '2023-04-01', '94,836', [
      { kind: 'period', weight: 1, reason: 'its name states the period asked for' },
    ]);
    const { text } = extractAnswer('What were total net sales in Q2 2023?', [newer, boosted]);
    expect(text).toMatch(/^Quarter ended 2023-04-01: /);
    expect(text.indexOf('94,836')).toBeLessThan(text.indexOf('81,797'));
  });

  it('keeps the order and adds no labels when the sources share one date or have none', () => {
    const same = filing('other.pdf', '2023-07-01', '12,000');
    const { text } = extractAnswer('What were total net sales in the latest quarter?', [newer, same]);
    expect(text).not.toContain('Quarter ended');
  });

  it('neither labels nor reorders by dates read from file metadata (a creation date is no period)', () => {
    const a = filing('a.pdf', '2019-08-30', '94,836', undefined, 'metadata');
    const b = filing('b.pdf', '2018-03-27', '81,797', undefined, 'metadata');
    const { text, cited } = extractAnswer('What were total net sales in the latest quarter?', [a, b]);
    expect(text).not.toMatch(/ended|Dated/);
    expect(cited[0]).toBe(1);
  });

  it('names each quote’s document too when the quotes come from more than one series', () => {
    const other = filing('2023 Q2 GLOBEX.pdf', '2023-04-01', '12,400');
    const { text } = extractAnswer('What were total net sales in the latest quarter?', [newer, other]);
    expect(text).toMatch(/^Quarter ended 2023-07-01, 2023 Q3 ACME\.pdf: /);
    expect(text).toContain('Quarter ended 2023-04-01, 2023 Q2 GLOBEX.pdf: ');
  });
});
