import { describe, expect, it } from 'vitest';
import { contentTerms, wordTerm } from '../../retrieve/terms.js';
import { highlighter, highlightRanges, MAX_HIGHLIGHTS } from './highlight.js';

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

describe('highlighter on ASCII text', () => {
  // The general path: every word found by the Unicode word pattern and analysed.
  function everyWord(query: string, text: string): Array<[number, number]> {
    const terms = new Set(contentTerms(query));
    const out: Array<[number, number]> = [];
    for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu)) {
      const term = wordTerm(m[0].toLowerCase());
      if (term !== undefined && terms.has(term)) out.push([m.index, m.index + m[0].length]);
    }
    return out.slice(0, MAX_HIGHLIGHTS);
  }

  it('marks exactly the words that analysing every word marks', () => {
    const vocabulary = [
      'Yields',
      'yielding',
      'yield',
      'relational',
      'relate',
      'ties',
      'tie',
      'Caresses',
      'ponies',
      'generalization',
      'general',
      '2020',
      'x86',
      'IL6',
      'il-6',
      'the',
      'of',
      'a',
      'A.B.',
      'é',
      'running',
      'runs',
      'hopping',
      'hope',
      'Cells',
      'cell',
      'cellular',
      "apple's",
      'U.S.',
      '_x_',
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const separators = [' ', ', ', '. ', '-', '(', ') ', '/', '\n', '_', "'"];
    for (let round = 0; round < 200; round++) {
      const words = Array.from({ length: 40 }, () => vocabulary[next(vocabulary.length)]!);
      const text = words.map((w) => w + separators[next(separators.length)]).join('');
      const ascii = text.replace(/é/g, 'e');
      const query = Array.from({ length: 3 }, () => vocabulary[next(vocabulary.length)]).join(' ');
      expect(highlighter(query)(ascii), `${query} | ${ascii}`).toEqual(everyWord(query, ascii));
    }
  });
});
