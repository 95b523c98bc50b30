/**
 * Joins a document's pages into one Markdown source and maps source offsets back to pages.
 * @module
 */
import type { Page } from '../../core/types.js';

/** Text put between consecutive pages: a page break is always a block (paragraph) break. */
export const PAGE_SEPARATOR = '\n\n';

/** A document's pages joined in input order, with offset-to-page lookup. */
export class PageMap {
  /** `pages.map((p) => p.markdown).join(PAGE_SEPARATOR)`. */
  readonly text: string;
  private readonly starts: number[] = [];
  private readonly numbers: number[] = [];

  /** Joins `pages` in array order (not sorted by `pageNumber`). */
  constructor(pages: readonly Page[]) {
    let offset = 0;
    const parts: string[] = [];
    for (const page of pages) {
      if (parts.length > 0) offset += PAGE_SEPARATOR.length;
      this.starts.push(offset);
      this.numbers.push(page.pageNumber);
      parts.push(page.markdown);
      offset += page.markdown.length;
    }
    this.text = parts.join(PAGE_SEPARATOR);
  }

  /**
   * The 1-based `pageNumber` of the page holding the character at `offset` (a UTF-16 index into
   * {@link PageMap.text}); an offset inside a separator belongs to the page before it.
   * Returns 1 when there are no pages.
   */
  pageAt(offset: number): number {
    const { starts } = this;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return this.numbers[low] ?? 1;
  }
}
