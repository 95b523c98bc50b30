import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { cl100kTokenizer, countTokens } from './tokenizer.js';

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
