import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { cl100kTokenizer, countTokens, MAX_RUN } from './tokenizer.js';

describe('countTokens', () => {
  it('is 0 for the empty string', () => {
    expect(countTokens('')).toBe(0);
  });

  it('agrees with the cl100k_base encoder', () => {
    for (const text of ['hello world', 'Ünïcödé 👩‍👩‍👧‍👦 文字', '```ts\nconst x = 1;\n```', ' '.repeat(40)]) {
      expect(countTokens(text)).toBe(encode(text).length);
    }
  });

  it('counts BPE tokens, not characters or words', () => {
    const word = 'antidisestablishmentarianism';
    expect(countTokens(word)).toBeGreaterThan(1);
    expect(countTokens(word)).toBeLessThan(word.length);
    expect(countTokens('the the the the')).toBe(4);
  });

  it('treats special-token markers as plain text instead of throwing', () => {
    const text = 'before <|endoftext|> after';
    expect(() => encode(text)).toThrow();
    expect(countTokens(text)).toBeGreaterThan(countTokens('before  after'));
  });
});

describe('cl100kTokenizer', () => {
  it('is named cl100k and counts like countTokens', () => {
    expect(cl100kTokenizer.name).toBe('cl100k');
    expect(cl100kTokenizer.count('Structure-aware chunking.')).toBe(countTokens('Structure-aware chunking.'));
  });
});

describe('long runs', () => {
  it('counts text with runs up to MAX_RUN exactly', () => {
    const text = `start${' '.repeat(MAX_RUN)}${'x'.repeat(MAX_RUN)} ${'.'.repeat(MAX_RUN)} end`;
    expect(countTokens(text)).toBe(encode(text).length);
  });

  it('counts longer runs in pieces, within a token a piece of the exact count', () => {
    for (const run of [' \t'.repeat(1000), 'a'.repeat(3000), '-'.repeat(3000), '漢'.repeat(3000)]) {
      const text = `before ${run} after`;
      const pieces = Math.ceil(run.length / MAX_RUN);
      expect(Math.abs(countTokens(text) - encode(text).length)).toBeLessThanOrEqual(pieces + 2);
    }
  });

  it('is pure, and never splits a surrogate pair between pieces', () => {
    const emoji = '😀'.repeat(600);
    expect(countTokens(emoji)).toBe(countTokens(emoji));
    expect(countTokens(emoji)).toBeGreaterThan(0);
    expect(countTokens('x'.repeat(MAX_RUN - 1) + emoji)).toBe(countTokens('x'.repeat(MAX_RUN - 1) + emoji));
  });
});
