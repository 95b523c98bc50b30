import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BM25_B,
  BM25_K1,
  Bm25Index,
  HEADING_WEIGHT,
  MIN_IDF,
  type TermVector,
  termVector,
} from './memory-bm25.js';

const VOCABULARY = ['apple', 'apples', 'berry', 'cherry', 'date', 'elder', 'fig'];

/** BM25 computed from scratch over the vectors indexed now. */
function bruteForce(vectors: Map<string, TermVector>, terms: string[]): Map<string, number> {
  const rows = vectors.size;
  const averageLength = [...vectors.values()].reduce((sum, vector) => sum + vector.length, 0) / rows;
  const scores = new Map<string, number>();
  for (const term of terms) {
    const holders = [...vectors].filter(([, vector]) => vector.frequencies.has(term));
    const idf = Math.max(Math.log((rows - holders.length + 0.5) / (holders.length + 0.5)), 0) || MIN_IDF;
    for (const [id, vector] of holders) {
      const frequency = vector.frequencies.get(term)!;
      const norm = 1 - BM25_B + (BM25_B * vector.length) / averageLength;
      const weight = (idf * (frequency * (BM25_K1 + 1))) / (frequency + BM25_K1 * norm);
      scores.set(id, (scores.get(id) ?? 0) + weight);
    }
  }
  return scores;
}

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    id: fc.integer({ min: 0, max: 7 }).map(String),
    words: fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 7 }).map(String) }),
);

describe('Bm25Index', () => {
  it('scores exactly the chunks indexed now, through any series of sets and deletes', () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 120 }),
        fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }),
        (operations, words) => {
          const index = new Bm25Index();
          const vectors = new Map<string, TermVector>();
          for (const step of operations) {
            if (step.kind === 'set') {
              const vector = termVector(step.words.join(' '), []);
              index.set(step.id, vector);
              vectors.set(step.id, vector);
            } else {
              expect(index.delete(step.id)).toBe(vectors.delete(step.id));
            }
          }
          expect(index.size).toBe(vectors.size);
          const terms = termVector(words.join(' '), []).frequencies.keys();
          const query = [...terms];
          const actual = index.score(query);
          const expected = bruteForce(vectors, query);
          expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
          for (const [id, score] of expected) expect(actual.get(id)).toBeCloseTo(score, 12);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('indexes heading paths with the text, a heading occurrence weighing HEADING_WEIGHT, as FTS5 column weights do', () => {
    const vector = termVector('Zebras graze', ['Zebra facts', 'Savanna']);
    const h = HEADING_WEIGHT;
    expect(Object.fromEntries(vector.frequencies)).toEqual({ zebra: 1 + h, graze: 1, fact: h, savanna: h });
    expect(vector.length).toBe(5);
  });
});
