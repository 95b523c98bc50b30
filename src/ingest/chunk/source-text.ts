/**
 * A document's concatenated Markdown with grapheme-cluster-aware offset helpers. Every offset is
 * a UTF-16 code unit index into {@link SourceText.text}, as `String.prototype.slice` takes.
 * @module
 */
import { lazySegmenter, segmentsOf } from './segments.js';

const graphemes = lazySegmenter('grapheme');
const WHITESPACE = /\s/;

/** True when the UTF-16 code unit `char` is whitespace (`\s`). */
export function isWhitespace(char: string | undefined): boolean {
  return char !== undefined && WHITESPACE.test(char);
}

/** A half-open range `[start, end)` of UTF-16 offsets into a source text. */
export interface SourceSpan {
  start: number;
  end: number;
}

/**
 * True for a UTF-16 unit that is a grapheme cluster of its own next to any other such unit: below
 * U+0300 (before the combining marks), or a CJK ideograph, kana (not the combining voicing
 * marks), CJK punctuation, a full-width form or a precomposed Hangul syllable. Between two of
 * them there is always a boundary (CR LF aside), so dense CJK text needs no segmentation.
 */
function isSimple(code: number): boolean {
  return (
    code < 0x300 ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x3000 && code <= 0x3029) ||
    (code >= 0x3030 && code <= 0x3096) ||
    (code >= 0x309b && code <= 0x30ff) ||
    (code >= 0xff01 && code <= 0xff9d) ||
    (code >= 0xac00 && code <= 0xd7a3)
  );
}

/**
 * Source text plus grapheme-boundary queries. Boundaries between two code units below U+0300
 * (other than CR LF), or between CJK characters (see {@link isSimple}), are answered without
 * segmentation; elsewhere the enclosing line is
 * segmented once with `Intl.Segmenter` ('grapheme') and cached, so queries stay linear overall
 * (a line start or end is always a boundary).
 */
export class SourceText {
  readonly text: string;
  private readonly lineStarts: number[] = [0];
  private readonly lineBoundaries = new Map<number, Uint8Array>();

  constructor(text: string) {
    this.text = text;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
      this.lineStarts.push(at + 1);
    }
  }

  /** `text.slice(span.start, span.end)`. */
  slice(span: SourceSpan): string {
    return this.text.slice(span.start, span.end);
  }

  /** True when `offset` does not fall inside a grapheme cluster (0 and `text.length` are). */
  isBoundary(offset: number): boolean {
    const { text } = this;
    if (offset <= 0 || offset >= text.length) return true;
    const before = text.charCodeAt(offset - 1);
    const after = text.charCodeAt(offset);
    if (isSimple(before) && isSimple(after)) return !(before === 13 && after === 10);
    const line = this.lineOf(offset);
    const lineStart = this.lineStarts[line]!;
    if (offset === lineStart) return true;
    return this.boundariesOfLine(line)[offset - lineStart] === 1;
  }

  /** The greatest grapheme boundary `<= offset`. */
  floorBoundary(offset: number): number {
    let at = offset;
    while (!this.isBoundary(at)) at--;
    return at;
  }

  /** The least grapheme boundary `>= offset`. */
  ceilBoundary(offset: number): number {
    let at = offset;
    while (!this.isBoundary(at)) at++;
    return at;
  }

  /**
   * Shrinks `[start, end)` to its non-whitespace content, widened back to whole grapheme
   * clusters (a space that carries a combining mark stays). `start` and `end` must be
   * boundaries. Returns `undefined` when the range holds only whitespace.
   */
  trim(start: number, end: number): SourceSpan | undefined {
    const { text } = this;
    let from = start;
    let to = end;
    while (from < to && isWhitespace(text[from])) from++;
    while (to > from && isWhitespace(text[to - 1])) to--;
    if (from === to) return undefined;
    return { start: this.floorBoundary(from), end: this.ceilBoundary(to) };
  }

  /** Index of the line holding `offset` (a `\n` belongs to the line it ends). */
  private lineOf(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  private boundariesOfLine(line: number): Uint8Array {
    const cached = this.lineBoundaries.get(line);
    if (cached) return cached;
    const start = this.lineStarts[line]!;
    const next = this.lineStarts[line + 1];
    const end = next === undefined ? this.text.length : next - 1;
    const marks = new Uint8Array(end - start + 1);
    marks[end - start] = 1;
    for (const { index } of segmentsOf(graphemes(), this.text.slice(start, end))) marks[index] = 1;
    this.lineBoundaries.set(line, marks);
    return marks;
  }
}
