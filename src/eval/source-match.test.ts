import { describe, expect, it } from 'vitest';
import { matchSources } from './source-match.js';

const ids = ['2023 Q1 AAPL.pdf', '2023 Q2 AAPL.pdf', 'ntsb/a.pdf', 'ntsb/b.pdf', 'report (1).pdf'];

describe('matchSources', () => {
  it('matches relative paths, base names and globs', () => {
    expect(matchSources(['2023 Q2 AAPL.pdf'], ids)).toEqual(['2023 Q2 AAPL.pdf']);
    expect(matchSources(['a.pdf'], ids)).toEqual(['ntsb/a.pdf']);
    expect(matchSources(['ntsb/*.pdf'], ids)).toEqual(['ntsb/a.pdf', 'ntsb/b.pdf']);
    expect(matchSources(['*AAPL.pdf', 'b.pdf'], ids)).toEqual([
      '2023 Q1 AAPL.pdf',
      '2023 Q2 AAPL.pdf',
      'ntsb/b.pdf',
    ]);
  });

  it('matches a file name with glob characters as itself, and nothing for unknown names', () => {
    expect(matchSources(['report (1).pdf'], ids)).toEqual(['report (1).pdf']);
    expect(matchSources(['2024 Q1 AAPL.pdf'], ids)).toEqual([]);
  });
});
