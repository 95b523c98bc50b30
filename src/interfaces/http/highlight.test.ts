import { describe, expect, it } from 'vitest';
import { highlightRanges } from './highlight.js';

function marked(query: string, text: string): string[] {
  return highlightRanges(query, text).map(([start, end]) => text.slice(start, end));
}

describe('highlightRanges', () => {
  it('marks the words whose stems are the query’s, ignoring case and stop words', () => {
    const text = 'Rotating the signing key: keys are rotated by the operator.';
    expect(marked('how to rotate signing keys', text)).toEqual([
      'Rotating',
      'signing',
      'key',
      'keys',
      'rotated',
    ]);
  });

  it('gives offsets into the text itself, across non-ASCII text', () => {
    const text = 'Café ☕ — la clé de chiffrement, puis la Clé.';
    const ranges = highlightRanges('clé', text);
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['clé', 'Clé']);
  });

  it('marks nothing for a query of stop words only or punctuation', () => {
    expect(highlightRanges('the of and', 'the key of the vault')).toEqual([]);
    expect(highlightRanges('?!', 'anything')).toEqual([]);
  });
});
