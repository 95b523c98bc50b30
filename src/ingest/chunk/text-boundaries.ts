/**
 * Sentence and word cut points for prose, from `Intl.Segmenter`, never inside a grapheme
 * cluster. Offsets are UTF-16 indexes into the {@link SourceText}.
 * @module
 */
import { segmentsOf } from './segments.js';
import type { SourceSpan, SourceText } from './source-text.js';

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });
const words = new Intl.Segmenter('en', { granularity: 'word' });
/** A sentence "piece" that is only a list marker (`-`, `1.`) stays with its item. */
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])$/;
const SPACE = /^\s+$/;

/** Starts of the sentences inside `span` after its first, in order. */
export function sentenceCuts(source: SourceText, span: SourceSpan): number[] {
  const text = source.slice(span);
  const cuts: number[] = [];
  let pieceStart = 0;
  for (const { index } of segmentsOf(sentences, text)) {
    if (index === 0 || !source.isBoundary(span.start + index)) continue;
    if (LIST_MARKER.test(text.slice(pieceStart, index).trim())) continue;
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

/** The word segments of `span`, with source offsets. */
export function wordSegments(source: SourceText, span: SourceSpan): WordSegment[] {
  const found: WordSegment[] = [];
  for (const { index, segment, isWordLike } of segmentsOf(words, source.slice(span))) {
    found.push({ at: span.start + index, wordLike: isWordLike, space: SPACE.test(segment) });
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
  for (let index = 1; index < segments.length; index++) {
    const segment = segments[index]!;
    if (within && (segment.at <= within.start || segment.at >= within.end)) continue;
    const previous = segments[index - 1]!;
    if (segment.space) continue;
    const preferred = previous.space || (segment.wordLike && previous.wordLike);
    if ((mode === 'any' || preferred) && source.isBoundary(segment.at)) cuts.push(segment.at);
  }
  return cuts;
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
