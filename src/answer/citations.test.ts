import { describe, expect, it } from 'vitest';
import { validateCitations } from './citations.js';

describe('validateCitations', () => {
  it('keeps markers that point at sources and lists them once', () => {
    const result = validateCitations('Trees [1]. Then wires [2][1]. Both [1, 2].', 2);
    expect(result.cited).toEqual([1, 2]);
    expect(result.invalid).toEqual([]);
    expect(result.text).toBe('Trees [1]. Then wires [2][1]. Both [1, 2].');
  });

  it('removes markers that point at no source and reports them', () => {
    const result = validateCitations('Claim [3]. Other [1, 7]. Zero [0].', 2);
    expect(result.text).toBe('Claim. Other [1]. Zero.');
    expect(result.cited).toEqual([1]);
    expect(result.invalid).toEqual([0, 3, 7]);
  });
});
