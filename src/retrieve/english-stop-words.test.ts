import { eng } from 'stopword';
import { describe, expect, it } from 'vitest';
import { ENGLISH_STOP_WORDS } from './english-stop-words.js';

describe('ENGLISH_STOP_WORDS', () => {
  it('is the stopword package’s English list, word for word', () => {
    expect(ENGLISH_STOP_WORDS).toEqual(eng);
  });
});
