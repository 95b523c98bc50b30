import { describe, expect, it } from 'vitest';
import { contentTerms, wordTerm } from './terms.js';

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
