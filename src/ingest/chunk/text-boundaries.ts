/**
 * Sentence and word cut points for prose, from `Intl.Segmenter`, never inside a grapheme
 * cluster. Offsets are UTF-16 indexes into the {@link SourceText}.
 * @module
 */
import { lazySegmenter, segmentsOf } from './segments.js';
import type { SourceSpan, SourceText } from './source-text.js';

const sentences = lazySegmenter('sentence');
const words = lazySegmenter('word');
/** A sentence "piece" that is only a list marker (`-`, `1.`) stays with its item. */
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])$/;
const SPACE = /^\s+$/;
/** Runs of two or more whitespace characters. */
const WHITESPACE_RUN = /\s{2,}/g;
/** Longest piece (marker plus surrounding whitespace) tested against {@link LIST_MARKER}. */
const MAX_MARKER_PIECE = 64;

/** Starts of the sentences inside `span` after its first, in order. */
export function sentenceCuts(source: SourceText, span: SourceSpan): number[] {
  const text = source.slice(span);
  const cuts: number[] = [];
  let pieceStart = 0;
  for (const { index } of segmentsOf(sentences(), text)) {
    if (index === 0 || !source.isBoundary(span.start + index)) continue;
    // Only a short piece can be a list marker; longer ones are not even sliced (linear time).
    if (index - pieceStart <= MAX_MARKER_PIECE && LIST_MARKER.test(text.slice(pieceStart, index).trim()))
      continue;
    cuts.push(span.start + index);
    pieceStart = index;
  }
  return cuts;
}

/** One `Intl.Segmenter` word segment. */
interface WordSegment {
  at: number;
  wordLike: boolean;
  space: boolean;
}

/**
 * The word segments of `span`, with source offsets. A run of whitespace is one segment: the text
 * goes through `Intl.Segmenter` with each run of two or more whitespace characters shortened to
 * one space (the segmenter would make each space and tab a segment of its own, and cuts never
 * fall inside such a run), which keeps whitespace-heavy text as cheap to cut as prose.
 */
export function wordSegments(source: SourceText, span: SourceSpan): WordSegment[] {
  const text = source.slice(span);
  /** Per shortened run: its position in the shortened text, and the units removed up to it. */
  const runs: Array<{ at: number; removed: number }> = [];
  let removed = 0;
  const shortened = text.replace(WHITESPACE_RUN, (run: string, offset: number) => {
    removed += run.length - 1;
    runs.push({ at: offset - (removed - (run.length - 1)), removed });
    return ' ';
  });
  const found: WordSegment[] = [];
  let next = 0;
  let shift = 0;
  for (const { index, segment, isWordLike } of segmentsOf(words(), shortened)) {
    // Segments come in order: move past the runs that end before this one starts.
    while (next < runs.length && runs[next]!.at < index) shift = runs[next++]!.removed;
    found.push({ at: span.start + index + shift, wordLike: isWordLike, space: SPACE.test(segment) });
  }
  return found;
}

/**
 * Cut points between words, from segments made by {@link wordSegments}. `preferred` cuts only
 * where a word follows whitespace or two word-like segments touch (CJK, Thai); `any` cuts before
 * every non-whitespace segment, so `a-b`, URLs and emoji runs can be cut too. Never inside a
 * segment or a grapheme cluster; the first segment never yields a cut.
 */
export function wordCuts(
  source: SourceText,
  segments: readonly WordSegment[],
  mode: 'preferred' | 'any',
  within?: SourceSpan,
): number[] {
  const cuts: number[] = [];
  // Within a span, start at its first segment (found by bisection) and stop at its end, so
  // cutting every piece of a long sentence stays linear.
  let index = within ? Math.max(1, firstSegmentAfter(segments, within.start)) : 1;
  for (; index < segments.length; index++) {
    const segment = segments[index]!;
    if (within && segment.at >= within.end) break;
    if (within && segment.at <= within.start) continue;
    const previous = segments[index - 1]!;
    if (segment.space) continue;
    const preferred = previous.space || (segment.wordLike && previous.wordLike);
    if ((mode === 'any' || preferred) && source.isBoundary(segment.at)) cuts.push(segment.at);
  }
  return cuts;
}

/**
 * Scripts written without spaces between words, which `Intl.Segmenter` splits with a dictionary;
 * only there can two word-like segments touch.
 */
const DICTIONARY_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Non-whitespace right after whitespace. */
const AFTER_WHITESPACE = /(?<=\s)\S/g;

/** Non-whitespace after whitespace, or a dictionary-script character after another. */
const AFTER_WHITESPACE_OR_BETWEEN_DICTIONARY = new RegExp(
  `(?<=\\s)\\S|(?<=${DICTIONARY_SCRIPT.source})${DICTIONARY_SCRIPT.source}`,
  'gu',
);

/**
 * Longest text in a dictionary script that is segmented into words (about 1.5 µs a character);
 * a longer unpunctuated run is cut between any two of its characters instead.
 */
const MAX_DICTIONARY_SEGMENTED = 64 * 1024;

/**
 * The `preferred` cuts of `span` (see {@link wordCuts}): where a word follows whitespace, or two
 * word-like segments touch. Text in no dictionary script (see {@link DICTIONARY_SCRIPT}) has no
 * touching word-like segments, so its cuts are found by one scan for whitespace followed by
 * anything else, without segmenting: the same cuts, at a fraction of the cost. Text in a
 * dictionary script longer than {@link MAX_DICTIONARY_SEGMENTED} is cut between any two of its
 * characters too, which keeps the time linear whatever the input.
 */
export function preferredWordCuts(source: SourceText, span: SourceSpan): number[] {
  const text = source.slice(span);
  const dictionary = DICTIONARY_SCRIPT.test(text);
  if (dictionary && text.length <= MAX_DICTIONARY_SEGMENTED) {
    return wordCuts(source, wordSegments(source, span), 'preferred');
  }
  const pattern = dictionary ? AFTER_WHITESPACE_OR_BETWEEN_DICTIONARY : AFTER_WHITESPACE;
  const cuts: number[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const at = span.start + match.index;
    if (match.index > 0 && source.isBoundary(at)) cuts.push(at);
  }
  return cuts;
}

/** Index of the first segment starting after `offset` (`segments.length` when none does). */
function firstSegmentAfter(segments: readonly WordSegment[], offset: number): number {
  let low = 0;
  let high = segments.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (segments[middle]!.at <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The trimmed pieces between `span.start`, each cut and `span.end` (cuts ascending, inside the
 * span, on grapheme boundaries). Whitespace-only pieces are left out.
 */
export function piecesBetween(source: SourceText, span: SourceSpan, cuts: readonly number[]): SourceSpan[] {
  const pieces: SourceSpan[] = [];
  let start = span.start;
  for (const end of [...cuts, span.end]) {
    const piece = source.trim(start, end);
    if (piece) pieces.push(piece);
    start = end;
  }
  return pieces;
}
