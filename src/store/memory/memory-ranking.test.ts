import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../../core/filter/match-filter.js';
import { compareCodePointOrder, upperBound } from './code-point-order.js';
import { type Candidate, TopRanking } from './memory-ranking.js';

const candidates = fc.uniqueArray(
  fc.record({
    score: fc.integer({ min: -5, max: 5 }).map((n) => n / 2),
    seq: fc.nat(1000),
    sourceId: fc.constantFrom('a', 'b', 'c', 'd'),
  }),
  { selector: (candidate) => candidate.seq, maxLength: 60 },
);

/** The reference: sort everything, keep each source's first when asked, cut at topK. */
function naive(list: Array<Omit<Candidate<null>, 'item'>>, topK: number, keepBest: boolean) {
  const sorted = [...list].sort((a, b) => b.score - a.score || a.seq - b.seq);
  const kept = keepBest
    ? sorted.filter((item, index) => sorted.findIndex((other) => other.sourceId === item.sourceId) === index)
    : sorted;
  return kept.slice(0, topK).map((item) => item.seq);
}

describe('TopRanking', () => {
  it('returns what sorting everything would, best first, ties to the lower seq', () => {
    fc.assert(
      fc.property(candidates, fc.integer({ min: 1, max: 12 }), fc.boolean(), (list, topK, keepBest) => {
        const ranking = new TopRanking<null>(topK, keepBest);
        for (const { score, seq, sourceId } of list) ranking.offer(null, score, seq, sourceId);
        expect(ranking.results().map((candidate) => candidate.seq)).toEqual(naive(list, topK, keepBest));
      }),
    );
  });
});

describe('compareCodePointOrder', () => {
  const text = fc.string({
    unit: fc.constantFrom('a', 'Z', '\u00E9', '\uFFFD', '\uE000', '\u{1F680}', '\u{10000}'),
  });

  it('agrees in sign with compareCodePoints', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareCodePointOrder(a, b))).toBe(Math.sign(compareCodePoints(a, b)));
      }),
    );
  });

  it('finds the first element after a value with upperBound', () => {
    fc.assert(
      fc.property(fc.array(text), text, (values, probe) => {
        const sorted = [...values].sort(compareCodePointOrder);
        const index = upperBound(sorted, probe);
        expect(sorted.slice(0, index).every((value) => compareCodePoints(value, probe) <= 0)).toBe(true);
        expect(sorted.slice(index).every((value) => compareCodePoints(value, probe) > 0)).toBe(true);
      }),
    );
  });
});
