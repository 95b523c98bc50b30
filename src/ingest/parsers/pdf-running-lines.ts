/**
 * Running headers and footers: lines that open or close most pages of a PDF (a document title,
 * `Page 3 of 10`, a version stamp), or a run of consecutive pages (a section's `MD&A | 34`,
 * `PART II / Item 1A`). They say nothing about the page they sit on, and repeated in every chunk
 * they drown its text in search.
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
  /**
   * A line is also a running header (footer) on each page of a run of at least this many
   * consecutive text pages whose top (bottom) lines all hold it: section headers and footers
   * (`MD&A | 34`) that change from one part of a document to the next. An integer, 2 or more;
   * default 3.
   */
  minConsecutivePages?: number;
}

/** Default of {@link RunningLinesOptions.minPageFraction}. */
export const DEFAULT_MIN_PAGE_FRACTION = 0.5;

/** Default of {@link RunningLinesOptions.minConsecutivePages}. */
export const DEFAULT_MIN_CONSECUTIVE_PAGES = 3;

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

/**
 * Per page (by index into `pages`), the keys of one zone that run there: keys seen in that zone of
 * more than `fraction` of the pages, and keys seen in that zone of each of at least `consecutive`
 * pages in a row (on those pages only).
 */
function runningKeys(
  pages: PageLines[],
  zoneOf: (page: PageLines) => At[],
  fraction: number,
  consecutive: number,
): Array<Set<string>> {
  const keys = pages.map((page) => new Set(zoneOf(page).map((at) => runningLineKey(textAt(page, at)))));
  const counts = new Map<string, number>();
  for (const set of keys) for (const key of set) counts.set(key, (counts.get(key) ?? 0) + 1);
  const everywhere = new Set(
    [...counts].filter(([, count]) => count > fraction * pages.length).map(([k]) => k),
  );
  const running = pages.map(() => new Set<string>());
  for (const [key] of counts) {
    for (let i = 0; i < pages.length; i++) {
      if (!keys[i]!.has(key)) continue;
      let j = i;
      while (j + 1 < pages.length && keys[j + 1]!.has(key)) j++;
      const many = everywhere.has(key);
      if (many || j - i + 1 >= consecutive) for (let k = i; k <= j; k++) running[k]!.add(key);
      i = j;
    }
  }
  return running;
}

/**
 * Removes running headers and footers from a document's pages. A text page is one with upright
 * text; with at least 3 of them, a line is removed from the top two lines of a page when its
 * {@link runningLineKey} is among the top two lines of more than `minPageFraction` of the text
 * pages, or of every page of a run of at least `minConsecutivePages` consecutive text pages that
 * includes this one; likewise at the bottom. Lines further in, rotated text and pages given as
 * `undefined` (not read from their text layer: scanned, unreadable) are left alone; the latter are
 * not counted either, and do not break a run. A page may end up without text. Nothing is removed
 * when that would leave no text at all. A page's `layout` loses the same lines as its paragraphs.
 * @returns The pages in the same order: the very same object where nothing was removed, a new one
 *   where something was.
 */
export function dropRunningLines(
  pages: ReadonlyArray<PageLines | undefined>,
  minPageFraction: number = DEFAULT_MIN_PAGE_FRACTION,
  minConsecutivePages: number = DEFAULT_MIN_CONSECUTIVE_PAGES,
): Array<PageLines | undefined> {
  const textPages = pages.filter(
    (page): page is PageLines => page !== undefined && page.paragraphs.length > 0,
  );
  if (textPages.length < MIN_TEXT_PAGES) return [...pages];
  const top = runningKeys(textPages, (page) => zones(page).top, minPageFraction, minConsecutivePages);
  const bottom = runningKeys(textPages, (page) => zones(page).bottom, minPageFraction, minConsecutivePages);
  if (top.every((keys) => keys.size === 0) && bottom.every((keys) => keys.size === 0)) return [...pages];

  const result = pages.map((page) => {
    const index = page === undefined ? -1 : textPages.indexOf(page);
    if (page === undefined || index < 0) return page;
    const zone = zones(page);
    const drop = new Set(
      [
        ...zone.top.filter((at) => top[index]!.has(runningLineKey(textAt(page, at)))),
        ...zone.bottom.filter((at) => bottom[index]!.has(runningLineKey(textAt(page, at)))),
      ].map((at) => `${at.paragraph}:${at.line}`),
    );
    if (drop.size === 0) return page;
    const keep = (paragraph: number, line: number) => !drop.has(`${paragraph}:${line}`);
    const paragraphs = page.paragraphs
      .map((lines, paragraph) => lines.filter((_, line) => keep(paragraph, line)))
      .filter((lines) => lines.length > 0);
    const layout = page.layout
      ?.map((lines, paragraph) => lines.filter((_, line) => keep(paragraph, line)))
      .filter((lines) => lines.length > 0);
    return { ...page, paragraphs, ...(layout ? { layout } : {}) };
  });
  const hasText = result.some(
    (page) => page !== undefined && (page.paragraphs.length > 0 || page.rotated.length > 0),
  );
  return hasText ? result : [...pages];
}
