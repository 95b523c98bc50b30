import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CitationStreamFilter, validateCitations } from './citations.js';

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

/** Streams `parts` through a filter; returns every non-empty emission and their concatenation. */
function stream(parts: string[], sourceCount: number): { emitted: string[]; text: string } {
  const filter = new CitationStreamFilter(sourceCount);
  const emitted = [...parts.map((p) => filter.push(p)), filter.end()].filter((e) => e !== '');
  return { emitted, text: emitted.join('') };
}

describe('CitationStreamFilter', () => {
  it('never lets an invalid marker out, whole or in pieces', () => {
    const { emitted, text } = stream(['Trees [', '1]. A bogus citation [', '9', '].'], 5);
    expect(text).toBe('Trees [1]. A bogus citation.');
    expect(emitted.join('|')).not.toMatch(/\[9|9\]/);
    expect(emitted.some((e) => e.includes('['))).toBe(true);
  });

  it('lets text out as soon as it cannot change', () => {
    const filter = new CitationStreamFilter(2);
    expect(filter.push('  The Piper')).toBe('The Piper');
    expect(filter.push(' struck trees ')).toBe(' struck trees');
    expect(filter.push('[')).toBe('');
    expect(filter.push('2')).toBe('');
    expect(filter.push(', 7] and')).toBe(' [2] and');
    expect(filter.push(' [not a marker]')).toBe(' [not a marker]');
    expect(filter.end()).toBe('');
  });

  it('emits exactly the validated text for any reply split anywhere', () => {
    const token = fc.oneof(
      fc.constantFrom('[', ']', ',', ' ', '.', '!', '\n', '[1]', '[2, 9]', '[12]', '[0]', 'x'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), fc.integer({ min: 0, max: 3 }), (parts, sources) => {
        const whole = parts.join('');
        expect(stream(parts, sources).text).toBe(validateCitations(whole.trim(), sources).text);
      }),
      { numRuns: 2000 },
    );
  });
});
