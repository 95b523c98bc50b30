import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentsOf } from './segments.js';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const words = new Intl.Segmenter('en', { granularity: 'word' });
const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

function direct(segmenter: Intl.Segmenter, text: string) {
  return [...segmenter.segment(text)].map(({ index, segment, isWordLike }) => ({
    index,
    segment,
    isWordLike: isWordLike === true,
  }));
}

const piece = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.constantFrom('🇫🇷🇩🇪🇮🇹', '👨‍👩‍👧‍👦', '\r\n', 'e\u0301\u0301\u0301', '\u0600 ', ' \u0301', 'क्षत्रिय'),
);

describe('segmentsOf', () => {
  it('gives exactly the grapheme clusters of the whole text, across many windows', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 20, maxLength: 120 }), (pieces) => {
        const text = pieces.join('');
        expect([...segmentsOf(graphemes, text)]).toEqual(direct(graphemes, text));
      }),
      { numRuns: 60 },
    );
  });

  it('never ends a window inside a long run of multi-unit clusters', () => {
    for (const text of [
      '👨‍👩‍👧‍👦'.repeat(300),
      'e\u0301'.repeat(700),
      '🇫🇷'.repeat(500),
      'a\r\n'.repeat(400),
    ]) {
      expect([...segmentsOf(graphemes, text)]).toEqual(direct(graphemes, text));
    }
  });

  it('gives the word and sentence segments of ordinary prose', () => {
    const text = Array.from(
      { length: 120 },
      (_, i) => `Sentence ${i} isn't short; it has words, numbers like 3.14 and "quotes". `,
    ).join('');
    expect(text.length).toBeGreaterThan(5000);
    expect([...segmentsOf(words, text)]).toEqual(direct(words, text));
    expect([...segmentsOf(sentences, text)]).toEqual(direct(sentences, text));
  });

  it('widens its window for a segment longer than the window', () => {
    const long = `${'a'.repeat(3000)} ${'b'.repeat(1500)}`;
    expect([...segmentsOf(words, long)].map((part) => part.segment)).toEqual([
      'a'.repeat(3000),
      ' ',
      'b'.repeat(1500),
    ]);
  });

  it('yields nothing for the empty string', () => {
    expect([...segmentsOf(graphemes, '')]).toEqual([]);
  });
});
