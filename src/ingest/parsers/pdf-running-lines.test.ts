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

describe('dropRunningLines on consecutive pages', () => {
  it('drops a section footer repeated at the bottom of a run of consecutive pages, there only', () => {
    const pages = [
      page(['Intro'], ['Overview | 1']),
      page(['Revenue grew.'], ['MD&A | 2']),
      page(['Costs fell.'], ['MD&A | 3']),
      page(['Cash rose.'], ['MD&A | 4']),
      page(['Risks'], ['Risk Factors | 5']),
      page(['Legal'], ['Risk Factors | 6']),
      page(['MD&A | 7', 'is cited here'], ['Exhibits | 8']),
      page(['Signatures']),
    ];
    expect(dropRunningLines(pages)).toEqual([
      page(['Intro'], ['Overview | 1']),
      page(['Revenue grew.']),
      page(['Costs fell.']),
      page(['Cash rose.']),
      page(['Risks'], ['Risk Factors | 5']),
      page(['Legal'], ['Risk Factors | 6']),
      page(['MD&A | 7', 'is cited here'], ['Exhibits | 8']),
      page(['Signatures']),
    ]);
    // Two pages in a row are not enough by default; a run of two is when asked.
    expect(dropRunningLines(pages, 0.5, 2)[4]).toEqual(page(['Risks']));
  });

  it('skips scanned pages without breaking the run, and drops layout lines with their text', () => {
    const at = (y: number) => ({ y, x: 0, end: 10, size: 10, font: 'f', fontShare: 1, cells: 1, runs: [] });
    const withLayout = (text: string): PageLines => ({
      paragraphs: [[text, 'Part II']],
      rotated: [],
      layout: [[at(1), at(2)]],
    });
    const pages = [withLayout('a'), undefined, withLayout('b'), withLayout('c'), page(['d'])];
    const result = dropRunningLines(pages);
    expect(result[0]).toEqual({ paragraphs: [['a']], rotated: [], layout: [[at(1)]] });
    expect(result[1]).toBeUndefined();
    expect(result[3]).toEqual({ paragraphs: [['c']], rotated: [], layout: [[at(1)]] });
  });
});
