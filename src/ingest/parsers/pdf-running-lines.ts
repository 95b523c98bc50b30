/**
 * Running headers and footers: lines that open or close most pages of a PDF (a document title,
 * `Page 3 of 10`, a version stamp). They say nothing about the page they sit on, and repeated in
 * every chunk they drown its text in search.
 */
import type { PageLines } from './pdf-layout.js';

/** Settings of running header and footer removal; see {@link dropRunningLines}. */
export interface RunningLinesOptions {
  /**
   * A line is a running header (footer) when it is among the top (bottom) lines of more than this
   * share of the text pages. Default 0.5: strictly more than half, so a line on only some pages
   * (a section title, a table heading repeated by chance) stays. From 0.5 up to, not including, 1;
   * to keep every line set `runningLines: false` instead.
   */
  minPageFraction?: number;
}

/** Default of {@link RunningLinesOptions.minPageFraction}. */
export const DEFAULT_MIN_PAGE_FRACTION = 0.5;

/** How many lines at the top and at the bottom of a page may be running lines. */
const ZONE_LINES = 2;

/** Fewer text pages than this give too little evidence to call a line running. */
const MIN_TEXT_PAGES = 3;

/**
 * A line as running lines are compared: spaces collapsed, case folded, each run of digits `#`, so
 * that `Page 3 of 10` and `page 4 of 10` are the same line.
 */
export function runningLineKey(line: string): string {
  return line.replace(/\s+/g, ' ').trim().toLowerCase().replace(/\d+/g, '#');
}

/** Where a line sits in a page's upright text. */
interface At {
  paragraph: number;
  line: number;
}

/** The first and last {@link ZONE_LINES} lines of a page's upright text (they overlap on short pages). */
function zones(page: PageLines): { top: At[]; bottom: At[] } {
  const all = page.paragraphs.flatMap((lines, paragraph) => lines.map((_, line) => ({ paragraph, line })));
  return { top: all.slice(0, ZONE_LINES), bottom: all.slice(-ZONE_LINES) };
}

function textAt(page: PageLines, at: At): string {
  return page.paragraphs[at.paragraph]![at.line]!;
}

/** Keys seen in one zone of more than `fraction` of the `pages`. */
function runningKeys(pages: PageLines[], zoneOf: (page: PageLines) => At[], fraction: number): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const key of new Set(zoneOf(page).map((at) => runningLineKey(textAt(page, at))))) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return new Set([...counts].filter(([, count]) => count > fraction * pages.length).map(([key]) => key));
}

/**
 * Removes running headers and footers from a document's pages. A text page is one with upright
 * text; with at least 3 of them, a line is removed from the top two lines of every page when its
 * {@link runningLineKey} is among the top two lines of more than `minPageFraction` of the text
 * pages, and likewise at the bottom. Lines further in, rotated text and pages given as `undefined`
 * (not read from their text layer: scanned, unreadable) are left alone; the latter are not counted
 * either. A page may end up without text. Nothing is removed when that would leave no text at all.
 * @returns The pages in the same order: the very same object where nothing was removed, a new one
 *   where something was.
 */
export function dropRunningLines(
  pages: ReadonlyArray<PageLines | undefined>,
  minPageFraction: number = DEFAULT_MIN_PAGE_FRACTION,
): Array<PageLines | undefined> {
  const textPages = pages.filter(
    (page): page is PageLines => page !== undefined && page.paragraphs.length > 0,
  );
  if (textPages.length < MIN_TEXT_PAGES) return [...pages];
  const top = runningKeys(textPages, (page) => zones(page).top, minPageFraction);
  const bottom = runningKeys(textPages, (page) => zones(page).bottom, minPageFraction);
  if (top.size === 0 && bottom.size === 0) return [...pages];

  const result = pages.map((page) => {
    if (page === undefined) return page;
    const zone = zones(page);
    const drop = new Set(
      [
        ...zone.top.filter((at) => top.has(runningLineKey(textAt(page, at)))),
        ...zone.bottom.filter((at) => bottom.has(runningLineKey(textAt(page, at)))),
      ].map((at) => `${at.paragraph}:${at.line}`),
    );
    if (drop.size === 0) return page;
    const paragraphs = page.paragraphs
      .map((lines, paragraph) => lines.filter((_, line) => !drop.has(`${paragraph}:${line}`)))
      .filter((lines) => lines.length > 0);
    return { ...page, paragraphs };
  });
  const hasText = result.some(
    (page) => page !== undefined && (page.paragraphs.length > 0 || page.rotated.length > 0),
  );
  return hasText ? result : [...pages];
}
