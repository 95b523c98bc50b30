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

describe('askedPhrases (stop 77)', () => {
  it('reads a thing brought back late as overdue, not being late', () => {
    expect(written('If I bring a DVD back late to the library, how much will I be charged?')).toContain(
      'overdue',
    );
    expect(written('What is the charge for a late return?')).toContain('overdue');
    expect(written('What happens if I am 10 minutes late?')).not.toContain('overdue');
  });

  it('reads a partner as a guest', () => {
    expect(written('Can my boyfriend stay the night in my room?')).toContain('guest');
    expect(written('Can I stay late in the library?')).toEqual([]);
  });

  it('reads a home left empty as unoccupied, the tip as a recycling centre, a suitcase as travel', () => {
    expect(written('How long can my house sit empty before cover stops?')).toContain('unoccupied');
    expect(written('Do I need to book before taking my van to the Scarrowby tip?')).toContain('recycling');
    expect(written('Is the local dump open on Sundays?')).toContain('recycling');
    // A tip of a thing is none.
    expect(written('How do I clean the tip of the nozzle?')).toEqual([]);
    expect(written('How do I stop it switching on in my suitcase?')).toContain('travel');
    expect(written('When does school start after Christmas?')).toContain('december');
  });
});
