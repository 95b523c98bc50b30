import { describe, expect, it } from 'vitest';
import { findPassage, passagePieces, wordOwners, wordsOf } from './passage.js';

describe('wordsOf', () => {
  it('keeps words, lower-cased, and drops Markdown syntax and punctuation', () => {
    expect(wordsOf('## Rotation\n\n| Key | 90 days |\n**Signing** keys—rotated.')).toEqual([
      'rotation',
      'key',
      '90',
      'days',
      'signing',
      'keys',
      'rotated',
    ]);
  });
});

describe('findPassage', () => {
  const page = wordsOf(
    'Page 2 of 3. Pilot information follows. The airplane was destroyed upon impact with terrain in the ' +
      'mountainous region near the town. The pilot and three passengers were aboard. Weather was clear.',
  );

  it('finds the run of the page that holds the chunk, despite Markdown and line breaks', () => {
    const chunk =
      '## Summary\n\nThe airplane was destroyed upon\nimpact with terrain in the mountainous region.';
    const range = findPassage(page, wordsOf(chunk))!;
    expect(page.slice(range.start, range.end).join(' ')).toBe(
      'the airplane was destroyed upon impact with terrain in the mountainous region',
    );
  });

  it('finds nothing for a passage that is not on the page', () => {
    expect(
      findPassage(page, wordsOf('Marmots hibernate in burrows under granite boulders.')),
    ).toBeUndefined();
  });

  it('does not take one common three-word run for the passage', () => {
    expect(
      findPassage(page, wordsOf('Notes: the pilot and the crew went home after lunch.')),
    ).toBeUndefined();
  });

  it('takes the densest cluster when words of the passage also occur elsewhere', () => {
    const words = wordsOf(
      'weather was clear today. ' +
        'filler '.repeat(30) +
        'the pilot and three passengers were aboard when weather was clear',
    );
    const range = findPassage(
      words,
      wordsOf('The pilot and three passengers were aboard when weather was clear.'),
    )!;
    expect(words.slice(range.start, range.end).join(' ')).toBe(
      'the pilot and three passengers were aboard when weather was clear',
    );
  });

  it('matches a passage shorter than three words as one run', () => {
    expect(findPassage(['a', 'rope', 'b'], ['rope'])).toEqual({ start: 1, end: 2 });
  });
});

describe('passagePieces', () => {
  it('names the text-layer spans that hold the passage, never joining two spans into one word', () => {
    const spans = ['Aircraft Make:', 'Cessna', 'Registration:', 'HP762', 'Weather', 'Clear'];
    expect(wordOwners(spans).words).toContain('cessna');
    expect(passagePieces(spans, '| Aircraft Make: | Cessna | Registration: | HP762 |')).toEqual([0, 1, 2, 3]);
  });
});
