import { describe, expect, it } from 'vitest';
import { askedPhrases, framingPhraseWords } from './everyday-phrases.js';

/** The one-word forms `askedPhrases` gives for `question`, all phrases together. */
const written = (question: string) => askedPhrases(question).flatMap((p) => [...p.written]);

describe('askedPhrases (stop 74)', () => {
  it('reads a phrasal verb with its object between', () => {
    expect(written("What's the charge if I'm late picking my child up?")).toContain('collect');
    expect(written('Do I have to fill up the petrol before I take the rotavator back?')).toEqual(
      expect.arrayContaining(['full', 'return']),
    );
    expect(written('Can I pick up a parcel?')).toContain('collect');
  });

  it('reads not turning up as missing, and "bigger than the limit" as over the maximum', () => {
    expect(written("What happens if I just don't turn up for my appointment?")).toContain('miss');
    expect(written('What if my parcel is bigger than the limit?')).toEqual(
      expect.arrayContaining(['exceed', 'oversize', 'maximum']),
    );
    expect(written('Can I listen to music on headphones during club runs?')).toContain('headphones');
    expect(written('What if the service I paid for is late?')).toContain('price');
    expect(written('If I cancel the day before, will I lose money?')).toContain('charge');
    expect(written('What happens if we turn up after reception has shut?')).toContain('arrive');
    expect(written('Will they take my wardrobes apart and put them back together?')).toEqual(
      expect.arrayContaining(['dismantle', 'reassemble']),
    );
    // A turn of a dial is none of them.
    expect(written('Turn the dial up to 5')).toEqual([]);
  });
});

describe('framingPhraseWords (stop 74)', () => {
  it('gives the words of "turns out to be", "sort it out" and "end up"', () => {
    expect([...framingPhraseWords('What if my parcel turns out to be bigger?')]).toEqual([
      'turns',
      'out',
      'to',
      'be',
    ]);
    expect([...framingPhraseWords('How do I sort it out?')]).toEqual(['sort', 'it', 'out']);
    expect([...framingPhraseWords('What if I end up paying twice?')]).toEqual(['end', 'up']);
    expect([...framingPhraseWords('How do I turn the heating on?')]).toEqual([]);
    // A service asked of: "sort out" with an object (round104's "sort out a pet passport").
    expect([...framingPhraseWords('Can the vets sort out a pet passport?')]).toEqual([]);
  });

  it('gives the words of "sort it" without "out" (stop 76, round138)', () => {
    expect([...framingPhraseWords("What's wrong and how do I sort it?")]).toEqual(['sort', 'it']);
    // Sorting things is no such phrase.
    expect([...framingPhraseWords('How do I sort my photos by date?')]).toEqual([]);
  });
});
