/**
 * `Intl.Segmenter` over long text in bounded windows. V8 (Node 20) does work proportional to the
 * whole input on every iteration step, so segmenting a long string at once is quadratic; this
 * segments windows of about {@link WINDOW} UTF-16 units instead, which keeps the total linear.
 * @module
 */

/** Window length in UTF-16 units; doubled while one segment does not fit. */
const WINDOW = 512;
/** Boundaries this close to a window's cut end are redone in the next window (look-ahead room). */
const MARGIN = 32;

/**
 * An English `Intl.Segmenter` of `granularity`, made on the first call and kept: making one loads
 * ICU's break rules (tens of ms), which a process that never segments (`cairn search`) should not pay.
 */
export function lazySegmenter(granularity: 'grapheme' | 'word' | 'sentence'): () => Intl.Segmenter {
  let segmenter: Intl.Segmenter | undefined;
  return () => {
    segmenter ??= new Intl.Segmenter('en', { granularity });
    return segmenter;
  };
}

/** One segment, `index` being its start in the whole text. */
export interface Segment {
  index: number;
  segment: string;
  isWordLike: boolean;
}

/**
 * The segments of `text` in order, as `segmenter.segment(text)` gives them. Each window starts
 * at a boundary reported at least {@link MARGIN} units before the previous window's end, so
 * grapheme clusters come out exactly as for the whole text (their rules only look back), and
 * sentence and word boundaries the same unless a rule needs more look-ahead than the margin.
 */
export function* segmentsOf(segmenter: Intl.Segmenter, text: string): Generator<Segment> {
  let start = 0;
  let window = WINDOW;
  while (start < text.length) {
    const end = Math.min(text.length, start + window);
    const pending: Segment[] = [];
    for (const { index, segment, isWordLike } of segmenter.segment(text.slice(start, end))) {
      if (end < text.length && index > 0 && start + index > end - MARGIN) break;
      pending.push({ index: start + index, segment, isWordLike: isWordLike === true });
    }
    if (end === text.length) {
      yield* pending;
      return;
    }
    if (pending.length <= 1) {
      window *= 2;
      continue;
    }
    const restart = pending.pop()!;
    yield* pending;
    start = restart.index;
    window = WINDOW;
  }
}
