import { describe, expect, it } from 'vitest';
import type { PageLines } from './pdf-layout.js';
import { dropRunningLines, runningLineKey } from './pdf-running-lines.js';

/** A page of one paragraph per argument. */
function page(...paragraphs: string[][]): PageLines {
  return { paragraphs, rotated: [] };
}

describe('runningLineKey', () => {
  it('ignores spacing, case and the digits of page numbers', () => {
    expect(runningLineKey('  Page 3  of 10 ')).toBe('page # of #');
    expect(runningLineKey('PAGE 4 of 12')).toBe(runningLineKey('Page 3 of 10'));
    expect(runningLineKey('Version 1.0')).toBe('version #.#');
  });
});

describe('dropRunningLines', () => {
  it('drops a line found among the top (bottom) two lines of more than half the pages from there only', () => {
    const pages = [
      page(['Report', 'One'], ['Page 1']),
      page(['Report', 'Two', 'Report'], ['Page 2']),
      page(['Three'], ['Page 3']),
    ];
    expect(dropRunningLines(pages)).toEqual([page(['One']), page(['Two', 'Report']), page(['Three'])]);
  });

  it('counts neither scanned pages (undefined) nor pages without upright text, and leaves them as they are', () => {
    const blank = page();
    const pages = [page(['Header', 'a']), undefined, page(['Header', 'b']), blank, page(['c'])];
    expect(dropRunningLines(pages)).toEqual([page(['a']), undefined, page(['b']), blank, page(['c'])]);
    expect(dropRunningLines(pages.slice(0, 4))).toEqual(pages.slice(0, 4));
  });

  it('returns the very page objects it did not change, and takes a stricter share', () => {
    const pages = [page(['Header', 'a']), page(['Header', 'b']), page(['c']), page(['Header', 'd'])];
    const result = dropRunningLines(pages);
    expect(result[2]).toBe(pages[2]);
    expect(result[0]).not.toBe(pages[0]);
    expect(dropRunningLines(pages, 0.75)).toEqual(pages);
  });

  it('keeps everything when running lines are all the text there is', () => {
    const pages = [
      page(['Intentionally blank']),
      page(['Intentionally blank']),
      page(['Intentionally blank']),
    ];
    expect(dropRunningLines(pages)).toEqual(pages);
  });
});
