import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentTerms, isContraction, readTerms, wordTerm, wordTokens } from './terms.js';

describe('contentTerms', () => {
  it('stems content words and drops stop words', () => {
    expect(contentTerms('How did the pilots land the airplane?')).toEqual(['pilot', 'land', 'airplan']);
  });

  it('drops possessives and splits dotted names, so they meet the words in the text', () => {
    expect(contentTerms("Apple's revenue")).toEqual(contentTerms('Apple revenue'));
    expect(contentTerms('NVIDIA’s margin')).toEqual(['nvidia', 'margin']);
    expect(contentTerms('AMAZON.COM, INC.')).toEqual(['amazon', 'com', 'inc']);
    expect(contentTerms('the U.S. dollar')).toEqual(['dollar']);
    expect(contentTerms("O'Neil's plan")).toEqual(["o'neil", 'plan']);
  });

  it('tells a contraction from a name with an apostrophe (stop 74)', () => {
    expect(contentTerms("I don't").filter(isContraction)).toEqual(["don't"]);
    expect(["i'm", 'won’t', "we've", "it'll", "i'd", "they're"].every(isContraction)).toBe(true);
    expect(["o'neil", 'cafe', 'don'].some(isContraction)).toBe(false);
  });
});

describe('wordTerm', () => {
  it('gives the term contentTerms gives for the word alone, ASCII or not', () => {
    const words = [
      'pilots',
      'the',
      'airplane',
      'abc123',
      '2023',
      'café',
      'naïve',
      'straße',
      'école',
      'why',
      'revenues',
    ];
    for (const word of words) expect(wordTerm(word)).toBe(contentTerms(word)[0]);
  });
});

describe('wordTokens on ASCII text', () => {
  const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
  const bySegmenter = (text: string) =>
    Array.from(segmenter.segment(text))
      .filter((s) => s.isWordLike)
      .map((s) => s.segment.toLowerCase());

  it('gives the word segments Intl.Segmenter gives', () => {
    // Every ASCII character, and the joiners and word characters more often.
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    const alphabet = [...ascii, ..."aZ9_.:,;'  ".split(''), ..."aZ9_.:,;'".split('')];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }), (chars) => {
        const text = chars.join('');
        expect(wordTokens(text)).toEqual(bySegmenter(text));
      }),
      { numRuns: 20_000 },
    );
    for (const text of [
      "U.S.A. can't e.g. 1,000.5 3;4 a:b a.1 1.a a'1 _ __ snake_case x--y",
      'amazon.com 10:30',
    ]) {
      expect(wordTokens(text)).toEqual(bySegmenter(text));
    }
  });
});

describe('readTerms (stop 66)', () => {
  it("reads a field key's words apart, as contentTerms keeps the key whole", () => {
    expect(contentTerms('kick_off: 12:30')).toContain('kick_off');
    expect(readTerms('kick_off: 12:30')).toEqual(['kick', 'off', '12', '30']);
    expect(readTerms('odometer_miles cost_gbp')).toEqual(['odomet', 'mile', 'cost', 'gbp']);
    // An underscore alone, or at a word's edge, is no key's.
    expect(readTerms('_private value_')).toEqual(contentTerms('_private value_'));
  });
});
